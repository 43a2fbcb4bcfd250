import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Scenes of the example files in every appearance: bounds, overlap, contrast, transparency, symbols, cursor.
final class ChartSceneBuilderTests: XCTestCase {
    static let dataFiles = ["births", "cars", "coffee", "rainfall", "sales-by-region", "stocks-long"]
    let size = SceneSize(width: 800, height: 500)
    let measure = EstimatedTextMeasure()

    static func dataPath(_ name: String) -> String {
        Repository.path("data/\(name).csv")
    }

    static func chart(_ name: String) throws -> ChartDescriptor {
        try ChartDocument.open(path: dataPath(name)).chart
    }

    /// All 32 combinations of the five appearance settings.
    static var appearances: [ChartAppearance] {
        (0..<32).map { bits in
            var a = ChartAppearance()
            a.dark = bits & 1 != 0
            a.increaseContrast = bits & 2 != 0
            a.reduceTransparency = bits & 4 != 0
            a.differentiateWithoutColor = bits & 8 != 0
            a.reduceMotion = bits & 16 != 0
            return a
        }
    }

    func testEveryFileInEveryAppearanceStaysInsideWithReadableLabels() throws {
        for name in Self.dataFiles {
            let chart = try Self.chart(name)
            for appearance in Self.appearances {
                let scene = ChartSceneBuilder.build(chart: chart, size: size, appearance: appearance, measure: measure)
                let context = "\(name) \(appearance)"
                let bounds = SceneRect(x: 0, y: 0, width: size.width, height: size.height)
                let boxes = scene.items.compactMap { $0.textBounds(measure: measure) }
                XCTAssertGreaterThan(boxes.count, 5, context)
                for (i, box) in boxes.enumerated() {
                    XCTAssertTrue(bounds.contains(box), "text outside: \(box) \(context)")
                    for other in boxes[..<i] { XCTAssertFalse(box.intersects(other), "overlap \(box) \(other) \(context)") }
                }
                for point in allPoints(scene) {
                    XCTAssertTrue(
                        point.x >= 0 && point.x <= size.width && point.y >= 0 && point.y <= size.height,
                        "point outside \(point) \(context)")
                }
                XCTAssertTrue(bounds.contains(scene.plotArea), context)
                XCTAssertEqual(scene.pointPositions.map(\.count), chart.series.map(\.count), context)
                SceneSVG.writeIfAsked(scene, name: "\(name)-\(Self.suffix(appearance))")
            }
        }
    }

    func testColoursMeetContrastAgainstTheBackground() throws {
        for name in Self.dataFiles {
            let chart = try Self.chart(name)
            for appearance in Self.appearances {
                let scene = ChartSceneBuilder.build(
                    chart: chart, size: size, appearance: appearance,
                    focus: ChartFocus(series: 0, index: 2), measure: measure)
                let palette = ChartPalette(appearance: appearance)
                let textMinimum = appearance.increaseContrast ? 7 : 4.5
                let markMinimum = appearance.increaseContrast ? 7 : 3.0
                let context = "\(name) \(appearance)"
                XCTAssertEqual(scene.background, palette.background)
                var gridlines = 0
                for item in scene.items {
                    for (color, role) in colours(item) {
                        if role == .text {
                            XCTAssertGreaterThanOrEqual(Contrast.ratio(color, scene.background), textMinimum, context)
                        } else if color == palette.gridline {
                            // With increase contrast every line is at least 3:1 (WCAG 1.4.11), gridlines included.
                            gridlines += 1
                            if appearance.increaseContrast {
                                XCTAssertGreaterThanOrEqual(Contrast.ratio(color, scene.background), 3, "\(item) \(context)")
                            }
                        } else if color != scene.background {
                            // Anything not a halo or a gridline is a mark, an axis or the cursor.
                            XCTAssertGreaterThanOrEqual(
                                Contrast.ratio(color, scene.background), markMinimum,
                                "\(item) \(context)")
                        }
                    }
                }
                XCTAssertGreaterThan(gridlines, 0, "the gridlines were measured too: \(context)")
            }
        }
    }

    func testReduceTransparencyLeavesNothingTranslucent() throws {
        for name in Self.dataFiles {
            let chart = try Self.chart(name)
            for appearance in Self.appearances where appearance.reduceTransparency {
                let scene = ChartSceneBuilder.build(
                    chart: chart, size: size, appearance: appearance,
                    focus: ChartFocus(series: 0, index: 1), measure: measure)
                XCTAssertEqual(scene.background.alpha, 1)
                for item in scene.items {
                    for (color, _) in colours(item) { XCTAssertEqual(color.alpha, 1, "\(item) \(name)") }
                }
            }
        }
    }

    func testDifferentiateWithoutColourGivesEachSeriesShapeDashAndEndLabel() throws {
        var appearance = ChartAppearance()
        appearance.differentiateWithoutColor = true
        for name in ["rainfall", "stocks-long"] {
            let chart = try Self.chart(name)
            let scene = ChartSceneBuilder.build(chart: chart, size: size, appearance: appearance, measure: measure)
            let palette = ChartPalette(appearance: appearance)
            var dashes: [[Double]] = [], shapes: [MarkerShape] = []
            for s in chart.series.indices {
                let color = palette.seriesColor(s)
                let lines = scene.items.compactMap { item -> [Double]? in
                    if case let .polyline(points, c, width, dash) = item, c == color, width == 2, points.count > 2 { return dash }
                    return nil
                }
                XCTAssertFalse(lines.isEmpty, name)
                XCTAssertEqual(Set(lines).count, 1, name)
                dashes.append(lines[0])
                let markers = Set(
                    scene.items.compactMap { item -> MarkerShape? in
                        if case let .marker(shape, _, _, fill, _, _) = item, fill == color { return shape }
                        return nil
                    })
                XCTAssertEqual(markers.count, 1, name)
                shapes.append(markers.first!)
                // The end label: the series name right of the plot area.
                XCTAssertTrue(
                    scene.items.contains { item in
                        if case let .text(text, at, _, _, _, _, _) = item {
                            return text == chart.series[s].name && at.x > scene.plotArea.x + scene.plotArea.width
                        }
                        return false
                    }, "no end label for \(chart.series[s].name)")
            }
            XCTAssertEqual(Set(dashes).count, chart.series.count, name)
            XCTAssertEqual(Set(shapes).count, chart.series.count, name)
        }
    }

    func testDifferentiateWithoutColourGivesEachScatterCategoryItsShape() throws {
        var appearance = ChartAppearance()
        appearance.differentiateWithoutColor = true
        let chart = try Self.chart("cars")
        let scene = ChartSceneBuilder.build(chart: chart, size: size, appearance: appearance, measure: measure)
        let palette = ChartPalette(appearance: appearance)
        var shapeByColour: [RGBA: Set<MarkerShape>] = [:]
        for item in scene.items {
            if case let .marker(shape, _, _, fill?, _, _) = item, fill != palette.background {
                shapeByColour[fill, default: []].insert(shape)
            }
        }
        XCTAssertEqual(shapeByColour.count, 5)
        XCTAssertTrue(shapeByColour.values.allSatisfy { $0.count == 1 })
        XCTAssertEqual(Set(shapeByColour.values.map { $0.first! }).count, 5)
    }

    func testIncreaseContrastWidensLinesAndEnlargesMarkers() throws {
        let chart = try Self.chart("births")
        var high = ChartAppearance()
        high.increaseContrast = true
        func widths(_ scene: ChartScene, _ color: RGBA) -> (line: Double, marker: Double) {
            var line = 0.0, marker = 0.0
            for item in scene.items {
                if case let .polyline(_, c, w, _) = item, c == color { line = max(line, w) }
                if case let .marker(_, _, s, f, _, _) = item, f == color { marker = max(marker, s) }
            }
            return (line, marker)
        }
        let normal = widths(
            ChartSceneBuilder.build(chart: chart, size: size, measure: measure),
            ChartPalette(appearance: ChartAppearance()).seriesColor(0))
        let increased = widths(
            ChartSceneBuilder.build(chart: chart, size: size, appearance: high, measure: measure),
            ChartPalette(appearance: high).seriesColor(0))
        XCTAssertEqual(normal.line, 2)
        XCTAssertEqual(increased.line, 3.5)
        XCTAssertGreaterThan(increased.marker, normal.marker)
    }

    func testFocusDrawsALineAndARingInTheCursorColour() throws {
        for name in ["births", "cars", "stocks-long"] {
            let chart = try Self.chart(name)
            let focus = ChartFocus(series: chart.series.count - 1, index: 5)
            let scene = ChartSceneBuilder.build(chart: chart, size: size, focus: focus, measure: measure)
            let palette = ChartPalette(appearance: ChartAppearance())
            let point = try XCTUnwrap(scene.pointPositions[focus.series][focus.index])
            // The vertical line spans the plot but for the ring round the point, where it stops.
            let segments = scene.items.compactMap { item -> (top: Double, bottom: Double)? in
                if case let .polyline(p, c, _, _) = item, c == palette.cursor, p.count == 2, p[0].x == point.x, p[1].x == point.x
                {
                    return (min(p[0].y, p[1].y), max(p[0].y, p[1].y))
                }
                return nil
            }.sorted { $0.top < $1.top }
            XCTAssertEqual(segments.count, 2, name)
            XCTAssertEqual(segments.first?.top, scene.plotArea.y, name)
            XCTAssertEqual(segments.last?.bottom, scene.plotArea.y + scene.plotArea.height, name)
            XCTAssertTrue(
                segments.count == 2 && segments[0].bottom < point.y - 6 && segments[1].top > point.y + 6,
                "\(name): the line leaves a gap round the point: \(segments), point at \(point.y)")
            XCTAssertTrue(
                scene.items.contains { item in
                    if case let .marker(.circle, at, size, nil, c, _) = item, c == palette.cursor {
                        return at == point && size > 12
                    }
                    return false
                }, name)
            XCTAssertGreaterThanOrEqual(Contrast.ratio(palette.cursor, palette.background), 7)
            let without = ChartSceneBuilder.build(chart: chart, size: size, measure: measure)
            XCTAssertEqual(scene.items.count, without.items.count + 7, "frame, two line segments and the ring, each on its halo")
            XCTAssertTrue(
                scene.items.contains { item in
                    if case let .outline(r, c, w, _) = item, c == palette.cursor, w >= 2 {
                        return r.x < 3 && r.y < 3 && r.x + r.width > size.width - 3 && r.y + r.height > size.height - 3
                    }
                    return false
                }, "\(name): the focused chart is framed")
        }
    }

    func testFocusFramesTheBarOfABarChart() throws {
        let chart = try Self.chart("sales-by-region")
        let scene = ChartSceneBuilder.build(chart: chart, size: size, focus: ChartFocus(series: 0, index: 2), measure: measure)
        let cursor = ChartPalette(appearance: ChartAppearance()).cursor
        XCTAssertTrue(scene.items.contains { if case .outline(_, cursor, _, _) = $0 { return true } else { return false } })
    }

    func testASelectedRangeIsADashedFrameFromItsFirstXToItsLast() throws {
        let chart = try ChartMaking.births()
        let cursor = ChartPalette(appearance: ChartAppearance()).cursor
        func dashedFrames(_ focus: ChartFocus) -> [SceneRect] {
            ChartSceneBuilder.build(chart: chart, size: size, focus: focus, measure: measure).items.compactMap {
                if case let .outline(r, c, _, dash) = $0, c == cursor, !dash.isEmpty { return r } else { return nil }
            }
        }
        XCTAssertEqual(dashedFrames(ChartFocus(series: 0, index: 28)), [], "nothing selected, no frame")
        let frames = dashedFrames(ChartFocus(series: 0, index: 28, selection: 1930...1945))
        XCTAssertEqual(frames.count, 1)
        let scene = ChartSceneBuilder.build(chart: chart, size: size, measure: measure)
        let x1930 = try XCTUnwrap(scene.pointPositions[0][13]).x, x1945 = try XCTUnwrap(scene.pointPositions[0][28]).x
        let frame = try XCTUnwrap(frames.first)
        XCTAssertEqual(frame.x, x1930 - 8, accuracy: 1)
        XCTAssertEqual(frame.x + frame.width, x1945 + 8, accuracy: 1)
        XCTAssertGreaterThan(frame.height, scene.plotArea.height * 0.9, "the frame spans the plot's height")
    }

    func testAReferenceLevelIsALabelledDashedLineAtItsValue() throws {
        let chart = try ChartMaking.births()
        var appearance = ChartAppearance()
        appearance.referenceLevel = .mean
        let scene = ChartSceneBuilder.build(chart: chart, size: size, appearance: appearance, measure: measure)
        let text = ChartPalette(appearance: appearance).text
        let dashed = scene.items.compactMap { item -> [ScenePoint]? in
            if case let .polyline(points, color, _, dash) = item, color == text, !dash.isEmpty {
                return points
            } else {
                return nil
            }
        }
        XCTAssertEqual(dashed.count, 1)
        let plain = ChartSceneBuilder.build(chart: chart, size: size, measure: measure)
        let y222 = try XCTUnwrap(plain.pointPositions[0][7]).y, y217 = try XCTUnwrap(plain.pointPositions[0][8]).y
        let mean = chart.series[0].y.reduce(0, +) / Double(chart.series[0].count)
        XCTAssertEqual(dashed[0][0].y, y222 + (mean - 222) / (217 - 222) * (y217 - y222), accuracy: 0.5, "at the mean, 222.1")
        XCTAssertTrue(
            scene.items.contains {
                if case .text("Mean: 222 births per 10,000 people", _, _, _, _, _, _) = $0 { return true } else { return false }
            })
        XCTAssertFalse(
            plain.items.contains {
                if case let .polyline(_, c, _, d) = $0, c == text, !d.isEmpty { return true } else { return false }
            })
    }

    func testBarsAreOpaqueRectanglesFromZeroWithCategoryLabels() throws {
        let chart = try Self.chart("sales-by-region")
        let scene = ChartSceneBuilder.build(chart: chart, size: size, measure: measure)
        let color = ChartPalette(appearance: ChartAppearance()).seriesColor(0)
        let bars = scene.items.compactMap { item -> SceneRect? in
            if case let .rectangle(r, c) = item, c == color { return r } else { return nil }
        }
        XCTAssertEqual(bars.count, 6)
        let bottom = scene.plotArea.y + scene.plotArea.height
        for bar in bars { XCTAssertEqual(bar.y + bar.height, bottom, accuracy: 0.5) }
        let texts = scene.items.compactMap { item -> String? in
            if case let .text(t, _, _, _, _, _, _) = item { return t } else { return nil }
        }
        XCTAssertTrue(texts.contains("North America"))
        // "Middle East and Africa" is wrapped onto two lines under its bar.
        XCTAssertTrue(texts.contains { $0.hasPrefix("Middle East") })
    }

    func testTicksAxisTitlesAndLegend() throws {
        let births = ChartSceneBuilder.build(chart: try Self.chart("births"), size: size, measure: measure)
        let texts = Self.texts(births)
        XCTAssertTrue(texts.contains("Birth rate (births per 10,000 people)"))
        XCTAssertTrue(texts.contains("1920"))
        XCTAssertTrue(texts.contains("200"))
        XCTAssertTrue(
            births.items.contains { item in
                if case let .text(t, _, _, _, true, _, 0) = item { return t == "Birth rate by year" } else { return false }
            })
        XCTAssertTrue(
            births.items.contains { item in
                if case let .text(_, _, _, _, _, _, r) = item { return r == -Double.pi / 2 } else { return false }
            })
        let rainfall = Self.texts(ChartSceneBuilder.build(chart: try Self.chart("rainfall"), size: size, measure: measure))
        XCTAssertTrue(rainfall.contains("Tropical") && rainfall.contains("Dry"), "\(rainfall)")
        XCTAssertTrue(rainfall.contains("Jan 2023"), "\(rainfall)")
        let cars = Self.texts(ChartSceneBuilder.build(chart: try Self.chart("cars"), size: size, measure: measure))
        for country in ["USA", "Germany", "Italy", "Japan", "South Korea"] { XCTAssertTrue(cars.contains(country)) }
    }

    func testMillionPointLineIsDecimatedAndNotPlacedPointByPoint() {
        let chart = Self.bigChart(points: 1_000_000)
        let scene = ChartSceneBuilder.build(
            chart: chart, size: size, focus: ChartFocus(series: 0, index: 500_000),
            measure: measure)
        let color = ChartPalette(appearance: ChartAppearance()).seriesColor(0)
        let vertices = scene.items.reduce(0) { total, item in
            if case let .polyline(points, c, 2, _) = item, c == color { return total + points.count }
            return total
        }
        XCTAssertGreaterThan(vertices, Int(scene.plotArea.width))
        XCTAssertLessThanOrEqual(vertices, 2 * (Int(scene.plotArea.width) + 2))
        XCTAssertTrue(scene.pointPositions[0].isEmpty)
        XCTAssertFalse(scene.items.contains { if case .marker(_, _, _, color?, _, _) = $0 { return true } else { return false } })
    }

    func testScatterMarkerSizeFollowsTheSizeAxis() throws {
        let chart = try Self.chart("cars")
        let scene = ChartSceneBuilder.build(chart: chart, size: size, measure: measure)
        let background = scene.background
        let sizes = scene.items.compactMap { item -> Double? in
            if case let .marker(_, _, s, fill?, _, _) = item, fill != background { return s } else { return nil }
        }
        XCTAssertEqual(sizes.filter { $0 > 5.9 && $0 < 22.1 }.count, sizes.count)
        XCTAssertLessThan(sizes.min()!, 9)
        XCTAssertGreaterThan(sizes.max()!, 20)
    }

    func testTinySceneStillKeepsLabelsInside() throws {
        for name in Self.dataFiles {
            let chart = try Self.chart(name)
            for dims in [(320.0, 200.0), (200.0, 120.0), (1600.0, 900.0)] {
                let small = SceneSize(width: dims.0, height: dims.1)
                let scene = ChartSceneBuilder.build(chart: chart, size: small, measure: measure)
                let bounds = SceneRect(x: 0, y: 0, width: small.width, height: small.height)
                let boxes = scene.items.compactMap { $0.textBounds(measure: measure) }
                for (i, box) in boxes.enumerated() {
                    XCTAssertTrue(bounds.contains(box), "\(name) \(dims)")
                    for other in boxes[..<i] { XCTAssertFalse(box.intersects(other), "\(name) \(dims)") }
                }
            }
        }
    }

    func testGroupedBarsSitSideBySideAndCarryShapesWithoutColour() {
        let categories = ["Q1", "Q2", "Q3", "Q4"]
        let series = (0..<3).map { s in
            DataSeries(
                name: "Team \(s + 1)", isContinuous: false, x: [0, 1, 2, 3],
                y: [10, 20, s == 1 ? .nan : 30, -5].map { $0 + Double(s) })
        }
        let chart = ChartDescriptor(
            title: "Grouped", kind: .bar, xAxis: .categorical(CategoricalAxis(title: "Quarter", categories: categories)),
            yAxis: NumericAxis(title: "Score", range: -5...32, gridlines: Gridlines.linear(-5...32), formatter: ValueFormatter()),
            series: series)
        var appearance = ChartAppearance()
        appearance.differentiateWithoutColor = true
        let scene = ChartSceneBuilder.build(chart: chart, size: size, appearance: appearance, measure: measure)
        let palette = ChartPalette(appearance: appearance)
        var barsBySeries: [[SceneRect]] = []
        for s in 0..<3 {
            barsBySeries.append(
                scene.items.compactMap { item -> SceneRect? in
                    if case let .rectangle(r, c) = item, c == palette.seriesColor(s), r.y >= scene.plotArea.y { return r }
                    return nil  // not the legend's swatch
                })
        }
        XCTAssertEqual(barsBySeries.map(\.count), [4, 3, 4])
        let all = barsBySeries.flatMap { $0 }
        for (i, a) in all.enumerated() { for b in all[..<i] { XCTAssertFalse(a.intersects(b)) } }
        let shapes = (0..<3).map { s in
            Set(
                scene.items.compactMap { item -> MarkerShape? in
                    if case let .marker(shape, _, _, fill, _, _) = item, fill == palette.seriesColor(s) { return shape }
                    return nil
                })
        }
        XCTAssertTrue(shapes.allSatisfy { $0.count == 1 })
        XCTAssertEqual(Set(shapes.map { $0.first! }).count, 3)
        XCTAssertEqual(scene.pointPositions[1].compactMap { $0 }.count, 3)
        XCTAssertNil(scene.pointPositions[1][2])
        XCTAssertTrue(Self.texts(scene).contains("Team 2"))  // the legend
    }

    func testGapsSplitTheLine() {
        let y: [Double] = [1, 2, .nan, 4, 5, .nan, 7, 8, 9]
        let chart = ChartDescriptor(
            title: "Gaps", kind: .line,
            xAxis: .numeric(
                NumericAxis(title: "x", range: 0...8, gridlines: Gridlines.linear(0...8), formatter: ValueFormatter())),
            yAxis: NumericAxis(title: "y", range: 1...9, gridlines: Gridlines.linear(1...9), formatter: ValueFormatter()),
            series: [DataSeries(name: "y", isContinuous: true, x: (0..<9).map(Double.init), y: y)])
        let scene = ChartSceneBuilder.build(chart: chart, size: size, measure: measure)
        let color = ChartPalette(appearance: ChartAppearance()).seriesColor(0)
        let lines = scene.items.compactMap { item -> Int? in
            if case let .polyline(p, c, _, _) = item, c == color { return p.count } else { return nil }
        }
        XCTAssertEqual(lines, [2, 2, 3])
        XCTAssertNil(scene.pointPositions[0][2])
    }

    // MARK: helpers

    enum ColourRole { case text, mark }

    func colours(_ item: SceneItem) -> [(RGBA, ColourRole)] {
        switch item {
        case let .rectangle(_, fill): return [(fill, .mark)]
        case let .polyline(_, color, _, _): return [(color, .mark)]
        case let .marker(_, _, _, fill, stroke, _): return (fill.map { [($0, .mark)] } ?? []) + [(stroke, .mark)]
        case let .text(_, _, _, _, _, color, _): return [(color, .text)]
        case let .outline(_, color, _, _): return [(color, .mark)]
        case let .polygon(_, fill): return [(fill, .mark)]
        }
    }

    func allPoints(_ scene: ChartScene) -> [ScenePoint] {
        scene.items.flatMap { item -> [ScenePoint] in
            switch item {
            case let .rectangle(r, _), let .outline(r, _, _, _):
                return [ScenePoint(x: r.x, y: r.y), ScenePoint(x: r.x + r.width, y: r.y + r.height)]
            case let .polyline(points, _, _, _), let .polygon(points, _): return points
            case let .marker(_, at, size, _, _, _):
                return [ScenePoint(x: at.x - size / 2, y: at.y - size / 2), ScenePoint(x: at.x + size / 2, y: at.y + size / 2)]
            case .text: return []
            }
        }
    }

    static func texts(_ scene: ChartScene) -> [String] {
        scene.items.compactMap { if case let .text(t, _, _, _, _, _, _) = $0 { return t } else { return nil } }
    }

    static func suffix(_ a: ChartAppearance) -> String {
        [
            a.dark ? "dark" : "light", a.increaseContrast ? "hc" : "", a.reduceTransparency ? "rt" : "",
            a.differentiateWithoutColor ? "dwc" : "", a.reduceMotion ? "rm" : ""
        ].filter { !$0.isEmpty }.joined(separator: "-")
    }

    /// A line chart of `points` points: a slow wave with deterministic noise.
    static func bigChart(points: Int) -> ChartDescriptor {
        var state: UInt64 = 12345
        var xs = [Double](repeating: 0, count: points), ys = [Double](repeating: 0, count: points)
        for i in 0..<points {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            xs[i] = Double(i)
            ys[i] = 50 + 20 * sin(Double(i) / Double(points) * 12) + 4 * (Double(state >> 11) / Double(1 << 53) - 0.5)
        }
        let xRange = 0...Double(points - 1), yRange = ys.min()!...ys.max()!
        return ChartDescriptor(
            title: "Big", kind: .line,
            xAxis: .numeric(
                NumericAxis(title: "x", range: xRange, gridlines: Gridlines.linear(xRange), formatter: ValueFormatter())),
            yAxis: NumericAxis(title: "y", range: yRange, gridlines: Gridlines.linear(yRange), formatter: ValueFormatter()),
            series: [DataSeries(name: "y", isContinuous: true, x: xs, y: ys)])
    }
}
