// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension SceneDraft {
    /// Pixels of a box plot's box of point `i` of series `s`: from its lowest to its highest value (outliers
    /// included), as wide as a category's bar; nil when it has no box.
    func boxRect(series s: Int, index i: Int) -> SceneRect? {
        let series = chart.series[s]
        guard let box = series.boxes?[i] else { return nil }
        let centre = xMap.pixel(series.x[i]), top = yMap.pixel(box.max), bottom = yMap.pixel(box.min)
        guard centre.isFinite, top.isFinite, bottom.isFinite else { return nil }
        // On whole pixels, so the outline drawn without colour and the whiskers stay crisp.
        let width = min(barGroupWidth, 120).rounded()
        return SceneRect(
            x: (centre - width / 2).rounded(), y: min(top, bottom).rounded(), width: width,
            height: max(2, abs(bottom - top).rounded()))
    }

    /// Where the element of point `i` is drawn when it is a shape of its own (a bar or a box); nil otherwise.
    func shapeRect(series s: Int, index i: Int) -> SceneRect? {
        switch chart.kind {
        case .bar, .histogram, .groupedBar, .stackedBar: return barRect(series: s, index: i)
        case .box: return boxRect(series: s, index: i)
        case .candlestick: return candleRect(series: s, index: i)
        case .heatmap: return cellRect(series: s, index: i)
        case .line, .scatter, .area, .stackedArea: return nil
        }
    }

    /// Tukey box plots: a box from Q1 to Q3 in the series colour with the median across it in the background
    /// colour (a gap that reads in every mode), whiskers with caps in the text colour, and each outlier a
    /// hollow circle. Without colour the box is outlined too.
    mutating func drawBoxes() {
        for (s, series) in chart.series.enumerated() {
            guard let boxes = series.boxes else { continue }
            let color = palette.seriesColor(s)
            var positions: [ScenePoint?] = []
            for (i, box) in boxes.enumerated() {
                guard let whole = boxRect(series: s, index: i) else { positions.append(nil); continue }
                let lineWidth = 2.0
                let centre = crisp(whole.x + whole.width / 2, width: lineWidth)
                let yQ1 = yMap.pixel(box.q1).rounded(), yQ3 = yMap.pixel(box.q3).rounded()
                let yMedian = crisp(yMap.pixel(box.median), width: 3)
                let body = SceneRect(x: whole.x, y: min(yQ1, yQ3), width: whole.width, height: max(2, abs(yQ1 - yQ3)))
                for (end, start) in [(box.upperWhisker, yQ3), (box.lowerWhisker, yQ1)] {
                    let y = crisp(yMap.pixel(end), width: lineWidth)
                    marks.append(
                        .polyline(
                            [ScenePoint(x: centre, y: start), ScenePoint(x: centre, y: y)],
                            color: palette.text, width: lineWidth, dash: []))
                    // Caps end on whole pixels too: a part-covered pixel at each end is grey, not text colour.
                    let capLeft = (centre - whole.width / 4).rounded(), capRight = (centre + whole.width / 4).rounded()
                    marks.append(
                        .polyline(
                            [ScenePoint(x: capLeft, y: y), ScenePoint(x: capRight, y: y)],
                            color: palette.text, width: lineWidth, dash: []))
                }
                marks.append(.rectangle(body, fill: color))
                marks.append(
                    .polyline(
                        [ScenePoint(x: body.x, y: yMedian), ScenePoint(x: body.x + body.width, y: yMedian)],
                        color: palette.background, width: 3, dash: []))
                if style.differentiateWithoutColor {
                    overlays.append(.outline(body, color: palette.text, width: 1, dash: []))
                }
                for outlier in box.outliers {
                    let y = yMap.pixel(outlier)
                    guard y.isFinite else { continue }
                    marks.append(
                        .marker(
                            .circle, at: ScenePoint(x: centre, y: y), size: style.markerSize, fill: nil,
                            stroke: color, lineWidth: 2))
                }
                positions.append(ScenePoint(x: centre, y: yMedian))
            }
            pointPositions[s] = positions
        }
    }
}
