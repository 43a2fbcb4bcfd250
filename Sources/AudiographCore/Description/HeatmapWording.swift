// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartWording {
    /// "Distances: 5 rows by 5 columns, from 0 km (Berlin, Berlin) to 1,740 km (Madrid, Berlin). The highest
    /// row on average is Madrid." Values are said with their row and column.
    func heatmapSummary() -> String {
        var lowest: (Double, Int, Int)?, highest: (Double, Int, Int)?
        for (s, series) in chart.series.enumerated() {
            for (i, v) in series.y.enumerated() where v.isFinite {
                if lowest == nil || v < lowest!.0 { lowest = (v, s, i) }
                if highest == nil || v > highest!.0 { highest = (v, s, i) }
            }
        }
        let rows = chart.series.count, columns = chart.series.first?.count ?? 0
        let shape = Localization.trc(
            "grid", "%@ by %@", Localization.trn("%ld row", "%ld rows", rows, rows),
            Localization.trn("%ld column", "%ld columns", columns, columns))
        guard let lo = lowest, let hi = highest else { return Localization.tr("%@: %@, no values.", chart.title, shape) }
        func cell(_ c: (Double, Int, Int)) -> String { Localization.tr("%@, %@", chart.series[c.1].name, x.string(Double(c.2))) }
        var sentences = [
            Localization.tr(
                "%@: %@, from %@ (%@) to %@ (%@).", chart.title, shape, y(chart.series[lo.1]).string(lo.0), cell(lo),
                y(chart.series[hi.1]).string(hi.0), cell(hi))
        ]
        let means = chart.series.map { s -> Double? in
            let known = s.y.filter(\.isFinite)
            return known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
        }
        if rows >= 2, let top = means.indices.filter({ means[$0] != nil }).max(by: { means[$0]! < means[$1]! }) {
            sentences.append(Localization.tr("The highest row on average is %@.", chart.series[top].name))
        }
        if let diagonal {
            sentences.append(
                Localization.tr(
                    // TRANSLATORS: a correlation matrix's 1s, or a distance table's 0s, left out of the words above.
                    "The diagonal, each row with itself (%@ everywhere), is left out of these figures.",
                    y(chart.series[0]).string(diagonal.value)))
        }
        return Localization.sentences(sentences)
    }
}
