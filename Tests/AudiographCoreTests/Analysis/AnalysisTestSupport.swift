// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Deterministic pseudo-random numbers for the analysis tests (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number from 0 up to but not including `n` (for tables of scattered values).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let u2 = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

/// A birth-rate-like series (per 1,000; one point per year 1917–1975): falls to a low of 18.7 in 1936, rises
/// steeply to a peak of 26.8 in 1960, then falls to about 14.8, with a small deterministic wiggle.
func birthRateLikeSeries() -> (xs: [Double], ys: [Double]) {
    var xs: [Double] = []
    var ys: [Double] = []
    for year in 1917...1975 {
        let t = Double(year)
        let base: Double
        if year <= 1936 {
            base = 22.0 + (18.7 - 22.0) * pow((t - 1917) / 19, 0.8)
        } else if year <= 1960 {
            base = 18.7 + (26.8 - 18.7) * sin((t - 1936) / 24 * Double.pi / 2)
        } else {
            base = 26.8 + (14.8 - 26.8) * pow((t - 1960) / 15, 1.2)
        }
        // Wiggle that never creates a new extreme at the turns.
        let wiggle = (year == 1936 || year == 1960) ? 0 : 0.12 * sin(Double(year) * 1.7)
        xs.append(t)
        ys.append(base + wiggle)
    }
    return (xs, ys)
}

/// Index of the first smallest value of `values` within `range`.
func argmin(_ values: [Double], in range: Range<Int>) -> Int {
    var best = range.lowerBound
    for i in range where values[i] < values[best] { best = i }
    return best
}

/// Index of the first largest value of `values` within `range`.
func argmax(_ values: [Double], in range: Range<Int>) -> Int {
    var best = range.lowerBound
    for i in range where values[i] > values[best] { best = i }
    return best
}
