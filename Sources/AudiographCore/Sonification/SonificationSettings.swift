// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How several series sound when the listener asks for all of them.
public enum SeriesArrangement: String, Sendable, CaseIterable, Codable {
    /// All series at once, each with its own timbre and stereo position: the same x sounds at the same moment,
    /// so crossings and gaps between series are heard directly. The default.
    case together
    /// One series after another, centred, with a short pause between: easier to follow each shape alone.
    case sequential
}

/// The knobs of the data-to-sound mapping: length, pitch range and how series combine.
public struct SonificationSettings: Sendable, Equatable {
    /// Longest a whole series may play, in seconds (10 s, like Apple's Audio Graphs).
    public var maximumDuration: Double = 10
    /// Time given to each point before the maximum applies, in seconds (10 points ≈ 10 s, 100 points ≈ 10 s).
    public var secondsPerPoint: Double = 1
    /// Pitch of the lowest y value, in hertz.
    public var lowestFrequency: Double = 220
    /// Pitch of the highest y value, in hertz (220–1760 Hz is three octaves, A3 to A6).
    public var highestFrequency: Double = 1760
    /// Below this many seconds per point, points are gathered into intervals that keep their extremes.
    public var shortestNote: Double = 0.03
    /// Length of one interval when points are gathered, in seconds.
    public var intervalDuration: Double = 0.06
    /// Length of the tone that plays a single point while scrubbing, in seconds.
    public var pointToneDuration: Double = 0.15
    /// How "all series" combine.
    public var arrangement: SeriesArrangement = .together
    /// Silence between series in the sequential arrangement, in seconds.
    public var sequentialGap: Double = 0.5
    /// Whether crossing an x gridline plays a short quiet tick.
    public var playsGridlineTicks = true
    /// The level each played series is heard against (a quiet steady tone, and a short mark where the
    /// series crosses it), or nil for none.
    public var referenceLevel: ReferenceLevel? = nil

    public init() {}

    /// Lowest and highest pitch the settings accept, in hertz.
    public static let audibleRange: ClosedRange<Double> = 20...20_000

    /// Shortest and longest `maximumDuration` accepted, in seconds (ten minutes of 48 kHz stereo float is
    /// 220 MiB in memory; longer graphs are better heard as several).
    public static let durationRange: ClosedRange<Double> = 0.5...600

    /// A sentence saying what is wrong with these settings, or nil when they can be played.
    public var problem: String? {
        let audible = Self.audibleRange
        if !(lowestFrequency >= audible.lowerBound && lowestFrequency <= audible.upperBound)
            || !(highestFrequency >= audible.lowerBound && highestFrequency <= audible.upperBound)
        {
            return Localization.tr("Pitches must be between %@ and %@ Hz.", "20", "20000")
        }
        if !(lowestFrequency < highestFrequency) {
            return Localization.tr(
                "The lowest pitch (%@ Hz) must be below the highest (%@ Hz).",
                Self.plain(lowestFrequency), Self.plain(highestFrequency))
        }
        if !(maximumDuration >= Self.durationRange.lowerBound && maximumDuration <= Self.durationRange.upperBound) {
            return Localization.tr("The duration must be between 0.5 and 600 seconds.")
        }
        return nil
    }

    private static func plain(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
