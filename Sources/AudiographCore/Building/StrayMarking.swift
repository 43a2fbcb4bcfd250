// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds the points of a chart whose x (along a time) or y looks out of place (`StrayValues`), marks them on
/// their series (`DataSeries.strays`) and writes a note for each (at most three). Issue 46:
/// a peak dated "March 1182" in a table of the 1800s was said without a flag.
enum StrayMarking {
    /// Most notes written for one chart; the rest are still marked where they are spoken.
    static let noteLimit = 3

    /// Marks `chart`'s strays and returns the notes about them.
    static func mark(_ chart: inout ChartDescriptor) -> [String] {
        let pointKinds: [ChartKind] = [.line, .area, .scatter, .bar]
        guard pointKinds.contains(chart.kind), !chart.isMap else { return [] }
        let xIsTime: Bool = {
            switch chart.xAxis {
            case .date(let a): return a.precision != .timeOfDay
            case .numeric(let a): return !a.formatter.usesGrouping && a.formatter.fractionDigits == 0
            case .categorical: return false
            }
        }()
        let x = XValueFormatting(axis: chart.xAxis)
        var notes: [String] = []
        var notedTimes: Set<Double> = []
        for k in chart.series.indices
        where !chart.series[k].isTotal && chart.series[k].histogram == nil
            && chart.series[k].boxes == nil && chart.series[k].candles == nil
        {
            let s = chart.series[k]
            let xStrays = xIsTime ? StrayValues.amongTimes(s.x) : []
            let (yStrays, typical, isMedian) = StrayValues.amongMeasures(s.y)
            guard !xStrays.isEmpty || !yStrays.isEmpty else { continue }
            chart.series[k].strays = Array(Set(xStrays + yStrays)).sorted()
            let y = chart.valueFormatter(for: s)
            // TRANSLATORS: ends a note about a value that looks wrong.
            let check = Localization.tr(" Check it in the file.")
            // The least and greatest time that is no stray, in one pass.
            let strayTimes = Set(xStrays)
            var low = Double.infinity, high = -Double.infinity
            for i in s.x.indices where s.x[i].isFinite && !strayTimes.contains(i) {
                low = min(low, s.x[i])
                high = max(high, s.x[i])
            }
            // The series of one table share their x: a stray time is said once, not once per series.
            for i in xStrays where notes.count < noteLimit && low <= high && notedTimes.insert(s.x[i]).inserted {
                notes.append(
                    Localization.tr(
                        "%@ in %@ looks out of place: the others run from %@ to %@.", x.string(s.x[i]),
                        Localization.titleInSentence(chart.xAxis.title), x.string(low), x.string(high)) + check)
            }
            for i in yStrays where notes.count < noteLimit {
                notes.append(
                    (isMedian
                        ? Localization.tr(
                            "%@ in %@ looks out of place: over a thousand times the median (%@).",
                            y.string(s.y[i]), Localization.titleInSentence(s.name), y.derived(typical))
                        : Localization.tr(
                            // TRANSLATORS: the middle 90% of values: from the 5th to the 95th percentile.
                            "%@ in %@ looks out of place: over a thousand times the width of the middle 90%% of values (%@).",
                            y.string(s.y[i]), Localization.titleInSentence(s.name), y.derived(typical))) + check)
            }
        }
        return notes
    }
}
