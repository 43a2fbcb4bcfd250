// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Maps data values along one axis to pixels: linear, or logarithmic for log-scaled axes.
public struct AxisMapping: Sendable, Equatable {
    /// Visible data range (for a log axis both bounds > 0).
    public var range: ClosedRange<Double>
    /// Pixel coordinate of `range.lowerBound` (for y, the bottom of the plot area).
    public var startPixel: Double
    /// Pixel coordinate of `range.upperBound` (for y, the top of the plot area).
    public var endPixel: Double
    /// Whether values are placed by their logarithm.
    public var logarithmic: Bool

    private let offset: Double, factor: Double, lowPixel: Double, highPixel: Double

    /// A mapping of `range` onto `startPixel…endPixel`; a single-value range maps to the middle.
    public init(range: ClosedRange<Double>, startPixel: Double, endPixel: Double, logarithmic: Bool = false) {
        self.range = range
        self.startPixel = startPixel
        self.endPixel = endPixel
        self.logarithmic = logarithmic && range.lowerBound > 0
        let low = self.logarithmic ? log10(range.lowerBound) : range.lowerBound
        let high = self.logarithmic ? log10(range.upperBound) : range.upperBound
        if high > low, high.isFinite, low.isFinite {
            factor = (endPixel - startPixel) / (high - low)
            offset = startPixel - low * factor
        } else {
            factor = 0
            offset = (startPixel + endPixel) / 2
        }
        // Points outside the range are pinned a few pixels beyond the plot edge, never far away.
        lowPixel = min(startPixel, endPixel) - 4
        highPixel = max(startPixel, endPixel) + 4
    }

    /// Pixel coordinate of `value`; NaN for a missing value or a non-positive value on a log axis.
    @inline(__always)
    public func pixel(_ value: Double) -> Double {
        let v = logarithmic ? (value > 0 ? log10(value) : .nan) : value
        let p = offset + v * factor
        return p.isNaN ? p : min(highPixel, max(lowPixel, p))
    }

    /// The data value at pixel coordinate `pixel` (the inverse of `pixel(_:)` inside the range).
    public func value(atPixel pixel: Double) -> Double {
        guard factor != 0 else { return range.lowerBound }
        let v = (pixel - offset) / factor
        return logarithmic ? pow(10, v) : v
    }
}
