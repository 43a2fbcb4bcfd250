// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Stable ascending sort of plain numbers that also returns the permutation, in expected O(n) time
/// (recursive bucket sort over the value range).
///
/// Internal helper; call as `SortPermutation.sort(values)`, which returns `(values, order)` with
/// `values == order.map { input[Int($0)] }` ascending and equal values keeping their input order. Values
/// must not be NaN; fewer than 2³¹ of them. Used to order points by x and to rank values without an
/// O(n log n) comparison sort on a million points.
///
/// Method: values are spread stably over up to 2,048 equal-width buckets between the range's minimum and
/// maximum (few enough that the scatter stays in cache), then each bucket is insertion-sorted when small
/// or bucketed again over its own range (about one value per bucket) when large, so skewed data with far
/// outliers still spreads out.
/// After 4 levels, or when the range is not finite, a comparison sort finishes the bucket, which bounds
/// the worst case at O(n log n).
enum SortPermutation {
    /// Ranges up to this size are insertion-sorted.
    private static let insertionLimit = 32
    /// Most buckets per level.
    private static let maxBuckets = 2_048
    /// Bucket levels before falling back to a comparison sort.
    private static let maxDepth = 4

    static func sort(_ input: [Double]) -> (values: [Double], order: [Int32]) {
        let n = input.count
        precondition(n < Int(Int32.max), "SortPermutation: too many values")  // l10n: not shown
        guard n > 1, let lo = input.min(), let hi = input.max(), lo < hi else {
            // Zero or one value, or all equal: already sorted.
            return (input, (0..<Int32(n)).map { $0 })
        }
        let bucketCount = min(maxBuckets, max(2, n))
        let scale = Double(bucketCount) / (hi - lo)
        guard n > insertionLimit, scale.isFinite, scale > 0 else {
            var values = input
            var order = (0..<Int32(n)).map { $0 }
            values.withUnsafeMutableBufferPointer { v in
                order.withUnsafeMutableBufferPointer { o in
                    if n <= insertionLimit {
                        insertionSort(v.baseAddress!, o.baseAddress!, count: n)
                    } else {
                        comparisonSort(v.baseAddress!, o.baseAddress!, count: n)
                    }
                }
            }
            return (values, order)
        }

        // First level: scatter straight from the input (stable), so no full-size scratch is needed.
        let last = bucketCount - 1
        var counts = [Int](repeating: 0, count: (maxDepth + 1) * (maxBuckets + 1))
        var values = [Double](repeating: 0, count: n)
        var order = [Int32](repeating: 0, count: n)
        var largest = 0
        input.withUnsafeBufferPointer { src in
            counts.withUnsafeMutableBufferPointer { c in
                for i in 0..<n { c[min(last, Int((src[i] - lo) * scale)) + 1] += 1 }
                for b in 0..<bucketCount {
                    largest = max(largest, c[b + 1])
                    c[b + 1] += c[b]
                }
                values.withUnsafeMutableBufferPointer { v in
                    order.withUnsafeMutableBufferPointer { o in
                        for i in 0..<n {
                            let x = src[i]
                            let b = min(last, Int((x - lo) * scale))
                            let p = c[b]
                            c[b] = p + 1
                            v[p] = x
                            o[p] = Int32(truncatingIfNeeded: i)
                        }
                    }
                }
            }
        }

        // Deeper levels work bucket by bucket with scratch the size of the largest bucket.
        var scratchValues = [Double](repeating: 0, count: largest)
        var scratchOrder = [Int32](repeating: 0, count: largest)
        values.withUnsafeMutableBufferPointer { v in
            order.withUnsafeMutableBufferPointer { o in
                scratchValues.withUnsafeMutableBufferPointer { tv in
                    scratchOrder.withUnsafeMutableBufferPointer { to in
                        counts.withUnsafeMutableBufferPointer { c in
                            var begin = 0
                            for b in 0..<bucketCount {
                                let end = c[b]
                                let size = end - begin
                                if size > insertionLimit {
                                    sortInPlace(
                                        v.baseAddress! + begin, o.baseAddress! + begin, count: size,
                                        scratch: tv.baseAddress!, to.baseAddress!,
                                        counts: c.baseAddress!, depth: 1)
                                } else if size > 1 {
                                    insertionSort(v.baseAddress! + begin, o.baseAddress! + begin, count: size)
                                }
                                begin = end
                            }
                        }
                    }
                }
            }
        }
        return (values, order)
    }

    /// The permutation that sorts `values` stably.
    static func permutation(sortedBy values: [Double]) -> [Int] {
        sort(values).order.map { Int($0) }
    }

    /// Sorts v/o[0..<n] in place, using tv/to[0..<n] as scratch.
    private static func sortInPlace(
        _ v: UnsafeMutablePointer<Double>, _ o: UnsafeMutablePointer<Int32>,
        count n: Int, scratch tv: UnsafeMutablePointer<Double>,
        _ to: UnsafeMutablePointer<Int32>, counts: UnsafeMutablePointer<Int>,
        depth: Int
    ) {
        if n <= insertionLimit {
            insertionSort(v, o, count: n)
            return
        }
        var lo = v[0], hi = v[0]
        for i in 1..<n {
            let x = v[i]
            lo = x < lo ? x : lo
            hi = x > hi ? x : hi
        }
        if lo == hi { return }  // all equal: already in input order
        // About one value per bucket: the range is already in cache, and insertion sorts of a few values
        // mispredict their branches more than counting a few more buckets costs.
        let bucketCount = min(maxBuckets, max(2, n))
        let scale = Double(bucketCount) / (hi - lo)
        guard depth < maxDepth, scale.isFinite, scale > 0 else {
            comparisonSort(v, o, count: n)
            return
        }
        let last = bucketCount - 1
        let c = counts + depth * (maxBuckets + 1)
        c.update(repeating: 0, count: bucketCount + 1)
        for i in 0..<n {
            c[min(last, Int((v[i] - lo) * scale)) + 1] += 1
        }
        for b in 0..<bucketCount { c[b + 1] += c[b] }
        // Stable scatter from a copy; afterwards c[b] is the end of bucket b.
        tv.update(from: v, count: n)
        to.update(from: o, count: n)
        for i in 0..<n {
            let x = tv[i]
            let b = min(last, Int((x - lo) * scale))
            let p = c[b]
            c[b] = p + 1
            v[p] = x
            o[p] = to[i]
        }
        var begin = 0
        for b in 0..<bucketCount {
            let end = c[b]
            let size = end - begin
            if size > insertionLimit {
                sortInPlace(v + begin, o + begin, count: size, scratch: tv, to, counts: counts, depth: depth + 1)
            } else if size > 1 {
                insertionSort(v + begin, o + begin, count: size)
            }
            begin = end
        }
    }

    /// Stable insertion sort of a short range.
    @inline(__always)
    private static func insertionSort(
        _ v: UnsafeMutablePointer<Double>, _ o: UnsafeMutablePointer<Int32>,
        count n: Int
    ) {
        guard n > 1 else { return }
        for i in 1..<n {
            let x = v[i], k = o[i]
            var j = i - 1
            while j >= 0 && v[j] > x {
                v[j + 1] = v[j]
                o[j + 1] = o[j]
                j -= 1
            }
            v[j + 1] = x
            o[j + 1] = k
        }
    }

    /// Stable comparison sort of a range (ties keep their current order, which is input order).
    private static func comparisonSort(
        _ v: UnsafeMutablePointer<Double>, _ o: UnsafeMutablePointer<Int32>,
        count n: Int
    ) {
        var pairs = (0..<n).map { (value: v[$0], index: o[$0]) }
        pairs.sort { $0.value < $1.value || ($0.value == $1.value && $0.index < $1.index) }
        for i in 0..<n {
            v[i] = pairs[i].value
            o[i] = pairs[i].index
        }
    }
}
