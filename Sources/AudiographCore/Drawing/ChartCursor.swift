// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension SceneDraft {
    /// The focus cursor on top of everything: a focus frame round the whole chart, then for lines and scatter plots a vertical line through the plot at
    /// the point's x and a ring round the point; for bars a frame round the bar. Each is drawn over a wider
    /// stroke of background colour so it stands apart from the marks beneath, whatever their colour.
    mutating func drawCursor(_ focus: ChartFocus) {
        // The keyboard focus on the chart itself: a frame just inside the chart's edge, like GTK's focus ring.
        // On whole pixels (a 2 px stroke centred 1 px in), so its edges are crisp, not grey.
        let focusFrame = SceneRect(x: 1, y: 1, width: size.width - 2, height: size.height - 2)
        cursor.append(.outline(focusFrame, color: palette.cursor, width: 2, dash: []))
        if let selection = focus.selection { drawSelection(selection) }
        guard chart.series.indices.contains(focus.series) else { return }
        let series = chart.series[focus.series]
        guard focus.index >= 0, focus.index < series.count else { return }
        let width = style.cursorWidth, halo = style.cursorWidth + 3
        if let band = focus.band {
            // An interval of a long series: a frame round the span of its values.
            let frame = pixelRect(band).insetBy(-4)
            cursor.append(.outline(frame, color: palette.background, width: halo, dash: []))
            cursor.append(.outline(frame, color: palette.cursor, width: width, dash: []))
            return
        }
        if shapeRect(series: focus.series, index: focus.index) != nil, series.count <= ChartSceneBuilder.maximumPlacedPoints {
            guard let shape = shapeRect(series: focus.series, index: focus.index) else { return }
            let frame = SceneRect(x: shape.x - 4, y: shape.y - 4, width: shape.width + 8, height: shape.height + 8)
            cursor.append(.outline(frame, color: palette.background, width: halo, dash: []))
            cursor.append(.outline(frame, color: palette.cursor, width: width, dash: []))
            if let value = focus.value, case let y = yMap.pixel(value), y.isFinite {
                // A part of the shape (a box's quartile or whisker): a bar across it, beyond the frame.
                let across = [ScenePoint(x: frame.x - 8, y: y), ScenePoint(x: frame.x + frame.width + 8, y: y)]
                cursor.append(.polyline(across, color: palette.background, width: halo, dash: []))
                cursor.append(.polyline(across, color: palette.cursor, width: width, dash: []))
            }
            return
        }
        let x = xMap.pixel(series.x[focus.index])
        guard x.isFinite else { return }
        let point = position(series: focus.series, index: focus.index)
        let ring = ringSize(focus)
        // The line stops at the ring, so its halo does not cut through the focused point's own marker.
        let top = plot.y, bottom = plot.y + plot.height
        let lines =
            point.map { p in
                [
                    [ScenePoint(x: x, y: top), ScenePoint(x: x, y: max(top, p.y - ring / 2))],
                    [ScenePoint(x: x, y: min(bottom, p.y + ring / 2)), ScenePoint(x: x, y: bottom)]
                ]
            } ?? [[ScenePoint(x: x, y: top), ScenePoint(x: x, y: bottom)]]
        for line in lines where line[1].y - line[0].y > 0.5 {
            cursor.append(.polyline(line, color: palette.background, width: halo, dash: []))
            cursor.append(.polyline(line, color: palette.cursor, width: width, dash: []))
        }
        guard let point else { return }
        cursor.append(.marker(.circle, at: point, size: ring, fill: nil, stroke: palette.background, lineWidth: halo))
        cursor.append(.marker(.circle, at: point, size: ring, fill: nil, stroke: palette.cursor, lineWidth: width))
    }

    /// The selected range: a dashed frame from its first x to its last, the plot's full height, over a wider
    /// stroke of background colour (a frame, not a tint, so it shows with reduced transparency and without colour).
    private mutating func drawSelection(_ span: ClosedRange<Double>) {
        let xs = [xMap.pixel(span.lowerBound), xMap.pixel(span.upperBound)].filter(\.isFinite)
        guard let left = xs.min(), let right = xs.max() else { return }
        let frame = SceneRect(x: left - 8, y: plot.y + 2, width: right - left + 16, height: plot.height - 4)
        cursor.append(.outline(frame, color: palette.background, width: style.cursorWidth + 3, dash: []))
        cursor.append(.outline(frame, color: palette.cursor, width: style.cursorWidth, dash: [8, 5]))
    }

    /// Diameter in pixels of the cursor's ring round the point `focus` (to the middle of its stroke).
    func ringSize(_ focus: ChartFocus) -> Double {
        max(style.markerSize, focusedMarkerSize(focus)) + style.cursorGap
    }

    /// Width in pixels of the focused point's marker (scatter points may be sized by a value).
    func focusedMarkerSize(_ focus: ChartFocus) -> Double {
        let additional = chart.series[focus.series].additional
        guard chart.kind == .scatter, let (column, axis) = sizeAxis, additional.indices.contains(column),
            case .numeric(let values) = additional[column], values.indices.contains(focus.index),
            values[focus.index].isFinite
        else { return style.markerSize }
        let span = axis.range.upperBound - axis.range.lowerBound
        let t = span > 0 ? min(1, max(0, (values[focus.index] - axis.range.lowerBound) / span)) : 0.5
        let lo = style.sizeRange.lowerBound, hi = style.sizeRange.upperBound
        return (lo * lo + t * (hi * hi - lo * lo)).squareRoot()
    }
}

extension SceneDraft {
    /// The pixels of a data rectangle, at least 2 px each way, kept inside the plot.
    func pixelRect(_ data: DataRect) -> SceneRect {
        let xs = [xMap.pixel(data.x.lowerBound), xMap.pixel(data.x.upperBound)].filter(\.isFinite)
        let ys = [yMap.pixel(data.y.lowerBound), yMap.pixel(data.y.upperBound)].filter(\.isFinite)
        let left = xs.min() ?? plot.x, right = xs.max() ?? plot.x + plot.width
        let top = ys.min() ?? plot.y, bottom = ys.max() ?? plot.y + plot.height
        let rect = SceneRect(x: left, y: top, width: right - left, height: bottom - top).insetBy(-1)
        return rect
    }

    /// Where each element of `elements` is drawn: a point's cursor ring to its outer edge (at least 16 px
    /// square, so a magnifier following the focus shows the whole ring), a bar, a missing value's column, an
    /// interval's span of values.
    func frames(of elements: SeriesElements) -> [SceneRect] {
        let s = elements.series
        guard chart.series.indices.contains(s) else { return [] }
        let series = chart.series[s]
        return (0..<elements.count).map { e -> SceneRect in
            let points = elements.points(of: e)
            if !elements.isIntervals, let i = points.first {
                if let shape = shapeRect(series: s, index: i) { return shape }
                if let p = position(series: s, index: i) {
                    let side = max(16, ringSize(ChartFocus(series: s, index: i)) + style.cursorWidth)
                    return SceneRect(x: p.x - side / 2, y: p.y - side / 2, width: side, height: side)
                }
                let x = xMap.pixel(series.x[i])
                return SceneRect(x: (x.isFinite ? x : plot.x) - 2, y: plot.y, width: 4, height: plot.height)
            }
            let summary = elements.summary(of: e, in: series)
            let y =
                summary.minY.flatMap { lo in summary.maxY.map { lo...$0 } }
                ?? yMap.range.lowerBound...yMap.range.upperBound
            var rect = pixelRect(DataRect(x: summary.firstX...summary.lastX, y: y))
            if chart.kind.drawsBars {
                // Bars reach down to the axis base; the frame covers them.
                rect = SceneRect(
                    x: rect.x - barGroupWidth / 2, y: rect.y, width: rect.width + barGroupWidth,
                    height: max(rect.height, plot.y + plot.height - rect.y))
            }
            return rect
        }
    }
}

extension SceneRect {
    /// The rectangle grown by `-amount` on every side (shrunk for positive amounts), at least 2 px each way.
    func insetBy(_ amount: Double) -> SceneRect {
        let w = max(2, width - 2 * amount), h = max(2, height - 2 * amount)
        return SceneRect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }
}
