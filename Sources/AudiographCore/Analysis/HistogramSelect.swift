// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Median (in the values' units) of numbers read in place, without copying them: a histogram over the
/// value range finds the bin holding the middle rank, and only that bin's values are copied and
/// quickselected.
///
/// Internal helper; call as `HistogramSelect.median(of: buffer)` for the finite values (NaN and ±∞ are
/// skipped), or `HistogramSelect.median(of: buffer, deviationsFrom: c, skippingZeros: true)` for the
/// median of |v − c| over the finite values v that are not exactly 0. Expected O(n) with three read-only passes and a
/// small scratch array, which at a million points is several times cheaper than copying them for
/// `Quickselect` (fresh memory costs as much as the selection). Exact: the result equals
/// `Quickselect.median` of the same numbers. Falls back to copying when the range overflows.
enum HistogramSelect {
    private static let binCount = 4_096

    /// Median of the finite values; nil when there are none.
    static func median(of values: UnsafeBufferPointer<Double>) -> Double? {
        median(values, center: 0, deviations: false, skipZeros: false)
    }

    /// Median of |v − center| over the finite values v (leaving out v == 0 when `skippingZeros`); nil
    /// when no value is kept.
    static func median(of values: UnsafeBufferPointer<Double>, deviationsFrom center: Double,
                       skippingZeros: Bool) -> Double? {
        median(values, center: center, deviations: true, skipZeros: skippingZeros)
    }

    private static func median(_ values: UnsafeBufferPointer<Double>, center: Double, deviations: Bool,
                               skipZeros: Bool) -> Double? {
        @inline(__always) func kept(_ v: Double) -> Double? {
            if !v.isFinite || (skipZeros && v == 0) { return nil }
            return deviations ? abs(v - center) : v
        }

        // Pass 1: how many, and the range.
        var count = 0
        var lo = Double.infinity, hi = -Double.infinity
        for v in values {
            guard let t = kept(v) else { continue }
            count += 1
            lo = min(lo, t)
            hi = max(hi, t)
        }
        guard count > 0 else { return nil }
        if lo == hi { return lo }
        let lowerRank = (count - 1) / 2, upperRank = count / 2  // equal for an odd count
        let scale = Double(binCount) / (hi - lo)
        guard scale.isFinite, scale > 0 else { return copyAndSelect(values, kept) }

        // Pass 2: histogram, then the bins holding the two middle ranks.
        let last = binCount - 1
        var histogram = [Int](repeating: 0, count: binCount)
        histogram.withUnsafeMutableBufferPointer { h in
            for v in values {
                guard let t = kept(v) else { continue }
                h[min(last, Int((t - lo) * scale))] += 1
            }
        }
        var below = 0
        var lowerBin = -1, upperBin = -1
        var belowLower = 0
        for b in 0..<binCount {
            let next = below + histogram[b]
            if lowerBin < 0 && lowerRank < next {
                lowerBin = b
                belowLower = below
            }
            if upperRank < next {
                upperBin = b
                break
            }
            below = next
        }

        // Pass 3: copy the values of those bins (usually a tiny fraction) and select within them.
        var candidates: [Double] = []
        candidates.reserveCapacity(histogram[lowerBin] + (upperBin != lowerBin ? histogram[upperBin] : 0))
        for v in values {
            guard let t = kept(v) else { continue }
            let b = min(last, Int((t - lo) * scale))
            if b == lowerBin || b == upperBin { candidates.append(t) }
        }
        return candidates.withUnsafeMutableBufferPointer { c in
            let lower = Quickselect.selectInPlace(c, k: lowerRank - belowLower)
            if upperRank == lowerRank { return lower }
            let upper = Quickselect.selectInPlace(c, k: upperRank - belowLower)
            return 0.5 * lower + 0.5 * upper
        }
    }

    private static func copyAndSelect(_ values: UnsafeBufferPointer<Double>,
                                      _ kept: (Double) -> Double?) -> Double? {
        var copy = values.compactMap(kept)
        return Quickselect.median(&copy)
    }
}
