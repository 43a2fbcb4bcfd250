// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class SortPermutationAnalysisTests: XCTestCase {
    func testPermutationSortsStablyIncludingNegativesZerosAndInfinities() {
        var generator = SeededGenerator(seed: 23)
        var values = (0..<3_000).map { _ in Double.random(in: -1e6...1e6, using: &generator).rounded() / 8 }
        values += [0, -0.0, .infinity, -.infinity, -1e-300, 1e-300, .greatestFiniteMagnitude, -5, -5, -5]
        values.shuffle(using: &generator)
        let order = SortPermutation.permutation(sortedBy: values)
        XCTAssertEqual(order.count, values.count)
        XCTAssertEqual(Set(order).count, values.count)
        for k in 1..<order.count {
            let a = values[order[k - 1]], b = values[order[k]]
            XCTAssertLessThanOrEqual(a, b)
            if a == b { XCTAssertLessThan(order[k - 1], order[k], "stable") }
        }
        XCTAssertEqual(SortPermutation.permutation(sortedBy: [3, 1, 2]), [1, 2, 0])
        XCTAssertEqual(SortPermutation.permutation(sortedBy: []), [])
    }

    func testSkewedAndDuplicateHeavyInputs() {
        var generator = SeededGenerator(seed: 29)
        let cases: [[Double]] = [
            // A far outlier squeezes everything else into one bucket at the first level.
            (0..<20_000).map { _ in Double.random(in: 0..<1, using: &generator) } + [1e12, -3e9],
            // Values spread over many orders of magnitude.
            (0..<20_000).map { _ in exp(Double.random(in: -300...300, using: &generator)) },
            // Only a handful of distinct values.
            (0..<20_000).map { _ in Double(Int.random(in: 0..<4, using: &generator)) },
            (0..<5_000).map { Double(5_000 - $0) }
        ]
        for values in cases {
            let (sorted, order) = SortPermutation.sort(values)
            XCTAssertEqual(sorted, values.sorted())
            XCTAssertEqual(order.map { values[Int($0)] }, sorted)
            for k in 1..<order.count where sorted[k - 1] == sorted[k] {
                XCTAssertLessThan(order[k - 1], order[k], "stable")
            }
        }
    }
}
