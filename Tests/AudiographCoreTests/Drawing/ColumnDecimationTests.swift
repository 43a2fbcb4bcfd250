// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// Min/max per pixel column: vertex count, extremes kept, gaps.
final class ColumnDecimationTests: XCTestCase {
    let width = 1000.0

    func maps(count: Int, yRange: ClosedRange<Double>) -> (AxisMapping, AxisMapping) {
        (
            AxisMapping(range: 0...Double(count - 1), startPixel: 50, endPixel: 50 + width),
            AxisMapping(range: yRange, startPixel: 450, endPixel: 50)
        )
    }

    func testMillionPointsBecomeAtMostTwoVerticesPerColumnAndKeepEveryExtreme() {
        let n = 1_000_000
        var state: UInt64 = 7
        var x = [Double](repeating: 0, count: n), y = [Double](repeating: 0, count: n)
        for i in 0..<n {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            x[i] = Double(i)
            y[i] = sin(Double(i) / 5_000) * 10 + Double(state >> 11) / Double(1 << 53)
        }
        y[123_457] = 40  // a single spike up
        y[876_543] = -35  // and down
        let (xMap, yMap) = maps(count: n, yRange: -35...40)
        let lines = ColumnDecimation.decimated(x: x, y: y, xMap: xMap, yMap: yMap)
        XCTAssertEqual(lines.count, 1)
        let vertices = lines[0]
        XCTAssertLessThanOrEqual(vertices.count, 2 * (Int(width) + 1))
        XCTAssertGreaterThan(vertices.count, Int(width))
        XCTAssertTrue(vertices.contains(ScenePoint(x: xMap.pixel(123_457), y: yMap.pixel(40))))
        XCTAssertTrue(vertices.contains(ScenePoint(x: xMap.pixel(876_543), y: yMap.pixel(-35))))
        // Every column's own extremes are there: the drawn envelope equals the full line's.
        var low = [Double: Double](), high = [Double: Double]()
        for i in stride(from: 0, to: n, by: 1) {
            let c = floor(xMap.pixel(x[i])), py = yMap.pixel(y[i])
            low[c] = max(low[c] ?? -.infinity, py); high[c] = min(high[c] ?? .infinity, py)
        }
        var drawnLow = [Double: Double](), drawnHigh = [Double: Double]()
        for v in vertices {
            let c = floor(v.x)
            drawnLow[c] = max(drawnLow[c] ?? -.infinity, v.y); drawnHigh[c] = min(drawnHigh[c] ?? .infinity, v.y)
        }
        XCTAssertEqual(drawnLow, low)
        XCTAssertEqual(drawnHigh, high)
        // Vertices run left to right.
        XCTAssertTrue(zip(vertices, vertices.dropFirst()).allSatisfy { $0.x <= $1.x })
    }

    func testMissingValuesBreakTheLine() {
        let n = 100_000
        var y = (0..<n).map { Double($0 % 100) }
        for i in 40_000..<41_000 { y[i] = .nan }
        y[70_000] = .nan
        let x = (0..<n).map(Double.init)
        let (xMap, yMap) = maps(count: n, yRange: 0...99)
        let lines = ColumnDecimation.decimated(x: x, y: y, xMap: xMap, yMap: yMap)
        XCTAssertEqual(lines.count, 3)
        XCTAssertLessThan(lines[0].last!.x, xMap.pixel(40_000))
        XCTAssertGreaterThanOrEqual(lines[1].first!.x, xMap.pixel(41_000) - 1)
        let plain = ColumnDecimation.polylines(x: x, y: y, xMap: xMap, yMap: yMap)
        XCTAssertEqual(plain.count, 3)
        XCTAssertEqual(plain.reduce(0) { $0 + $1.count }, n - 1_001)
    }

    func testAllMissingGivesNoLines() {
        let x = [0.0, 1, 2], y = [Double.nan, .nan, .nan]
        let (xMap, yMap) = maps(count: 3, yRange: 0...1)
        XCTAssertTrue(ColumnDecimation.decimated(x: x, y: y, xMap: xMap, yMap: yMap).isEmpty)
        XCTAssertTrue(ColumnDecimation.polylines(x: x, y: y, xMap: xMap, yMap: yMap).isEmpty)
    }

    func testLogarithmicAxisPlacesPowersOfTenEvenly() {
        let map = AxisMapping(range: 1...1000, startPixel: 0, endPixel: 300, logarithmic: true)
        XCTAssertEqual(map.pixel(10), 100, accuracy: 1e-9)
        XCTAssertEqual(map.pixel(100), 200, accuracy: 1e-9)
        XCTAssertTrue(map.pixel(0).isNaN)
        XCTAssertEqual(map.value(atPixel: 200), 100, accuracy: 1e-9)
    }
}
