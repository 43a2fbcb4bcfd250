// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A part of a chart between two x values, as a person chose it (a selection in the viewer, `--from` and
/// `--to` on the command line): the cut chart, titled with its span, and the words that say it.
public struct ChartPart: Sendable {
    /// The whole chart's points with x in the span, under the whole chart's title (its summary says the span).
    public let chart: ChartDescriptor
    /// The x span asked for, in x axis units (of the whole chart: category indices of its categories).
    public let span: ClosedRange<Double>
    /// The span from the first to the last point it holds, with how many, for series `series`:
    /// "1930 to 1945, 16 points".
    public let words: String
    /// The span alone: "1930 to 1945".
    public let spanWords: String
    /// How far the part's category indices are shifted from the whole's (its first category's index in the
    /// whole); 0 on a numeric or date axis. A part's x plus this is the whole chart's x.
    public let categoryOffset: Double

    /// The part of `whole` with x in `span`, seen from series `series` (the one the cursor is in); nil when
    /// no point lies there or the chart's kind cannot be cut (`ChartDescriptor.canRestrictX`). With
    /// `refitting`, its axes fit the part (zooming, describing); without, it sounds as in the whole.
    public init?(of whole: ChartDescriptor, span: ClosedRange<Double>, series: Int, refitting: Bool) {
        guard let chart = whole.restricted(toX: span, refitting: refitting) else { return nil }
        let s = chart.series.indices.contains(series) ? series : 0
        self.chart = chart
        self.span = span
        if case .categorical = whole.xAxis {
            categoryOffset = whole.series.flatMap { $0.x.filter { $0.isFinite && span.contains($0) } }.min() ?? 0
        } else {
            categoryOffset = 0
        }
        spanWords = Self.spanWords(chart, series: s)
        words = Self.words(chart, series: s)
    }

    /// `settings` for playing this part as it sounds in `whole`: each point lasts as long as when the whole
    /// chart plays (series `series`, or the longest when nil), so 16 of 59 points play in 16/59 of its time;
    /// and a reference level at the mean or median is the whole series' (the line drawn), not the part's.
    public func pacedSettings(_ settings: SonificationSettings, whole: ChartDescriptor, series: Int?) -> SonificationSettings {
        let count = max(
            1,
            series.map { whole.series.indices.contains($0) ? whole.series[$0].count : 0 }
                ?? whole.series.map(\.count).max() ?? 1)
        var paced = settings
        paced.secondsPerPoint = Sonifier(chart: whole, settings: settings).playDuration(pointCount: count) / Double(count)
        if let level = settings.referenceLevel, let s = series, let value = level.value(inSeries: s, of: whole) {
            paced.referenceLevel = .value(value)
        }
        return paced
    }

    /// "1930 to 1945, 16 points" for series `s` of a chart (a cut one, or a whole); "1930, 1 point" when it
    /// holds one.
    public static func words(_ chart: ChartDescriptor, series s: Int) -> String {
        let count = chart.series[s].x.filter(\.isFinite).count
        return Localization.tr("%@, %@", spanWords(chart, series: s), countWords(count, kind: chart.kind))
    }

    /// "1930 to 1945": the x of the first and last point of series `s` (of any series when it has none).
    static func spanWords(_ chart: ChartDescriptor, series s: Int) -> String {
        let xs = chart.series[s].x.filter(\.isFinite)
        let all = xs.isEmpty ? chart.series.flatMap { $0.x.filter(\.isFinite) } : xs
        guard let low = all.min(), let high = all.max() else { return "" }
        let format = XValueFormatting(axis: chart.xAxis)
        return low == high ? format.string(low) : format.span(low, high)
    }

    /// "16 points", "3 boxes", "5 candles", "4 columns".
    static func countWords(_ n: Int, kind: ChartKind) -> String {
        switch kind {
        case .box: return Localization.trn("%ld box", "%ld boxes", n, n)
        case .candlestick: return Localization.trn("%ld candle", "%ld candles", n, n)
        case .heatmap: return Localization.trn("%ld column", "%ld columns", n, n)
        case .histogram: return Localization.trn("%ld bin", "%ld bins", n, n)
        case .line, .bar, .scatter, .groupedBar, .stackedBar, .area, .stackedArea:
            return Localization.trn("%ld point", "%ld points", n, n)
        }
    }
}
