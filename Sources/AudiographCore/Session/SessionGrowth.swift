// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the viewer does when the followed file grew (`ChartSession.grow(to:)`).
public struct GrowthEffects {
    /// The grown chart replaced the shown one in place (not zoomed): the viewer drops its drawing, lays the
    /// chart out again, refits the accessible elements and puts the chart's name on the cursor, the focus
    /// left where it is so the screen reader does not repeat the point.
    public var replaced = false
    /// The analysis under way (of the chart before) still answers the key waiting for it, because the old
    /// points kept their places (appended rows): the viewer lets it finish rather than cancel it.
    public var keepsAnalysisUnderWay = false
    /// The new points' tones (at most a second), to render on a worker and play unless playback has
    /// started by then; nil with point tones off, while playback runs, or when nothing new is in the series.
    public var newPointsScore: Score?
    /// New points were noted: the viewer asks `newPointsSentence()` now, and again when it is due.
    public var newPointsNoted = false

    public init() {}
}

extension ChartSession {
    /// The file grew (View ▸ Follow File): `grown` takes the shown chart's place without losing the person's
    /// place (same series, the same point when the old points kept their places, else the one nearest the old
    /// x). While zoomed, only the whole chart is updated and the part shown stays. Returns nil when no chart
    /// was shown (the viewer shows `grown` as a new chart).
    /// `prepared`, when given, is `grown`'s navigator made on a worker (a pass over every point), and `growths`
    /// each series' growth found there (used when they were found from the chart shown).
    public func grow(
        to grown: ChartDescriptor, prepared: ChartNavigator? = nil,
        growths: PreparedGrowth? = nil
    ) -> GrowthEffects? {
        guard let old = zoom?.whole ?? chart, let current = navigator else { return nil }
        var effects = GrowthEffects()
        let growth =
            growths?.growth(of: current.series, from: old)
            ?? SeriesGrowth(from: old, to: grown, series: current.series)
        if zoom != nil {
            zoom?.whole = grown
            zoom?.wholeNavigator = prepared
        } else {
            var next = prepared?.atStart() ?? ChartNavigator(chart: grown)
            let target = growth.series ?? 0
            while next.series < target, next.move(.nextSeries) == .moved {}
            let oldX = current.point.map { old.series[current.series].x[$0] }
            if growth.keepsOldIndices, let point = current.point {
                next.move(.point(point))
            } else if let oldX, let here = next.current,
                let point = here.point(nearestX: oldX, in: grown.series[next.series])
            {
                next.move(.point(point))
            }
            effects.keepsAnalysisUnderWay = waitingForAnalysis != nil && growth.keepsOldIndices
            replace(with: grown, navigator: next)
            effects.replaced = true
        }
        guard let s = growth.series, !growth.newPoints.isEmpty else { return effects }
        if feedback.tones, playback == nil {
            effects.newPointsScore = Sonifier(chart: grown, settings: soundSettings())
                .newPointsScore(series: s, points: growth.newPoints)
        }
        newPoints.note(growth.newPoints, ofSeries: s, in: grown)
        effects.newPointsNoted = true
        return effects
    }

    /// The sentence about the new points gathered, once one is due (at most one a second: "12 new points,
    /// latest 4.2"); nil while they wait.
    public func newPointsSentence() -> String? {
        newPoints.announcement()
    }

    /// Seconds until the sentence about the waiting new points is due; nil when none waits.
    public func secondsUntilNewPointsAreDue() -> TimeInterval? {
        newPoints.secondsUntilDue()
    }
}
