// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which way a series goes overall, as decided by the Mann–Kendall test.
public enum TrendDirection: String, Sendable {
    case increasing, decreasing, flat
}

/// Overall trend of y against x: direction, least-squares slope in y units per x unit, intercept in y units,
/// r² (0…1), the slope's two-sided p-value (0…1), Kendall's τ-b (−1…1) and the Mann–Kendall test's
/// two-sided p-value (0…1).
///
/// Call as `Trend.compute(xs: series.x, ys: series.y)`; returns nil with fewer than 3 valid points or
/// when all valid x are equal. Points whose x or y is NaN or infinite are skipped.
///
/// - Slope, intercept and r² come from ordinary least squares on all valid points (O(n)). When all y are
///   equal, r² is 0 (x explains no variation because there is none). The slope's p-value is Student's t
///   test with n − 2 degrees of freedom.
/// - Direction: one estimate says it, so that a sign is never one test's and a size another's. A series
///   is increasing or decreasing only when three things agree: the least-squares slope is significant
///   (p < `significanceLevel`), it is material (r² ≥ `materialR2`: x accounts for a tenth of y's
///   variation, which a listener can hear in the tones), and the Mann–Kendall rank test is significant
///   with the same sign (a few extreme points pulling the line, or a line hiding a rank trend, give
///   flat; under ten points, where that test cannot reach 5%, |τ| ≥ 0.6 of the same sign). The direction
///   is then the slope's sign, and the words say that slope with its r².
/// - Cost: with more than `bucketingThreshold` (3,000) valid points the rank test runs on the means of
///   `bucketCount` (2,000) equal-count buckets of the points ordered by x, keeping everything O(n)
///   (plus an expected-O(n) bucket sort when x is not already ascending); the test itself is O(m²) on
///   its m ≤ 3,000 points. τ and p then describe the bucketed series, whose point-to-point noise is
///   averaged away, rather than the individual points; `testedPointCount` says how many points the
///   test saw.
public struct Trend: Sendable, Equatable {
    public var direction: TrendDirection
    /// Least-squares slope in y units per x unit (per second for dates).
    public var slope: Double
    /// Least-squares intercept: the fitted y at x = 0, in y units.
    public var intercept: Double
    /// Coefficient of determination of the least-squares line, 0…1.
    public var r2: Double
    /// Kendall's τ-b between x and y (on the bucket means when bucketed), −1…1.
    public var kendallTau: Double
    /// Two-sided p-value of the Mann–Kendall test, 0…1.
    public var pValue: Double
    /// Two-sided p-value of the least-squares slope (Student's t, n − 2 degrees of freedom), 0…1.
    public var slopePValue: Double
    /// Number of valid points used for the least-squares line.
    public var count: Int
    /// Number of points the Mann–Kendall test ran on (equals `count` unless bucketed).
    public var testedPointCount: Int

    /// Two-sided p-value below which both tests must fall for a trend to be called increasing or decreasing.
    public static let significanceLevel = 0.05
    /// Least r² of the least-squares line for a trend to be called increasing or decreasing (|r| ≥ 0.32).
    public static let materialR2 = 0.1
    /// Above this many valid points the Mann–Kendall test runs on bucket means.
    public static let bucketingThreshold = 3_000
    /// Number of equal-count buckets used when bucketing.
    public static let bucketCount = 2_000

    public init(
        direction: TrendDirection, slope: Double, intercept: Double, r2: Double, kendallTau: Double,
        pValue: Double, slopePValue: Double = 1, count: Int, testedPointCount: Int
    ) {
        self.direction = direction
        self.slope = slope
        self.intercept = intercept
        self.r2 = r2
        self.kendallTau = kendallTau
        self.pValue = pValue
        self.slopePValue = slopePValue
        self.count = count
        self.testedPointCount = testedPointCount
    }

    /// The trend of `ys` against `xs`, or nil with fewer than 3 valid points or no variance in x.
    public static func compute(xs: [Double], ys: [Double]) -> Trend? {
        guard let line = LeastSquaresLine.fit(xs: xs, ys: ys), line.count >= 3, line.sxx > 0 else {
            return nil
        }

        let test: MannKendallTest
        let tested: Int
        if line.count > bucketingThreshold {
            let points = OrderedPoints(xs: xs, ys: ys)
            let buckets = EqualCountBuckets(points: points, bucketCount: bucketCount)
            test = MannKendallTest.run(xs: buckets.xs, ys: buckets.ys)
            tested = buckets.count
        } else {
            var vx = [Double](), vy = [Double]()
            vx.reserveCapacity(line.count)
            vy.reserveCapacity(line.count)
            for i in 0..<min(xs.count, ys.count) where xs[i].isFinite && ys[i].isFinite {
                vx.append(xs[i])
                vy.append(ys[i])
            }
            test = MannKendallTest.run(xs: vx, ys: vy)
            tested = vx.count
        }

        let slopeP = slopePValue(line)
        let direction: TrendDirection
        // Under ten points the rank test's normal approximation cannot reach 5% (four points that all rise give
        // p 0.09): there the ranks need only agree strongly (|τ| ≥ 0.6) with the line's direction.
        let ranksAgree =
            test.s != 0 && (test.s > 0) == (line.slope > 0)
            && (test.pValue < significanceLevel || (line.count < 10 && abs(test.tau) >= 0.6))
        if slopeP < significanceLevel, line.r2 >= materialR2, ranksAgree {
            direction = line.slope > 0 ? .increasing : .decreasing
        } else {
            direction = .flat
        }
        return Trend(
            direction: direction, slope: line.slope, intercept: line.intercept, r2: line.r2,
            kendallTau: test.tau, pValue: test.pValue, slopePValue: slopeP, count: line.count, testedPointCount: tested)
    }

    /// The least-squares slope's two-sided p-value: t = r √((n − 2) / (1 − r²)) on n − 2 degrees of freedom;
    /// 0 for a perfect line, 1 when y has no variance.
    static func slopePValue(_ line: LeastSquaresLine) -> Double {
        guard line.count > 2, line.sxx > 0, line.syy > 0, line.slope != 0 else { return 1 }
        let r2 = line.r2
        if r2 >= 1 { return 0 }
        let df = Double(line.count - 2)
        let t = (r2 * df / (1 - r2)).squareRoot()
        return StudentT.twoSidedPValue(t: t, degreesOfFreedom: df)
    }
}
