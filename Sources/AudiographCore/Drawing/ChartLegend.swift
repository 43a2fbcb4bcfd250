// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a legend entry shows beside its name.
enum LegendSwatch {
    /// A short line, with the series' marker when its points are marked.
    case line(color: RGBA, dash: [Double], marker: MarkerShape?)
    /// A marker of a scatter series, category or size.
    case marker(MarkerShape, size: Double, fill: RGBA?, stroke: RGBA)
    /// A small filled square for bars, with the series' marker when bars carry one.
    case bar(color: RGBA, marker: MarkerShape?)
}

/// One legend entry: a swatch and a name.
struct LegendEntry {
    var swatch: LegendSwatch
    var name: String
}

/// Legend entries flowed into rows from `origin`, wrapping at `maxWidth`; entries that do not fit in
/// `maxRows` rows are summed up as "+N more".
struct LegendLayout {
    var swatchItems: [SceneItem] = []
    var textItems: [SceneItem] = []
    /// Total height in pixels.
    var height = 0.0

    init(
        entries: [LegendEntry], origin: ScenePoint, maxWidth: Double, maxRows: Int, style: ChartStyle,
        measure: any TextMeasuring
    ) {
        let textSize = style.labelSize
        let swatchHeight =
            entries.map { entry -> Double in
                if case .marker(_, let size, _, _) = entry.swatch { return size }
                return style.markerSize
            }.max() ?? 0
        let rowHeight = max(textSize * SceneText.lineHeight, swatchHeight) + 4
        let spacing = 18.0, gap = 6.0, limit = origin.x + maxWidth
        // Flow the entries into rows, each name shortened to fit a row on its own.
        var placed: [(entry: Int, name: String, row: Int, x: Double, end: Double)] = []
        var x = origin.x, row = 0, overflow = false
        for (index, entry) in entries.enumerated() {
            let swatchWidth = Self.width(of: entry.swatch, style: style)
            let name = SceneText.truncated(
                entry.name, toWidth: maxWidth - swatchWidth - gap, size: textSize,
                measure: measure)
            let width = swatchWidth + gap + measure.width(of: name, size: textSize, bold: false)
            if x > origin.x && x + width > limit { row += 1; x = origin.x }
            if row >= maxRows { overflow = true; break }
            placed.append((index, name, row, x, x + width))
            x += width + spacing
        }
        // Too many: drop entries from the end until "+N more" fits on the last row.
        var more: (text: String, x: Double)?
        if overflow {
            while let last = placed.last {
                let text = Localization.tr("+%ld more", entries.count - placed.count)
                let start = last.end + spacing
                if start + measure.width(of: text, size: textSize, bold: false) <= limit { more = (text, start); break }
                placed.removeLast()
            }
            if placed.isEmpty { more = (Localization.tr("+%ld more", entries.count), origin.x) }
        }
        for p in placed {
            let swatch = entries[p.entry].swatch
            let swatchWidth = Self.width(of: swatch, style: style)
            let centreY = origin.y + (Double(p.row) + 0.5) * rowHeight
            swatchItems += Self.items(for: swatch, left: p.x, centreY: centreY, width: swatchWidth, style: style)
            if !p.name.isEmpty {
                textItems.append(
                    .text(
                        p.name, at: ScenePoint(x: p.x + swatchWidth + gap, y: centreY), anchor: .left,
                        size: textSize, bold: false, color: style.palette.text, rotation: 0))
            }
        }
        let rows = (placed.map(\.row).max() ?? 0) + 1
        if let more {
            let r = placed.last?.row ?? 0
            textItems.append(
                .text(
                    more.text, at: ScenePoint(x: more.x, y: origin.y + (Double(r) + 0.5) * rowHeight),
                    anchor: .left, size: textSize, bold: false, color: style.palette.text, rotation: 0))
        }
        height = Double(rows) * rowHeight
    }

    static func width(of swatch: LegendSwatch, style: ChartStyle) -> Double {
        switch swatch {
        case .line: return 30
        case .marker(_, let size, _, _): return max(size, 12)
        case .bar: return 14
        }
    }

    static func items(
        for swatch: LegendSwatch, left: Double, centreY: Double, width: Double,
        style: ChartStyle
    ) -> [SceneItem] {
        let centre = ScenePoint(x: left + width / 2, y: centreY)
        switch swatch {
        case let .line(color, dash, marker):
            var items: [SceneItem] = [
                .polyline(
                    [ScenePoint(x: left, y: centreY), ScenePoint(x: left + width, y: centreY)],
                    color: color, width: style.lineWidth, dash: dash)
            ]
            if let marker {
                items.append(
                    .marker(
                        marker, at: centre, size: style.markerSize, fill: color, stroke: color,
                        lineWidth: SceneDraft.markerLineWidth(marker, size: style.markerSize)))
            }
            return items
        case let .marker(shape, size, fill, stroke):
            return [
                .marker(
                    shape, at: centre, size: size, fill: fill, stroke: stroke,
                    lineWidth: fill == nil ? 1.5 : SceneDraft.markerLineWidth(shape, size: size))
            ]
        case let .bar(color, marker):
            var items: [SceneItem] = [.rectangle(SceneRect(x: left, y: centreY - 7, width: 14, height: 14), fill: color)]
            if let marker {
                items.append(
                    .outline(
                        SceneRect(x: left, y: centreY - 7, width: 14, height: 14), color: style.palette.text,
                        width: 1, dash: []))
                items.append(
                    .marker(
                        marker, at: centre, size: 8, fill: style.palette.background,
                        stroke: style.palette.text, lineWidth: 1.5))
            }
            return items
        }
    }
}

extension SceneDraft {
    /// The legend: one entry per series when there are several, or per category of a scatter plot's colour
    /// axis, plus the two ends of its size axis.
    func legendEntries() -> [LegendEntry] {
        var entries: [LegendEntry] = []
        let several = chart.series.count >= 2
        switch chart.kind {
        case .line, .area, .stackedArea:
            guard several else { return [] }
            for (s, series) in chart.series.enumerated() where !series.isTotal {
                let marked = series.count <= ChartSceneBuilder.maximumMarkedPoints || style.differentiateWithoutColor
                entries.append(
                    LegendEntry(
                        swatch: .line(
                            color: palette.seriesColor(s), dash: style.dash(s),
                            marker: marked ? style.shape(s) : nil), name: series.name))
            }
        case .heatmap:
            entries = heatmapLegendEntries()
        case .candlestick:
            entries.append(
                LegendEntry(
                    swatch: .marker(.square, size: 12, fill: nil, stroke: risingColor),
                    name: Localization.tr("Rising (close above open)")))
            entries.append(LegendEntry(swatch: .bar(color: fallingColor, marker: nil), name: Localization.tr("Falling")))
        case .bar, .histogram, .box, .groupedBar, .stackedBar:
            guard several else { return [] }
            for (s, series) in chart.series.enumerated() where !series.isTotal {
                entries.append(
                    LegendEntry(
                        swatch: .bar(
                            color: palette.seriesColor(s),
                            marker: style.differentiateWithoutColor ? style.shape(s) : nil),
                        name: series.name))
            }
        case .scatter:
            if let (_, axis) = categoryAxis {
                for (c, name) in axis.categories.enumerated() {
                    entries.append(
                        LegendEntry(
                            swatch: .marker(
                                scatterShape(key: c, series: 0), size: style.markerSize,
                                fill: palette.seriesColor(c), stroke: palette.seriesColor(c)),
                            name: name))
                }
            } else if several {
                for (s, series) in chart.series.enumerated() {
                    entries.append(
                        LegendEntry(
                            swatch: .marker(
                                scatterShape(key: s, series: s), size: style.markerSize,
                                fill: palette.seriesColor(s), stroke: palette.seriesColor(s)),
                            name: series.name))
                }
            }
            if let (_, axis) = sizeAxis, axis.range.upperBound > axis.range.lowerBound {
                for (value, size) in [
                    (axis.range.lowerBound, style.sizeRange.lowerBound),
                    (axis.range.upperBound, style.sizeRange.upperBound)
                ] {
                    entries.append(
                        LegendEntry(
                            swatch: .marker(.circle, size: size, fill: nil, stroke: palette.text),
                            name: Localization.tr("%@: %@", axis.title, axis.formatter.string(value))))
                }
            }
        }
        return entries
    }

    /// Series name labels right of the plot, each at the height of its line's last point (moved apart so they
    /// do not overlap), with its marker and a thin leader line when the label had to move.
    mutating func drawEndLabels() {
        guard drawsEndLabels else { return }
        var wanted: [(series: Int, point: ScenePoint)] = []
        for (s, series) in chart.series.enumerated() {
            guard let last = series.y.lastIndex(where: { $0.isFinite }) else { continue }
            let px = xMap.pixel(series.x[last]), py = yMap.pixel(series.y[last])
            guard px.isFinite, py.isFinite else { continue }
            wanted.append((s, ScenePoint(x: px, y: py)))
        }
        let spacing = labelHeight + 2
        let top = plot.y, bottom = plot.y + plot.height
        let order = wanted.indices.sorted { wanted[$0].point.y < wanted[$1].point.y }
        var ys = order.map { min(max(wanted[$0].point.y, top), bottom) }
        for k in ys.indices.dropFirst() where ys[k] < ys[k - 1] + spacing { ys[k] = ys[k - 1] + spacing }
        if let last = ys.last, last > bottom {
            ys[ys.count - 1] = bottom
            for k in ys.indices.reversed().dropFirst() where ys[k] > ys[k + 1] - spacing { ys[k] = ys[k + 1] - spacing }
        }
        let markerX = plot.x + plot.width + 8 + style.markerSize / 2
        for (k, index) in order.enumerated() {
            let (s, point) = wanted[index]
            let color = palette.seriesColor(s), y = ys[k]
            if point.x < plot.x + plot.width - style.markerSize - 4 || abs(point.y - y) > 1 {
                overlays.append(
                    .polyline(
                        [point, ScenePoint(x: markerX - style.markerSize / 2 - 2, y: y)],
                        color: color, width: 1, dash: []))
            }
            // The label's own marker, unless the line ends in one right beside it: at the plot's right edge and
            // within a text line of the label (a second marker there would read as "●● Name").
            let shape = style.shape(s)
            let endsInMarker =
                chart.series[s].count <= ChartSceneBuilder.maximumMarkedPoints
                && abs(point.y - y) < labelHeight && point.x >= plot.x + plot.width - style.markerSize - 4
            if !endsInMarker {
                overlays.append(
                    .marker(
                        shape, at: ScenePoint(x: markerX, y: y), size: style.markerSize, fill: color,
                        stroke: color, lineWidth: Self.markerLineWidth(shape, size: style.markerSize)))
            }
            let textX = endsInMarker ? markerX - style.markerSize / 2 : markerX + style.markerSize / 2 + 4
            addLabel(
                .text(
                    endLabelNames[s], at: ScenePoint(x: textX, y: y), anchor: .left,
                    size: style.labelSize, bold: false, color: palette.text, rotation: 0), .endLabel)
        }
    }
}
