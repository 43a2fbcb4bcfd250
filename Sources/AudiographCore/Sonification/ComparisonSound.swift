// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How two compared series are heard.
public enum ComparisonSound: String, Sendable, CaseIterable {
    /// Point by point in turns: the first series' note, then the second's at the same x.
    case alternating
    /// Both at once, the first on the left and the second on the right.
    case together
    /// Their difference, first − second, as a series of its own.
    case difference
}

extension SeriesComparison {
    /// The comparison played whole as `sound` says, each series in its own timbre at the chart's pitches
    /// (the difference on a pitch scale of its own). The score's layouts are for the first series (or the
    /// difference), whose x the cursor follows; empty when there is nothing to play (no difference).
    public func score(_ sound: ComparisonSound, settings: SonificationSettings) -> Score {
        switch sound {
        case .together:
            var both = settings
            both.arrangement = .together
            return ownTimbres(Sonifier(chart: pairChart(asNotes: false), settings: both).score(.all))
        case .alternating:
            var both = settings
            both.arrangement = .together
            var score = ownTimbres(Sonifier(chart: pairChart(asNotes: true), settings: both).score(.all))
            // Each note shares its time: the first series' note sounds in the first 40%, the second's in the
            // last 40%, a short silence between, so at every x the two are heard in turn and apart.
            score.tones = score.tones.map { tone in
                let length = tone.end - tone.start
                let span = tone.series == 0 ? tone.start...(tone.start + 0.4 * length) : (tone.end - 0.4 * length)...tone.end
                return Self.squeezed(tone, into: span, pan: 0)
            }
            score.layouts = Array(score.layouts.prefix(1))
            return score
        case .difference:
            guard let chart = differenceChart() else { return Score(duration: 0) }
            return Sonifier(chart: chart, settings: settings).score(.single(0))
        }
    }

    /// Point `i` of the first series and its partner heard as `sound` says while stepping: in turns, at
    /// once (left and right), or the difference's own tone; silent where a value is missing.
    public func score(point i: Int, sound: ComparisonSound, settings: SonificationSettings) -> Score {
        switch sound {
        case .difference:
            guard let chart = differenceChart(), let d = differencePoint(i) else {
                return Score(duration: settings.pointToneDuration)
            }
            return Sonifier(chart: chart, settings: settings).pointScore(series: 0, index: d)
        case .alternating, .together:
            let pair = Sonifier(chart: pairChart(asNotes: false), settings: settings)
            let length = settings.pointToneDuration
            var score = pair.pointScore(series: 0, index: i)
            if sound == .together { score.tones = score.tones.map { Self.panned($0, -Sonifier.stereoSpread) } }
            guard let j = partner[i] else { return ownTimbres(score) }
            let offset = sound == .alternating ? length : 0
            var other = pair.pointScore(series: 1, index: j).tones.map { tone -> Tone in
                var moved = tone
                moved.path = tone.path.map { PitchPoint(time: $0.time + offset, frequency: $0.frequency) }
                return moved
            }
            if sound == .together { other = other.map { Self.panned($0, Sonifier.stereoSpread) } }
            score.tones += other
            score.duration = length + offset
            return ownTimbres(score)
        }
    }

    /// The tones of a pair chart (series 0 and 1) in the timbres their series have in the whole chart.
    private func ownTimbres(_ score: Score) -> Score {
        var score = score
        score.tones = score.tones.map { tone in
            var t = tone
            let original = tone.series == 0 ? first : second
            t.timbre = Timbre.palette[original % Timbre.palette.count]
            return t
        }
        return score
    }

    private static func panned(_ tone: Tone, _ pan: Double) -> Tone {
        var t = tone
        t.pan = pan
        return t
    }

    /// `tone` with its path's times mapped into `span` (keeping its shape) and its fades kept inside.
    private static func squeezed(_ tone: Tone, into span: ClosedRange<Double>, pan: Double) -> Tone {
        var t = tone
        let scale = tone.duration > 0 ? (span.upperBound - span.lowerBound) / tone.duration : 0
        t.path = tone.path.map { PitchPoint(time: span.lowerBound + ($0.time - tone.start) * scale, frequency: $0.frequency) }
        let half = (span.upperBound - span.lowerBound) / 2
        t.attack = min(tone.attack, half)
        t.release = min(tone.release, half)
        t.pan = pan
        return t
    }
}
