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
    static func smooth(_ values: [Double], window: Int) -> [Double] {
        let n = values.count
        let h = max(0, (max(1, window) - 1) / 2)
        guard n > 2, h > 0 else { return values }
        // Every position is written below, so the array is not zeroed first (a pass over 800 MB at 100M points).
        return [Double](unsafeUninitializedCapacity: n) { s, initialized in
            values.withUnsafeBufferPointer { y in
                // Edges (and everything when the series is shorter than a window): symmetric shrinking window.
                var scratch = [Double]()
                let edges = n >= 2 * h + 1 ? Array(0..<h) + Array((n - h)..<n) : Array(0..<n)
                for i in edges {
                    let half = min(h, i, n - 1 - i)
                    scratch.removeAll(keepingCapacity: true)
                    for j in (i - half)...(i + half) { scratch.append(y[j]) }
                    scratch.sort()
                    s[i] = scratch[half]
                }

                // Interior: a sorted copy of the window slides along; a long series in one stretch per core (each
                // window is the same values whichever stretch it is in, so the result is too).
                if n >= 2 * h + 1 {
                    let interior = h..<(n - h)
                    let stretches = interior.count >= 1 << 20 ? ProcessInfo.processInfo.activeProcessorCount : 1
                    nonisolated(unsafe) let (input, output) = (y, s)
                    _ = ParallelMap.map(stretches) { k in
                        let from = interior.lowerBound + interior.count * k / stretches
                        let to = interior.lowerBound + interior.count * (k + 1) / stretches
                        slide(input, output, halfWidth: h, positions: from..<to)
                    }
                }

                // Tukey's end-point rule.
                s[0] = median3(y[0], s[1], 3 * s[1] - 2 * s[2])
                s[n - 1] = median3(y[n - 1], s[n - 2], 3 * s[n - 2] - 2 * s[n - 3])
            }
            initialized = n
        }
    }

    /// Sets s[i] for i in `positions` (within h ≤ i < n − h). Each step removes the outgoing value and inserts the incoming one
    /// without branches on the data (random data would mispredict them): for the sorted window a,
    /// dropping the first copy of the outgoing value o gives c[k] = a[k] < o ? a[k] : a[k + 1] (ties
    /// included), and inserting x into sorted c gives r[k] = max(c[k − 1], min(x, c[k])).
    private static func slide(_ y: UnsafeBufferPointer<Double>, _ s: UnsafeMutableBufferPointer<Double>,
                              halfWidth h: Int, positions: Range<Int>) {
        guard !positions.isEmpty else { return }
        let w = 2 * h + 1
        var window = Array(y[(positions.lowerBound - h)..<(positions.lowerBound - h + w)]).sorted()
        window.withUnsafeMutableBufferPointer { a in
            var i = positions.lowerBound
            while true {
                s[i] = a[h]
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
