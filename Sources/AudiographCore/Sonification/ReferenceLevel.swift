// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A y value a series is heard (and drawn) against: its mean, its median, zero, or a number in y units.
///
/// Stored in settings as one JSON value: the string "mean", "median" or "zero", or the number itself.
/// Reading is tolerant (any letter case, spaces around, a number written as a string); any other value
/// is a decoding error, which the settings' reader turns into "no reference level".
public enum ReferenceLevel: Sendable, Equatable, Hashable {
    /// The mean of the series' finite y values.
    case mean
    /// The median of the series' finite y values.
    case median
    /// y = 0, in the series' units.
    case zero
    /// A fixed y value, in the series' y units (a series on a scale of its own: in that scale's units).
    case value(Double)

    /// The level a command-line word or stored string names: "mean", "median" or "zero" (any letter case,
    /// spaces around) or a finite number ("200", "-3.5", "1e3"); nil for anything else.
    public init?(argument: String) {
        let word = argument.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "mean": self = .mean
        case "median": self = .median
        case "zero": self = .zero
        default:
            guard let number = Double(word), number.isFinite else { return nil }
            self = .value(number)
        }
    }

    /// True for the kinds a reference level means something on. Not histograms: their heights are counts
    /// of values per bin, whose mean only restates how many bins there are, and the mean a person wants
    /// there is of the values themselves, a place on the x axis.
    public static func applies(to kind: ChartKind) -> Bool {
        switch kind {
        case .histogram: return false
        case .line, .bar, .scatter, .box, .candlestick, .groupedBar, .stackedBar, .area, .stackedArea, .heatmap:
            return true
        }
    }

    /// The level's y value for `series`, in y units: the mean or median of its finite y values (a box plot's
    /// medians, a candlestick chart's closes, a heatmap row's cells), 0, or the number; nil when the series
    /// has no finite value to take a mean or median of.
    public func value(in series: DataSeries) -> Double? {
        switch self {
        case .mean: return SeriesStatistics.compute(ys: series.y).mean
        case .median: return SeriesStatistics.compute(ys: series.y).median
        case .zero: return 0
        case .value(let number): return number
        }
    }

    /// The level's y value for series `s` of `chart`, in y units; nil when there is no such series, the
    /// chart's kind takes no reference level (`applies(to:)`), or the series has no values.
    public func value(inSeries s: Int, of chart: ChartDescriptor) -> Double? {
        guard chart.series.indices.contains(s), Self.applies(to: chart.kind) else { return nil }
        return value(in: chart.series[s])
    }
}

extension ReferenceLevel: Codable {
    /// Reads "mean", "median", "zero" (any case), a number, or a number written as a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number.isFinite else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a finite number")  // l10n: not shown
            }
            self = .value(number)
            return
        }
        let text = try container.decode(String.self)
        guard let level = ReferenceLevel(argument: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a reference level")  // l10n: not shown
        }
        self = level
    }

    /// Writes "mean", "median", "zero" or the number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .mean: try container.encode("mean")
        case .median: try container.encode("median")
        case .zero: try container.encode("zero")
        case .value(let number): try container.encode(number)
        }
    }
}
