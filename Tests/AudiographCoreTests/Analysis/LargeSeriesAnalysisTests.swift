// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

/// The million-point path of every analysis gives sensible answers (timing is checked separately).
final class LargeSeriesAnalysisTests: XCTestCase {
    func testMillionPointBirthRateLikeSeries() throws {
        let n = 1_000_000
        var generator = SeededGenerator(seed: 99)
        let low = 330_000, high = 750_000
        var xs = [Double](repeating: 0, count: n)
        var ys = [Double](repeating: 0, count: n)
        for i in 0..<n {
            let t = Double(i)
            let base: Double
            if i <= low {
                base = 22 - 3.3 * t / Double(low)
            } else if i <= high {
                base = 18.7 + 8.1 * sin((t - Double(low)) / Double(high - low) * Double.pi / 2)
            } else {
                base = 26.8 - 12 * (t - Double(high)) / Double(n - 1 - high)
            }
            xs[i] = 1_000_000_000 + 60 * t  // one point a minute, in epoch seconds
            ys[i] = base + 0.2 * generator.gaussian()
        }
        for i in stride(from: 5, to: n, by: 10_007) { ys[i] = .nan }
        ys[500_000] = 60

        let statistics = SeriesStatistics.compute(ys: ys)
        XCTAssertEqual(statistics.missing, (n - 5 + 10_006) / 10_007)
        XCTAssertEqual(statistics.count, n - statistics.missing)
        XCTAssertEqual(statistics.maxIndex, 500_000)
        XCTAssertEqual(statistics.median!, 21, accuracy: 2)

        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.testedPointCount, Trend.bucketCount)
        XCTAssertEqual(trend.count, statistics.count)

        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 3)
        if segments.count == 3 {
            XCTAssertEqual(Double(segments[0].toIndex), Double(low), accuracy: 0.03 * Double(n))
            XCTAssertEqual(Double(segments[1].toIndex), Double(high), accuracy: 0.03 * Double(n))
            XCTAssertEqual(segments[0].fromIndex, 0)
            XCTAssertEqual(segments[2].toIndex, n - 1)
            XCTAssertNotEqual(segments[1].toIndex, 500_000, "the spike is not the peak")
        }

        let outliers = OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit)
        XCTAssertEqual(outliers.first, 500_000)
        XCTAssertLessThanOrEqual(outliers.count, 5)

        let correlation = try XCTUnwrap(Correlation.compute(xs: xs, ys: ys))
        XCTAssertTrue((-1...1).contains(correlation.pearson))
        XCTAssertTrue((-1...1).contains(correlation.spearman))
    }

    func testLargeUnsortedScatter() throws {
        let n = 300_000
        var generator = SeededGenerator(seed: 31)
        let xs = (0..<n).map { _ in Double.random(in: 0..<1_000, using: &generator) }
        var ys = xs.map { 2 * $0 + 50 * generator.gaussian() }
        ys[1234] = 10_000
        let trend = try XCTUnwrap(Trend.compute(xs: xs, ys: ys))
        XCTAssertEqual(trend.direction, .increasing)
        XCTAssertEqual(trend.slope, 2, accuracy: 0.05)
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .regression).first, 1234)
        let correlation = try XCTUnwrap(Correlation.compute(xs: xs, ys: ys))
        XCTAssertGreaterThan(correlation.spearman, 0.9)
    }
}
