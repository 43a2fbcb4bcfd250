import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Two series compared (`SeriesComparison`) and how the comparison sounds (`ComparisonSound`).
final class SeriesComparisonTests: XCTestCase {
    private func stocks() throws -> ChartDescriptor {
        try ChartMaking.example("stocks-long.csv")
    }

    func testEachPointIsSaidWithItsPartnerAndTheDifference() throws {
        let chart = try stocks()
        XCTAssertEqual(chart.series.map(\.name), ["ACME", "BOLT", "CRUX"])
        let compared = try XCTUnwrap(SeriesComparison(chart: chart, first: 0, second: 1))
        XCTAssertTrue(compared.hasDifference)
        XCTAssertEqual(compared.words(atPoint: 0), "January 2, 2024, ACME 120.00, BOLT 45.00, difference 75.00")
        XCTAssertEqual(
            compared.words(atPoint: 1),
            "January 3, 2024, ACME 122.30, BOLT \(chart.valueFormatter(ofSeries: 1).string(chart.series[1].y[1])), difference \(chart.valueFormatter(ofSeries: 0).string(122.3 - chart.series[1].y[1]))"
        )
        XCTAssertNil(SeriesComparison(chart: chart, first: 1, second: 1))
    }

    func testAMissingPartnerIsSaidAndHasNoDifference() {
        let chart = ChartMaking.chart(series: [("a", [1, 2, 3], [10, 20, 30]), ("b", [1, 3], [4, 5])])
        let compared = SeriesComparison(chart: chart, first: 0, second: 1)!
        XCTAssertEqual(compared.partner, [0, nil, 1])
        XCTAssertEqual(compared.words(atPoint: 1), "2, a 20, b no value")
        XCTAssertEqual(compared.words(atPoint: 2), "3, a 30, b 5, difference 25")
        let difference = compared.differenceChart()!
        XCTAssertEqual(difference.series[0].name, "a minus b")
        XCTAssertEqual(difference.series[0].x, [1, 3])
        XCTAssertEqual(difference.series[0].y, [6, 25])
        XCTAssertEqual(compared.differencePoint(2), 1)
        XCTAssertNil(compared.differencePoint(1))
        XCTAssertEqual(compared.words(overX: 1...3), "1 to 3: a average 20, b average 4.5, difference 15.5")
    }

    func testSeriesOnDifferentScalesHaveNoDifference() throws {
        var chart = ChartMaking.chart(series: [("a", [1, 2], [10, 20]), ("b", [1, 2], [4000, 5000])])
        chart.series[1].ownYAxis = NumericAxis(title: "b", unit: "kg", range: 4000...5000, formatter: ValueFormatter(unit: "kg"))
        let compared = try XCTUnwrap(SeriesComparison(chart: chart, first: 0, second: 1))
        XCTAssertFalse(compared.hasDifference)
        XCTAssertEqual(compared.words(atPoint: 0), "1, a 10, b 4,000 kg")
        XCTAssertNil(compared.differenceChart())
        XCTAssertEqual(compared.score(.difference, settings: SonificationSettings()).tones, [])
    }

    func testAlternatingPlaysTheFirstThenTheSecondAtEachX() throws {
        let chart = ChartMaking.chart(series: [("a", [1, 2, 3], [10, 20, 30]), ("b", [1, 2, 3], [30, 20, 10])])
        let compared = SeriesComparison(chart: chart, first: 0, second: 1)!
        let score = compared.score(.alternating, settings: SonificationSettings())
        let tones = score.tones.sorted { $0.start < $1.start }
        XCTAssertEqual(tones.count, 6)
        XCTAssertEqual(tones.map(\.series), [0, 1, 0, 1, 0, 1], "in turns")
        for pair in zip(tones, tones.dropFirst()) {
            XCTAssertLessThan(pair.0.end + 0.02, pair.1.start, "apart, with a silence between")
        }
        let whole = Sonifier(chart: chart)
        XCTAssertEqual(tones[0].lowestFrequency, whole.pitch.frequency(of: 10)!, accuracy: 0.01)
        XCTAssertEqual(
            tones[1].lowestFrequency, whole.pitch.frequency(of: 30)!, accuracy: 0.01, "each at the chart's own pitches")
        XCTAssertEqual(Set(tones.map(\.timbre)), [Timbre.palette[0], Timbre.palette[1]])
        XCTAssertEqual(score.layouts.map(\.series), [0])
    }

    func testTogetherPutsTheFirstLeftAndTheSecondRight() {
        let chart = ChartMaking.chart(series: [
            ("a", [1, 2, 3], [10, 20, 30]), ("b", [1, 2, 3], [30, 20, 10]),
            ("c", [1, 2, 3], [5, 5, 5])
        ])
        let compared = SeriesComparison(chart: chart, first: 2, second: 0)!
        let score = compared.score(.together, settings: SonificationSettings())
        XCTAssertEqual(Set(score.tones.filter { $0.series == 0 }.map(\.pan)), [-0.7])
        XCTAssertEqual(Set(score.tones.filter { $0.series == 1 }.map(\.pan)), [0.7])
        XCTAssertEqual(Set(score.tones.filter { $0.series == 0 }.map(\.timbre)), [Timbre.palette[2]], "c keeps its own timbre")
        let step = compared.score(point: 1, sound: .together, settings: SonificationSettings())
        XCTAssertEqual(step.tones.map(\.pan), [-0.7, 0.7])
        XCTAssertEqual(step.tones[0].start, step.tones[1].start)
        let turns = compared.score(point: 1, sound: .alternating, settings: SonificationSettings())
        XCTAssertEqual(turns.tones.count, 2)
        XCTAssertEqual(turns.tones[1].start, turns.tones[0].end, accuracy: 1e-9, "the partner's tone follows")
    }

    func testTheDifferenceIsHeardOnItsOwnScale() {
        let chart = ChartMaking.chart(series: [("a", [1, 2, 3], [10, 20, 30]), ("b", [1, 2, 3], [9, 10, 11])])
        let compared = SeriesComparison(chart: chart, first: 0, second: 1)!
        let score = compared.score(.difference, settings: SonificationSettings())
        let difference = compared.differenceChart()!
        XCTAssertEqual(difference.series[0].y, [1, 10, 19])
        let pitches = Sonifier(chart: difference)
        XCTAssertEqual(score.tones.first?.lowestFrequency ?? 0, pitches.pitch.frequency(of: 1)!, accuracy: 0.01)
        XCTAssertEqual(
            compared.score(point: 2, sound: .difference, settings: SonificationSettings()).tones.first?.lowestFrequency ?? 0,
            SonificationSettings().highestFrequency, accuracy: 0.01, "the largest difference is the highest pitch")
    }
}
