// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The reference level in a score: a quiet steady tone at the level under each played series, and a short
/// mark wherever the series crosses it; and the marks a person hears when stepping across it.
extension Sonifier {
    /// Shortest time between two crossing marks of one series, in seconds: a run of crossings each closer
    /// than this to the one before is heard as one mark when it leaves the series on the other side, and as
    /// none when the crossings cancel out.
    static let crossingSpacing = 0.15

    /// The y value series `s` is heard against under the settings' reference level, in its y units; nil
    /// when no level is set, the chart's kind takes none (histograms) or the series has no values.
    public func referenceValue(forSeries s: Int) -> Double? {
        settings.referenceLevel?.value(inSeries: s, of: chart)
    }

    /// Which way a step of the cursor from point `previous` to point `index` of series `s` crossed the
    /// settings' reference level; nil when it did not or there is no level (the rule of
    /// `LevelCrossings.step`: only the two points' sides count, a point on the level is not across yet).
    public func stepCrossing(series s: Int, from previous: Int, to index: Int) -> LevelCrossing.Direction? {
        guard let level = referenceValue(forSeries: s) else { return nil }
        return LevelCrossings.step(in: chart.series[s], from: previous, to: index, level: level)
    }

    /// One crossing mark on its own, as heard when a person steps across the level: the mark's length.
    public func crossingScore(series s: Int, direction: LevelCrossing.Direction) -> Score {
        Score(
            duration: Synthesizer.crossingDuration,
            crossings: [CrossingMark(series: s, time: 0, direction: direction, pan: 0)])
    }

    /// Adds series `s`'s reference tone over its playing time (one centred tone when several series share
    /// its pitch and time) and its crossing marks to `score`; `tones` are the series' tones as laid out.
    func addReference(series s: Int, layout: SeriesLayout, tones: [Tone], pan: Double, to score: inout Score) {
        guard let level = settings.referenceLevel, let value = referenceValue(forSeries: s),
            let frequency = pitch(forSeries: s).frequency(clamping: value)
        else { return }
        let start = layout.offset, end = layout.offset + layout.duration
        if let shared = score.references.firstIndex(where: {
            abs($0.frequency - frequency) <= 1e-9 * frequency && $0.start == start && $0.end == end
        }) {
            score.references[shared].pan = 0
        } else {
            score.references.append(
                ReferenceTone(
                    series: s, name: level.spokenName(inSeries: s, of: chart), value: value,
                    frequency: frequency, start: start, end: end, pan: pan))
        }
        score.crossings += Self.spaced(crossingTimes(series: s, level: value, layout: layout, tones: tones)).map {
            CrossingMark(series: s, time: $0.time, direction: $0.direction, pan: pan)
        }
    }

    /// When series `s` is heard crossing `level`, in seconds: a line where its glide passes the level (or
    /// where it sounds again after a gap), a note at the onset of the first note on the other side. A
    /// series gathered into intervals crosses where its intervals' means do.
    private func crossingTimes(
        series s: Int, level: Double, layout: SeriesLayout,
        tones: [Tone]
    ) -> [(time: Double, direction: LevelCrossing.Direction)] {
        let series = chart.series[s]
        if series.boxes == nil, let count = layout.intervalCount {
            var onsets: [Int: Double] = [:]
            for tone in tones { onsets[layout.interval(ofX: series.x[tone.points.lowerBound])] = tone.start }
            let centre = { (b: Double) in layout.offset + (b + 0.5) * layout.slot }
            return LevelCrossings.find(ys: intervalMeans(series, layout: layout, count: count), order: 0..<count, level: level)
                .map { c in
                    let time =
                        series.isContinuous
                        ? centre(Double(c.from) + c.fraction * Double(c.to - c.from))
                        : onsets[c.to] ?? centre(Double(c.to))
                    return (time, c.direction)
                }
        }
        var onsets: [Int: Double] = [:]
        if !series.isContinuous {
            for tone in tones { onsets[tone.points.lowerBound] = min(onsets[tone.points.lowerBound] ?? .infinity, tone.start) }
        }
        return LevelCrossings.find(in: series, level: level).map { c in
            let a = layout.time(ofX: series.x[c.from]), b = layout.time(ofX: series.x[c.to])
            let time: Double
            if !series.isContinuous {
                time = onsets[c.to] ?? b
            } else if c.acrossGap {
                time = b - layout.slot / 2
            }  // where the broken line sounds again
            else {
                time = a + c.fraction * (b - a)
            }
            return (time, c.direction)
        }
    }

    /// The mean of each interval's finite values (NaN for an interval without any), in y units.
    private func intervalMeans(_ series: DataSeries, layout: SeriesLayout, count: Int) -> [Double] {
        var sums = [Double](repeating: 0, count: count), counts = [Int](repeating: 0, count: count)
        for i in series.x.indices where series.x[i].isFinite && series.y[i].isFinite {
            let b = layout.interval(ofX: series.x[i])
            sums[b] += series.y[i]
            counts[b] += 1
        }
        return zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : .nan }
    }

    /// `marks` (time order) kept `crossingSpacing` apart: a run of marks each closer than that to the one
    /// before becomes one mark at the run's start when it holds an odd number (the series ended on the
    /// other side), and none when even (it came back).
    static func spaced(_ marks: [(time: Double, direction: LevelCrossing.Direction)])
        -> [(time: Double, direction: LevelCrossing.Direction)]
    {
        var kept: [(time: Double, direction: LevelCrossing.Direction)] = []
        var first = 0
        while first < marks.count {
            var last = first
            while last + 1 < marks.count, marks[last + 1].time - marks[last].time < crossingSpacing { last += 1 }
            if (last - first) % 2 == 0 { kept.append((marks[first].time, marks[last].direction)) }
            first = last + 1
        }
        return kept
    }
}
