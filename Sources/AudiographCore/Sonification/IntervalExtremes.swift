// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The lowest and highest point of each interval when too many points share the play time.
///
/// One pass over the series: each point falls into the interval of its x; an interval remembers which of its
/// points is lowest and highest, so the sound can still reach every extreme.
struct IntervalExtremes {
    /// Index of the lowest playable point per interval, or -1 when the interval has none.
    var lowest: [Int]
    /// Index of the highest playable point per interval, or -1 when the interval has none.
    var highest: [Int]
    /// Whether an interval holds a missing value.
    var hasMissing: [Bool]

    var count: Int { lowest.count }

    /// Gathers `series` into `layout.intervalCount` intervals; `isPlayable` says which y values have a pitch.
    init(series: DataSeries, layout: SeriesLayout, logarithmicY: Bool) {
        let count = layout.intervalCount ?? 1
        lowest = [Int](repeating: -1, count: count)
        highest = [Int](repeating: -1, count: count)
        hasMissing = [Bool](repeating: false, count: count)
        // Linear x is placed with one multiply per point; log x goes through the layout.
        let lo = layout.xRange.lowerBound, span = layout.xRange.upperBound - layout.xRange.lowerBound
        let perUnit = span > 0 ? Double(count) / span : 0
        let linear = !layout.logarithmicX
        series.x.withUnsafeBufferPointer { xs in
            series.y.withUnsafeBufferPointer { ys in
                for i in 0..<xs.count {
                    let x = xs[i]
                    guard x.isFinite else { continue }
                    let b = linear ? min(count - 1, max(0, Int((x - lo) * perUnit))) : layout.interval(ofX: x)
                    let y = ys[i]
                    guard y.isFinite, !logarithmicY || y > 0 else { hasMissing[b] = true; continue }
                    let lo = lowest[b]
                    if lo < 0 {
                        lowest[b] = i; highest[b] = i
                    } else {
                        if y < ys[lo] { lowest[b] = i }
                        if y > ys[highest[b]] { highest[b] = i }
                    }
                }
            }
        }
    }

    /// The interval's extremes in the order they occur along x (one index when both are the same point).
    func extremesInOrder(_ interval: Int, x: [Double]) -> [Int] {
        let lo = lowest[interval], hi = highest[interval]
        guard lo >= 0 else { return [] }
        if lo == hi { return [lo] }
        let loFirst = x[lo] < x[hi] || (x[lo] == x[hi] && lo < hi)
        return loFirst ? [lo, hi] : [hi, lo]
    }
}
