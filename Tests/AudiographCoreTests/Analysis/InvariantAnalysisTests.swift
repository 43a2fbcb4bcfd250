// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

/// Random series of every size and kind (gaps, unsorted x, ties, constant runs) keep each result's promises.
final class InvariantAnalysisTests: XCTestCase {
    func testRandomSeriesKeepTheDocumentedGuarantees() {
        var generator = SeededGenerator(seed: 2024)
        for round in 0..<200 {
            let n = round < 50 ? round % 12 : Int.random(in: 0...1_500, using: &generator)
            var xs = (0..<n).map { Double($0) }
            var ys = [Double](repeating: 0, count: n)
            var level = 0.0
            for i in 0..<n {
                switch round % 4 {
                case 0: level += generator.gaussian()  // random walk
                case 1: level = Double(Int.random(in: 0...3, using: &generator))  // heavy ties
                case 2: level = sin(Double(i) / 15) * 10 + generator.gaussian()
                default: level = i % 50 == 0 ? 100 : 1  // constant with spikes
                }
                ys[i] = level
            }
            if round % 3 == 0 { for i in 0..<n where Int.random(in: 0..<10, using: &generator) == 0 { ys[i] = .nan } }
            if round % 5 == 0 { xs.shuffle(using: &generator) }
            if round % 7 == 0 { xs = xs.map { ($0 / 3).rounded(.down) } }  // repeated x
            check(xs: xs, ys: ys, maxSegments: 1 + round % 6, round: round)
        }
    }

    private func check(xs: [Double], ys: [Double], maxSegments: Int, round: Int) {
        let valid = (0..<xs.count).filter { xs[$0].isFinite && ys[$0].isFinite }
        let validSet = Set(valid)
        let statistics = SeriesStatistics.compute(ys: ys)
        XCTAssertEqual(statistics.count + statistics.missing, ys.count)
        if let minIndex = statistics.minIndex, let maxIndex = statistics.maxIndex, let median = statistics.median {
            XCTAssertLessThanOrEqual(ys[minIndex], median, "round \(round)")
            XCTAssertGreaterThanOrEqual(ys[maxIndex], median, "round \(round)")
        }

        let segments = ShapeSegmentation.segments(xs: xs, ys: ys, maxSegments: maxSegments)
        if valid.count < 2 {
            XCTAssertEqual(segments, [], "round \(round)")
        } else {
            XCTAssertGreaterThanOrEqual(segments.count, 1, "round \(round)")
            XCTAssertLessThanOrEqual(segments.count, maxSegments, "round \(round)")
            let minX = valid.map { xs[$0] }.min()!, maxX = valid.map { xs[$0] }.max()!
            XCTAssertEqual(segments.first?.fromX, minX, "round \(round)")
            XCTAssertEqual(segments.last?.toX, maxX, "round \(round)")
            for (k, s) in segments.enumerated() {
                XCTAssertTrue(validSet.contains(s.fromIndex) && validSet.contains(s.toIndex), "round \(round)")
                XCTAssertEqual(s.fromY, ys[s.fromIndex], "round \(round)")
                XCTAssertEqual(s.toY, ys[s.toIndex], "round \(round)")
                XCTAssertLessThanOrEqual(s.fromX, s.toX, "round \(round)")
                XCTAssertNotEqual(s.fromIndex, s.toIndex, "round \(round)")
                if k > 0 { XCTAssertEqual(segments[k - 1].toIndex, s.fromIndex, "round \(round)") }
            }
        }

        for method in [OutlierMethod.smoothFit, .regression] {
            let found = OutlierDetection.outliers(xs: xs, ys: ys, method: method, maxCount: 3)
            XCTAssertLessThanOrEqual(found.count, 3, "round \(round)")
            XCTAssertEqual(Set(found).count, found.count, "round \(round)")
            XCTAssertTrue(found.allSatisfy { validSet.contains($0) }, "round \(round)")
        }

        if let trend = Trend.compute(xs: xs, ys: ys) {
            XCTAssertGreaterThanOrEqual(valid.count, 3)
            XCTAssertTrue((0...1).contains(trend.pValue) && (0...1).contains(trend.r2), "round \(round)")
            XCTAssertTrue((-1...1).contains(trend.kendallTau), "round \(round)")
        }
        if let correlation = Correlation.compute(xs: xs, ys: ys) {
            XCTAssertTrue((-1...1).contains(correlation.pearson) && (-1...1).contains(correlation.spearman))
        }
    }
}
