// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class QuickselectAnalysisTests: XCTestCase {
    func testSelectMatchesSortingForEveryRank() {
        var generator = SeededGenerator(seed: 7)
        for n in [1, 2, 3, 10, 25, 100, 1_000] {
            let values = (0..<n).map { _ in Double(Int.random(in: -20...20, using: &generator)) }
            let sorted = values.sorted()
            for k in Set([0, n / 3, n / 2, n - 1]) {
                var copy = values
                XCTAssertEqual(Quickselect.select(&copy, k: k), sorted[k], "n \(n), k \(k)")
                XCTAssertEqual(copy[k], sorted[k])
                XCTAssertTrue(copy[..<k].allSatisfy { $0 <= sorted[k] })
                XCTAssertTrue(copy[(k + 1)...].allSatisfy { $0 >= sorted[k] })
            }
        }
    }

    func testMedianOddEvenNaNAndEmpty() {
        var odd: [Double] = [5, 1, 4, 2, 3]
        XCTAssertEqual(Quickselect.median(&odd), 3)
        var even: [Double] = [10, 1, 4, 2]
        XCTAssertEqual(Quickselect.median(&even), 3)
        var withNaN: [Double] = [.nan, 9, 1, .nan, 5]
        XCTAssertEqual(Quickselect.median(&withNaN), 5)
        var empty: [Double] = []
        XCTAssertNil(Quickselect.median(&empty))
        var allNaN: [Double] = [.nan]
        XCTAssertNil(Quickselect.median(&allNaN))
        XCTAssertEqual(Quickselect.median(of: [3, 1, 2]), 2)
    }

    func testManyEqualAndSortedInputsStayCorrect() {
        var equal = [Double](repeating: 4, count: 100_001)
        XCTAssertEqual(Quickselect.median(&equal), 4)
        var ascending = (0..<100_000).map(Double.init)
        XCTAssertEqual(Quickselect.median(&ascending), 49_999.5)
        var descending = (0..<100_001).reversed().map(Double.init)
        XCTAssertEqual(Quickselect.median(&descending), 50_000)
    }

    func testLargeInputsOfEveryShapeMatchSorting() {
        var generator = SeededGenerator(seed: 77)
        let n = 5_001
        let shapes: [[Double]] = [
            (0..<n).map { _ in Double.random(in: -1...1, using: &generator) },
            (0..<n).map(Double.init),
            (0..<n).reversed().map(Double.init),
            (0..<n).map { Double(min($0, n - $0)) },  // organ pipe
            (0..<n).map { _ in Double(Int.random(in: 0...2, using: &generator)) },
            (0..<n).map { $0 % 100 == 0 ? 1e9 : Double($0 % 7) }
        ]
        for values in shapes {
            let sorted = values.sorted()
            for k in [0, 1, n / 4, n / 2, n - 2, n - 1] {
                var copy = values
                XCTAssertEqual(Quickselect.select(&copy, k: k), sorted[k])
            }
            var even = Array(values.dropLast())
            let evenSorted = even.sorted()
            XCTAssertEqual(Quickselect.median(&even), 0.5 * evenSorted[2_499] + 0.5 * evenSorted[2_500])
        }
    }
}

final class HistogramSelectAnalysisTests: XCTestCase {
    private func reference(_ values: [Double]) -> Double? {
        var copy = values.filter(\.isFinite)
        return Quickselect.median(&copy)
    }

    func testMatchesQuickselectOnManyShapes() {
        var generator = SeededGenerator(seed: 78)
        var cases: [[Double]] = [[], [.nan], [3], [2, 1], [1, 1, 1, 1], [1, .nan, .infinity, 5, -2]]
        for n in [7, 100, 1_001, 20_000, 1_500_001] {  // the last splits its passes over the cores
            cases.append((0..<n).map { _ in generator.gaussian() })
            cases.append((0..<n).map { _ in Double(Int.random(in: 0...3, using: &generator)) })
            // The other shapes take the one-core path's passes at 20,000 already; at a million and a half they cost
            // two thirds of the test's 16 s for nothing the two above do not reach.
            guard n < 1_000_000 else { continue }
            cases.append((0..<n).map { _ in exp(Double.random(in: -40...40, using: &generator)) })
            cases.append((0..<n).map { $0 == 0 ? 1e300 : Double($0 % 10) })
            cases.append((0..<n).map { $0 % 3 == 0 ? .nan : Double($0) })
            cases.append([-1e308, 1e308] + (0..<n).map { _ in generator.gaussian() })
        }
        for values in cases {
            let expected = reference(values)
            let actual = values.withUnsafeBufferPointer { HistogramSelect.median(of: $0) }
            XCTAssertEqual(actual, expected, "\(values.prefix(5))… (\(values.count))")
            // The count and range a caller already knows (exact, and wider than the values) give the same median.
            let finite = values.filter(\.isFinite)
            guard let lowest = finite.min(), let highest = finite.max() else { continue }
            for extent in [
                HistogramSelect.Extent(count: finite.count, lowest: lowest, highest: highest),
                HistogramSelect.Extent(count: finite.count, lowest: lowest - 1, highest: highest + 0.5)
            ] {
                let known = values.withUnsafeBufferPointer { HistogramSelect.median(of: $0, extent: extent) }
                XCTAssertEqual(known, expected, "\(values.prefix(5))… (\(values.count)), \(extent)")
            }
        }
    }

    func testRobustScaleFromFactsGatheredOnTheWayEqualsItsOwnPasses() {
        var generator = SeededGenerator(seed: 79)
        for n in [5, 1_000, 1_500_001] {
            // Residuals of a running median: about one in seven exactly 0, as in the outlier step.
            let values = (0..<n).map { i -> Double in i % 7 == 0 ? 0 : generator.gaussian() * 3 + 0.25 }
            var facts = OutlierDetection.ResidualFacts()
            values.forEach { facts.note($0) }
            let gathered = OutlierDetection.robustScale(values, facts: facts)
            // The definition, with Quickselect's copies: the median, then the median absolute deviation.
            var copy = values
            let center = Quickselect.median(&copy)!
            var deviations = values.filter { $0 != 0 }.map { abs($0 - center) }
            let mad = Quickselect.median(&deviations)!
            XCTAssertEqual(gathered?.center, center, "\(n)")
            XCTAssertEqual(gathered?.factor, 0.6745 / mad, "\(n)")
        }
        // A value that is not finite is left out of both medians, however the facts were gathered.
        var facts = OutlierDetection.ResidualFacts()
        let withNaN: [Double] = [1, 2, .nan, 4, 5]
        withNaN.forEach { facts.note($0) }
        XCTAssertEqual(OutlierDetection.robustScale(withNaN, facts: facts)?.center, 3)
    }

    func testDeviationsSkippingZeros() {
        let values: [Double] = [0, 0, 3, -1, 4, .nan]
        let mad = values.withUnsafeBufferPointer {
            HistogramSelect.median(of: $0, deviationsFrom: 1, skippingZeros: true)
        }
        XCTAssertEqual(mad, 2)  // |3 − 1|, |−1 − 1|, |4 − 1| → 2, 2, 3
        let all = values.withUnsafeBufferPointer {
            HistogramSelect.median(of: $0, deviationsFrom: 1, skippingZeros: false)
        }
        XCTAssertEqual(all, 2)  // 1, 1, 2, 2, 3
    }
}
