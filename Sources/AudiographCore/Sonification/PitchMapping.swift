// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Maps y values to pitch on a logarithmic frequency scale: equal steps in y sound as equal musical intervals.
///
/// The y axis's scale is honoured: on a log axis, equal ratios of y are equal intervals.
public struct PitchMapping: Sendable, Equatable {
    /// The y range mapped onto the frequency range, in data units.
    public var range: ClosedRange<Double>
    public var scale: AxisScale
    /// Hertz of the lowest and highest values.
    public var lowestFrequency: Double
    public var highestFrequency: Double

    public init(range: ClosedRange<Double>, scale: AxisScale, lowestFrequency: Double, highestFrequency: Double) {
        self.range = range
        self.scale = scale
        self.lowestFrequency = lowestFrequency
        self.highestFrequency = highestFrequency
    }

    /// The mapping for a chart's y axis under `settings`.
    public init(axis: NumericAxis, settings: SonificationSettings) {
        self.init(
            range: axis.range, scale: axis.scale, lowestFrequency: settings.lowestFrequency,
            highestFrequency: settings.highestFrequency)
    }

    /// Position of `value` inside the range, 0…1 (clamped), or nil when it cannot be placed (missing, or
    /// not above zero on a log axis). A flat range places everything in the middle.
    @inlinable
    public func fraction(of value: Double) -> Double? {
        guard value.isFinite else { return nil }
        let v: Double, lo: Double, hi: Double
        switch scale {
        case .linear:
            v = value; lo = range.lowerBound; hi = range.upperBound
        case .log10, .ln:
            guard value > 0, range.lowerBound > 0 else { return nil }
            v = Foundation.log(value); lo = Foundation.log(range.lowerBound); hi = Foundation.log(range.upperBound)
        }
        guard hi > lo else { return 0.5 }
        return min(1, max(0, (v - lo) / (hi - lo)))
    }

    /// Pitch of `value` in hertz, or nil when the value is heard as silence.
    @inlinable
    public func frequency(of value: Double) -> Double? {
        guard let f = fraction(of: value) else { return nil }
        return frequency(atFraction: f)
    }

    /// Pitch of `value` in hertz, held inside the pitch range: a value below the range (or, on a log axis,
    /// not above zero) sounds at the lowest pitch, one above it at the highest; nil only when it is missing.
    public func frequency(clamping value: Double) -> Double? {
        guard value.isFinite else { return nil }
        return frequency(of: value) ?? lowestFrequency
    }

    /// Pitch at `fraction` (0…1) of the range, in hertz.
    @inlinable
    public func frequency(atFraction fraction: Double) -> Double {
        lowestFrequency * Foundation.pow(highestFrequency / lowestFrequency, fraction)
    }
}
