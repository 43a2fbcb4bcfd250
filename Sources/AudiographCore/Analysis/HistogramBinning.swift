// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One bin of a histogram: values from `from` (included) to `to` (excluded, except in the last bin), in the
/// measured column's units, and how many values fell in it.
public struct HistogramBin: Sendable, Equatable, Codable {
    public var from: Double
    public var to: Double
    public var count: Int

    public init(from: Double, to: Double, count: Int) {
        self.from = from
        self.to = to
        self.count = count
    }
}

/// Splits numbers into equal-width bins (docs/decisions.md, "Histogram bins").
///
/// Without a bin count the width is numpy's `auto` rule: the smaller of the Sturges and Freedman–Diaconis
/// widths (Sturges alone when the interquartile range is zero). That width is then moved to the nearest round
/// step (1, 2, 2.5 or 5 times a power of ten) and the edges are put on multiples of it, so bins read as
/// "20 to 25" rather than "19.73 to 24.91". With a bin count the edges are numpy's exactly: that many equal
/// bins from the smallest value to the largest. Counting follows numpy: every bin holds its lower edge, and
/// the last one its upper edge too.
public enum HistogramBinning {
    /// Most bins a histogram gets, whatever the rule asks (a bar is still a few pixels wide, a note a few
    /// tens of milliseconds long).
    public static let maximumBins = 200

    /// The number of equal bins numpy's `histogram_bin_edges(values, bins="auto")` makes over the finite
    /// `values`; 1 when they are all equal or fewer than two.
    public static func numpyAutoBinCount(_ values: [Double]) -> Int {
        let sorted = values.filter(\.isFinite).sorted()
        guard let low = sorted.first, let high = sorted.last, high > low else { return 1 }
        let width = autoWidth(sorted: sorted)
        return max(1, Int(((high - low) / width).rounded(.up)))
    }

    /// numpy's `auto` bin width for ascending finite values with a positive range, in their units.
    static func autoWidth(sorted: [Double]) -> Double {
        let n = Double(sorted.count)
        let range = sorted[sorted.count - 1] - sorted[0]
        let sturges = range / (log2(n) + 1)
        let iqr = (Quantiles.type7(sorted: sorted, 0.75) ?? 0) - (Quantiles.type7(sorted: sorted, 0.25) ?? 0)
        let freedmanDiaconis = 2 * iqr * pow(n, -1.0 / 3)
        return freedmanDiaconis > 0 ? min(sturges, freedmanDiaconis) : sturges
    }

    /// Bin edges for the finite `values`: `binCount` equal bins from the least to the greatest value when
    /// given (numpy's), else the `auto` width rounded to a round step with edges on its multiples. Empty
    /// when there is no finite value.
    public static func edges(_ values: [Double], binCount: Int? = nil) -> [Double] {
        edges(sortedFinite: values.filter(\.isFinite).sorted(), binCount: binCount)
    }

    /// `edges` of values already sorted ascending with none missing (a histogram sorts them once).
    static func edges(sortedFinite sorted: [Double], binCount: Int? = nil) -> [Double] {
        guard var low = sorted.first, var high = sorted.last else { return [] }
        if let binCount {
            let n = max(1, min(maximumBins, binCount))
            if low == high { low -= 0.5; high += 0.5 }
            return (0...n).map { i in i == n ? high : low + (high - low) * Double(i) / Double(n) }
        }
        guard high > low else { return [low - 0.5, low + 0.5] }
        var step = roundStep(near: autoWidth(sorted: sorted))
        let limit = Double(binLimit(sorted: sorted))
        while ((high - low) / step).rounded(.up) > limit { step = roundStep(near: step * 2.2) }
        var first = (low / step).rounded(.down) * step
        // Edges half a step over, when those keep whole clusters the round edges cut through.
        let shifted = (low / step - 0.5).rounded(.down) * step + step / 2
        if splitMass(sorted, first: shifted, step: step, high: high) * 2 < splitMass(sorted, first: first, step: step, high: high)
        {
            first = shifted
        }
        var count = Int(((high - first) / step).rounded(.down)) + 1
        // A greatest value right on an edge belongs to the bin below it, as in numpy's last bin.
        if count > 1, abs(first + Double(count - 1) * step - high) <= step * 1e-9 { count -= 1 }
        return (0...count).map { first + Double($0) * step }
    }

    /// How much of the data an edge cuts through a cluster, for edges `first + k × step` up to `high`: for each
    /// inner edge, the fewer of the values just below it and just above it (within a tenth of a step), summed.
    /// Less than max(3, 5% of the values) counts as none, so round edges stay unless a nearby edge keeps clearly
    /// more of a cluster whole (MASS's galaxies: a tight group of velocities either side of 20,000).
    static func splitMass(_ sorted: [Double], first: Double, step: Double, high: Double) -> Int {
        let near = step / 10
        var mass = 0
        var edge = first + step
        while edge < high {
            let below = lowerBound(sorted, edge) - lowerBound(sorted, edge - near)
            let above = lowerBound(sorted, edge + near) - lowerBound(sorted, edge)
            mass += min(below, above)
            edge += step
        }
        return mass >= max(3, sorted.count / 20) ? mass : 0
    }

    /// The index of the first of the ascending `sorted` values at or above `value`.
    private static func lowerBound(_ sorted: [Double], _ value: Double) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Most bins the `auto` width may give ascending finite values: never more than their distinct values,
    /// nor than the larger of Sturges' count and 2√n, nor `maximumBins`. Freedman–Diaconis alone gave 149 bins
    /// for 50 values whose middle half is close together, a bar per value and most of them empty.
    static func binLimit(sorted: [Double]) -> Int {
        var distinct = sorted.isEmpty ? 0 : 1
        for i in sorted.indices.dropFirst() where sorted[i] != sorted[i - 1] { distinct += 1 }
        let n = Double(sorted.count)
        let spread = max((log2(n) + 1).rounded(.up), (2 * n.squareRoot()).rounded(.up))
        return max(1, min(maximumBins - 1, distinct, Int(spread)))
    }

    /// The round step (1, 2, 2.5 or 5 times a power of ten) nearest to `width` by ratio.
    static func roundStep(near width: Double) -> Double {
        let power = pow(10, (log10(width)).rounded(.down))
        let steps = ([0.5, 1, 2, 2.5, 5, 10] as [Double]).map { $0 * power }
        return steps.min { abs(log($0 / width)) < abs(log($1 / width)) } ?? power
    }

    /// The bins `edges` make of the finite `values`, counted as numpy counts them.
    public static func bins(_ values: [Double], edges: [Double]) -> [HistogramBin] {
        guard edges.count >= 2 else { return [] }
        let n = edges.count - 1
        var counts = [Int](repeating: 0, count: n)
        let low = edges[0], high = edges[n]
        let scale = Double(n) / (high - low)
        for v in values where v.isFinite && v >= low && v <= high {
            var i = min(n - 1, Int((v - low) * scale))
            // Rounding can put a value one bin off its edges; the edges decide.
            if i > 0, v < edges[i] { i -= 1 } else if i < n - 1, v >= edges[i + 1] { i += 1 }
            counts[i] += 1
        }
        return (0..<n).map { HistogramBin(from: edges[$0], to: edges[$0 + 1], count: counts[$0]) }
    }
}

/// A histogram of one column: its bins and a summary of the values binned, in the column's units.
public struct Histogram: Sendable, Equatable {
    public var bins: [HistogramBin]
    /// How many finite values were binned.
    public var valueCount: Int
    public var minimum: Double
    public var maximum: Double
    public var mean: Double
    public var median: Double
    /// Sample standard deviation (n − 1); 0 for a single value.
    public var standardDeviation: Double
    /// True when the bin count was given (`--bins`), false when `HistogramBinning`'s rule chose it.
    public var binCountGiven: Bool
    /// Decimals the values are written with (their column's).
    public var fractionDigits = 0

    /// The histogram of the finite `values` with `binCount` bins, or the rule's; nil when none is finite.
    public init?(_ values: [Double], binCount: Int? = nil) {
        let sorted = values.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        bins = HistogramBinning.bins(sorted, edges: HistogramBinning.edges(sortedFinite: sorted, binCount: binCount))
        valueCount = sorted.count
        minimum = first
        maximum = last
        let n = Double(sorted.count)
        let mean = sorted.reduce(0, +) / n
        self.mean = mean
        median = Quantiles.type7(sorted: sorted, 0.5) ?? first
        let squares = sorted.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        standardDeviation = sorted.count > 1 ? (squares / (n - 1)).squareRoot() : 0
        binCountGiven = binCount != nil
    }

    /// Index of the fullest bin (the first of equals).
    public var modalBin: Int {
        bins.indices.max { bins[$0].count < bins[$1].count || (bins[$0].count == bins[$1].count && $0 > $1) } ?? 0
    }

    /// Indices of the bins that stand as separate peaks: local maxima holding at least half the fullest bin's
    /// count, each pair parted by a valley at most two thirds of the lower peak. One index for a single hump.
    public var peaks: [Int] {
        let counts = bins.map(\.count)
        guard let top = counts.max(), top > 0 else { return [] }
        var candidates: [Int] = []
        for i in counts.indices where counts[i] * 2 >= top {
            let left = i == 0 ? -1 : counts[i - 1], right = i == counts.count - 1 ? -1 : counts[i + 1]
            if counts[i] > left && counts[i] >= right { candidates.append(i) }
        }
        var kept: [Int] = []
        for c in candidates {
            guard let previous = kept.last else { kept.append(c); continue }
            let valley = counts[previous...c].min() ?? 0
            if valley * 3 <= min(counts[previous], counts[c]) * 2 {
                kept.append(c)
            } else if counts[c] > counts[previous] {
                kept[kept.count - 1] = c
            }
        }
        return kept
    }
}
