// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which way a series goes overall, as decided by the Mann–Kendall test.
public enum TrendDirection: String, Sendable {
    case increasing, decreasing, flat
}

/// Overall trend of y against x: direction (Mann–Kendall), least-squares slope in y units per x unit,
/// intercept in y units, r² (0…1), Kendall's τ-b (−1…1) and the test's two-sided p-value (0…1).
///
/// Call as `Trend.compute(xs: series.x, ys: series.y)`; returns nil with fewer than 3 valid points or
/// when all valid x are equal. Points whose x or y is NaN or infinite are skipped.
///
/// - Slope, intercept and r² come from ordinary least squares on all valid points (O(n)). When all y are
///   equal, r² is 0 (x explains no variation because there is none).
/// - Direction: Mann–Kendall test (Kendall's S with tie correction, normal approximation, continuity
///   correction). Two-sided p < `significanceLevel` (0.05) gives increasing or decreasing by the sign of
///   S; anything else is flat. The direction can disagree with the slope's sign when a few extreme points
///   pull the least-squares line; the rank test is the robust one.
/// - Cost: with more than `bucketingThreshold` (3,000) valid points the test runs on the means of
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
    /// Number of valid points used for the least-squares line.
    public var count: Int
    /// Number of points the Mann–Kendall test ran on (equals `count` unless bucketed).
    public var testedPointCount: Int

    /// Two-sided p-value below which the trend is called increasing or decreasing.
    public static let significanceLevel = 0.05
    /// Above this many valid points the Mann–Kendall test runs on bucket means.
    public static let bucketingThreshold = 3_000
    /// Number of equal-count buckets used when bucketing.
    public static let bucketCount = 2_000

    public init(direction: TrendDirection, slope: Double, intercept: Double, r2: Double, kendallTau: Double,
                pValue: Double, count: Int, testedPointCount: Int) {
        self.direction = direction
        self.slope = slope
        self.intercept = intercept
        self.r2 = r2
        self.kendallTau = kendallTau
        self.pValue = pValue
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

        let direction: TrendDirection
        if test.pValue < significanceLevel && test.s != 0 {
            direction = test.s > 0 ? .increasing : .decreasing
        } else {
            direction = .flat
        }
        return Trend(direction: direction, slope: line.slope, intercept: line.intercept, r2: line.r2,
                     kendallTau: test.tau, pValue: test.pValue, count: line.count, testedPointCount: tested)
    }
}
