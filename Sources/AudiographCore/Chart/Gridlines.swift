// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Chooses round gridline positions ("nice numbers": 1, 2 or 5 × 10^k steps) for an axis range.
public enum Gridlines {
    /// About `target` evenly spaced round values covering `range` (in data units), ascending; with
    /// `wholeNumbers` (years, counts, row numbers) only whole steps, so no gridline falls at 72.5.
    public static func linear(_ range: ClosedRange<Double>, target: Int = 5, wholeNumbers: Bool = false) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return range.lowerBound.isFinite ? [range.lowerBound] : [] }
        let rough = span / Double(max(1, target))
        let magnitude = pow(10, Foundation.floor(Foundation.log10(rough)))
        let steps = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.filter { !wholeNumbers || ($0 >= 1 && $0 == $0.rounded()) }
        let step = steps.first { $0 >= rough } ?? max(wholeNumbers ? 1 : 0, 10 * magnitude)
        let firstIndex = ceil(range.lowerBound / step - 1e-9)
        // Round to the step's decimals so 3 × 0.2 is written 0.6, not 0.6000000000000001.
        let decimals = pow(10, max(0, -Foundation.floor(Foundation.log10(step))) + 1)
        var lines: [Double] = []
        var k = 0.0
        while lines.count < 100 {
            let value = ((firstIndex + k) * step * decimals).rounded() / decimals
            if value > range.upperBound + step * 1e-9 { break }
            lines.append(value == 0 ? 0 : value)
            k += 1
        }
        return lines
    }

    /// Powers of ten inside a positive range, for logarithmic axes.
    public static func log10(_ range: ClosedRange<Double>) -> [Double] {
        guard range.lowerBound > 0 else { return [] }
        let low = Int(Foundation.ceil(Foundation.log10(range.lowerBound) - 1e-9))
        let high = Int(Foundation.floor(Foundation.log10(range.upperBound) + 1e-9))
        guard low <= high else { return [] }
        return (low...high).map { pow(10, Double($0)) }
    }
}
