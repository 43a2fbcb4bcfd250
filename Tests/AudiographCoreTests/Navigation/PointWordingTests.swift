import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

final class PointWordingTests: XCTestCase {
    private func births() throws -> ChartDescriptor { try ChartMaking.births() }

    private func name(_ element: Int, _ wording: PointWording) throws -> String {
        let chart = try births()
        return ElementNames(chart: chart, wording: wording).name(element, of: SeriesElements(series: chart.series[0], index: 0))
    }

    func testThePresetsSayWhatTheyPromise() throws {
        XCTAssertEqual(try name(1, .minimal), "245")
        XCTAssertEqual(try name(1, .standard), "1918, 245 births per 10,000 people, point 2 of 59")
        XCTAssertEqual(try name(1, .detailed), "1918, 245 births per 10,000 people, falling, point 2 of 59, Birth rate")
    }

    func testTheTrendComesFromThePointBeforeAndNotAtTheFirst() throws {
        XCTAssertEqual(try name(0, .detailed), "1917, 251 births per 10,000 people, point 1 of 59, Birth rate")
        let chart = try births()
        let ys = chart.series[0].y
        let rising = try XCTUnwrap((1..<ys.count).first { ys[$0] > ys[$0 - 1] })
        XCTAssertTrue(try name(rising, .detailed).contains(", rising, "))
    }

    func testValueFirstAndPartsChosenOneByOne() throws {
        XCTAssertEqual(
            try name(1, PointWording(parts: [.value, .x, .unit], order: .valueFirst)),
            "245 births per 10,000 people, 1918")
        XCTAssertEqual(try name(1, PointWording(parts: [.value, .x], order: .xFirst)), "1918, 245")
        XCTAssertEqual(
            try name(1, PointWording(parts: [.position, .series], order: .xFirst)), "245, point 2 of 59, Birth rate",
            "without value or x, the value is still said")
    }

    func testAHistogramBinKeepsItsWordsAndTakesPositionAndSeries() {
        let chart = ChartMaking.chart(kind: .scatter, series: [("s", [1, 2], [3, 4])])
        let elements = SeriesElements(series: chart.series[0], index: 0)
        XCTAssertEqual(ElementNames(chart: chart, wording: .minimal).name(0, of: elements), "3")
        XCTAssertTrue(ElementNames(chart: chart, wording: .detailed).name(1, of: elements).hasSuffix("rising, point 2 of 2, s"))
    }

    func testTheSettingReadsBackAndIgnoresWhatItDoesNotKnow() throws {
        let data = try JSONEncoder().encode(PointWording.detailed)
        XCTAssertEqual(try JSONDecoder().decode(PointWording.self, from: data), .detailed)
        let odd = Data(#"{"parts": ["value", "colour"], "order": "sideways"}"#.utf8)
        XCTAssertEqual(try JSONDecoder().decode(PointWording.self, from: odd), PointWording(parts: [.value], order: .xFirst))
    }
}
