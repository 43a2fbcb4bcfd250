// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How the points a followed file brings are heard: each one's point tone, one after another.
extension Sonifier {
    /// Silence after each new point's tone, in seconds, so that neighbouring points are heard as separate notes.
    public static let newPointGap = 0.05
    /// Most new points heard at once; of more, the newest are heard (a fast logger is heard by its latest).
    public static let newPointsHeard = 5

    /// The newest of `points` (indices of series `s`, ascending; at most `newPointsHeard`) as their point
    /// tones one after another, each as when stepping there from the point before, `newPointGap` apart.
    public func newPointsScore(series s: Int, points: [Int]) -> Score {
        var score = Score(duration: 0)
        for i in points.suffix(Self.newPointsHeard) {
            let tone = pointScore(series: s, index: i, from: i > 0 ? i - 1 : nil)
            let start = score.duration
            score.tones += tone.tones.map { t in
                var moved = t
                moved.path = t.path.map { PitchPoint(time: $0.time + start, frequency: $0.frequency) }
                return moved
            }
            score.ticks += tone.ticks.map { Tick(time: $0.time + start, value: $0.value) }
            score.crossings += tone.crossings.map { mark in
                var moved = mark
                moved.time += start
                return moved
            }
            score.duration = start + tone.duration + Self.newPointGap
        }
        return score
    }
}
