// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Order statistics (k-th smallest value, median) of plain numbers in expected O(n) time, in the values'
/// units.
///
/// Call as `Quickselect.median(&values)` or `Quickselect.select(&values, k: 2)`. Both reorder `values`
/// in place (no copy); pass a copy when the order matters. NaN values are ignored by `median`; `select`
/// requires that there are none.
public enum Quickselect {
    /// The median of the non-NaN values, in their units; the mean of the two middle values for an even
    /// count; nil when there are no non-NaN values. Reorders `values` (NaNs end up at the end).
    public static func median(_ values: inout [Double]) -> Double? {
        values.withUnsafeMutableBufferPointer { buffer -> Double? in
            let count = compactNonNaN(buffer)
            guard count > 0 else { return nil }
            return medianInPlace(UnsafeMutableBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The median of `values` without modifying them (works on a copy), in their units; nil when no value
    /// is a number.
    public static func median(of values: [Double]) -> Double? {
        var copy = values
        return median(&copy)
    }

    /// The k-th smallest value (k counts from 0), in the values' units. Reorders `values` so that
    /// `values[k]` holds it, smaller-or-equal values come before and greater-or-equal after.
    /// Precondition: `0 <= k < values.count` and no value is NaN.
    public static func select(_ values: inout [Double], k: Int) -> Double {
        precondition(k >= 0 && k < values.count, "Quickselect.select: k out of range")  // l10n: not shown
        return values.withUnsafeMutableBufferPointer { selectInPlace($0, k: k) }
    }

    // MARK: - Internals working on buffers

    /// Moves the non-NaN values to the front, keeping their order, and returns how many there are.
    static func compactNonNaN(_ a: UnsafeMutableBufferPointer<Double>) -> Int {
        var write = 0
        for read in 0..<a.count {
            let v = a[read]
            if !v.isNaN {
                a[write] = v
                write += 1
            }
        }
        for i in write..<a.count { a[i] = .nan }
        return write
    }

    /// Median of a non-empty buffer without NaNs; reorders it.
    static func medianInPlace(_ a: UnsafeMutableBufferPointer<Double>) -> Double {
        let n = a.count
        precondition(n > 0)
        let upper = selectInPlace(a, k: n / 2)
        if n % 2 == 1 { return upper }
        // After selection everything in a[0 ..< n/2] is <= upper; the lower middle is their maximum.
        var lower = a[0]
        for i in 1..<(n / 2) where a[i] > lower { lower = a[i] }
        return 0.5 * lower + 0.5 * upper
    }

    /// k-th smallest of a buffer without NaNs, by Floyd and Rivest's SELECT (Algorithm 489): on large
    /// ranges it first selects within a small sample around the expected position, so the pivot lands
    /// very close to the k-th value and one partition pass removes almost everything (about n + min(k,
    /// n − k) comparisons instead of quickselect's ~3n). Values equal to the pivot stop both scans, so
    /// runs of equal values split evenly.
    static func selectInPlace(_ a: UnsafeMutableBufferPointer<Double>, k: Int) -> Double {
        floydRivest(a, left: 0, right: a.count - 1, k: k)
        return a[k]
    }

    private static func floydRivest(
        _ a: UnsafeMutableBufferPointer<Double>, left initialLeft: Int,
        right initialRight: Int, k: Int
    ) {
        var left = initialLeft
        var right = initialRight
        while right > left {
            if right - left > 600 {
                // Recurse on a sample range expected to hold the k-th value.
                let n = Double(right - left + 1)
                let i = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (i - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int(Double(k) - i * s / n + sd))
                let newRight = min(right, Int(Double(k) + (n - i) * s / n + sd))
                floydRivest(a, left: newLeft, right: newRight, k: k)
            }
            // Partition a[left...right] around t = a[k].
            let t = a[k]
            var i = left
            var j = right
            a.swapAt(left, k)
            if a[right] > t { a.swapAt(right, left) }
            while i < j {
                a.swapAt(i, j)
                i += 1
                j -= 1
                while a[i] < t { i += 1 }
                while a[j] > t { j -= 1 }
            }
            if a[left] == t {
                a.swapAt(left, j)
            } else {
                j += 1
                a.swapAt(j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }
}
