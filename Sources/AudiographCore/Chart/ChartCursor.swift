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
        guard chart.series.indices.contains(focus.series) else { return }
        let series = chart.series[focus.series]
        guard focus.index >= 0, focus.index < series.count else { return }
        let width = style.cursorWidth, halo = style.cursorWidth + 3
        if chart.kind == .bar && series.count <= ChartSceneBuilder.maximumPlacedPoints {
            guard let bar = barRect(series: focus.series, index: focus.index) else { return }
            let frame = SceneRect(x: bar.x - 4, y: bar.y - 4, width: bar.width + 8, height: bar.height + 8)
            cursor.append(.outline(frame, color: palette.background, width: halo, dash: []))
            cursor.append(.outline(frame, color: palette.cursor, width: width, dash: []))
            return
        }
        let x = xMap.pixel(series.x[focus.index])
        guard x.isFinite else { return }
        let line = [ScenePoint(x: x, y: plot.y), ScenePoint(x: x, y: plot.y + plot.height)]
        cursor.append(.polyline(line, color: palette.background, width: halo, dash: []))
        cursor.append(.polyline(line, color: palette.cursor, width: width, dash: []))
        guard let point = position(series: focus.series, index: focus.index) else { return }
        let ring = max(style.markerSize, focusedMarkerSize(focus)) + 10
        cursor.append(.marker(.circle, at: point, size: ring, fill: nil, stroke: palette.background, lineWidth: halo))
        cursor.append(.marker(.circle, at: point, size: ring, fill: nil, stroke: palette.cursor, lineWidth: width))
    }

    /// Width in pixels of the focused point's marker (scatter points may be sized by a value).
    func focusedMarkerSize(_ focus: ChartFocus) -> Double {
        let additional = chart.series[focus.series].additional
        guard chart.kind == .scatter, let (column, axis) = sizeAxis, additional.indices.contains(column),
              case .numeric(let values) = additional[column], values.indices.contains(focus.index),
              values[focus.index].isFinite else { return style.markerSize }
        let span = axis.range.upperBound - axis.range.lowerBound
        let t = span > 0 ? min(1, max(0, (values[focus.index] - axis.range.lowerBound) / span)) : 0.5
        let lo = style.sizeRange.lowerBound, hi = style.sizeRange.upperBound
        return (lo * lo + t * (hi * hi - lo * lo)).squareRoot()
    }
}
