// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Correlation coefficients between x and y (unitless, −1…1): Pearson (linear) and Spearman (rank, ties
/// given their average rank).
///
/// Call as `Correlation.compute(xs: series.x, ys: series.y)`; returns nil with fewer than 3 valid points
/// or when x or y has no variance. Pairs where x or y is NaN or infinite are skipped. Expected O(n): the
/// ranks come from a bucket sort (`SortPermutation`), skipped for values already ascending.
public struct Correlation: Sendable, Equatable {
    /// Pearson's product-moment correlation, −1…1.
    public var pearson: Double
    /// Spearman's rank correlation (Pearson on average ranks), −1…1.
    public var spearman: Double

    public init(pearson: Double, spearman: Double) {
        self.pearson = pearson
        self.spearman = spearman
    }

    /// Pearson and Spearman correlation of the valid (x, y) pairs, or nil (see the type's documentation).
    public static func compute(xs: [Double], ys: [Double]) -> Correlation? {
        guard let line = LeastSquaresLine.fit(xs: xs, ys: ys), line.count >= 3,
            line.sxx > 0, line.syy > 0
        else { return nil }
        let pearson = clamp(line.sxy / (line.sxx * line.syy).squareRoot())

        // The valid pairs (the caller's arrays themselves when nothing is missing).
        let n = min(xs.count, ys.count)
        var vx = xs.count == n ? xs : Array(xs.prefix(n))
        var vy = ys.count == n ? ys : Array(ys.prefix(n))
        if line.count < n {
            var cx = [Double](), cy = [Double]()
            cx.reserveCapacity(line.count)
            cy.reserveCapacity(line.count)
            xs.withUnsafeBufferPointer { sx in
                ys.withUnsafeBufferPointer { sy in
                    for i in 0..<n where sx[i].isFinite && sy[i].isFinite {
                        cx.append(sx[i])
                        cy.append(sy[i])
                    }
                }
            }
            vx = cx
            vy = cy
        }
        guard let spearman = rankCorrelation(ranks: averageRanks(vx), values: vy) else { return nil }
        return Correlation(pearson: pearson, spearman: clamp(spearman))
    }

    /// Pearson correlation between `ranks` (average ranks of the other variable) and the average ranks of
    /// `values`, streaming the latter instead of storing them; nil when either has no variance.
    static func rankCorrelation(ranks: [Double], values: [Double]) -> Double? {
        let n = values.count
        guard n == ranks.count, n > 1 else { return nil }
        let mean = Double(n + 1) / 2  // average ranks always sum to n(n + 1)/2
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        ranks.withUnsafeBufferPointer { rx in
            for r in rx { sxx += (r - mean) * (r - mean) }
            forEachAverageRank(values) { position, rank in
                let d = rank - mean
                syy += d * d
                sxy += (rx[position] - mean) * d
            }
        }
        guard sxx > 0, syy > 0 else { return nil }
        return sxy / (sxx * syy).squareRoot()
    }

    /// 1-based ranks of NaN-free values, equal values sharing the average of their ranks.
    static func averageRanks(_ values: [Double]) -> [Double] {
        var ranks = [Double](repeating: 0, count: values.count)
        ranks.withUnsafeMutableBufferPointer { r in
            forEachAverageRank(values) { position, rank in r[position] = rank }
        }
        return ranks
    }

    /// Calls `body(position, rank)` for every value, in ascending value order, with its 1-based average
    /// rank. Values already ascending are not sorted.
    @inline(__always)
    static func forEachAverageRank(_ values: [Double], _ body: (Int, Double) -> Void) {
        let n = values.count
        var ascending = true
        for i in 1..<max(1, n) where values[i] < values[i - 1] {
            ascending = false
            break
        }
        let (sorted, order): ([Double], [Int32]) = ascending ? (values, []) : SortPermutation.sort(values)
        sorted.withUnsafeBufferPointer { v in
            order.withUnsafeBufferPointer { o in
                var i = 0
                while i < n {
                    var j = i + 1
                    while j < n && v[j] == v[i] { j += 1 }
                    // Sorted positions i..<j share ranks i+1 … j, whose average is (i + 1 + j) / 2.
                    let rank = Double(i + 1 + j) / 2
                    for k in i..<j { body(ascending ? k : Int(o[k]), rank) }
                    i = j
                }
            }
        }
    }

    private static func clamp(_ r: Double) -> Double { min(1, max(-1, r)) }
}
