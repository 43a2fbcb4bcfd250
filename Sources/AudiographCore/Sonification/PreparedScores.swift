// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The scores Space and Shift+Space play for a big chart, made on a worker before they are asked for.
///
/// A score of a long series takes passes over every point (its x range, each interval's extremes): 36 ms of the
/// main loop at ten million points, most of the stall a Space press caused (docs/performance.md). The viewer
/// makes these when a big chart is shown and hands them to its `ChartSession`, which plays one when the chart,
/// the sound settings and the series are the same as when it was made, and makes the score itself otherwise.
public struct PreparedScores: Sendable {
    /// Charts with fewer points than this make their scores when asked: under a few milliseconds.
    public static let minimumPoints = 200_000
    /// Most series of a chart prepared one by one (Space); beyond, only all of them together (Shift+Space).
    static let mostSingleSeries = 8

    /// The settings the scores were made with.
    public let settings: SonificationSettings
    private var scores: [(selection: SeriesSelection, score: Score)] = []

    /// Whether `chart` has enough points for its scores to be prepared on a worker.
    public static func areWorthPreparing(for chart: ChartDescriptor) -> Bool {
        chart.series.reduce(0) { $0 + $1.count } >= minimumPoints
    }

    /// The scores of each series of `chart` alone (up to `mostSingleSeries`) and of all together, made with
    /// `settings`; nil when cancelled part way.
    public init?(chart: ChartDescriptor, settings: SonificationSettings, cancellation: CancellationFlag) {
        self.settings = settings
        let sonifier = Sonifier(chart: chart, settings: settings)
        var selections = chart.series.indices.prefix(Self.mostSingleSeries).map { SeriesSelection.single($0) }
        if chart.series.count > 1 { selections.append(.all) }
        for selection in selections {
            guard !cancellation.isCancelled else { return nil }
            scores.append((selection, sonifier.score(selection)))
        }
    }

    /// The prepared score of `selection` when it was made with `settings`; nil otherwise.
    public func score(_ selection: SeriesSelection, settings: SonificationSettings) -> Score? {
        guard settings == self.settings else { return nil }
        return scores.first { $0.selection == selection }?.score
    }
}
