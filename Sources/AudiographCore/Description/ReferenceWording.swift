// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The words of a reference level: its name as said, the crossing phrase, the drawn line's label and the
/// command line's account. Values are written with the series' formatter (its unit and decimals).
extension ReferenceLevel {
    /// The level as said inside a sentence: "the mean", "the median", "zero", or the number with its unit
    /// ("200 births per 10,000 people", with every decimal it was given).
    public func spokenName(formatter: ValueFormatter) -> String {
        switch self {
        case .mean: return Localization.tr("the mean")
        case .median: return Localization.tr("the median")
        case .zero: return Localization.tr("zero")
        case .value(let number): return formatter.exact(number)
        }
    }

    /// What is said when a series passes the level: "crossed the mean", "crossed the median", "crossed
    /// zero", "crossed 200 births per 10,000 people".
    public func crossingPhrase(formatter: ValueFormatter) -> String {
        switch self {
        case .mean: return Localization.tr("crossed the mean")
        case .median: return Localization.tr("crossed the median")
        case .zero: return Localization.tr("crossed zero")
        case .value(let number): return Localization.tr("crossed %@", formatter.exact(number))
        }
    }

    /// The label of the line drawn at the level `value` (y units): "Mean: 178 births per 10,000 people",
    /// "Median: 181 births per 10,000 people", "Zero", "Reference: 200 births per 10,000 people".
    public func lineLabel(value: Double, formatter: ValueFormatter) -> String {
        switch self {
        case .mean: return Localization.tr("Mean: %@", formatter.derived(value))
        case .median: return Localization.tr("Median: %@", formatter.derived(value))
        case .zero: return Localization.tr("Zero")
        case .value(let number): return Localization.tr("Reference: %@", formatter.exact(number))
        }
    }

    /// `spokenName(formatter:)` with series `s`'s formatter in `chart`.
    public func spokenName(inSeries s: Int, of chart: ChartDescriptor) -> String {
        spokenName(formatter: chart.valueFormatter(ofSeries: s))
    }

    /// `crossingPhrase(formatter:)` with series `s`'s formatter in `chart`.
    public func crossingPhrase(inSeries s: Int, of chart: ChartDescriptor) -> String {
        crossingPhrase(formatter: chart.valueFormatter(ofSeries: s))
    }

    /// The label of the line drawn for series `s` of `chart`; nil when no line is drawn there (the kind
    /// takes no reference level, or the series has no values).
    public func lineLabel(inSeries s: Int, of chart: ChartDescriptor) -> String? {
        value(inSeries: s, of: chart).map { lineLabel(value: $0, formatter: chart.valueFormatter(ofSeries: s)) }
    }

    /// The part of the command line's one-line account that names the level for the played `series` of
    /// `chart`: "reference at the mean (178 births per 10,000 people)", with each series' value named when
    /// several play ("reference at the mean (Tropical: 120 mm and Dry: 31 mm)"), "reference at zero",
    /// "reference at 200 births per 10,000 people"; for a kind that takes none, why there is none.
    public func account(series: [Int], of chart: ChartDescriptor) -> String {
        guard Self.applies(to: chart.kind) else {
            return Localization.tr("no reference level (a histogram's heights are counts)")
        }
        let values = series.compactMap { s in
            value(inSeries: s, of: chart).map {
                (name: chart.series[s].name, text: chart.valueFormatter(ofSeries: s).derived($0))
            }
        }
        let list =
            values.count == 1
            ? values[0].text
            : Localization.list(values.map { Localization.tr("%@: %@", $0.name, $0.text) })
        switch self {
        case .mean where !values.isEmpty: return Localization.tr("reference at the mean (%@)", list)
        case .median where !values.isEmpty: return Localization.tr("reference at the median (%@)", list)
        case .mean, .median, .zero, .value:
            let name = series.first.map { spokenName(inSeries: $0, of: chart) } ?? spokenName(formatter: chart.yAxis.formatter)
            return Localization.tr("reference at %@", name)
        }
    }
}
