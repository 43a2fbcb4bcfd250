import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The chart's zoom (Ctrl+plus, Ctrl+minus, Ctrl+0) and the desktop's text scale: what grows, by how much, and
/// that a bigger chart in the same window still keeps every label apart and inside.
final class ChartZoomTests: XCTestCase {
    func testStepsGoUpAndDownTheLevelsAndStopAtTheEnds() {
        XCTAssertEqual(ChartZoom.larger(than: 1), 1.25)
        XCTAssertEqual(ChartZoom.smaller(than: 1), 0.75)
        XCTAssertEqual(ChartZoom.larger(than: 2), 2.5)
        XCTAssertNil(ChartZoom.larger(than: 3))
        XCTAssertNil(ChartZoom.smaller(than: 0.75))
        // A value between levels (typed into settings.json by hand) steps to the nearest level on that side.
        XCTAssertEqual(ChartZoom.larger(than: 1.1), 1.25)
        XCTAssertEqual(ChartZoom.smaller(than: 1.1), 1)
        XCTAssertEqual(ChartZoom.percent(1.25), 125)
        XCTAssertEqual(ChartZoom.clamped(.nan), 1)
        XCTAssertEqual(ChartZoom.clamped(40), 3)
        XCTAssertEqual(ChartZoom.clamped(0.1), 0.75)
    }

    func testZoomGrowsLinesMarksCursorAndTextWhileTextScaleGrowsOnlyText() {
        var appearance = ChartAppearance()
        let normal = ChartStyle(appearance: appearance)
        appearance.zoom = 2
        let zoomed = ChartStyle(appearance: appearance)
        XCTAssertEqual(zoomed.lineWidth, normal.lineWidth * 2)
        XCTAssertEqual(zoomed.markerSize, normal.markerSize * 2)
        XCTAssertEqual(zoomed.cursorWidth, normal.cursorWidth * 2)
        XCTAssertEqual(zoomed.axisWidth, normal.axisWidth * 2)
        XCTAssertEqual(zoomed.titleSize, 32)
        XCTAssertEqual(zoomed.labelSize, 24)
        appearance.zoom = 1
        appearance.textScale = 1.5
        let largeText = ChartStyle(appearance: appearance)
        XCTAssertEqual(largeText.lineWidth, normal.lineWidth)
        XCTAssertEqual(largeText.markerSize, normal.markerSize)
        XCTAssertEqual(largeText.titleSize, 24)
        XCTAssertEqual(largeText.axisTitleSize, 19.5)
        XCTAssertEqual(largeText.labelSize, 18)
        appearance.zoom = 1.5
        XCTAssertEqual(ChartStyle(appearance: appearance).labelSize, 27, "text grows by the zoom times the text scale")
        appearance.increaseContrast = true
        appearance.zoom = 2
        XCTAssertEqual(ChartStyle(appearance: appearance).lineWidth, 7, "increase contrast's lines, zoomed")
    }

    /// births-like data: 59 years of one series, with a long title.
    static func years() -> ChartDescriptor {
        let xs = (1917...1975).map(Double.init)
        let series = DataSeries(name: "Birth rate", isContinuous: true, x: xs, y: xs.map { 200 + 40 * sin($0 / 7) })
        let xRange = 1917.0...1975.0, yRange = 150.0...250.0
        return ChartDescriptor(
            title: "Birth rate by year in a country over six decades", kind: .line,
            xAxis: .numeric(
                NumericAxis(title: "Year", range: xRange, gridlines: Gridlines.linear(xRange), formatter: ValueFormatter())),
            yAxis: NumericAxis(
                title: "Birth rate", unit: "births per 10,000 people", range: yRange,
                gridlines: Gridlines.linear(yRange), formatter: ValueFormatter()),
            series: [series])
    }

    /// Every text item of `scene` with its bounds.
    func texts(_ scene: ChartScene, measure: any TextMeasuring) -> [(text: String, size: Double, box: SceneRect)] {
        scene.items.compactMap { item in
            guard case let .text(text, _, _, size, _, _, _) = item, let box = item.textBounds(measure: measure) else {
                return nil
            }
            return (text, size, box)
        }
    }

    func testLargerTextAndZoomMakeRoomWithoutOverlapsOrCuts() {
        let measure = EstimatedTextMeasure()
        let size = SceneSize(width: 640, height: 400)
        var tickCounts: [Int] = []
        for (zoom, textScale) in [(1.0, 1.0), (1.0, 1.5), (1.0, 2.0), (2.0, 1.0), (3.0, 1.25)] {
            var appearance = ChartAppearance()
            appearance.zoom = zoom
            appearance.textScale = textScale
            let scene = ChartSceneBuilder.build(chart: Self.years(), size: size, appearance: appearance, measure: measure)
            let found = texts(scene, measure: measure)
            let label = "zoom \(zoom), text \(textScale)"
            XCTAssertTrue(found.contains { $0.size == 16 * zoom * textScale }, "\(label): the title at its size")
            for (i, a) in found.enumerated() {
                XCTAssertTrue(
                    a.box.x >= 0 && a.box.y >= 0 && a.box.x + a.box.width <= size.width
                        && a.box.y + a.box.height <= size.height, "\(label): \(a.text) inside the scene")
                for b in found[(i + 1)...] {
                    XCTAssertFalse(a.box.intersects(b.box), "\(label): \(a.text) and \(b.text) overlap")
                }
            }
            XCTAssertTrue(
                scene.plotArea.width > 200 && scene.plotArea.height > 100, "\(label): the plot keeps room: \(scene.plotArea)")
            let ticks = found.filter { $0.size == 12 * zoom * textScale }
            let plot = scene.plotArea
            let yTicks = ticks.filter { $0.box.x + $0.box.width <= plot.x }
            let xTicks = ticks.filter { $0.box.y >= plot.y + plot.height }
            XCTAssertGreaterThanOrEqual(yTicks.count, 2, "\(label): y tick labels stay: \(yTicks.map(\.text))")
            XCTAssertGreaterThanOrEqual(xTicks.count, 2, "\(label): x tick labels stay: \(xTicks.map(\.text))")
            tickCounts.append(ticks.count)
        }
        XCTAssertLessThan(tickCounts[4], tickCounts[0], "bigger text shows fewer tick labels: \(tickCounts)")
    }
}
