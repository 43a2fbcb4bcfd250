// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension SceneDraft {
    /// Colour of rising candles (hollow) and of falling ones (filled): the palette's first two series colours,
    /// which stay apart for colour-blind readers; hollow against filled tells them apart without colour.
    var risingColor: RGBA { palette.seriesColor(0) }
    var fallingColor: RGBA { palette.seriesColor(1) }

    /// Pixels of candle `i` of series `s` from its high to its low, as wide as its body; nil without one.
    func candleRect(series s: Int, index i: Int) -> SceneRect? {
        let series = chart.series[s]
        guard let candle = series.candles?[i] else { return nil }
        let centre = xMap.pixel(series.x[i]), top = yMap.pixel(candle.high), bottom = yMap.pixel(candle.low)
        guard centre.isFinite, top.isFinite, bottom.isFinite else { return nil }
        let width = max(3, min(barGroupWidth, 40).rounded())
        return SceneRect(
            x: (centre - width / 2).rounded(), y: top.rounded(), width: width,
            height: max(2, (bottom - top).rounded()))
    }

    /// Candles: a wick from low to high, and a body from open to close, hollow (outlined) when the price rose
    /// and filled when it fell, so the two differ without colour too.
    mutating func drawCandles() {
        for (s, series) in chart.series.enumerated() {
            guard let candles = series.candles else { continue }
            var positions: [ScenePoint?] = []
            for (i, candle) in candles.enumerated() {
                guard let whole = candleRect(series: s, index: i) else { positions.append(nil); continue }
                let color = candle.isRising ? risingColor : fallingColor
                let centre = crisp(whole.x + whole.width / 2, width: 1)
                marks.append(
                    .polyline(
                        [ScenePoint(x: centre, y: whole.y), ScenePoint(x: centre, y: whole.y + whole.height)],
                        color: color, width: 1, dash: []))
                let yOpen = yMap.pixel(candle.open).rounded(), yClose = yMap.pixel(candle.close).rounded()
                let body = SceneRect(x: whole.x, y: min(yOpen, yClose), width: whole.width, height: max(2, abs(yOpen - yClose)))
                if candle.isRising {
                    marks.append(.rectangle(body, fill: palette.background))
                    marks.append(.outline(body, color: color, width: 2, dash: []))
                } else {
                    marks.append(.rectangle(body, fill: color))
                }
                positions.append(ScenePoint(x: centre, y: yMap.pixel(candle.close)))
            }
            pointPositions[s] = positions
        }
    }
}
