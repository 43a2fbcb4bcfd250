import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Go To and Find Value without a display: what a typed x value, label or condition reaches (`PointSearch`,
/// `ValueCondition`) and what the session then says and plays (`ChartSession.goTo`, `find`, F3).
final class PointSearchTests: XCTestCase {
    private func session(_ name: String) throws -> ChartSession {
        let session = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() })
        session.show(try ChartMaking.example(name))
        return session
    }

    private func place(_ text: String, in name: String, series: Int = 0) throws -> PointSearch.Place {
        PointSearch(chart: try ChartMaking.example(name), series: series).place(text)
    }

    /// The x of `point` in the first series of `name`, as the axis writes it.
    private func written(_ place: PointSearch.Place, in name: String) throws -> String {
        let chart = try ChartMaking.example(name)
        switch place {
        case .found(let point), .nearest(let point): return XValueFormatting(axis: chart.xAxis).string(chart.series[0].x[point])
        case .outside(let sentence), .unreadable(let sentence): return sentence
        }
    }

    // MARK: Conditions

    func testConditionsAreReadInWordsSymbolsAndJapanese() {
        let cases: [(String, ValueCondition?)] = [
            ("above 24", ValueCondition(.above, 24)), ("> 24", ValueCondition(.above, 24)),
            ("over 1,234.5", ValueCondition(.above, 1234.5)), ("more than 24 km/L", ValueCondition(.above, 24)),
            ("below 0", ValueCondition(.below, 0)), ("< -3.5", ValueCondition(.below, -3.5)),
            ("under −2", ValueCondition(.below, -2)), ("at least 10", ValueCondition(.atLeast, 10)),
            (">= 10", ValueCondition(.atLeast, 10)), ("≤ 5", ValueCondition(.atMost, 5)),
            ("at most 5", ValueCondition(.atMost, 5)), ("= 42", ValueCondition(.equal, 42)),
            ("42", ValueCondition(.equal, 42)), ("equals 0.3", ValueCondition(.equal, 0.3)),
            ("between 10 and 20", ValueCondition(.between, 10, upper: 20)),
            ("from 10 to 20", ValueCondition(.between, 10, upper: 20)), ("10 to 20", ValueCondition(.between, 10, upper: 20)),
            ("Values above 3e2", ValueCondition(.above, 300)),
            ("24より上", ValueCondition(.above, 24)), ("２４以上", ValueCondition(.atLeast, 24)),
            ("24 超", ValueCondition(.above, 24)), ("0未満", ValueCondition(.below, 0)),
            ("0以下", ValueCondition(.atMost, 0)), ("0より小さい", ValueCondition(.below, 0)),
            ("＞２４", ValueCondition(.above, 24)), ("10から20の間", ValueCondition(.between, 10, upper: 20)),
            ("10〜20", ValueCondition(.between, 10, upper: 20)), ("42と等しい", ValueCondition(.equal, 42)),
            ("", nil), ("above", nil), ("tall ones", nil), ("10-20", nil), ("near 5", nil)
        ]
        for (text, expected) in cases {
            XCTAssertEqual(ValueCondition(parsing: text), expected, text)
        }
    }

    func testAConditionHoldsAsItSaysAndNeverForAMissingValue() {
        XCTAssertTrue(ValueCondition(.above, 24).holds(24.5))
        XCTAssertFalse(ValueCondition(.above, 24).holds(24))
        XCTAssertTrue(ValueCondition(.atLeast, 24).holds(24))
        XCTAssertTrue(ValueCondition(.atMost, 24).holds(24))
        XCTAssertFalse(ValueCondition(.below, 24).holds(24))
        XCTAssertTrue(ValueCondition(.equal, 0.3).holds(0.1 + 0.2), "the bits a decimal loses in binary do not count")
        XCTAssertFalse(ValueCondition(.equal, 42).holds(42.3))
        XCTAssertTrue(ValueCondition(.between, 20, upper: 10).holds(10), "either order, ends included")
        XCTAssertFalse(ValueCondition(.between, 10, upper: 20).holds(20.5))
        XCTAssertFalse(ValueCondition(.above, -1).holds(.nan))
    }

    // MARK: Go To

    func testGoToFindsAYearReachesTheNearestAndRefusesWhatLiesBeyond() throws {
        XCTAssertEqual(try written(place("1935", in: "births.csv"), in: "births.csv"), "1935")
        guard case .found = try place("1935", in: "births.csv") else { return XCTFail("1935 is a point") }
        let between = try place("1935.4", in: "births.csv")
        guard case .nearest = between else { return XCTFail("no point at 1935.4: the nearest, \(between)") }
        XCTAssertEqual(try written(between, in: "births.csv"), "1935")
        guard case .nearest = try place("1916", in: "births.csv") else { return XCTFail("a step before the data: nearest") }
        XCTAssertEqual(
            try place("1900", in: "births.csv"),
            .outside("1900 is outside the data: Year runs from 1917 to 1975."))
        XCTAssertEqual(try place("soon", in: "births.csv"), .unreadable("Type a value of Year, such as 1917."))
    }

    func testGoToReadsEveryDateSpellingOfTheReader() throws {
        for typed in ["2012-09", "Sep 2012", "September 2012", "2012年9月"] {
            let found = try place(typed, in: "google-monthly.csv")
            guard case .found = found else { return XCTFail("\(typed): \(found)") }
            XCTAssertTrue(try written(found, in: "google-monthly.csv").contains("2012"), typed)
        }
        let day = try place("15/9/2012", in: "google-monthly.csv")
        guard case .nearest = day else { return XCTFail("15 September 2012 is between two months' points: \(day)") }
    }

    func testGoToReachesACategoryOrALabelByItsStart() throws {
        let region = try place("latin", in: "sales-by-region.csv")
        XCTAssertEqual(try written(region, in: "sales-by-region.csv"), "Latin America")
        guard case .found = region else { return XCTFail("the start of a category finds it") }
        let chart = try ChartMaking.example("cars.csv")
        if chart.series[0].labels != nil {
            guard case .found(let point) = PointSearch(chart: chart, series: 0).place("adler w") else {
                return XCTFail("a point's label is found by its start")
            }
            XCTAssertEqual(chart.series[0].labels?[point], "Adler Wagon")
        }
    }

    func testGoToMovesTheCursorAsAJumpAndSaysWhenItIsTheNearest() throws {
        let s = try session("births.csv")
        guard case .moved(let effects) = s.goTo("1935") else { return XCTFail("1935 is reached") }
        XCTAssertEqual(s.navigator?.point, 18)
        XCTAssertEqual(effects.cursor, .moveFocus, "the focus lands on the point, so Orca says it")
        XCTAssertEqual(effects.speech, [])
        guard case .score? = effects.sound else { return XCTFail("its tone plays") }
        guard case .moved(let nearest) = s.goTo(" 1940.3 ") else { return XCTFail("the nearest is reached") }
        XCTAssertEqual(nearest.speech, ["Nearest to 1940.3"])
        XCTAssertEqual(s.goToText, " 1940.3 ", "the entry shows it again")
        guard case .stayed(let why) = s.goTo("2050") else { return XCTFail("beyond the data the cursor stays") }
        XCTAssertEqual(why, "2050 is outside the data: Year runs from 1917 to 1975.")
        XCTAssertEqual(s.navigator?.point, 23)
    }

    // MARK: Find

    func testFindCountsMovesOnWithF3AndSaysWhenThereAreNoMore() throws {
        let s = try session("births.csv")
        let chart = try XCTUnwrap(s.chart)
        let high = chart.series[0].y.indices.filter { chart.series[0].y[$0] > 250 }
        XCTAssertGreaterThan(high.count, 2)
        guard case .moved(let first) = s.find("above 250") else { return XCTFail("points above 250 are found") }
        XCTAssertEqual(first.speech, ["\(high.count) points above 250 births per 10,000 people"])
        XCTAssertEqual(s.navigator?.point, high[0] == 0 ? high[1] : high[0], "the next after the cursor")
        var visited = [s.navigator?.point]
        while true {
            let effects = s.perform(.findNext)
            if effects.sound.map({ if case .edgeCue = $0 { return true } else { return false } }) == true {
                XCTAssertEqual(effects.speech, ["No more points above 250 births per 10,000 people"])
                break
            }
            XCTAssertEqual(effects.cursor, .moveFocus)
            visited.append(s.navigator?.point)
        }
        XCTAssertEqual(visited.compactMap { $0 }, high.filter { $0 > 0 })
        _ = s.perform(.findPrevious)
        XCTAssertEqual(s.navigator?.point, high[high.count - 2])
    }

    func testFindFromTheLastPointStartsAgainAndNoMatchLeavesTheCursor() throws {
        let s = try session("births.csv")
        _ = s.perform(.lastPoint)
        guard case .moved(let effects) = s.find("> 260") else { return XCTFail("found from the start") }
        XCTAssertTrue(effects.speech.first?.hasSuffix(", from the start") == true, "\(effects.speech)")
        guard case .stayed(let none) = s.find("below 10") else { return XCTFail("nothing below 10") }
        XCTAssertEqual(none, "No points below 10 births per 10,000 people in Birth rate.")
        guard case .stayed(let unread) = s.find("lots") else { return XCTFail("not a condition") }
        XCTAssertEqual(unread, "Type a condition such as above 24, below 0 or between 10 and 20.")
    }

    func testF3BeforeAnyFindOpensFindValue() throws {
        let s = try session("births.csv")
        guard case .findValue? = s.perform(.findNext).request else { return XCTFail("F3 asks for Find Value") }
    }
}
