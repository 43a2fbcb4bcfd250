import Foundation

/// The kind of mark a chart draws, which also decides how it sounds (line → gliding tone, others → notes).
public enum ChartKind: String, Codable, Sendable, CaseIterable {
    case line, bar, scatter
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

    public init(title: String, summary: String? = nil, kind: ChartKind, xAxis: XAxis, yAxis: NumericAxis,
                additionalAxes: [AdditionalAxis] = [], series: [DataSeries]) {
        self.title = title
        self.summary = summary
        self.kind = kind
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.additionalAxes = additionalAxes
        self.series = series
    }
}
