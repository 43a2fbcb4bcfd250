// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which series can share one y scale: the same unit written in their headers, or, where no unit is written,
/// sizes within about tenfold of each other.
///
/// Draco's "don't put two measures of different units on one scale". Where the file names one unit for both
/// (rainfall in mm in a wet and a dry city) comparing them is the point, so they share a scale whatever their
/// sizes; without units the tenfold limit keeps the smaller series from flattening into the bottom tenth of the
/// chart and the bottom of the pitch range.
enum ScaleGroups {
    /// Largest ratio of two series' sizes that still share a scale.
    static let sizeRatioLimit = 10.0

    /// Groups of indices into `units`/`magnitudes`, in order of their first member; the first group keeps the
    /// chart's own scale. `magnitudes` are each series' largest absolute value.
    static func groups(units: [String?], magnitudes: [Double]) -> [[Int]] {
        var groups: [[Int]] = []
        var reference: [(unit: String, low: Double, high: Double)] = []
        for i in units.indices {
            let unit = units[i] ?? ""
            let m = magnitudes[i]
            if let g = reference.indices.first(where: { g in
                reference[g].unit == unit && (!unit.isEmpty || fits(m, low: reference[g].low, high: reference[g].high))
            }) {
                groups[g].append(i)
                if m > 0 {
                    reference[g].low = reference[g].low == 0 ? m : min(reference[g].low, m)
                    reference[g].high = max(reference[g].high, m)
                }
            } else {
                groups.append([i])
                reference.append((unit, m, m))
            }
        }
        return groups
    }

    /// True when every size is within `sizeRatioLimit` of every other (zeros fit anywhere).
    static func sameMagnitude(_ magnitudes: [Double]) -> Bool {
        let sizes = magnitudes.filter { $0 > 0 && $0.isFinite }
        guard let lo = sizes.min(), let hi = sizes.max() else { return true }
        return hi / lo <= sizeRatioLimit
    }

    /// True when a series of size `m` fits a group whose sizes run from `low` to `high`.
    private static func fits(_ m: Double, low: Double, high: Double) -> Bool {
        if m == 0 || high == 0 { return true }
        let lo = low == 0 ? high : low
        return max(m, high) / min(m, lo) <= sizeRatioLimit
    }
}
