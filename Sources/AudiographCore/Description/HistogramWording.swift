// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartWording {
    /// The column's formatter (the histogram's x axis), for values and their centre.
    private var valueFormat: ValueFormatter {
        var formatter = ValueFormatter()
        if case .numeric(let axis) = chart.xAxis { formatter = axis.formatter }
        formatter.fractionDigits = chart.series.first?.histogram?.fractionDigits ?? formatter.fractionDigits
        return formatter
    }

    /// "32 values" or, with a unit for the counts, "32 cars".
    func countWords(_ n: Int) -> String {
        chart.yAxis.unit == nil
            ? Localization.trn("%@ value", "%@ values", n, chart.yAxis.formatter.string(Double(n)))
            : chart.yAxis.formatter.string(Double(n))
    }

    /// "Distribution of weight: 32 values from 1.5 to 5.4 in 8 bins; the fullest is 3 to 3.5 (8 values).",
    /// then its shape when there are enough values to tell one.
    func histogramSummary(_ s: DataSeries) -> String {
        guard let h = s.histogram, !h.bins.isEmpty else { return Localization.tr("%@: no values to show.", chart.title) }
        let mode = h.bins[h.modalBin]
        var sentences = [
            Localization.tr(
                "%@: %@ from %@ in %@; the fullest is %@ (%@).", chart.title,
                countWords(h.valueCount), valueFormat.span(h.minimum, h.maximum),
                Localization.trn("%ld bin", "%ld bins", h.bins.count, h.bins.count),
                x.span(mode.from, mode.to), countWords(mode.count))
        ]
        if let shape = shapeWords(h) { sentences.append(Localization.sentence(capitalized(shape))) }
        return Localization.sentences(sentences)
    }

    /// A paragraph: how many values, their range, centre and spread, the fullest bin and the shape.
    func histogramDescription(_ s: DataSeries) -> String {
        guard let h = s.histogram, !h.bins.isEmpty else { return Localization.tr("%@: no values.", s.name) }
        var sentences = [
            Localization.tr(
                "%@: %@ from %@, in %@ of width %@.", s.name, countWords(h.valueCount),
                valueFormat.span(h.minimum, h.maximum),
                Localization.trn("%ld bin", "%ld bins", h.bins.count, h.bins.count),
                x.string(h.bins[0].to - h.bins[0].from))
        ]
        sentences.append(
            Localization.sentence(
                Localization.tr(
                    "Mean %@, median %@, standard deviation %@", valueFormat.derived(h.mean),
                    valueFormat.derived(h.median), valueFormat.derived(h.standardDeviation))))
        if let shape = shapeWords(h) { sentences.append(Localization.sentence(capitalized(shape))) }
        return Localization.sentences(sentences)
    }

    /// "2 peaks: 1.5 to 2 and 4 to 4.5", "skewed to the right: a long tail of high values", or nil when
    /// there are too few values (under 30) or the shape is not clear.
    func shapeWords(_ h: Histogram) -> String? {
        guard h.valueCount >= 30 else { return nil }
        let peaks = h.peaks
        if peaks.count >= 2 {
            let places = peaks.prefix(4).map { x.span(h.bins[$0].from, h.bins[$0].to) }
            return Localization.trn("%ld peak: %@", "%ld peaks: %@", peaks.count, peaks.count, Localization.list(places))
        }
        guard h.standardDeviation > 0 else { return nil }
        // Pearson's second skewness coefficient; beyond ±0.5 the tail is plain to see.
        let skew = 3 * (h.mean - h.median) / h.standardDeviation
        if skew > 0.5 { return Localization.tr("skewed to the right: a long tail of high values") }
        if skew < -0.5 { return Localization.tr("skewed to the left: a long tail of low values") }
        return nil
    }
}
