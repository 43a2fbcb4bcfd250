// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore
import XCTest

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
