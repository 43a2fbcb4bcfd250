// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Running (moving) median of a sequence, in the values' units: a robust smoother that ignores isolated
/// spikes and keeps steps sharp.
///
/// Internal helper; call as `RunningMedian.smooth(values, window: 5)` with NaN-free values in order.
/// The window is made odd (w = 2h + 1). Near the ends the window shrinks symmetrically (half-width i at
/// position i), so a straight line is reproduced exactly; the two end points use Tukey's end-point rule
/// median(y₀, s₁, 3s₁ − 2s₂), which extrapolates the smooth instead of echoing an outlying end value.
/// O(n·w): the interior keeps a sorted window and replaces one value per step, branch-free.
enum RunningMedian {
    /// The running median's values, s[i] in the values' units (see `offsets` for where each lies in the series).
    static func smooth(_ values: [Double], window: Int) -> [Double] {
        let medians = offsets(values, window: window)
        return values.indices.map { i in
            if i == 0 { return medians.first }
            if i == values.count - 1 { return medians.last }
            return values[i + Int(medians.offsets[i])]
        }
    }

    /// Where the running median of `values` lies in them: s[i] = values[i + offsets[i]] (or a value equal to it),
    /// and the two ends, which Tukey's rule may put between values, as numbers. One byte a point where the medians
    /// would take eight: the outlier step reads its residuals from these (80 MB fewer at ten million points).
    /// Windows are at most 63 values wide (a wider one is taken as 63; the outlier step uses at most 15).
    static func offsets(_ values: [Double], window: Int) -> Offsets {
        let n = values.count
        let h = min(31, max(0, (max(1, window) - 1) / 2))
        guard n > 2, h > 0 else {
            return Offsets(offsets: [Int8](repeating: 0, count: n), first: values.first ?? 0, last: values.last ?? 0)
        }
        var first = 0.0, last = 0.0
        // Every position is written below, so the array is not zeroed first.
        let offsets = [Int8](unsafeUninitializedCapacity: n) { o, initialized in
            values.withUnsafeBufferPointer { y in
                // Edges (and everything when the series is shorter than a window): symmetric shrinking window.
                var scratch = [Double]()
                let edges = n >= 2 * h + 1 ? Array(0..<h) + Array((n - h)..<n) : Array(0..<n)
                for i in edges {
                    let half = min(h, i, n - 1 - i)
                    scratch.removeAll(keepingCapacity: true)
                    for j in (i - half)...(i + half) { scratch.append(y[j]) }
                    scratch.sort()
                    o[i] = offset(of: scratch[half], in: y, at: i, halfWidth: half)
                }

                // Interior: a sorted copy of the window slides along; a long series in one stretch per core (each
                // window is the same values whichever stretch it is in, so the result is too).
                if n >= 2 * h + 1 {
                    let interior = h..<(n - h)
                    let stretches = interior.count >= 1 << 20 ? ProcessInfo.processInfo.activeProcessorCount : 1
                    nonisolated(unsafe) let (input, output) = (y, o)
                    _ = ParallelMap.map(stretches) { k in
                        let from = interior.lowerBound + interior.count * k / stretches
                        let to = interior.lowerBound + interior.count * (k + 1) / stretches
                        slide(input, output, halfWidth: h, positions: from..<to)
                    }
                }

                // Tukey's end-point rule.
                let (s1, s2) = (y[1 + Int(o[1])], y[2 + Int(o[2])])
                let (t1, t2) = (y[n - 2 + Int(o[n - 2])], y[n - 3 + Int(o[n - 3])])
                first = median3(y[0], s1, 3 * s1 - 2 * s2)
                last = median3(y[n - 1], t1, 3 * t1 - 2 * t2)
                o[0] = 0
                o[n - 1] = 0
            }
            initialized = n
        }
        return Offsets(offsets: offsets, first: first, last: last)
    }

    /// Where a running median lies: see `offsets(_:window:)`.
    struct Offsets: Sendable {
        /// For 0 < i < n − 1, the distance (−h … h) from i to a value equal to the median at i; 0 at the ends.
        let offsets: [Int8]
        /// The median at position 0 and at position n − 1.
        let first: Double, last: Double
    }

    /// The distance j (−h … h) from i to the first value y[i + j] equal to `median`, one of those values (h ≤ 31):
    /// the window's matches are gathered as bits, without branches on the data.
    @inline(__always)
    private static func offset(of median: Double, in y: UnsafeBufferPointer<Double>, at i: Int, halfWidth h: Int) -> Int8 {
        var matches: UInt64 = 0
        for j in 0...(2 * h) {
            matches |= UInt64(unsafeBitCast(y[i - h + j] == median, to: UInt8.self)) << UInt64(j)
        }
        // No match only for a NaN median (values must be NaN-free): the point itself, not a read outside the window.
        return Int8(truncatingIfNeeded: matches == 0 ? 0 : matches.trailingZeroBitCount - h)
    }

    /// Sets o[i], where the median s[i] lies, for i in `positions` (within h ≤ i < n − h). Each step removes the
    /// outgoing value and inserts the incoming one
    /// without branches on the data (random data would mispredict them): for the sorted window a,
    /// dropping the first copy of the outgoing value o gives c[k] = a[k] < o ? a[k] : a[k + 1] (ties
    /// included), and inserting x into sorted c gives r[k] = max(c[k − 1], min(x, c[k])).
    private static func slide(
        _ y: UnsafeBufferPointer<Double>, _ o: UnsafeMutableBufferPointer<Int8>,
        halfWidth h: Int, positions: Range<Int>
    ) {
        guard !positions.isEmpty else { return }
        let w = 2 * h + 1
        var window = Array(y[(positions.lowerBound - h)..<(positions.lowerBound - h + w)]).sorted()
        window.withUnsafeMutableBufferPointer { a in
            var i = positions.lowerBound
            while true {
                o[i] = offset(of: a[h], in: y, at: i, halfWidth: h)
                if i + 1 >= positions.upperBound { break }
                let outgoing = y[i - h]
                let incoming = y[i + h + 1]
                // One pass: c[k] is computed from a[k] and a[k + 1] before a[k] is overwritten by r[k].
                var previous = -Double.infinity
                for k in 0..<(w - 1) {
                    let c = select(a[k] < outgoing, a[k], a[k + 1])
                    a[k] = max(previous, min(incoming, c))
                    previous = c
                }
                a[w - 1] = max(previous, incoming)
                i += 1
            }
        }
    }

    /// `condition ? ifTrue : ifFalse` computed with bit masks, so the compiler cannot turn it into a branch.
    @inline(__always)
    private static func select(_ condition: Bool, _ ifTrue: Double, _ ifFalse: Double) -> Double {
        let mask = 0 &- UInt64(unsafeBitCast(condition, to: UInt8.self))
        return Double(bitPattern: (ifTrue.bitPattern & mask) | (ifFalse.bitPattern & ~mask))
    }

    @inline(__always)
    static func median3(_ a: Double, _ b: Double, _ c: Double) -> Double {
        max(min(a, b), min(max(a, b), c))
    }
}
