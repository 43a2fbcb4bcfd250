// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A chart turned into sound, before any sample exists: timed tones and ticks the synthesizer renders.
///
/// Tests assert on the score (pitches, times, timbres) as well as on rendered samples.
public struct Score: Sendable {
    /// Total length in seconds, including any silence at the end.
    public var duration: Double
    /// The data: every loudness-normalized tone.
    public var tones: [Tone]
    public var ticks: [Tick]
    /// Where each played series sits in time, in the order the series were played.
    public var layouts: [SeriesLayout]
    /// Quiet steady tones at a reference level, under the data (empty without a reference level).
    public var references: [ReferenceTone]
    /// Short marks where a series crosses its reference level, in time order per series.
    public var crossings: [CrossingMark]

    public init(
        duration: Double, tones: [Tone] = [], ticks: [Tick] = [], layouts: [SeriesLayout] = [],
        references: [ReferenceTone] = [], crossings: [CrossingMark] = []
    ) {
        self.duration = duration
        self.tones = tones
        self.ticks = ticks
        self.layouts = layouts
        self.references = references
        self.crossings = crossings
    }
}

/// One pitch at one moment of a tone's path.
public struct PitchPoint: Sendable, Equatable {
    /// Seconds from the start of the score.
    public var time: Double
    /// Hertz.
    public var frequency: Double

    public init(time: Double, frequency: Double) {
        self.time = time
        self.frequency = frequency
    }
}

/// One sounding tone: a note (discrete series) or a whole gliding line (continuous series).
///
/// The pitch moves through `path` (exponentially between breakpoints, so equal steps sound as equal
/// intervals) and the oscillator's phase runs on without a break, so a line glides without clicks.
public struct Tone: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    public var timbre: Timbre
    /// Stereo position, -1 (left) … 1 (right).
    public var pan: Double
    /// Linear amplitude before loudness normalization.
    public var gain: Double
    /// Pitch breakpoints, time-ascending; the tone sounds from the first time to the last.
    public var path: [PitchPoint]
    /// Fade-in and fade-out lengths, in seconds.
    public var attack: Double
    public var release: Double
    /// Indices of the data points this tone plays (a range of points when intervals were gathered).
    public var points: ClosedRange<Int>

    public init(
        series: Int, timbre: Timbre, pan: Double, gain: Double, path: [PitchPoint], attack: Double,
        release: Double, points: ClosedRange<Int>
    ) {
        self.series = series
        self.timbre = timbre
        self.pan = pan
        self.gain = gain
        self.path = path
        self.attack = attack
        self.release = release
        self.points = points
    }

    public var start: Double { path.first?.time ?? 0 }
    public var end: Double { path.last?.time ?? 0 }
    public var duration: Double { end - start }
    public var lowestFrequency: Double { path.map(\.frequency).min() ?? 0 }
    public var highestFrequency: Double { path.map(\.frequency).max() ?? 0 }
}

/// A short quiet click-free tick where playback crosses a gridline.
public struct Tick: Sendable, Equatable {
    /// Seconds from the start of the score.
    public var time: Double
    /// The gridline's value on the x axis, in data units.
    public var value: Double

    public init(time: Double, value: Double) {
        self.time = time
        self.value = value
    }
}

/// A quiet steady tone at a series' reference level, sounding while the series plays.
///
/// The synthesizer plays it in a plain colour of its own (a sine and a soft octave, pulsing gently),
/// `loudness` decibels under the data, after the data's loudness is set, so it never changes how loud the
/// data sounds.
public struct ReferenceTone: Sendable, Equatable {
    /// Loudness against the data's tones, in decibels: clearly quieter, still heard under a whole chart.
    public static let loudness = -18.0

    /// Index of the series in the chart (the first of several sharing one tone).
    public var series: Int
    /// The level as said: "the mean", "zero", "200 births per 10,000 people" (names the MIDI track).
    public var name: String
    /// The level, in the series' y units.
    public var value: Double
    /// Pitch, in hertz: where the series' own values sound at the level, held inside the pitch range.
    public var frequency: Double
    /// Seconds from the start of the score.
    public var start: Double
    public var end: Double
    /// Stereo position, -1 (left) … 1 (right).
    public var pan: Double

    public init(series: Int, name: String, value: Double, frequency: Double, start: Double, end: Double, pan: Double) {
        self.series = series
        self.name = name
        self.value = value
        self.frequency = frequency
        self.start = start
        self.end = end
        self.pan = pan
    }
}

/// A short two-note mark where a series crosses its reference level: rising for an upward crossing,
/// falling for a downward one.
public struct CrossingMark: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    /// When the mark starts, in seconds from the start of the score.
    public var time: Double
    public var direction: LevelCrossing.Direction
    /// Stereo position, -1 (left) … 1 (right).
    public var pan: Double

    public init(series: Int, time: Double, direction: LevelCrossing.Direction, pan: Double) {
        self.series = series
        self.time = time
        self.direction = direction
        self.pan = pan
    }
}
