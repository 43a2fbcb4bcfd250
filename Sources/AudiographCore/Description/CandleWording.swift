// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartWording {
    /// "Google monthly prices: 26 candles from January 3, 2012 to February 3, 2014; the close went from 580.11
    /// to 1,180.97 USD (+104%). 17 rising, 9 falling. Highest high 1,186.54 USD (January 2, 2014), lowest low
    /// 556.52 USD (June 1, 2012)."
    func candleSummary(_ s: DataSeries) -> String {
        guard let candles = s.candles, let first = candles.first, let last = candles.last,
            let hi = candles.indices.max(by: { candles[$0].high < candles[$1].high }),
            let lo = candles.indices.min(by: { candles[$0].low < candles[$1].low })
        else {
            return Localization.tr("%@: no values to show.", chart.title)
        }
        let rising = candles.filter(\.isRising).count
        let span = Localization.trn("%ld candle", "%ld candles", candles.count, candles.count)
        let from = x.string(s.x[0]), to = x.string(s.x[candles.count - 1])
        var sentences: [String]
        if first.close != 0 {
            let change = (last.close - first.close) / abs(first.close) * 100
            let signed = (change >= 0 ? "+" : "") + ValueFormatter.format(change, fractionDigits: 0, grouping: true) + "%"
            sentences = [
                Localization.tr(
                    "%@: %@ from %@ to %@; the close went from %@ to %@ (%@).", chart.title, span, from, to,
                    y(s).plain(first.close), y(s).string(last.close), signed)
            ]
        } else {
            sentences = [
                Localization.tr(
                    "%@: %@ from %@ to %@; the close went from %@ to %@.", chart.title, span, from, to,
                    y(s).plain(first.close), y(s).string(last.close))
            ]
        }
        sentences.append(Localization.tr("%ld rising, %ld falling.", rising, candles.count - rising))
        sentences.append(
            Localization.tr(
                "Highest high %@ (%@), lowest low %@ (%@).", y(s).string(candles[hi].high), x.string(s.x[hi]),
                y(s).string(candles[lo].low), x.string(s.x[lo])))
        return Localization.sentences(sentences)
    }
}
