// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// Where a series crosses a level, and whether one step of the cursor crossed it.
final class LevelCrossingsTests: XCTestCase {
    func crossings(_ ys: [Double], level: Double) -> [LevelCrossing] {
        LevelCrossings.find(ys: ys, order: ys.indices, level: level)
    }

    func testRisingAndFallingAreFoundBetweenTheirPointsWithWhereTheLineMeetsTheLevel() {
        let found = crossings([1, 3, 4, 0], level: 2)
        XCTAssertEqual(
            found,
            [
                LevelCrossing(from: 0, to: 1, direction: .upward, fraction: 0.5, acrossGap: false),
                LevelCrossing(from: 2, to: 3, direction: .downward, fraction: 0.5, acrossGap: false)
            ])
        XCTAssertEqual(crossings([0, 8], level: 2).first?.fraction ?? -1, 0.25, accuracy: 1e-12)
    }

    func testTouchingTheLevelAndGoingBackIsNoCrossing() {
        XCTAssertEqual(crossings([1, 2, 1], level: 2), [])
        XCTAssertEqual(crossings([3, 2, 2, 3], level: 2), [])
        XCTAssertEqual(crossings([2, 2, 2], level: 2), [])
    }

    func testAValueOnTheLevelCountsWhenTheSeriesReachesTheOtherSide() {
        // 1, 2, 2, 3 against 2: the crossing is between the last point on the level and the first above it.
        XCTAssertEqual(
            crossings([1, 2, 2, 3], level: 2),
            [LevelCrossing(from: 2, to: 3, direction: .upward, fraction: 0, acrossGap: false)])
        // Starting on the level, there is no side to have left.
        XCTAssertEqual(crossings([2, 3, 1], level: 2).map(\.to), [2])
    }

    func testMissingValuesNeitherCountNorBreakAnything() {
        XCTAssertEqual(
            crossings([1, .nan, 3], level: 2),
            [LevelCrossing(from: 0, to: 2, direction: .upward, fraction: 0.5, acrossGap: true)])
        XCTAssertEqual(
            crossings([.nan, 1, 3, .infinity], level: 2),
            [LevelCrossing(from: 1, to: 2, direction: .upward, fraction: 0.5, acrossGap: false)])
        XCTAssertEqual(crossings([.nan, .nan], level: 2), [])
        XCTAssertEqual(crossings([], level: 2), [])
    }

    func testTheSeriesIsWalkedInXOrderAsItIsHeard() {
        // File order 3, 1, 2 at x 2, 0, 1: heard as 1, 2, 3 — one upward crossing of 1.5, none of 2.5 back down.
        let series = DataSeries(name: "s", isContinuous: true, x: [2, 0, 1], y: [3, 1, 2])
        XCTAssertEqual(
            LevelCrossings.find(in: series, level: 1.5),
            [LevelCrossing(from: 1, to: 2, direction: .upward, fraction: 0.5, acrossGap: false)])
        XCTAssertEqual(LevelCrossings.find(in: series, level: 2.5).map(\.direction), [.upward])
    }

    func testAStepComparesOnlyItsTwoEndsEvenWhenItJumpsOverSeveralPoints() {
        let ys: [Double] = [1, 3, 1, 3, 1]
        XCTAssertEqual(LevelCrossings.step(ys: ys, order: ys.indices, from: 0, to: 1, level: 2), .upward)
        XCTAssertEqual(LevelCrossings.step(ys: ys, order: ys.indices, from: 1, to: 0, level: 2), .downward)
        XCTAssertNil(LevelCrossings.step(ys: ys, order: ys.indices, from: 0, to: 2, level: 2), "up and back down: same side")
        XCTAssertEqual(LevelCrossings.step(ys: ys, order: ys.indices, from: 0, to: 3, level: 2), .upward)
        XCTAssertEqual(LevelCrossings.step(ys: ys, order: ys.indices, from: 3, to: 0, level: 2), .downward)
        XCTAssertNil(LevelCrossings.step(ys: ys, order: ys.indices, from: 2, to: 2, level: 2))
    }

    func testLandingOnTheLevelIsNotYetACrossingAndLeavingItCountsFromBehind() {
        let ys: [Double] = [1, 2, 3]
        XCTAssertNil(LevelCrossings.step(ys: ys, order: ys.indices, from: 0, to: 1, level: 2), "on the level: not across yet")
        XCTAssertEqual(LevelCrossings.step(ys: ys, order: ys.indices, from: 1, to: 2, level: 2), .upward, "now it is")
        XCTAssertNil(LevelCrossings.step(ys: ys, order: ys.indices, from: 2, to: 1, level: 2))
        XCTAssertEqual(
            LevelCrossings.step(ys: ys, order: ys.indices, from: 1, to: 0, level: 2), .downward,
            "walking back, the side behind the point on the level is above")
        let touch: [Double] = [1, 2, 1]
        XCTAssertNil(LevelCrossings.step(ys: touch, order: touch.indices, from: 1, to: 2, level: 2), "touched and came back")
        let edge: [Double] = [2, 3]
        XCTAssertNil(
            LevelCrossings.step(ys: edge, order: edge.indices, from: 0, to: 1, level: 2), "nothing behind the first point")
    }

    func testAStepOverOrOntoMissingValues() {
        let ys: [Double] = [1, .nan, 3]
        XCTAssertEqual(LevelCrossings.step(ys: ys, order: ys.indices, from: 0, to: 2, level: 2), .upward)
        XCTAssertNil(LevelCrossings.step(ys: ys, order: ys.indices, from: 0, to: 1, level: 2), "a missing value is no side")
        XCTAssertEqual(
            LevelCrossings.step(ys: ys, order: ys.indices, from: 1, to: 2, level: 2), .upward,
            "from a missing value, the side behind it counts")
    }

    func testAStepInASeriesTakesPointIndicesAndWalksInXOrder() {
        // x order: index 1 (y 1), index 2 (y 2, on the level), index 0 (y 3).
        let series = DataSeries(name: "s", isContinuous: false, x: [2, 0, 1], y: [3, 1, 2])
        XCTAssertEqual(LevelCrossings.step(in: series, from: 1, to: 0, level: 2), .upward)
        XCTAssertEqual(LevelCrossings.step(in: series, from: 2, to: 0, level: 2), .upward, "leaving the level, 1 is behind")
        XCTAssertNil(LevelCrossings.step(in: series, from: 1, to: 2, level: 2))
        XCTAssertEqual(LevelCrossings.step(in: series, from: 2, to: 1, level: 2), .downward, "walking back, 3 is behind")
        let noX = DataSeries(name: "s", isContinuous: false, x: [.nan, 0], y: [3, 1])
        XCTAssertNil(LevelCrossings.step(in: noX, from: 1, to: 0, level: 2), "a point without x is not walked")
    }
}
