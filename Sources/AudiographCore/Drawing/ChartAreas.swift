// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension SceneDraft {
    /// Series `s` as an area: its line, with the band below it filled down to zero (an area chart, translucent
    /// so areas behind show through) or down to the series beneath it (a stacked area chart, opaque bands in a
    /// lighter shade of the series colour). Reduce Transparency makes the translucent fill the opaque colour
    /// it would look like on the background. Over 20,000 points only the line is drawn.
    mutating func drawArea(_ s: Int) {
        let series = chart.series[s]
        let color = palette.seriesColor(s)
        let stacked = chart.kind == .stackedArea
        let fill =
            stacked
            ? color.opaque(share: 0.55, over: palette.background)
            : (style.reduceTransparency
                ? color.opaque(share: 0.3, over: palette.background)
                : RGBA(red: color.red, green: color.green, blue: color.blue, alpha: 0.3))
        if series.count <= 20_000 {
            let zero = yMap.pixel(
                yScale.logarithmic
                    ? yScale.range.lowerBound
                    : min(max(0, yScale.range.lowerBound), yScale.range.upperBound))
            var top: [ScenePoint] = [], bottom: [ScenePoint] = []
            func finish() {
                if top.count >= 2 { marks.append(.polygon(top + bottom.reversed(), fill: fill)) }
                top = []; bottom = []
            }
            for i in XOrder.indices(of: series) {
                guard let p = position(series: s, index: i) else { finish(); continue }
                top.append(p)
                bottom.append(ScenePoint(x: p.x, y: stacked ? yMap.pixel(stackBase(series: s, index: i)) : zero))
            }
            finish()
        }
        drawLine(s)
    }

    /// A total layer is not drawn; its points sit at the top of its stack (or its group's highest bar), where
    /// the cursor and the element frames find them.
    mutating func placeTotal(_ s: Int) {
        let series = chart.series[s]
        pointPositions[s] = (0..<series.count).map { i in
            barRect(series: s, index: i).map { ScenePoint(x: $0.x + $0.width / 2, y: $0.y) }
        }
    }
}
