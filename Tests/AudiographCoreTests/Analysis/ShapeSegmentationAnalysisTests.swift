// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class ShapeSegmentationAnalysisTests: XCTestCase {
    /// Contiguous, from the first to the last valid point, values taken from the data.
    private func assertWellFormed(
        _ segments: [ShapeSegment], xs: [Double], ys: [Double],
        first: Int, last: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertFalse(segments.isEmpty, file: file, line: line)
        XCTAssertEqual(segments.first?.fromIndex, first, file: file, line: line)
        XCTAssertEqual(segments.last?.toIndex, last, file: file, line: line)
        for (k, s) in segments.enumerated() {
            XCTAssertEqual(s.fromX, xs[s.fromIndex], file: file, line: line)
            XCTAssertEqual(s.fromY, ys[s.fromIndex], file: file, line: line)
            XCTAssertEqual(s.toX, xs[s.toIndex], file: file, line: line)
            XCTAssertEqual(s.toY, ys[s.toIndex], file: file, line: line)
            XCTAssertLessThan(s.fromX, s.toX, file: file, line: line)
            if k > 0 { XCTAssertEqual(segments[k - 1].toIndex, s.fromIndex, file: file, line: line) }
        }
    }

    func testVShapeGivesTwoSegmentsBreakingAtTheBottom() {
        let xs = (0...20).map(Double.init)
        let ys = xs.map { abs($0 - 10) }
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(segments.first?.toIndex, 10)
        assertWellFormed(segments, xs: xs, ys: ys, first: 0, last: 20)
    }

    func testLopsidedNoisyVBreaksNearTheBottom() {
        var generator = SeededGenerator(seed: 21)
        let xs = (0..<120).map(Double.init)
        let ys = xs.map { x in (x < 30 ? 3 * (30 - x) : (x - 30)) + 2 * generator.gaussian() }
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 2)
        let bottom = segments[0].toIndex
        XCTAssertTrue((26...34).contains(bottom), "break at \(bottom)")
        XCTAssertEqual(bottom, argmin(ys, in: 20..<40), "snapped to the raw low")
        assertWellFormed(segments, xs: xs, ys: ys, first: 0, last: 119)
    }

    func testStraightAndMonotoneSeriesGiveOneSegment() {
        let xs = (0..<50).map(Double.init)
        let line = ShapeSegmentation.segments(xs: xs, ys: xs.map { 3 - 0.5 * $0 })
        XCTAssertEqual(line.count, 1)
        XCTAssertEqual(line.first?.fromIndex, 0)
        XCTAssertEqual(line.first?.toIndex, 49)

        let curve = ShapeSegmentation.segments(xs: xs, ys: xs.map { pow($0, 1.5) })
        XCTAssertEqual(curve.count, 1)

        let constant = ShapeSegmentation.segments(xs: xs, ys: xs.map { _ in 4 })
        XCTAssertEqual(constant.count, 1)
    }

    func testBirthRateLikeShapeFallsRisesSteeplyThenFalls() {
        let (xs, ys) = birthRateLikeSeries()
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 3)
        guard segments.count == 3 else { return }
        let low = argmin(ys, in: 0..<40)  // the series ends lower still
        let high = argmax(ys, in: 0..<ys.count)
        XCTAssertEqual(segments[0].toIndex, low, "low at \(segments[0].toX)")
        XCTAssertEqual(segments[1].toIndex, high, "peak at \(segments[1].toX)")
        XCTAssertEqual(segments[0].toX, 1936, accuracy: 1)
        XCTAssertEqual(segments[1].toX, 1960, accuracy: 1)
        XCTAssertLessThan(segments[0].toY, segments[0].fromY)
        XCTAssertGreaterThan(segments[1].toY, segments[1].fromY)
        XCTAssertLessThan(segments[2].toY, segments[2].fromY)
        assertWellFormed(segments, xs: xs, ys: ys, first: 0, last: xs.count - 1)
    }

    func testFlatThenSteepRiseStaysTwoSegments() {
        let xs = (0..<60).map(Double.init)
        let ys = xs.map { $0 < 45 ? 10 + 0.01 * $0 : 10.45 + 4 * ($0 - 45) }
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 2)
        XCTAssertTrue((43...47).contains(segments.first?.toIndex ?? -1), "break at \(segments[0].toIndex)")
        assertWellFormed(segments, xs: xs, ys: ys, first: 0, last: 59)
    }

    func testASingleSpikeIsNotABreakpoint() {
        let xs = (0..<40).map(Double.init)
        var ys = xs.map { 2 * $0 }
        ys[20] = 200
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 1)
    }

    func testMaxSegmentsIsRespected() {
        let xs = (0..<200).map(Double.init)
        let ys = xs.map { sin($0 / 200 * 10 * Double.pi) }  // five full waves: ten runs
        for limit in [1, 2, 3, 5] {
            let segments = ShapeSegmentation.segments(xs: xs, ys: ys, maxSegments: limit)
            XCTAssertLessThanOrEqual(segments.count, limit)
            assertWellFormed(segments, xs: xs, ys: ys, first: 0, last: 199)
        }
        XCTAssertEqual(ShapeSegmentation.segments(xs: xs, ys: ys, maxSegments: 0).count, 1)
    }

    func testUnsortedInputWithMissingValuesUsesOriginalIndices() {
        var generator = SeededGenerator(seed: 4)
        let baseXs = (0...20).map(Double.init)
        let baseYs = baseXs.map { abs($0 - 10) }
        var xs = baseXs + [99, 100]
        var ys = baseYs + [.nan, .nan]
        let order = Array(0..<xs.count).shuffled(using: &generator)
        xs = order.map { xs[$0] }
        ys = order.map { ys[$0] }
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(segments.map(\.fromX), [0, 10])
        XCTAssertEqual(segments.map(\.toX), [10, 20])
        let firstIndex = xs.firstIndex(of: 0)!, lastIndex = xs.firstIndex(of: 20)!
        assertWellFormed(segments, xs: xs, ys: ys, first: firstIndex, last: lastIndex)
    }

    func testTinyInputs() {
        XCTAssertEqual(ShapeSegmentation.segments(xs: [], ys: []), [])
        XCTAssertEqual(ShapeSegmentation.segments(xs: [1], ys: [2]), [])
        XCTAssertEqual(ShapeSegmentation.segments(xs: [1, 2], ys: [.nan, 2]), [])
        XCTAssertEqual(
            ShapeSegmentation.segments(xs: [1, 2], ys: [5, 3]),
            [ShapeSegment(fromIndex: 0, toIndex: 1, fromX: 1, fromY: 5, toX: 2, toY: 3)])
        let v = ShapeSegmentation.segments(xs: [0, 1, 2], ys: [1, 0, 1])
        XCTAssertEqual(v.map(\.toIndex), [1, 2])
    }

    func testBucketedVOnManyPoints() {
        var generator = SeededGenerator(seed: 8)
        let n = 200_000
        let xs = (0..<n).map(Double.init)
        let bottom = 130_000
        let ys = xs.map { abs($0 - Double(bottom)) / 1000 + generator.gaussian() }
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(Double(segments[0].toIndex), Double(bottom), accuracy: 0.01 * Double(n))
        assertWellFormed(segments, xs: xs, ys: ys, first: 0, last: n - 1)
    }

    func testMissingValuesInOrderedDataAreSkipped() {
        let xs = (0...20).map(Double.init)
        var ys = xs.map { abs($0 - 10) }
        ys[0] = .nan
        ys[10] = .nan  // the bottom itself is missing
        ys[20] = .nan
        let segments = ShapeSegmentation.segments(xs: xs, ys: ys)
        XCTAssertEqual(segments.count, 2)
        XCTAssertEqual(segments.first?.fromIndex, 1)
        XCTAssertEqual(segments.last?.toIndex, 19)
        XCTAssertEqual(segments.first?.toIndex, 9, "first of the two lowest remaining points")
        XCTAssertEqual(segments.first?.toY, 1)
    }

    func testCounterMoveSaysWhatTheSegmentsLeaveOut() {
        let xs = (0..<120).map(Double.init)
        let v = ShapeSegmentation.analyze(xs: xs, ys: xs.map { abs($0 - 60) })
        XCTAssertEqual(v.segments.count, 2)
        XCTAssertEqual(v.largestCounterMove, 0, accuracy: 1e-12)

        // Monthly seasonal cycle on a rising trend: ten cycles cannot fit in five segments.
        let seasonal = xs.map { (t: Double) -> Double in 0.1 * t + 3 * sin(t / 12 * 2 * Double.pi) }
        let analysis = ShapeSegmentation.analyze(xs: xs, ys: seasonal)
        XCTAssertLessThanOrEqual(analysis.segments.count, 5)
        XCTAssertGreaterThan(analysis.largestCounterMove, 0.15)
        XCTAssertEqual(analysis.segments, ShapeSegmentation.segments(xs: xs, ys: seasonal))

        XCTAssertEqual(ShapeSegmentation.analyze(xs: [], ys: []), ShapeAnalysis(segments: [], largestCounterMove: 0))
    }
}
