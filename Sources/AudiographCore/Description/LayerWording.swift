// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartWording {
    /// For a chart with a total layer: "World phones: 7 series from 1951 to 1961, and their total, from 74,494
    /// thousand phones in 1951 to 141,700 thousand phones in 1961. North America is the largest part in 1961:
    /// 79,831 of 141,700 thousand phones." Nil when the chart has no total layer.
    func layeredSummary() -> String? {
        guard let t = chart.series.firstIndex(where: \.isTotal) else { return nil }
        let total = chart.series[t]
        let layers = chart.series.filter { !$0.isTotal }
        let known = total.y.indices.filter { total.y[$0].isFinite }
        guard let first = known.first, let last = known.last else { return nil }
        var sentences = [
            Localization.tr(
                "%@: %@ from %@ to %@, and their total, from %@ %@ to %@ %@.", chart.title,
                Localization.trn("%ld series", "%ld series", layers.count, layers.count),
                x.string(total.x[first]), x.string(total.x[last]),
                y(total).string(total.y[first]), at(total.x[first]),
                y(total).string(total.y[last]), at(total.x[last]))
        ]
        // The largest layer where the total ends.
        let endX = total.x[last]
        let parts = layers.compactMap { s -> (String, Double)? in
            guard let i = s.x.firstIndex(of: endX), s.y[i].isFinite else { return nil }
            return (s.name, s.y[i])
        }
        if let largest = parts.max(by: { $0.1 < $1.1 }) {
            sentences.append(
                Localization.tr(
                    "%@ is the largest part %@: %@ of %@.", largest.0, at(endX),
                    y(total).plain(largest.1), y(total).string(total.y[last])))
        }
        return Localization.sentences(sentences)
    }
}
