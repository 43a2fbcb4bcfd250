import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The legend in words: each series' colour by name, its line's pattern and its marker shape, as drawn.
final class LegendWordingTests: XCTestCase {
    static func lines(_ count: Int, points: Int = 12, kind: ChartKind = .line) -> ChartDescriptor {
        let xs = (0..<points).map(Double.init)
        let series = (0..<count).map { s in
            DataSeries(name: "Series \(s + 1)", isContinuous: true, x: xs, y: xs.map { $0 + Double(s) })
        }
        let xRange = 0...Double(points - 1)
        return ChartDescriptor(
            title: "Lines", kind: kind,
            xAxis: .numeric(
                NumericAxis(title: "x", range: xRange, gridlines: Gridlines.linear(xRange), formatter: ValueFormatter())),
            yAxis: NumericAxis(title: "y", range: 0...20, gridlines: Gridlines.linear(0...20), formatter: ValueFormatter()),
            series: series)
    }

    func testLinesSayTheirColourAndWithoutColourTheirPatternAndShape() {
        var appearance = ChartAppearance()
        XCTAssertEqual(
            LegendWording.entries(chart: Self.lines(3), appearance: appearance),
            [
                "Series 1: blue solid line with circles", "Series 2: vermillion solid line with circles",
                "Series 3: reddish purple solid line with circles"
            ])
        appearance.differentiateWithoutColor = true
        XCTAssertEqual(
            LegendWording.entries(chart: Self.lines(4), appearance: appearance),
            [
                "Series 1: blue solid line with circles", "Series 2: vermillion dashed line with squares",
                "Series 3: reddish purple dotted line with triangles",
                "Series 4: orange dash-dotted line with diamonds"
            ])
        appearance.increaseContrast = true
        appearance.dark = true
        appearance.zoom = 2
        XCTAssertEqual(
            LegendWording.entries(chart: Self.lines(8), appearance: appearance).last,
            "Series 8: sky blue long dash-dotted line with stars",
            "the names hold for adjusted colours, and patterns at any line width")
        XCTAssertEqual(
            LegendWording.entries(chart: Self.lines(7), appearance: appearance).last,
            "Series 7: grey sparsely dotted line with plus signs", "black is drawn light on dark")
    }

    func testOneSeriesHasNoLegendAndBarsSayBars() {
        XCTAssertEqual(LegendWording.entries(chart: Self.lines(1), appearance: ChartAppearance()), [])
        var appearance = ChartAppearance()
        appearance.differentiateWithoutColor = true
        XCTAssertEqual(
            LegendWording.entries(chart: Self.lines(2, kind: .groupedBar), appearance: appearance),
            ["Series 1: blue bars marked with circles", "Series 2: vermillion bars marked with squares"])
    }

    func testEveryDashPatternHasItsOwnName() {
        let names = ChartStyle.dashes.map(LegendWording.dashName)
        XCTAssertEqual(Set(names).count, ChartStyle.dashes.count, "\(names)")
        XCTAssertFalse(names.contains("patterned line"), "\(names)")
    }
}
