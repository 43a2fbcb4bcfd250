// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The chart's zoom steps (Ctrl+plus, Ctrl+minus, Ctrl+0), as factors of the normal size, as GNOME apps zoom
/// their content: text, lines, marks and the cursor frame grow together.
public enum ChartZoom {
    /// Every zoom a person can step to, smallest first; 1 is the normal size.
    public static let levels: [Double] = [0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3]

    /// The next level above `zoom`, or nil at the largest.
    public static func larger(than zoom: Double) -> Double? { levels.first { $0 > zoom + 0.001 } }

    /// The next level below `zoom`, or nil at the smallest.
    public static func smaller(than zoom: Double) -> Double? { levels.last { $0 < zoom - 0.001 } }

    /// `factor` kept within the smallest and largest level (1 for a value that is not a number).
    public static func clamped(_ factor: Double) -> Double {
        guard factor.isFinite else { return 1 }
        return min(max(factor, levels[0]), levels[levels.count - 1])
    }

    /// The zoom as a whole percentage: 1.25 is 125.
    public static func percent(_ zoom: Double) -> Int { Int((zoom * 100).rounded()) }
}
