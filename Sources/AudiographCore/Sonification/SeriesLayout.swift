// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where one series sits in time when played: x → seconds, and back, for seeking and scrubbing.
///
/// Each point (or gathered interval) owns a slot of `slot` seconds and sounds centred in it; the first slot
/// starts at `offset` and the last ends at `offset + duration`.
public struct SeriesLayout: Sendable, Equatable {
    /// Index of the series in the chart.
    public var series: Int
    /// Start of the series inside the score, in seconds (non-zero for later series played one after another).
    public var offset: Double
    /// Length of the series, in seconds.
    public var duration: Double
    /// Seconds per point, or per interval when `intervalCount` is set.
    public var slot: Double
    /// The x range spread over the duration, in data units (category indices for a categorical axis).
    public var xRange: ClosedRange<Double>
    /// Whether x is placed on a logarithmic scale.
    public var logarithmicX: Bool
    /// The number of intervals points were gathered into, or nil when every point has its own slot.
    public var intervalCount: Int?

    /// Position of `x` along the range, 0…1 (clamped); 0 for a single x value.
    @inlinable
    public func fraction(ofX x: Double) -> Double {
        var v = x, lo = xRange.lowerBound, hi = xRange.upperBound
        if logarithmicX, v > 0, lo > 0 { v = Foundation.log(v); lo = Foundation.log(lo); hi = Foundation.log(hi) }
        guard hi > lo, v.isFinite else { return 0 }
        return min(1, max(0, (v - lo) / (hi - lo)))
    }

    /// When the point at `x` sounds (the centre of its slot), in seconds from the start of the score.
    @inlinable
    public func time(ofX x: Double) -> Double {
        offset + slot / 2 + fraction(ofX: x) * (duration - slot)
    }

    /// The x that sounds at `time` seconds from the start of the score: the inverse of `time(ofX:)`, clamped
    /// to the range.
    public func x(atTime time: Double) -> Double {
        let span = duration - slot
        let f = span > 0 ? min(1, max(0, (time - offset - slot / 2) / span)) : 0
        let lo = xRange.lowerBound, hi = xRange.upperBound
        if logarithmicX, lo > 0, hi > 0 {
            return Foundation.exp(Foundation.log(lo) + f * (Foundation.log(hi) - Foundation.log(lo)))
        }
        return lo + f * (hi - lo)
    }

    /// The start of the slot holding `x`, in seconds from the start of the score.
    @inlinable
    public func slotStart(ofX x: Double) -> Double {
        offset + fraction(ofX: x) * (duration - slot)
    }

    /// The interval (0..<intervalCount) holding `x` when points are gathered.
    @inlinable
    public func interval(ofX x: Double) -> Int {
        guard let count = intervalCount else { return 0 }
        return min(count - 1, Int(fraction(ofX: x) * Double(count)))
    }
}
