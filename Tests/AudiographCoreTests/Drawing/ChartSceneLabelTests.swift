import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// End labels without colour and date ticks, as found on screenshots: one marker beside each end label, and
/// enough date gridlines for the width of the plot.
final class ChartSceneLabelTests: XCTestCase {
    let measure = EstimatedTextMeasure()

    /// Two or three short line series whose last values are a few pixels apart, so their end labels have to
    /// move apart a little.
    static func closeEnds(series count: Int, points: Int) -> ChartDescriptor {
        let xs = (0..<points).map(Double.init)
        let series = (0..<count).map { s in
            DataSeries(
                name: "Series \(s + 1)", isContinuous: true, x: xs,
                y: xs.map { x in x == xs.last! ? 50 + Double(s) : 20 + 10 * Double(s) + sin(x) * 5 })
        }
        let xRange = 0...Double(points - 1)
        return ChartDescriptor(
            title: "Close ends", kind: .line,
            xAxis: .numeric(
                NumericAxis(title: "x", range: xRange, gridlines: Gridlines.linear(xRange), formatter: ValueFormatter())),
            yAxis: NumericAxis(title: "y", range: 0...60, gridlines: Gridlines.linear(0...60), formatter: ValueFormatter()),
            series: series)
    }

    /// For each series, the markers in its colour just left of its end label and within a text line of it.
    func markersBesideEndLabels(
        _ scene: ChartScene, chart: ChartDescriptor, appearance: ChartAppearance,
        file: StaticString = #filePath, line: UInt = #line
    ) -> [Int] {
        let style = ChartStyle(appearance: appearance)
        let right = scene.plotArea.x + scene.plotArea.width
        let lineHeight = style.labelSize * SceneText.lineHeight
        return chart.series.indices.map { s in
            let label = scene.items.compactMap { item -> ScenePoint? in
                if case let .text(text, at, .left, _, _, _, _) = item, text == chart.series[s].name, at.x > right {
                    return at
                }
                return nil
            }.first
            guard let label else { XCTFail("no end label for series \(s)", file: file, line: line); return -1 }
            let color = style.palette.seriesColor(s)
            return scene.items.filter { item in
                guard case let .marker(_, at, _, fill, _, _) = item, fill == color else { return false }
                return at.x < label.x && at.x > right - 2 * style.markerSize - 4 && abs(at.y - label.y) < lineHeight
            }.count
        }
    }

    func testEndLabelsWithoutColourHaveExactlyOneMarkerBesideThem() throws {
        for dark in [false, true] {
            for high in [false, true] {
                var appearance = ChartAppearance()
                appearance.differentiateWithoutColor = true
                appearance.dark = dark
                appearance.increaseContrast = high
                let charts = [
                    ("close-ends-marked", Self.closeEnds(series: 2, points: 12)),
                    ("close-ends-three", Self.closeEnds(series: 3, points: 30)),
                    ("close-ends-long", Self.closeEnds(series: 2, points: 200)),
                    ("rainfall", try ChartSceneBuilderTests.chart("rainfall")),
                    ("stocks-long", try ChartSceneBuilderTests.chart("stocks-long"))
                ]
                for (name, chart) in charts {
                    let scene = ChartSceneBuilder.build(
                        chart: chart, size: SceneSize(width: 800, height: 500),
                        appearance: appearance, measure: measure)
                    SceneSVG.writeIfAsked(scene, name: "endlabels-\(name)-\(ChartSceneBuilderTests.suffix(appearance))")
                    XCTAssertEqual(
                        markersBesideEndLabels(scene, chart: chart, appearance: appearance),
                        Array(repeating: 1, count: chart.series.count), "\(name) \(appearance)")
                }
            }
        }
    }

    /// The x tick labels: text under the plot anchored at its top.
    static func xTickLabels(_ scene: ChartScene) -> [(text: String, at: ScenePoint)] {
        let bottom = scene.plotArea.y + scene.plotArea.height
        return scene.items.compactMap { item in
            if case let .text(text, at, .top, _, _, _, 0) = item, at.y > bottom { return (text, at) }
            return nil
        }
    }

    func testDateAxesGetGridlinesForThePlotWidth() throws {
        let size = SceneSize(width: 800, height: 500)
        for (name, minimum) in [("stocks-long", 4), ("rainfall", 5)] {
            let chart = try ChartSceneBuilderTests.chart(name)
            for appearance in ChartSceneBuilderTests.appearances where !appearance.reduceMotion && !appearance.reduceTransparency
            {
                let scene = ChartSceneBuilder.build(chart: chart, size: size, appearance: appearance, measure: measure)
                SceneSVG.writeIfAsked(scene, name: "dateticks-\(name)-\(ChartSceneBuilderTests.suffix(appearance))")
                let labels = Self.xTickLabels(scene)
                let context = "\(name) \(appearance): \(labels.map(\.text))"
                XCTAssertGreaterThanOrEqual(labels.count, minimum, context)
                XCTAssertLessThanOrEqual(labels.count, 9, context)
                let boxes = labels.map { label in
                    SceneText.bounds(
                        width: measure.width(of: label.text, size: 12, bold: false), size: 12,
                        at: label.at, anchor: .top)
                }
                for (i, box) in boxes.enumerated() { for other in boxes[..<i] { XCTAssertFalse(box.intersects(other), context) } }
                XCTAssertEqual(labels.map(\.at.x), labels.map(\.at.x).sorted(), context)
            }
        }
        // The first label carries the year; the gridlines are calendar weeks or months.
        let stocks = Self.xTickLabels(
            ChartSceneBuilder.build(
                chart: try ChartSceneBuilderTests.chart("stocks-long"),
                size: size, measure: measure)
        ).map(\.text)
        XCTAssertTrue(stocks.first?.hasSuffix("2024") ?? false, "\(stocks)")
        let rainfall = Self.xTickLabels(
            ChartSceneBuilder.build(
                chart: try ChartSceneBuilderTests.chart("rainfall"),
                size: size, measure: measure)
        ).map(\.text)
        XCTAssertEqual(rainfall.first, "Jan 2023", "\(rainfall)")
        // A narrow plot aims for fewer lines, never fewer than four.
        XCTAssertEqual(SceneDraft.dateGridlineTarget(plotWidth: 200), 4)
        XCTAssertEqual(SceneDraft.dateGridlineTarget(plotWidth: 770), 7)
        XCTAssertEqual(
            TickLabels.thinned(
                (0..<12).map { SceneRect(x: Double($0) * 50, y: 0, width: 20, height: 10) },
                gap: 8, maximum: 9), [0, 2, 4, 6, 8, 10])
    }
}
