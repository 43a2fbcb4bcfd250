// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class StatisticsAnalysisTests: XCTestCase {
    func testKnownValuesWithAnOutlier() {
        let s = SeriesStatistics.compute(ys: [1, 2, 3, 4, 100])
        XCTAssertEqual(s.count, 5)
        XCTAssertEqual(s.missing, 0)
        XCTAssertEqual(s.minIndex, 0)
        XCTAssertEqual(s.maxIndex, 4)
        XCTAssertEqual(s.mean!, 22, accuracy: 1e-12)
        XCTAssertEqual(s.median, 3)
        // Deviations −21, −20, −19, −18, 78: Σd² = 7610, / (n − 1) = 1902.5.
        XCTAssertEqual(s.standardDeviation!, 1902.5.squareRoot(), accuracy: 1e-9)
    }

    func testMissingValuesAreSkippedAndIndicesPointIntoTheSeries() {
        let s = SeriesStatistics.compute(ys: [.nan, 3, 1, .nan, 1, 3])
        XCTAssertEqual(s.count, 4)
        XCTAssertEqual(s.missing, 2)
        XCTAssertEqual(s.minIndex, 2, "first of the equal minima")
        XCTAssertEqual(s.maxIndex, 1, "first of the equal maxima")
        XCTAssertEqual(s.mean!, 2, accuracy: 1e-12)
        XCTAssertEqual(s.median, 2)
        XCTAssertEqual(s.standardDeviation!, (4.0 / 3).squareRoot(), accuracy: 1e-12)
    }

    func testEmptyAllMissingAndSinglePoint() {
        let empty = SeriesStatistics.compute(ys: [])
        XCTAssertEqual(
            empty,
            SeriesStatistics(
                count: 0, missing: 0, minIndex: nil, maxIndex: nil, mean: nil,
                median: nil, standardDeviation: nil))
        let missing = SeriesStatistics.compute(ys: [.nan, .nan])
        XCTAssertEqual(missing.count, 0)
        XCTAssertEqual(missing.missing, 2)
        XCTAssertNil(missing.mean)
        XCTAssertNil(missing.median)
        XCTAssertNil(missing.minIndex)

        let one = SeriesStatistics.compute(ys: [.nan, 5])
        XCTAssertEqual(one.count, 1)
        XCTAssertEqual(one.minIndex, 1)
        XCTAssertEqual(one.maxIndex, 1)
        XCTAssertEqual(one.mean, 5)
        XCTAssertEqual(one.median, 5)
        XCTAssertNil(one.standardDeviation, "sample deviation needs two values")
    }

    func testEvenCountMedianAveragesTheMiddleValues() {
        XCTAssertEqual(SeriesStatistics.compute(ys: [4, 1, 3, 2]).median, 2.5)
        XCTAssertEqual(SeriesStatistics.compute(ys: [7, 7]).standardDeviation, 0)
    }

    func testLargeOffsetKeepsPrecision() {
        // The classic catastrophic-cancellation example: variance 30 around 1e9 + 10.
        let s = SeriesStatistics.compute(ys: [1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16])
        XCTAssertEqual(s.mean!, 1e9 + 10, accuracy: 1e-6)
        XCTAssertEqual(s.standardDeviation!, 30.0.squareRoot(), accuracy: 1e-6)
    }

    func testInfinityCountsAsMissing() {
        let s = SeriesStatistics.compute(ys: [1, .infinity, 3])
        XCTAssertEqual(s.count, 2)
        XCTAssertEqual(s.missing, 1)
        XCTAssertEqual(s.mean, 2)
    }
}
