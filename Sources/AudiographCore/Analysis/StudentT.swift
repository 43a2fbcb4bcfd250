// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Student's t distribution: the two-sided p-value (0…1) of a t statistic with a given number of degrees
/// of freedom, for the significance of a least-squares slope.
///
/// Call as `StudentT.twoSidedPValue(t: t, degreesOfFreedom: n - 2)`. The p-value is the regularized
/// incomplete beta function I_x(ν/2, 1/2) at x = ν / (ν + t²), evaluated by its continued fraction
/// (modified Lentz), accurate to about 1e-12 relative. Above 100,000 degrees of freedom the normal
/// distribution is used (they differ by under 1e-5 there).
enum StudentT {
    /// Two-sided p-value P(|T| ≥ |t|) for `degreesOfFreedom` ≥ 1; 1 for t = 0, 0 for an infinite t, NaN for
    /// a NaN t or fewer than one degree of freedom.
    static func twoSidedPValue(t: Double, degreesOfFreedom: Double) -> Double {
        guard !t.isNaN, degreesOfFreedom >= 1 else { return .nan }
        if t.isInfinite { return 0 }
        if t == 0 { return 1 }
        if degreesOfFreedom > 100_000 { return min(1, erfc(abs(t) / 2.0.squareRoot())) }
        let x = degreesOfFreedom / (degreesOfFreedom + t * t)
        return min(1, max(0, regularizedIncompleteBeta(x: x, a: degreesOfFreedom / 2, b: 0.5)))
    }

    /// I_x(a, b), the regularized incomplete beta function, for 0 ≤ x ≤ 1 and a, b > 0.
    static func regularizedIncompleteBeta(x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // The continued fraction converges fast below the mean a / (a + b); above it, use the symmetry
        // I_x(a, b) = 1 − I_{1−x}(b, a).
        if x > (a + 1) / (a + b + 2) { return 1 - regularizedIncompleteBeta(x: 1 - x, a: b, b: a) }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x)
        return exp(logFront) * continuedFraction(x: x, a: a, b: b) / a
    }

    /// The continued fraction of I_x(a, b) (its terms d₂ₘ and d₂ₘ₊₁), by the modified Lentz method.
    private static func continuedFraction(x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-15
        func guarded(_ v: Double) -> Double { abs(v) < tiny ? tiny : v }
        var c = 1.0
        var d = 1 / guarded(1 - (a + b) * x / (a + 1))
        var fraction = d
        for m in 1...500 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 / guarded(1 + even * d)
            c = guarded(1 + even / c)
            fraction *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 / guarded(1 + odd * d)
            c = guarded(1 + odd / c)
            let step = d * c
            fraction *= step
            if abs(step - 1) < epsilon { break }
        }
        return fraction
    }
}
