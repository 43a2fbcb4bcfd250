// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The kind of mark a chart draws, which also decides how it sounds (line → gliding tone, others → notes).
public enum ChartKind: String, Codable, Sendable, CaseIterable {
    case line, bar, scatter
    /// The distribution of one numeric column: one bar per bin, its height the number of values in it.
    case histogram
    /// A numeric column's distribution in each group: one box (quartiles, whiskers, outliers) per group.
    case box
    /// Prices over time: one candle per period from its open, high, low and close columns.
    case candlestick
    /// Bars of several series side by side at each x, with a total layer.
    case groupedBar = "grouped-bar"
    /// Bars of several series stacked on each other at each x, with a total layer (the stack's height).
    case stackedBar = "stacked-bar"
    /// Lines filled down to zero.
    case area
    /// Areas stacked on each other, each series filled between the ones below and itself, with a total layer.
    case stackedArea = "stacked-area"
    /// A grid of values coloured by size: one row per series, one column per category of x.
    case heatmap

    /// True when the chart draws bars from zero (bars, grouped and stacked bars, histograms).
    public var drawsBars: Bool {
        switch self {
        case .bar, .histogram, .groupedBar, .stackedBar: return true
        case .line, .scatter, .box, .candlestick, .area, .stackedArea, .heatmap: return false
        }
    }

    /// True when each series is heard as one gliding tone (lines and areas).
    public var isContinuous: Bool {
        switch self {
        case .line, .area, .stackedArea, .heatmap: return true
        case .bar, .scatter, .histogram, .box, .candlestick, .groupedBar, .stackedBar: return false
        }
    }

    /// True when series are drawn on top of each other's values (stacked bars and areas).
    public var isStacked: Bool { self == .stackedBar || self == .stackedArea }

    /// True when the chart adds a total layer after its series (when it has two or more).
    public var hasTotalLayer: Bool { self == .groupedBar || self == .stackedBar || self == .stackedArea }

    /// True when the area under each line is filled.
    public var isArea: Bool { self == .area || self == .stackedArea }

    /// The kind whose column choices this kind shares (the guess is made for it): bar for grouped and
    /// stacked bars, line for areas, itself otherwise.
    public var layoutBase: ChartKind {
        switch self {
        case .groupedBar, .stackedBar: return .bar
        case .area, .stackedArea: return .line
        case .line, .bar, .scatter, .histogram, .box, .candlestick, .heatmap: return self
        }
    }
}

/// A whole chart, mirroring Apple's AXChartDescriptor: title, summary, axes and series.
public struct ChartDescriptor: Sendable {
    /// Short title, e.g. "Birth rate by year".
    public var title: String
    /// One or two sentences with the most important insight; nil until analysis or the file supplies one.
    public var summary: String?
    public var kind: ChartKind
    public var xAxis: XAxis
    public var yAxis: NumericAxis
    /// Extra encodings carried by every point: a numeric axis (→ note length, marker size) and/or a
    /// categorical axis (→ timbre, colour).
    public var additionalAxes: [AdditionalAxis]
    public var series: [DataSeries]
    /// True when x is longitude and y latitude, both in degrees: the chart is a map, described as places
    /// (extent, where most points lie, points far from the rest), never by correlation or trend.
    public var isMap = false

    public init(
        title: String, summary: String? = nil, kind: ChartKind, xAxis: XAxis, yAxis: NumericAxis,
        additionalAxes: [AdditionalAxis] = [], series: [DataSeries]
    ) {
        self.title = title
        self.summary = summary
        self.kind = kind
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.additionalAxes = additionalAxes
        self.series = series
    }

    /// The y axis a series is drawn, heard and spoken on: its own scale, or the chart's.
    public func yAxis(ofSeries s: Int) -> NumericAxis {
        series.indices.contains(s) ? series[s].ownYAxis ?? yAxis : yAxis
    }

    /// The formatter for a series' values: its scale's unit with the series' own decimals.
    public func valueFormatter(ofSeries s: Int) -> ValueFormatter {
        series.indices.contains(s) ? valueFormatter(for: series[s]) : yAxis.formatter
    }

    /// The formatter for one of this chart's series: its scale's unit with the series' own decimals.
    public func valueFormatter(for s: DataSeries) -> ValueFormatter {
        var formatter = (s.ownYAxis ?? yAxis).formatter
        if let digits = s.fractionDigits { formatter.fractionDigits = max(0, min(ValueFormatter.maximumFractionDigits, digits)) }
        return formatter
    }

    /// Series that share one y scale, in order: the chart's own scale first, then each own scale.
    public var scaleGroups: [[Int]] {
        var groups: [[Int]] = []
        var keys: [String] = []
        for (i, s) in series.enumerated() {
            let key = s.ownYAxis.map { "\($0.title)|\($0.unit ?? "")|\($0.range)" } ?? ""
            if let g = keys.firstIndex(of: key) { groups[g].append(i) } else { keys.append(key); groups.append([i]) }
        }
        if let main = keys.firstIndex(of: ""), main != 0 { groups.insert(groups.remove(at: main), at: 0) }
        return groups
    }

    /// True when some series has its own y scale.
    public var hasSeveralScales: Bool { series.contains { $0.ownYAxis != nil } }
}
