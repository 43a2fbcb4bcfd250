import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The running median against its definition (the middle of the sorted window), on a series long enough that
/// its interior is slid in one stretch per core: every position near where the stretches meet, and a sample.
final class RunningMedianAnalysisTests: XCTestCase {
    func testLongSeriesMatchesTheSortedWindowAcrossStretches() {
        var generator = SeededGenerator(seed: 20)
        let n = 1_200_001, h = 6
        let values = (0..<n).map { i in Double(i % 1_000) / 100 + generator.gaussian() + (i % 997 == 0 ? 40 : 0) }
        let smooth = RunningMedian.smooth(values, window: 2 * h + 1)
        XCTAssertEqual(smooth.count, n)
        let interior = h..<(n - h)
        var positions = Set((0..<2_000).map { _ in Int.random(in: interior, using: &generator) })
        for parts in 2...8 {
            for k in 1..<parts {
                let meet = interior.lowerBound + interior.count * k / parts
                positions.formUnion((meet - 20)...(meet + 20))
            }
        }
        positions.formUnion([h, h + 1, n - h - 2, n - h - 1])
        for i in positions.sorted() {
            let window = values[(i - h)...(i + h)].sorted()
            XCTAssertEqual(smooth[i], window[h], "position \(i)")
        }
    }
}

/// Where each running median lies (`RunningMedian.offsets`), on a short series full of ties and of both zeros:
/// each offset points at a value equal to the median of its (shrinking) window, and the ends follow Tukey's rule.
final class RunningMedianOffsetsAnalysisTests: XCTestCase {
    func testEveryOffsetPointsAtItsWindowsMedian() {
        var generator = SeededGenerator(seed: 35)
        let spellings: [Double] = [-0.0, 0.0, 1, 1, 2, -3]
        for (n, h) in [(3, 1), (4, 2), (9, 2), (500, 3), (2_000, 7)] {
            let values = (0..<n).map { _ in spellings[Int.random(in: 0..<spellings.count, using: &generator)] }
            let medians = RunningMedian.offsets(values, window: 2 * h + 1)
            var expected = [Double](repeating: 0, count: n)
            for i in 0..<n {
                let half = min(h, i, n - 1 - i)
                expected[i] = values[(i - half)...(i + half)].sorted()[half]
                guard i > 0, i < n - 1 else { continue }
                let offset = Int(medians.offsets[i])
                XCTAssertLessThanOrEqual(abs(offset), half, "n \(n), position \(i)")
                XCTAssertEqual(values[i + offset], expected[i], "n \(n), position \(i)")
            }
            XCTAssertEqual(medians.first, RunningMedian.median3(values[0], expected[1], 3 * expected[1] - 2 * expected[2]))
            XCTAssertEqual(
                medians.last, RunningMedian.median3(values[n - 1], expected[n - 2], 3 * expected[n - 2] - 2 * expected[n - 3]))
        }
    }
}
