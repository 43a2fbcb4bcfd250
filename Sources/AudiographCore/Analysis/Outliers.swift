// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What an outlier's residual is measured against.
public enum OutlierMethod: Sendable {
    /// Residuals from a running median of the points ordered by x; for lines and bars.
    case smoothFit
    /// Residuals from the least-squares line of y on x; for scatter plots.
    case regression
}

/// Indices of outlying points (into the original arrays), most extreme first, judged by robust z-scores
/// of residuals (unitless; flagged when |z| > 3.5).
///
/// Call as `OutlierDetection.outliers(xs: series.x, ys: series.y, method: .smoothFit, maxCount: 5)`.
/// Points whose x or y is NaN or infinite are skipped; fewer than 5 valid points give [].
///
/// 1. Residual r = y − fit, where fit is a running median over the points ordered by x (`.smoothFit`;
///    window 5 up to 200 points, growing with log₁₀ n to 13 at a million, see `smoothingWindow`) or the
///    least-squares line (`.regression`).
/// 2. Robust z = 0.6745·(r − median r) / MAD. The MAD leaves out residuals that are exactly 0 when they
///    are fewer than half (points that are their own running median; see `robustScale`). When MAD is 0
///    (more than half the residuals equal), z = (r − median r) / (1.253314·mean |r − median r|), the mean
///    taken over all points; when that is 0 too, nothing is an outlier.
/// 3. A point is an outlier when |z| > `zThreshold` (3.5) **and** |r − median r| is at least
///    `minimumVisibleDeviation` (5 %) of the valid y range. The second rule is ours: on noise-free smooth
///    data the residuals are almost all 0, so the robust scale collapses and the slightly flattened peaks
///    of a running median would otherwise score huge z; a deviation under 5 % of the chart's height is not
///    something a sighted reader would call an outlier either.
/// 4. With `.smoothFit`, the deviation must also exceed `localStepFactor` (3) times the typical step
///    between the point's neighbours (median |Δy| of the neighbouring pairs within 3 points, not
///    counting the point itself). Ours too: the tip of a sharp V or a steep one-year peak in otherwise
///    smooth data sits one step off its running median, which is how the data moves there, while a spike
///    stands far off neighbours that move little.
/// 5. The at most `maxCount` points with the largest |z| are returned, ties by position.
///
/// Cost O(n·w) for the running median plus two O(n) median selections (and an expected-O(n) bucket sort
/// when x is not ascending). With very many noisy points a 3.5 threshold flags roughly 7 in 10,000
/// points of plain Gaussian noise; only the `maxCount` most extreme are returned.
public enum OutlierDetection {
    /// |robust z| above which a point may be an outlier.
    public static let zThreshold = 3.5
    /// Smallest deviation, as a fraction of the valid y range, that can count as an outlier.
    public static let minimumVisibleDeviation = 0.05
    /// Fewest valid points for which outliers are looked for.
    public static let minimumPointCount = 5
    /// With `.smoothFit`, a point must deviate by more than this many times its neighbours' typical step.
    public static let localStepFactor = 3.0

    /// Indices of at most `maxCount` outliers, most extreme first (see the type's documentation).
    public static func outliers(xs: [Double], ys: [Double], method: OutlierMethod, maxCount: Int = 5) -> [Int] {
        guard maxCount > 0 else { return [] }
        switch method {
        case .smoothFit: return smoothFitOutliers(xs: xs, ys: ys, maxCount: maxCount)
        case .regression: return regressionOutliers(xs: xs, ys: ys, maxCount: maxCount)
        }
    }

    /// `.smoothFit`: residuals from the running median of the valid points in x order, read from where each
    /// median lies (`MedianResiduals`), so that no array of residuals is made.
    private static func smoothFitOutliers(xs: [Double], ys: [Double], maxCount: Int) -> [Int] {
        let points = OrderedPoints(xs: xs, ys: ys)
        guard points.validCount >= minimumPointCount else { return [] }
        // The running median needs the valid y values back to back; `positions` gives each one's index (nil: the
        // entries' own).
        var values = points.ys
        var positions: [Int32]?
        if points.hasGaps {
            var compact = [Double](repeating: 0, count: points.validCount)
            var entries = [Int32](repeating: 0, count: points.validCount)
            var k = 0
            for i in 0..<points.entryCount where points.isValid(i) {
                compact[k] = points.ys[i]
                entries[k] = Int32(truncatingIfNeeded: points.originalIndex(i))
                k += 1
            }
            values = compact
            positions = entries
        }
        let medians = RunningMedian.offsets(values, window: smoothingWindow(count: values.count))
        let found = values.withUnsafeBufferPointer { y in
            medians.offsets.withUnsafeBufferPointer { o in
                let residuals = MedianResiduals(
                    values: y, offsets: o, first: y[0] - medians.first,
                    last: y[y.count - 1] - medians.last)
                var facts = ResidualFacts()  // gathered here: saves the scale's own passes
                var minY = Double.infinity, maxY = -Double.infinity
                for i in 0..<y.count {
                    minY = min(minY, y[i])
                    maxY = max(maxY, y[i])
                    facts.note(residuals[i])
                }
                return mostExtreme(residuals, facts: facts, yRange: maxY - minY, steps: values, maxCount: maxCount)
            }
        }
        return found.map { position in
            if let positions { return Int(positions[position]) }
            return points.originalIndex(position)
        }
    }

    /// `.regression`: residuals from the least-squares line, made again each time they are read (`LineResiduals`).
    private static func regressionOutliers(xs: [Double], ys: [Double], maxCount: Int) -> [Int] {
        guard let line = LeastSquaresLine.fit(xs: xs, ys: ys), line.count >= minimumPointCount else { return [] }
        let n = min(xs.count, ys.count)
        return xs.withUnsafeBufferPointer { x in
            ys.withUnsafeBufferPointer { y in
                let residuals = LineResiduals(
                    xs: UnsafeBufferPointer(rebasing: x[0..<n]), ys: UnsafeBufferPointer(rebasing: y[0..<n]),
                    slope: line.slope, meanX: line.meanX, meanY: line.meanY)
                var facts = ResidualFacts()
                var minY = Double.infinity, maxY = -Double.infinity
                for i in 0..<n where x[i].isFinite && y[i].isFinite {
                    facts.note(residuals[i])
                    minY = min(minY, y[i])
                    maxY = max(maxY, y[i])
                }
                return mostExtreme(residuals, facts: facts, yRange: maxY - minY, steps: nil, maxCount: maxCount)
            }
        }
    }

    /// Positions (into `residuals`) of at most `maxCount` outliers, most extreme first: steps 2 to 5 of the type's
    /// documentation. `facts` are those of the valid points' residuals; a position whose residual is NaN and not
    /// among them (a point left out) is passed over. `steps` are the y values in order for the local-step rule.
    private static func mostExtreme(
        _ residuals: some HistogramSelect.Values, facts: ResidualFacts, yRange: Double,
        steps: [Double]?, maxCount: Int
    ) -> [Int] {
        guard let scale = robustScale(residuals, facts: facts) else { return [] }
        let visible = minimumVisibleDeviation * yRange
        var candidates: [(position: Int, score: Double)] = []
        for i in 0..<residuals.count {
            let deviation = abs(residuals[i] - scale.center)
            let score = deviation * scale.factor
            guard score > zThreshold, deviation >= visible else { continue }
            if let steps, deviation <= localStepFactor * localStep(steps, around: i) { continue }
            candidates.append((i, score))
        }
        candidates.sort { $0.score > $1.score || ($0.score == $1.score && $0.position < $1.position) }
        return candidates.prefix(maxCount).map(\.position)
    }

    /// Typical step between neighbouring points around position i, in y units: the median of
    /// |y[j+1] − y[j]| over the pairs within 3 positions of i that do not involve i itself.
    static func localStep(_ y: [Double], around i: Int) -> Double {
        let lo = max(0, i - 3), hi = min(y.count - 1, i + 3)
        var steps: [Double] = []
        for j in lo..<hi where j != i && j + 1 != i {
            steps.append(abs(y[j + 1] - y[j]))
        }
        return Quickselect.median(&steps) ?? 0
    }

    /// Running-median window (odd) for `count` points: 5 up to 200 points, then 2·⌊log₁₀ count⌋ + 1
    /// (7 from 1,000, 9 from 10,000, … 13 from a million), at most 15.
    public static func smoothingWindow(count: Int) -> Int {
        guard count > 200 else { return 5 }
        let digits = Int(log10(Double(count)).rounded(.down))
        return min(15, max(5, 2 * digits + 1))
    }

    /// Robust z-scores of `values` (see `robustScale`); nil when the values have no spread at all.
    static func robustZScores(_ values: [Double]) -> (z: [Double]?, center: Double) {
        guard let scale = robustScale(values) else {
            return (nil, Quickselect.median(of: values) ?? 0)
        }
        return (values.map { ($0 - scale.center) * scale.factor }, scale.center)
    }

    /// Centre (median) of `values` and the factor that turns a deviation from it into a robust z-score:
    /// 0.6745 / MAD, or 1 / (1.253314 · mean absolute deviation) when the MAD is 0; nil when that is 0 too.
    ///
    /// Values that are exactly 0 are left out of the MAD when they are fewer than half: a point that is its
    /// own running median has residual exactly 0 (about 1 in w points of noisy data), and counting those
    /// shrinks the MAD enough to flag about 2 points in every 100 of pure Gaussian noise instead of ~0.07.
    static func robustScale(_ values: [Double]) -> (center: Double, factor: Double)? {
        var facts = ResidualFacts()
        for v in values { facts.note(v) }
        return robustScale(values, facts: facts)
    }

    /// `robustScale(_:)` of `values` whose count, range and zeros are `facts`.
    static func robustScale(_ values: [Double], facts: ResidualFacts) -> (center: Double, factor: Double)? {
        values.withUnsafeBufferPointer { robustScale($0, facts: facts) }
    }

    /// `robustScale(_:)` of the residuals noted in `facts` (their count, range and zeros): two passes for each of
    /// the two medians (their histogram and their middle bins), a third over the values only when the MAD is 0.
    /// A value that is not finite and not noted (a point left out) is passed over.
    static func robustScale(_ v: some HistogramSelect.Values, facts: ResidualFacts) -> (center: Double, factor: Double)? {
        guard facts.count > 0 else { return nil }
        // A residual that is not finite (a difference of two huge values) leaves the medians to find their own
        // count and range: they skip it, and the count noted includes it.
        let known = facts.nonFiniteCount == 0 && facts.lowest.isFinite && facts.highest.isFinite
        let extent = known ? HistogramSelect.Extent(count: facts.count, lowest: facts.lowest, highest: facts.highest) : nil
        guard let center = HistogramSelect.median(of: v, extent: extent) else { return nil }
        let skipZeros = facts.zeroCount > 0 && 2 * facts.zeroCount < facts.count
        // Every |v − center| lies between 0 and the farther end of the range.
        let farthest = max(facts.highest - center, center - facts.lowest)
        let deviations =
            known && farthest.isFinite
            ? HistogramSelect.Extent(count: facts.count - (skipZeros ? facts.zeroCount : 0), lowest: 0, highest: farthest) : nil
        let mad = HistogramSelect.median(of: v, deviationsFrom: center, skippingZeros: skipZeros, extent: deviations) ?? 0
        if mad > 0 { return (center, 0.6745 / mad) }
        // The mean absolute deviation over the noted residuals: NaN when one of them is NaN (no scale), infinite when
        // one is infinite (a factor of 0, so no score passes the threshold).
        if facts.nonFiniteCount > 0 { return facts.notANumberCount > 0 ? nil : (center, 0) }
        var absoluteSum = 0.0
        for i in 0..<v.count {
            let value = v[i]
            if value.isFinite { absoluteSum += abs(value - center) }
        }
        let meanAbsoluteDeviation = absoluteSum / Double(facts.count)
        guard meanAbsoluteDeviation > 0 else { return nil }
        return (center, 1 / (1.253314 * meanAbsoluteDeviation))
    }

    /// How many residuals there are, their range and how many are exactly 0, noted as they are made.
    struct ResidualFacts {
        private(set) var count = 0
        private(set) var lowest = Double.infinity, highest = -Double.infinity
        private(set) var zeroCount = 0
        /// NaN or infinite residuals (min and max pass NaN over, so it is counted apart).
        private(set) var nonFiniteCount = 0
        /// NaN residuals.
        private(set) var notANumberCount = 0

        @inline(__always)
        mutating func note(_ value: Double) {
            count += 1
            lowest = min(lowest, value)
            highest = max(highest, value)
            zeroCount += value == 0 ? 1 : 0
            nonFiniteCount += value.isFinite ? 0 : 1
            notANumberCount += value.isNaN ? 1 : 0
        }
    }
}

/// The residuals of a series from its running median, made when read: y[i] − y[i + offset[i]], and the two ends
/// from their kept medians (Tukey's rule may put those between values). Equal to y − s, value for value.
struct MedianResiduals: HistogramSelect.Values {
    /// The series, in order.
    let values: UnsafeBufferPointer<Double>
    /// Where each median lies (`RunningMedian.offsets`).
    let offsets: UnsafeBufferPointer<Int8>
    /// The residuals at position 0 and at the last position.
    let first: Double, last: Double

    var count: Int { values.count }

    @inline(__always)
    subscript(position: Int) -> Double {
        if position == 0 { return first }
        if position == values.count - 1 { return last }
        return values[position] - values[position + Int(offsets[position])]
    }
}

/// The residuals of points from a least-squares line, (y − ȳ) − slope·(x − x̄) in y units, made when read; NaN for a
/// point whose x or y is not finite.
struct LineResiduals: HistogramSelect.Values {
    let xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>
    let slope: Double, meanX: Double, meanY: Double

    var count: Int { xs.count }

    @inline(__always)
    subscript(position: Int) -> Double {
        let x = xs[position], y = ys[position]
        guard x.isFinite, y.isFinite else { return .nan }
        return (y - meanY) - slope * (x - meanX)
    }
}
