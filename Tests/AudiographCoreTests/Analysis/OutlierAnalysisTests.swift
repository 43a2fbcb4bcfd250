// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class OutlierAnalysisTests: XCTestCase {
    func testSpikeOnASmoothSineIsTheOnlyOutlier() {
        let xs = (0..<200).map(Double.init)
        var ys = xs.map { sin(2 * Double.pi * $0 / 50) }
        ys[120] += 1.5
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit), [120])
    }

    func testCoarseSmoothSineHasNoOutliers() {
        for pointsPerWave in [20.0, 50.0, 200.0] {
            let xs = (0..<400).map(Double.init)
            let ys = xs.map { 5 * sin(2 * Double.pi * $0 / pointsPerWave) }
            XCTAssertEqual(
                OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit), [],
                "\(pointsPerWave) points per wave")
        }
    }

    func testCleanLineAndConstantHaveNoOutliers() {
        let xs = (0..<30).map(Double.init)
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: xs.map { 2 * $0 + 1 }, method: .smoothFit), [])
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: xs.map { 2 * $0 + 1 }, method: .regression), [])
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: xs.map { _ in 3 }, method: .smoothFit), [])
    }

    func testGaussianNoiseRarelyFlagsAnything() {
        var total = 0
        var atMostOne = 0
        for seed in UInt64(100)..<UInt64(130) {
            var generator = SeededGenerator(seed: seed)
            let xs = (0..<100).map(Double.init)
            let ys = xs.map { _ in generator.gaussian() }
            let found = OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit)
            total += found.count
            if found.count <= 1 { atMostOne += 1 }
            XCTAssertLessThanOrEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .regression).count, 2)
        }
        XCTAssertGreaterThanOrEqual(atMostOne, 27, "of 30 noise series")
        XCTAssertLessThanOrEqual(total, 15)
    }

    func testSpikeInFlatDataAndAtTheEnds() {
        XCTAssertEqual(
            OutlierDetection.outliers(
                xs: (0..<8).map(Double.init), ys: [0, 0, 0, 0, 10, 0, 0, 0],
                method: .smoothFit), [4])
        let xs = (0..<30).map(Double.init)
        var ys = xs.map { 0.5 * $0 }
        ys[0] = 40
        ys[29] = -30
        XCTAssertEqual(Set(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit)), [0, 29])
    }

    func testMostExtremeFirstAndMaxCount() {
        var generator = SeededGenerator(seed: 9)
        let xs = (0..<100).map(Double.init)
        var ys = xs.map { _ in 0.2 * generator.gaussian() }
        ys[10] = 5
        ys[50] = -12
        ys[80] = 8
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit), [50, 80, 10])
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit, maxCount: 2), [50, 80])
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit, maxCount: 0), [])
    }

    func testLevelShiftIsNotAnOutlier() {
        var generator = SeededGenerator(seed: 12)
        let xs = (0..<100).map(Double.init)
        let ys = xs.map { ($0 < 50 ? 0 : 20) + 0.3 * generator.gaussian() }
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit), [])
    }

    func testRegressionFindsThePointFarFromTheLineInUnsortedScatter() {
        // Cars-like: heavier cars go fewer miles per gallon; one light hybrid goes much further.
        var generator = SeededGenerator(seed: 13)
        var xs: [Double] = []
        var ys: [Double] = []
        for _ in 0..<40 {
            let weight = Double.random(in: 1_000...2_500, using: &generator)
            xs.append(weight)
            ys.append(60 - 0.015 * weight + 1.5 * generator.gaussian())
        }
        xs.insert(1_300, at: 17)
        ys.insert(70, at: 17)
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .regression), [17])
    }

    func testMissingValuesAndTooFewPoints() {
        XCTAssertEqual(OutlierDetection.outliers(xs: [0, 1, 2, 3], ys: [0, 0, 50, 0], method: .smoothFit), [])
        XCTAssertEqual(
            OutlierDetection.outliers(
                xs: [0, 1, 2, 3, 4, 5], ys: [0, .nan, 0, 50, .nan, 0],
                method: .smoothFit), [])
        let xs = (0..<12).map(Double.init)
        var ys = [Double](repeating: 1, count: 12)
        ys[1] = .nan
        ys[2] = .nan
        ys[7] = 30
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .smoothFit), [7])
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: ys, method: .regression), [7])
    }

    func testRobustZScoresFallBackToMeanAbsoluteDeviation() throws {
        // More than half the values equal: MAD is 0, so the mean absolute deviation (from the median) scales.
        let scores = OutlierDetection.robustZScores([0, 0, 0, 0, 0, 4])
        let z = try XCTUnwrap(scores.z)
        XCTAssertEqual(scores.center, 0)
        XCTAssertEqual(z[5], 4 / (1.253314 * 4.0 / 6), accuracy: 1e-9)
        XCTAssertNil(OutlierDetection.robustZScores([2, 2, 2]).z)
        // Known MAD case: median 3, MAD 1.
        let known = try XCTUnwrap(OutlierDetection.robustZScores([1, 2, 3, 4, 5, 3, 3.5]).z)
        XCTAssertEqual(known[4], 0.6745 * 2 / 1, accuracy: 1e-12)
    }

    func testSmoothingWindowGrowsSlowly() {
        XCTAssertEqual(OutlierDetection.smoothingWindow(count: 10), 5)
        XCTAssertEqual(OutlierDetection.smoothingWindow(count: 200), 5)
        XCTAssertEqual(OutlierDetection.smoothingWindow(count: 5_000), 7)
        XCTAssertEqual(OutlierDetection.smoothingWindow(count: 1_000_000), 13)
    }

    func testSharpTurnsOfCleanDataAreNotOutliers() {
        // The tips of a W sit one step off their running median: that is how the data moves there.
        let xs = (0...40).map(Double.init)
        let w = xs.map { abs(abs($0 - 20) - 10) }
        XCTAssertEqual(OutlierDetection.outliers(xs: xs, ys: w, method: .smoothFit), [])
        let (years, births) = birthRateLikeSeries()
        XCTAssertEqual(OutlierDetection.outliers(xs: years, ys: births, method: .smoothFit), [])
    }

    func testLocalStepIgnoresThePointItself() {
        let y: [Double] = [0, 1, 2, 3, 50, 5, 6, 7, 8]
        XCTAssertEqual(OutlierDetection.localStep(y, around: 4), 1)
        XCTAssertEqual(OutlierDetection.localStep([0, 0, 9, 0, 0], around: 2), 0)
    }
}
