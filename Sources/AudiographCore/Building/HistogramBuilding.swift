// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartInference {
    /// The histogram of the layout's x column: one series whose points are its bins (x the bin's middle,
    /// y its count), on an x axis in the column's units and a count axis from zero.
    static func buildHistogram(_ table: Table, layout: Layout, settings: ChartSettings) -> (
        chart: ChartDescriptor, warnings: [String]
    ) {
        var warnings: [String] = []
        guard let x = layout.x, case .numeric(let values, let digits) = table.columns[x].data else {
            preconditionFailure("a histogram's layout names a numeric x column")  // l10n: not shown
        }
        let column = table.columns[x]
        var histogram = Histogram(values, binCount: settings.bins)
        histogram?.fractionDigits = digits
        let missing = values.count - (histogram?.valueCount ?? 0)
        if missing > 0 {
            warnings.append(
                Localization.trn(
                    "%ld row has no %@ value and is left out.", "%ld rows have no %@ value and are left out.",
                    missing, missing, column.header))
        }
        let bins = histogram?.bins ?? []
        let low = bins.first?.from ?? 0, high = bins.last?.to ?? 0
        let edgeDigits =
            bins.map { max(ValueFormatter.decimalsNeeded($0.to - $0.from), ValueFormatter.decimalsNeeded(abs($0.from))) }.max()
            ?? 0
        let xAxis = NumericAxis(
            title: column.title, unit: column.unit, range: low...high,
            gridlines: Gridlines.linear(low...high),
            formatter: xFormatter(for: column, digits: min(6, edgeDigits), readingYears: false))
        let top = Double(bins.map(\.count).max() ?? 0)
        let yAxis = NumericAxis(
            title: Localization.tr("Count"), unit: settings.unit, range: 0...max(1, top),
            gridlines: Gridlines.linear(0...max(1, top), wholeNumbers: true),
            formatter: ValueFormatter(unit: settings.unit, fractionDigits: 0, usesGrouping: true))
        var series = DataSeries(
            name: column.title, isContinuous: false,
            x: bins.map { ($0.from + $0.to) / 2 }, y: bins.map { Double($0.count) })
        series.histogram = histogram
        series.fractionDigits = 0
        let title = settings.title ?? Localization.tr("Distribution of %@", Localization.titleInSentence(column.title))
        let chart = ChartDescriptor(
            title: title, summary: settings.summary, kind: .histogram, xAxis: .numeric(xAxis),
            yAxis: yAxis, series: histogram == nil ? [] : [series])
        return (chart, warnings)
    }
}
