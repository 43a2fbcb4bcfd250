// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the automatic analysis found in one series: statistics, trend, shape and outliers, plus its description.
public struct SeriesAnalysis: Sendable {
    public var name: String
    public var statistics: SeriesStatistics
    /// Nil for bar charts (categories have no order to trend along) and series with under three values.
    public var trend: Trend?
    /// Piecewise-linear shape of a line series; empty for scatter and bar charts.
    public var segments: [ShapeSegment]
    /// Indices of outlying points, most extreme first.
    public var outliers: [Int]
    /// A paragraph for a person: range, centre, trend, shape, outliers.
    public var description: String
    /// The yearly cycle of a line over dates, when the month of the year accounts for much of its spread.
    var season: YearlySeason? = nil
}

/// The chart details of Audio Graphs: per-series findings, correlation for scatter charts and a summary.
public struct ChartAnalysis: Sendable {
    public var series: [SeriesAnalysis]
    /// Pearson and Spearman correlation of the first series of a scatter chart, else nil.
    public var correlation: Correlation?
    /// The file's summary if it gave one, else one or two generated sentences.
    public var summary: String

    /// Analyses every series of `chart` (in parallel) and writes the summary and descriptions.
    public static func analyze(_ chart: ChartDescriptor) -> ChartAnalysis {
        analyze(chart, cancellation: CancellationFlag())!
    }

    /// Analyses `chart` as `analyze(_:)` does, or returns nil soon after `cancellation` is set (it is checked
    /// between the steps of each series: a step over ten million points takes a few hundred milliseconds).
    public static func analyze(_ chart: ChartDescriptor, cancellation: CancellationFlag) -> ChartAnalysis? {
        // A correlation matrix's 1s (a distance table's 0s) on the diagonal are left out of the words.
        let diagonal = MatrixDiagonal(chart)
        let overDates: Bool = {
            if case .date(let axis) = chart.xAxis { return axis.precision != .timeOfDay }
            return false
        }()
        let worded = diagonal?.withoutDiagonal(chart) ?? chart
        let analysed = ParallelMap.map(worded.series.count) {
            analyzeSeries(worded.series[$0], kind: chart.kind, overDates: overDates, cancellation: cancellation)
        }
        guard !cancellation.isCancelled, var analyses = analysed else { return nil }
        if diagonal != nil {
            for i in analyses.indices { analyses[i].statistics.missing -= 1 }
        }
        let correlation =
            chart.kind == .scatter && !chart.isMap
            ? chart.series.first.flatMap { Correlation.compute(xs: $0.x, ys: $0.y) } : nil
        var wording = ChartWording(chart: worded)
        wording.diagonal = diagonal
        for i in analyses.indices {
            analyses[i].description = wording.seriesDescription(
                worded.series[i], analyses[i],
                correlation: i == 0 ? correlation : nil)
        }
        let summary = chart.summary ?? wording.summary(analyses, correlation: correlation)
        return ChartAnalysis(series: analyses, correlation: correlation, summary: summary)
    }

    /// One series' findings, or nil once `cancellation` is set (checked between steps: a step over ten million
    /// points takes tens of milliseconds). The steps run one after another; the long ones (medians, the running
    /// median) split their passes over every core themselves, which a map of steps would prevent (a map inside
    /// a map runs one iteration after another).
    static func analyzeSeries(
        _ series: DataSeries, kind: ChartKind, overDates: Bool = false,
        cancellation: CancellationFlag
    ) -> SeriesAnalysis? {
        let statistics = SeriesStatistics.compute(ys: series.y)
        guard !cancellation.isCancelled else { return nil }
        let trend = kind.drawsBars ? nil : Trend.compute(xs: series.x, ys: series.y)
        guard !cancellation.isCancelled else { return nil }
        let segments = kind == .line ? ShapeSegmentation.segments(xs: series.x, ys: series.y, maxSegments: 5) : []
        guard !cancellation.isCancelled else { return nil }
        var outliers = OutlierDetection.outliers(
            xs: series.x, ys: series.y,
            method: kind == .scatter ? .regression : .smoothFit, maxCount: 5)
        // A rule that sets a quarter of the points apart has found no exception, only a spread (issue 46).
        if outliers.count * 4 >= statistics.count { outliers = [] }
        let season =
            kind == .line && overDates
            ? YearlySeason.detect(xs: series.x, ys: series.y, lineR2: trend?.r2 ?? 0) : nil
        return SeriesAnalysis(
            name: series.name, statistics: statistics, trend: trend, segments: segments,
            outliers: outliers, description: "", season: season)
    }
}
