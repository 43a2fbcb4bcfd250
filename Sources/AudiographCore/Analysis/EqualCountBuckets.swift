// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Means of x and y over consecutive, equal-count runs of valid points (buckets) in x order, in the
/// series' units.
///
/// Internal helper; call as `EqualCountBuckets(points: orderedPoints, bucketCount: 500)`. Bucket `b`
/// holds the valid entries among `starts[b] ..< starts[b + 1]` (entry indices of `points`, so gaps are
/// skipped); every bucket holds at least one valid point and sizes differ by at most one. With
/// `bucketCount >= points.validCount` every valid point is its own bucket. One O(n) pass.
struct EqualCountBuckets {
    var xs: [Double]
    var ys: [Double]
    /// Entry index where each bucket starts (its first valid entry), plus a final `points.entryCount`.
    var starts: [Int]

    var count: Int { xs.count }

    init(points: OrderedPoints, bucketCount: Int) {
        let n = points.validCount
        let m = max(0, min(n, bucketCount))
        var bx = [Double](repeating: 0, count: m)
        var by = [Double](repeating: 0, count: m)
        var starts = [Int](repeating: points.entryCount, count: m + 1)
        guard m > 0 else {
            self.xs = bx
            self.ys = by
            self.starts = starts
            return
        }
        let hasGaps = points.hasGaps
        points.xs.withUnsafeBufferPointer { sx in
            points.ys.withUnsafeBufferPointer { sy in
                var entry = 0
                for b in 0..<m {
                    // Valid ordinals b·n/m ..< (b+1)·n/m belong to bucket b.
                    let size = Int((Int64(b + 1) * Int64(n)) / Int64(m)) - Int((Int64(b) * Int64(n)) / Int64(m))
                    var taken = 0
                    var x0 = 0.0, y0 = 0.0, sumX = 0.0, sumY = 0.0
                    while taken < size {
                        let x = sx[entry], y = sy[entry]
                        if !hasGaps || (x.isFinite && y.isFinite) {
                            if taken == 0 {
                                starts[b] = entry
                                x0 = x
                                y0 = y
                            }
                            // Shifted sums keep precision for large offsets such as epoch seconds.
                            sumX += x - x0
                            sumY += y - y0
                            taken += 1
                        }
                        entry += 1
                    }
                    bx[b] = x0 + sumX / Double(size)
                    by[b] = y0 + sumY / Double(size)
                }
            }
        }
        self.xs = bx
        self.ys = by
        self.starts = starts
    }
}
