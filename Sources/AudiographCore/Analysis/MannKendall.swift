// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Mann–Kendall / Kendall rank test of a monotone association between x and y: statistic S, Kendall's
/// τ-b (−1…1) and the two-sided p-value (0…1) from the normal approximation with tie correction.
///
/// Internal helper; call as `MannKendallTest.run(xs: xs, ys: ys)` with NaN-free points (any order).
/// S = Σ_{i<j} sign(xⱼ − xᵢ)·sign(yⱼ − yᵢ), which for points ordered by distinct x is the classic
/// Mann–Kendall S. Var(S) uses the Kendall formula with ties in both x and y (it reduces to the usual
/// Mann–Kendall tie correction when x has no ties); z has a continuity correction of 1. O(m²): callers
/// keep m at a few thousand (see `Trend.compute`).
struct MannKendallTest {
    var s: Double
    var varianceS: Double
    var tau: Double
    var z: Double
    var pValue: Double

    static func run(xs: [Double], ys: [Double]) -> MannKendallTest {
        let n = min(xs.count, ys.count)
        guard n >= 2 else { return MannKendallTest(s: 0, varianceS: 0, tau: 0, z: 0, pValue: 1) }

        var s = 0
        xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                for i in 0..<(n - 1) {
                    let xi = x[i], yi = y[i]
                    var rowSum = 0
                    for j in (i + 1)..<n {
                        let sx = (x[j] > xi ? 1 : 0) - (x[j] < xi ? 1 : 0)
                        let sy = (y[j] > yi ? 1 : 0) - (y[j] < yi ? 1 : 0)
                        rowSum += sx * sy
                    }
                    s += rowSum
                }
            }
        }

        let tx = tieSums(Array(xs.prefix(n)))
        let ty = tieSums(Array(ys.prefix(n)))
        let nd = Double(n)
        let v0 = nd * (nd - 1) * (2 * nd + 5)
        var variance = (v0 - tx.t2t5 - ty.t2t5) / 18
        variance += (tx.t1 * ty.t1) / (2 * nd * (nd - 1))
        if n > 2 {
            variance += (tx.t12 * ty.t12) / (9 * nd * (nd - 1) * (nd - 2))
        }

        let sd = Double(s)
        let pairs = nd * (nd - 1) / 2
        let tauDenominator = ((pairs - tx.t1 / 2) * (pairs - ty.t1 / 2)).squareRoot()
        let tau = tauDenominator > 0 ? min(1, max(-1, sd / tauDenominator)) : 0

        var z = 0.0
        if variance > 0 && s != 0 {
            z = (sd - (s > 0 ? 1 : -1)) / variance.squareRoot()
        }
        let p = variance > 0 ? min(1, erfc(abs(z) / 2.0.squareRoot())) : 1
        return MannKendallTest(s: sd, varianceS: max(0, variance), tau: tau, z: z, pValue: p)
    }

    /// Over the groups of equal values (sizes t): Σ t(t−1), Σ t(t−1)(t−2) and Σ t(t−1)(2t+5).
    private static func tieSums(_ values: [Double]) -> (t1: Double, t12: Double, t2t5: Double) {
        let sorted = values.sorted()
        var t1 = 0.0, t12 = 0.0, t2t5 = 0.0
        var i = 0
        while i < sorted.count {
            var j = i + 1
            while j < sorted.count && sorted[j] == sorted[i] { j += 1 }
            let t = Double(j - i)
            if t > 1 {
                t1 += t * (t - 1)
                t12 += t * (t - 1) * (t - 2)
                t2t5 += t * (t - 1) * (2 * t + 5)
            }
            i = j
        }
        return (t1, t12, t2t5)
    }
}
