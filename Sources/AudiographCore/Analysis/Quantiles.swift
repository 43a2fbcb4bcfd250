// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Quantiles by the linear method (R's type 7, numpy's default `linear`), in the values' units.
public enum Quantiles {
    /// The `p` quantile (0...1) of `sorted` (ascending, finite), interpolating linearly between the two
    /// order statistics around (n − 1)·p; nil when there are no values.
    public static func type7(sorted: [Double], _ p: Double) -> Double? {
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        let h = Double(sorted.count - 1) * min(1, max(0, p))
        let lower = Int(h.rounded(.down))
        let upper = min(sorted.count - 1, lower + 1)
        return sorted[lower] + (h - Double(lower)) * (sorted[upper] - sorted[lower])
    }
}
