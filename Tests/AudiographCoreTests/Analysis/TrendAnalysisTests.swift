// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class TrendAnalysisTests: XCTestCase {
    func testExactLineGivesExactSlopeInterceptAndR2() throws {
        let xs = (0..<10).map(Double.init)
        let ys = xs.map { 2 * $0 + 1 }
        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.direction, .increasing)
        XCTAssertEqual(trend.slope, 2, accuracy: 1e-12)
        XCTAssertEqual(trend.intercept, 1, accuracy: 1e-12)
        XCTAssertEqual(trend.r2, 1, accuracy: 1e-12)
        XCTAssertEqual(trend.kendallTau, 1, accuracy: 1e-12)
        XCTAssertLessThan(trend.pValue, 0.001)
        XCTAssertEqual(trend.count, 10)
    }

    func testEpochSecondsKeepPrecision() throws {
        // Daily points in 2024 (seconds since the epoch), rising 1 unit per day.
        let xs = (0..<30).map { 1_704_067_200 + Double($0) * 86_400 }
        let ys = (0..<30).map { 10 + Double($0) }
        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.slope * 86_400, 1, accuracy: 1e-9)
        XCTAssertEqual(trend.r2, 1, accuracy: 1e-9)
    }

    func testMannKendallKnownValues() {
        // S = 8 − 2 = 6, Var(S) = 5·4·15/18, z = 5/√Var, p = 0.2207.
        let test = MannKendallTest.run(xs: [1, 2, 3, 4, 5], ys: [1, 3, 2, 5, 4])
        XCTAssertEqual(test.s, 6)
        XCTAssertEqual(test.varianceS, 300.0 / 18, accuracy: 1e-12)
        XCTAssertEqual(test.z, 5 / (300.0 / 18).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(test.pValue, 0.2207, accuracy: 1e-4)
        XCTAssertEqual(test.tau, 0.6, accuracy: 1e-12)
    }

    func testMannKendallTieCorrection() {
        // Two tied pairs in y: Var(S) = (300 − 2·2·1·9)/18; τ-b = 8/√(10·8).
        let test = MannKendallTest.run(xs: [1, 2, 3, 4, 5], ys: [1, 1, 2, 2, 3])
        XCTAssertEqual(test.s, 8)
        XCTAssertEqual(test.varianceS, (300.0 - 36) / 18, accuracy: 1e-12)
        XCTAssertEqual(test.tau, 8 / 80.0.squareRoot(), accuracy: 1e-12)
    }

    func testDecreasingNoisyData() throws {
        var generator = SeededGenerator(seed: 11)
        let xs = (0..<80).map(Double.init)
        let ys = xs.map { 50 - 0.5 * $0 + 4 * generator.gaussian() }
        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.direction, .decreasing)
        XCTAssertLessThan(trend.slope, 0)
        XCTAssertLessThan(trend.kendallTau, -0.5)
        XCTAssertGreaterThan(trend.r2, 0.5)
    }

    func testNoisyFlatDataIsFlat() throws {
        var flatCount = 0
        for seed in UInt64(1)...20 {
            var generator = SeededGenerator(seed: seed)
            let xs = (0..<200).map(Double.init)
            let ys = xs.map { _ in 10 + generator.gaussian() }
            let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
            if trend.direction == .flat { flatCount += 1 }
            XCTAssertLessThan(trend.r2, 0.1)
        }
        // At the 5 % level about 1 in 20 pure-noise series looks like a trend.
        XCTAssertGreaterThanOrEqual(flatCount, 17)
    }

    /// Issue 46: four measurements that rise at every step (a child's growth) are increasing, though the rank
    /// test's normal approximation cannot reach 5% with four points; a noisy four are not.
    func testFewPointsNeedOnlyTheLineAndAgreeingRanks() throws {
        let growing = try XCTUnwrap(Trend.compute(xs: [8, 10, 12, 14], ys: [21.0, 22.4, 23.9, 25.5]))
        XCTAssertGreaterThan(growing.pValue, 0.05)
        XCTAssertEqual(growing.direction, .increasing)
        let noisy = try XCTUnwrap(Trend.compute(xs: [8, 10, 12, 14], ys: [25, 23, 27, 26]))
        XCTAssertEqual(noisy.direction, .flat)
    }

    func testConstantSeriesIsFlat() throws {
        let trend = try XCTUnwrap(Trend.compute(xs: [1, 2, 3, 4], ys: [5, 5, 5, 5]))
        XCTAssertEqual(trend.direction, .flat)
        XCTAssertEqual(trend.slope, 0)
        XCTAssertEqual(trend.r2, 0)
        XCTAssertEqual(trend.pValue, 1)
    }

    func testTooFewPointsOrNoXVarianceGiveNil() {
        XCTAssertNil(Trend.compute(xs: [], ys: []))
        XCTAssertNil(Trend.compute(xs: [1, 2], ys: [1, 2]))
        XCTAssertNil(Trend.compute(xs: [1, 2, 3], ys: [1, .nan, 3]), "only two valid points")
        XCTAssertNil(Trend.compute(xs: [4, 4, 4, 4], ys: [1, 2, 3, 4]))
    }

    func testMissingValuesAreSkipped() throws {
        let xs: [Double] = [0, 1, 2, 3, 4, 5]
        let ys: [Double] = [1, .nan, 5, 7, .nan, 11]
        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.count, 4)
        XCTAssertEqual(trend.slope, 2, accuracy: 1e-12)
        XCTAssertEqual(trend.intercept, 1, accuracy: 1e-12)
    }

    func testUnsortedInputGivesTheSameTrend() throws {
        var generator = SeededGenerator(seed: 3)
        let xs = (0..<60).map(Double.init)
        let ys = xs.map { 0.3 * $0 + 3 * generator.gaussian() }
        let order = Array(0..<60).shuffled(using: &generator)
        let sorted = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        let shuffled = try XCTUnwrap(Trend.compute(xs: order.map { xs[$0] }, ys: order.map { ys[$0] }))
        XCTAssertEqual(sorted.direction, shuffled.direction)
        XCTAssertEqual(sorted.slope, shuffled.slope, accuracy: 1e-9)
        XCTAssertEqual(sorted.kendallTau, shuffled.kendallTau, accuracy: 1e-12)
        XCTAssertEqual(sorted.pValue, shuffled.pValue, accuracy: 1e-12)
    }

    func testBucketedPathOnManyPoints() throws {
        var generator = SeededGenerator(seed: 5)
        let n = 10_000
        let xs = (0..<n).map(Double.init)
        let ys = xs.map { 0.001 * $0 + generator.gaussian() }
        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.testedPointCount, Trend.bucketCount)
        XCTAssertEqual(trend.count, n)
        XCTAssertEqual(trend.direction, .increasing)
        XCTAssertEqual(trend.slope, 0.001, accuracy: 0.0002)

        // The same points in scrambled order give the same answer.
        let order = Array(0..<n).shuffled(using: &generator)
        let shuffled = try XCTUnwrap(Trend.compute(xs: order.map { xs[$0] }, ys: order.map { ys[$0] }))
        XCTAssertEqual(shuffled.direction, .increasing)
        XCTAssertEqual(shuffled.kendallTau, trend.kendallTau, accuracy: 1e-12)
        XCTAssertEqual(shuffled.slope, trend.slope, accuracy: 1e-9)

        // Pure noise: about 1 in 20 series passes the 5 % test by chance.
        var flatCount = 0
        for seed in UInt64(40)..<50 {
            var noise = SeededGenerator(seed: seed)
            let flat = try XCTUnwrap(Trend.compute(xs: xs, ys: xs.map { _ in noise.gaussian() }))
            if flat.direction == .flat { flatCount += 1 }
        }
        XCTAssertGreaterThanOrEqual(flatCount, 8)
    }
}
