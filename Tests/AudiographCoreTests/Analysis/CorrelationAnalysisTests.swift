// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class CorrelationAnalysisTests: XCTestCase {
    func testPerfectLinesGivePlusAndMinusOne() throws {
        let xs = (0..<20).map(Double.init)
        let up = try XCTUnwrap(Correlation.compute(xs: xs, ys: xs.map { 3 * $0 - 2 }))
        XCTAssertEqual(up.pearson, 1, accuracy: 1e-12)
        XCTAssertEqual(up.spearman, 1, accuracy: 1e-12)
        let down = try XCTUnwrap(Correlation.compute(xs: xs, ys: xs.map { -0.5 * $0 }))
        XCTAssertEqual(down.pearson, -1, accuracy: 1e-12)
        XCTAssertEqual(down.spearman, -1, accuracy: 1e-12)
    }

    func testMonotoneNonlinearIsSpearmanOneButPearsonBelowOne() throws {
        let xs = (1...15).map(Double.init)
        let c = try XCTUnwrap(Correlation.compute(xs: xs, ys: xs.map { exp($0) }))
        XCTAssertEqual(c.spearman, 1, accuracy: 1e-12)
        XCTAssertLessThan(c.pearson, 0.8)
        XCTAssertGreaterThan(c.pearson, 0)
    }

    func testKnownValues() throws {
        // Centred: dx = −2…2, dy = −1, −2, 1, 0, 2 → Σdxdy = 8, Σdx² = Σdy² = 10.
        let c = try XCTUnwrap(Correlation.compute(xs: [1, 2, 3, 4, 5], ys: [2, 1, 4, 3, 5]))
        XCTAssertEqual(c.pearson, 0.8, accuracy: 1e-12)
        XCTAssertEqual(c.spearman, 0.8, accuracy: 1e-12)
        // Spearman on non-linear values uses ranks: y ranks 2, 1, 4, 3, 5 again.
        let ranked = try XCTUnwrap(Correlation.compute(xs: [1, 2, 3, 4, 5], ys: [20, 10, 400, 300, 5000]))
        XCTAssertEqual(ranked.spearman, 0.8, accuracy: 1e-12)
    }

    func testTiesGetAverageRanks() throws {
        // y ranks 1, 2.5, 2.5, 4, 5: Σdxdy = 9.5, Σdy² = 9.5, Σdx² = 10.
        let c = try XCTUnwrap(Correlation.compute(xs: [1, 2, 3, 4, 5], ys: [1, 2, 2, 3, 4]))
        XCTAssertEqual(c.spearman, 9.5 / 95.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(Correlation.averageRanks([10, 20, 10, 30, 10]), [2, 4, 2, 5, 2])
    }

    func testNilCasesAndMissingValues() throws {
        XCTAssertNil(Correlation.compute(xs: [], ys: []))
        XCTAssertNil(Correlation.compute(xs: [1, 2], ys: [1, 2]))
        XCTAssertNil(Correlation.compute(xs: [1, 2, 3], ys: [4, 4, 4]))
        XCTAssertNil(Correlation.compute(xs: [2, 2, 2], ys: [1, 2, 3]))
        XCTAssertNil(Correlation.compute(xs: [1, 2, 3, 4], ys: [1, .nan, .nan, 3]))
        let c = try XCTUnwrap(Correlation.compute(xs: [1, 2, 3, 4, 5], ys: [1, .nan, 3, 2, 5]))
        let expected = try XCTUnwrap(Correlation.compute(xs: [1, 3, 4, 5], ys: [1, 3, 2, 5]))
        XCTAssertEqual(c, expected)
    }

    func testRanksOnManyPointsUseTheRadixPath() throws {
        var generator = SeededGenerator(seed: 17)
        let n = 5_000
        let xs = (0..<n).map { _ in Double(Int.random(in: -300...300, using: &generator)) / 4 }
        let ys = xs.map { $0 * $0 * $0 + generator.gaussian() }
        let c = try XCTUnwrap(Correlation.compute(xs: xs, ys: ys))
        XCTAssertGreaterThan(c.spearman, 0.99)
        XCTAssertLessThan(c.pearson, c.spearman)

        // Reference ranks from a comparison sort.
        let ranks = Correlation.averageRanks(xs)
        let sorted = xs.sorted()
        for i in stride(from: 0, to: n, by: 97) {
            let below = sorted.firstIndex(of: xs[i])!
            let equal = sorted.lastIndex(of: xs[i])! - below + 1
            XCTAssertEqual(ranks[i], Double(below) + Double(equal + 1) / 2)
        }
    }
}
