// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension SceneDraft {
    /// The additional categorical axis (→ colour, and shape without colour) with its column index.
    var categoryAxis: (Int, CategoricalAxis)? {
        for (i, axis) in chart.additionalAxes.enumerated() { if case .categorical(let a) = axis { return (i, a) } }
        return nil
    }

    /// The additional numeric axis (→ marker size) with its column index.
    var sizeAxis: (Int, NumericAxis)? {
        for (i, axis) in chart.additionalAxes.enumerated() { if case .numeric(let a) = axis { return (i, a) } }
        return nil
    }

    /// Stroke width of a marker: crosses and pluses are drawn with their stroke alone, so it is thicker.
    static func markerLineWidth(_ shape: MarkerShape, size: Double) -> Double {
        shape == .cross || shape == .plus ? max(2, size / 4) : 1
    }

    /// Draws every series as the chart's kind says.
    mutating func drawMarks() {
        switch chart.kind {
        case .line: for s in chart.series.indices { drawLine(s) }
        case .area, .stackedArea: for s in chart.series.indices where !chart.series[s].isTotal { drawArea(s) }
        case .bar, .groupedBar, .stackedBar: drawBars()
        case .scatter: drawScatter()
        case .histogram: drawBars()
        case .box: drawBoxes()
        case .candlestick: drawCandles()
        case .heatmap: drawHeatmap()
        }
    }

    /// Pixel position of point `i` of series `s`, nil when it is missing or cannot be placed.
    func position(series s: Int, index i: Int) -> ScenePoint? {
        let series = chart.series[s]
        guard i >= 0, i < series.count, series.y[i].isFinite else { return nil }
        let px = xMap.pixel(series.x[i]), py = yMap.pixel(series.y[i] + stackBase(series: s, index: i))
        return px.isNaN || py.isNaN ? nil : ScenePoint(x: px, y: py)
    }

    mutating func placeAllPoints(_ s: Int) {
        guard chart.series[s].count <= ChartSceneBuilder.maximumPlacedPoints else { return }
        pointPositions[s] = (0..<chart.series[s].count).map { position(series: s, index: $0) }
    }

    /// One series as a line: polylines (min/max per pixel column when the series has more points than the
    /// plot has columns), a dot for a point standing alone between gaps, and markers when points are few (or,
    /// without colour, a handful along the line so its shape can be matched to the legend).
    mutating func drawLine(_ s: Int) {
        let series = chart.series[s]
        let color = palette.seriesColor(s), dash = style.dash(s), shape = style.shape(s)
        // A stacked area's line is the top of its band.
        let ys = stackBases.indices.contains(s) ? zip(series.y, stackBases[s]).map { $0 + $1 } : series.y
        let lines =
            series.count > Int(plot.width)
            ? ColumnDecimation.decimated(x: series.x, y: ys, xMap: xMap, yMap: yMap)
            : ColumnDecimation.polylines(x: series.x, y: ys, xMap: xMap, yMap: yMap)
        for line in lines {
            if line.count == 1 {
                marks.append(
                    .marker(
                        .circle, at: line[0], size: style.lineWidth * 2.5, fill: color, stroke: color,
                        lineWidth: 1))
            } else {
                marks.append(.polyline(line, color: color, width: style.lineWidth, dash: dash))
            }
        }
        var marked: [Int] = []
        if series.count <= ChartSceneBuilder.maximumMarkedPoints {
            marked = Array(0..<series.count)
        } else if style.differentiateWithoutColor {
            // About ten markers, staggered per series so that series do not hide each other's.
            let offset = Double(s + 1) / Double(chart.series.count + 1)
            marked = (0..<10).map { Int((Double($0) + offset) * Double(series.count) / 10) }
                .map { min(series.count - 1, $0) }
        }
        for i in marked {
            guard let p = position(series: s, index: i) else { continue }
            marks.append(
                .marker(
                    shape, at: p, size: style.markerSize, fill: color, stroke: color,
                    lineWidth: Self.markerLineWidth(shape, size: style.markerSize)))
        }
        placeAllPoints(s)
    }

    /// Where point `i` of series `s` starts in a stack (the sum of the series below it at its x); 0 unstacked.
    func stackBase(series s: Int, index i: Int) -> Double {
        stackBases.indices.contains(s) && stackBases[s].indices.contains(i) ? stackBases[s][i] : 0
    }

    /// How many series are drawn as layers (all but a total layer), and where series `s` is among them.
    var layerCount: Int { chart.series.filter { !$0.isTotal }.count }

    /// The rectangle of the bar of point `i` of series `s`, nil when its value is missing. A stacked bar
    /// starts where the layers below it end; a total layer's "bar" spans the layers' bars at its x.
    func barRect(series s: Int, index i: Int) -> SceneRect? {
        let series = chart.series[s]
        guard i >= 0, i < series.count, series.y[i].isFinite else { return nil }
        if series.isTotal {
            let parts = layerIndexByX.enumerated().compactMap { layer, byX in
                byX[series.x[i]].flatMap { barRect(series: layer, index: $0) }
            }
            guard let first = parts.first else { return nil }
            let left = parts.map(\.x).min()!, top = parts.map(\.y).min()!
            let right = parts.map { $0.x + $0.width }.max()!, bottom = parts.map { $0.y + $0.height }.max()!
            return first.width > 0 ? SceneRect(x: left, y: top, width: right - left, height: bottom - top) : nil
        }
        let centre = xMap.pixel(series.x[i]), top = yMap.pixel(series.y[i])
        guard centre.isFinite, top.isFinite else { return nil }
        let base = yMap.pixel(
            yScale.logarithmic
                ? yScale.range.lowerBound
                : min(max(0, yScale.range.lowerBound), yScale.range.upperBound))
        if let bin = series.histogram?.bins[i] {
            // A histogram's bar spans its bin, with a pixel of background between neighbours.
            let left = xMap.pixel(bin.from), right = xMap.pixel(bin.to)
            let gap = right - left > 4 ? 1.0 : 0
            return SceneRect(
                x: left + gap / 2, y: min(top, base), width: max(1, right - left - gap),
                height: max(1, abs(top - base)))
        }
        let group = barGroupWidth
        if chart.kind == .stackedBar {
            let below = stackBase(series: s, index: i)
            let from = yMap.pixel(below), to = yMap.pixel(below + series.y[i])
            return SceneRect(x: centre - group / 2, y: min(from, to), width: max(1, group), height: max(1, abs(to - from)))
        }
        let each = group / Double(max(1, layerCount))
        let inset = each > 8 ? 1.0 : 0
        let left = centre - group / 2 + Double(s) * each + inset
        return SceneRect(x: left, y: min(top, base), width: max(1, each - 2 * inset), height: max(1, abs(top - base)))
    }

    /// Width in pixels for the bars of one x value: three quarters of a category's slot, or of the closest
    /// two x values on a numeric or date axis.
    func measureBarGroupWidth() -> Double {
        if isCategorical { return 0.75 * plot.width / max(1, xScale.range.upperBound - xScale.range.lowerBound) }
        // Bars on a numeric or date axis: as wide as the closest two x values allow.
        var gap = plot.width
        for series in chart.series {
            let xs = series.x.prefix(ChartSceneBuilder.maximumPlacedPoints)
            for (a, b) in zip(xs, xs.dropFirst()) where b > a { gap = min(gap, xMap.pixel(b) - xMap.pixel(a)) }
        }
        return min(max(1, 0.75 * gap), 0.2 * plot.width)
    }

    /// Bars from zero, grouped side by side per x value; without colour each bar gets an outline and, with
    /// several series, its series' marker just beyond its end. Very long series are drawn as lines instead.
    mutating func drawBars() {
        let several = layerCount >= 2
        for (s, series) in chart.series.enumerated() {
            if series.isTotal { placeTotal(s); continue }
            guard series.count <= ChartSceneBuilder.maximumPlacedPoints else { drawLine(s); continue }
            let color = palette.seriesColor(s), shape = style.shape(s)
            var positions: [ScenePoint?] = []
            positions.reserveCapacity(series.count)
            for i in 0..<series.count {
                guard let rect = barRect(series: s, index: i) else { positions.append(nil); continue }
                marks.append(.rectangle(rect, fill: color))
                let up = series.y[i] >= 0 || yScale.logarithmic
                positions.append(ScenePoint(x: rect.x + rect.width / 2, y: up ? rect.y : rect.y + rect.height))
                guard style.differentiateWithoutColor else { continue }
                overlays.append(.outline(rect, color: palette.text, width: 1, dash: []))
                if several {
                    let size = min(style.markerSize + 2, max(6, rect.width - 2))
                    let y = up ? rect.y - size / 2 - 3 : rect.y + rect.height + size / 2 + 3
                    overlays.append(
                        .marker(
                            shape, at: ScenePoint(x: rect.x + rect.width / 2, y: y), size: size,
                            fill: color, stroke: palette.text,
                            lineWidth: max(1.5, Self.markerLineWidth(shape, size: size))))
                }
            }
            pointPositions[s] = positions
        }
    }

    /// The marker shape of a scatter point coloured by `key` (category or series) in series `series`.
    func scatterShape(key: Int, series: Int) -> MarkerShape {
        if style.differentiateWithoutColor { return style.shape(key) }
        if categoryAxis != nil && chart.series.count > 1 { return ChartStyle.shapes[series % ChartStyle.shapes.count] }
        return .circle
    }

    /// Scatter markers: colour (and shape without colour) from the category axis or the series, width from
    /// the size axis (area proportional to the value, 6…22 pixels), each on a thin halo of background so
    /// overlapping markers stay apart; large markers first so small ones stay visible. Opaque throughout.
    /// Beyond 20,000 points only one marker per cell (half a marker wide) and colour is drawn.
    mutating func drawScatter() {
        struct Mark { var point: ScenePoint; var size: Double; var key: Int; var series: Int }
        let category = categoryAxis, sizing = sizeAxis
        let total = chart.series.reduce(0) { $0 + $1.count }
        let crowded = total > 20_000
        // Cells half a marker wide: neighbouring markers still overlap, so a dense cloud stays solid, and a screen
        // of them is about 30,000 markers (2-pixel cells drew up to 140,000 at this size, which GTK took 230 ms
        // to paint on the main loop).
        let cell = max(2, style.markerSize / 2)
        let cellColumns = Int(plot.width / cell) + 2, cellRows = Int(plot.height / cell) + 2
        var cells = crowded ? [Int32](repeating: -1, count: cellColumns * cellRows) : []
        var list: [Mark] = []
        for (s, series) in chart.series.enumerated() {
            let categories: [Int32]? = category.flatMap {
                guard series.additional.indices.contains($0.0), case .categorical(let c) = series.additional[$0.0],
                    c.count == series.count
                else { return nil }
                return c
            }
            let sizes: [Double]? = sizing.flatMap {
                guard series.additional.indices.contains($0.0), case .numeric(let v) = series.additional[$0.0],
                    v.count == series.count
                else { return nil }
                return v
            }
            for i in 0..<series.count {
                guard let p = position(series: s, index: i) else { continue }
                let key = categories.map { Int($0[i]) } ?? s
                if crowded {
                    let cell = Int((p.y - plot.y) / cell + 1) * cellColumns + Int((p.x - plot.x) / cell + 1)
                    if cell >= 0 && cell < cells.count {
                        if cells[cell] == Int32(truncatingIfNeeded: key) { continue }
                        cells[cell] = Int32(truncatingIfNeeded: key)
                    }
                }
                var size = style.markerSize
                if let sizes, let axis = sizing?.1, sizes[i].isFinite {
                    let span = axis.range.upperBound - axis.range.lowerBound
                    let t = span > 0 ? min(1, max(0, (sizes[i] - axis.range.lowerBound) / span)) : 0.5
                    let lo = style.sizeRange.lowerBound, hi = style.sizeRange.upperBound
                    size = (lo * lo + t * (hi * hi - lo * lo)).squareRoot()
                }
                list.append(Mark(point: p, size: size, key: key, series: s))
            }
            placeAllPoints(s)
        }
        if sizing != nil && !crowded { list.sort { $0.size > $1.size } }
        for mark in list {
            // A missing category is drawn in the text colour, as a plain circle.
            let color = mark.key >= 0 ? palette.seriesColor(mark.key) : palette.text
            let shape = mark.key >= 0 ? scatterShape(key: mark.key, series: mark.series) : .circle
            if !crowded {
                marks.append(
                    .marker(
                        shape, at: mark.point, size: mark.size + 3, fill: palette.background,
                        stroke: palette.background, lineWidth: Self.markerLineWidth(shape, size: mark.size) + 2))
            }
            marks.append(
                .marker(
                    shape, at: mark.point, size: mark.size, fill: color, stroke: color,
                    lineWidth: Self.markerLineWidth(shape, size: mark.size)))
        }
    }
}
