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
/// `Quickselect` (fresh memory costs as much as the selection); from a million values each pass runs on every
/// core. A caller that already knows how many values are kept and their range (from a pass of its own) passes
/// it as `extent`, and the first pass is skipped. Exact: the result equals
/// `Quickselect.median` of the same numbers. Falls back to copying when the range overflows.
enum HistogramSelect {
    private static let binCount = 4_096

    /// Numbers a median can be taken of, read by position: an array's buffer, or values made when read (residuals
    /// from a fit, which need no array of their own).
    protocol Values {
        var count: Int { get }
        subscript(position: Int) -> Double { get }
    }

    /// How many values a median is taken over, and bounds on them (in the values' units; every kept value lies
    /// within `lowest ... highest`, and for an exact first pass they are the smallest and largest).
    struct Extent {
        var count: Int
        var lowest: Double
        var highest: Double
    }

    /// Median of the finite values; nil when there are none.
    static func median(of values: some Values, extent: Extent? = nil) -> Double? {
        median(values, center: 0, deviations: false, skipZeros: false, extent: extent)
    }

    /// Median of |v − center| over the finite values v (leaving out v == 0 when `skippingZeros`); nil
    /// when no value is kept.
    static func median(
        of values: some Values, deviationsFrom center: Double,
        skippingZeros: Bool, extent: Extent? = nil
    ) -> Double? {
        median(values, center: center, deviations: true, skipZeros: skippingZeros, extent: extent)
    }

    /// Values at which the passes are split into one stretch per core.
    private static let parallelCount = 1 << 20

    private static func median(
        _ values: some Values, center: Double, deviations: Bool,
        skipZeros: Bool, extent: Extent?
    ) -> Double? {
        @Sendable @inline(__always) func kept(_ v: Double) -> Double? {
            if !v.isFinite || (skipZeros && v == 0) { return nil }
            return deviations ? abs(v - center) : v
        }
        // Each pass runs over stretches of the values side by side; what they find is added up in order.
        let parts = values.count >= parallelCount ? ProcessInfo.processInfo.activeProcessorCount : 1
        nonisolated(unsafe) let all = values
        let total = values.count
        @Sendable func stretch(_ k: Int) -> Range<Int> { (total * k / parts)..<(total * (k + 1) / parts) }

        // Pass 1: how many, and the range (unless the caller knows).
        let count: Int, lo: Double, hi: Double
        if let extent {
            (count, lo, hi) = (extent.count, extent.lowest, extent.highest)
        } else {
            let ranges = ParallelMap.map(parts) { k -> (count: Int, lo: Double, hi: Double) in
                var count = 0
                var lo = Double.infinity, hi = -Double.infinity
                for i in stretch(k) {
                    guard let t = kept(all[i]) else { continue }
                    count += 1
                    lo = min(lo, t)
                    hi = max(hi, t)
                }
                return (count, lo, hi)
            }!
            count = ranges.reduce(0) { $0 + $1.count }
            lo = ranges.map(\.lo).min()!
            hi = ranges.map(\.hi).max()!
        }
        guard count > 0 else { return nil }
        if lo == hi { return lo }
        let lowerRank = (count - 1) / 2, upperRank = count / 2  // equal for an odd count
        let scale = Double(binCount) / (hi - lo)
        guard scale.isFinite, scale > 0 else { return copyAndSelect(values, kept) }

        // Pass 2: histogram, then the bins holding the two middle ranks.
        let last = binCount - 1
        let histograms = ParallelMap.map(parts) { k -> [Int] in
            var histogram = [Int](repeating: 0, count: binCount)
            histogram.withUnsafeMutableBufferPointer { h in
                for i in stretch(k) {
                    guard let t = kept(all[i]) else { continue }
                    h[min(last, Int((t - lo) * scale))] += 1
                }
            }
            return histogram
        }!
        var histogram = histograms[0]
        for other in histograms.dropFirst() { for b in 0..<binCount { histogram[b] += other[b] } }
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
        let (lowerKept, upperKept) = (lowerBin, upperBin)
        // Values far outside the two bins are passed over by one comparison, their distance from the bins' middle:
        // two comparisons, below and above, would each go either way about half the time for a centre median,
        // and mispredicted branches made this pass twice as slow as the histogram's. The margin (a millionth of a
        // bin, and a few units in the last place of the values) is far wider than the rounding of the bin
        // arithmetic, so no value of the bins is missed; what the margin lets in is sorted out by its bin below.
        let margin = 1e-6 / scale
        let lowest = lo + Double(lowerKept) / scale, highest = lo + Double(upperKept + 1) / scale
        let middle = lowest / 2 + highest / 2
        let reach = (highest - lowest) / 2 + margin + (abs(lowest) + abs(highest)) * 1e-15
        var candidates = ParallelMap.map(parts) { k -> [Double] in
            var found: [Double] = []
            for i in stretch(k) {
                guard let t = kept(all[i]), abs(t - middle) <= reach else { continue }
                let b = min(last, Int((t - lo) * scale))
                if b == lowerKept || b == upperKept { found.append(t) }
            }
            return found
        }!.flatMap { $0 }
        return candidates.withUnsafeMutableBufferPointer { c in
            let lower = Quickselect.selectInPlace(c, k: lowerRank - belowLower)
            if upperRank == lowerRank { return lower }
            let upper = Quickselect.selectInPlace(c, k: upperRank - belowLower)
            return 0.5 * lower + 0.5 * upper
        }
    }

    private static func copyAndSelect(_ values: some Values, _ kept: (Double) -> Double?) -> Double? {
        var copy = (0..<values.count).compactMap { kept(values[$0]) }
        return Quickselect.median(&copy)
    }
}

extension UnsafeBufferPointer: HistogramSelect.Values where Element == Double {}
