// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Says what has arrived in a followed file, at most once per `interval` (a second): "12 new points, latest
/// 4.2 °C", or for a single point its words, "November 25, 2026 10:00, 4.2 °C".
///
/// New points are gathered as they come (`note`); `announcement()` gives the sentence once one is due and
/// starts the wait again, so points that come sooner are said together with the next sentence, counted.
/// A screen reader that is sent a sentence per row of a fast logger would speak nothing else. The clock is
/// injectable: seconds on any monotonic scale.
public struct NewPointsAnnouncer: Sendable {
    /// Shortest time between two sentences, in seconds.
    public let interval: TimeInterval
    private let clock: @Sendable () -> TimeInterval
    /// When the last sentence was given, on the clock's scale; nil before the first.
    private var lastSaid: TimeInterval?
    private var waiting = 0
    /// The newest waiting point's words, and its value alone.
    private var latestWords = ""
    private var latestValue = ""

    /// An announcer that speaks at most once per `interval` seconds, reading the time from `clock`.
    public init(
        interval: TimeInterval = 1,
        clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.interval = interval
        self.clock = clock
    }

    /// Gathers `points` (indices, ascending) of series `s` of `chart`, the chart that has them; the last is
    /// taken as the latest.
    public mutating func note(_ points: [Int], ofSeries s: Int, in chart: ChartDescriptor) {
        guard let latest = points.last, chart.series.indices.contains(s), chart.series[s].y.indices.contains(latest) else {
            return
        }
        let series = chart.series[s]
        waiting += points.count
        latestWords = ElementNames(chart: chart).pointWords(latest, in: series)
        latestValue =
            series.y[latest].isFinite
            ? chart.valueFormatter(ofSeries: s).string(series.y[latest])
            : Localization.tr("no value")
    }

    /// The sentence about the points gathered, when some are waiting and `interval` has passed since the
    /// last; nil otherwise (they wait for a later call). Call it after each `note` and now and then.
    public mutating func announcement() -> String? {
        guard waiting > 0, let wait = secondsUntilDue(), wait <= 0 else { return nil }
        lastSaid = clock()
        defer { waiting = 0 }
        if waiting == 1 { return latestWords }
        return Localization.trn("%ld new point, latest %@", "%ld new points, latest %@", waiting, waiting, latestValue)
    }

    /// Seconds until a sentence about the waiting points is due (0 or less: now); nil when none waits. A
    /// main loop can set its timer by it.
    public func secondsUntilDue() -> TimeInterval? {
        guard waiting > 0 else { return nil }
        guard let lastSaid else { return 0 }
        return lastSaid + interval - clock()
    }

    /// Forgets the waiting points (the file was read again from the start, so they are no longer new).
    public mutating func discard() { waiting = 0 }
}
