import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

final class BrailleLineTests: XCTestCase {
    private func births() throws -> ChartDescriptor { try ChartMaking.births() }

    func testEveryCellIsABrailleCharacter() {
        let line = BrailleLine(values: [1, 2, 3, 4, 5], low: 1, high: 5)
        XCTAssertEqual(line.width, 3)
        XCTAssertTrue(line.text.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) })
    }

    func testHeightsDecodedBackFollowTheData() {
        let values: [Double] = [0, 1, 2, 3, 3, 2, 1, 0]
        let line = BrailleLine(values: values, low: 0, high: 3)
        XCTAssertEqual(BrailleLine.heights(of: line.text), [1, 2, 3, 4, 4, 3, 2, 1])
        // The lowest value is one dot on the bottom row (dot 7); the next two dots up (dots 8 and 6).
        XCTAssertEqual(line.text.unicodeScalars.first?.value, 0x2800 + 0x40 + 0x80 + 0x20)
    }

    func testAGapHasNoDotsAndAnOddCountLeavesTheLastColumnEmpty() {
        let line = BrailleLine(values: [2, .nan, 4], low: 2, high: 4)
        XCTAssertEqual(BrailleLine.heights(of: line.text), [1, nil, 4, nil])
    }

    func testAFlatSeriesSitsOnTheBottomRow() {
        XCTAssertEqual(BrailleLine.heights(of: BrailleLine(values: [7, 7, 7, 7], low: 7, high: 7).text), [1, 1, 1, 1])
    }

    func testALongSeriesIsAveragedIntoTheWidth() {
        let values = (0..<1_000).map(Double.init)
        let line = BrailleLine(values: values, low: 0, high: 999, width: 10)
        XCTAssertEqual(line.width, 10)
        let heights = BrailleLine.heights(of: line.text).compactMap { $0 }
        XCTAssertEqual(heights.count, 20)
        XCTAssertEqual(heights, heights.sorted(), "a rising series rises")
        XCTAssertEqual(heights.first, 1)
        XCTAssertEqual(heights.last, 4)
        XCTAssertEqual(line.cell(ofPosition: 0), 0)
        XCTAssertEqual(line.cell(ofPosition: 999), 9)
        XCTAssertEqual(line.cell(ofPosition: 500), 5)
    }

    func testBirthsLineFollowsTheBirthRate() throws {
        let chart = try births()
        let braille = ChartBraille(chart: chart)
        let line = braille.lines[0]
        XCTAssertEqual(line.width, 30, "59 points, one column each")
        let heights = BrailleLine.heights(of: line.text)
        let ys = chart.series[0].y
        let low = ys.min()!, high = ys.max()!
        for (i, y) in ys.enumerated() {
            XCTAssertEqual(heights[i], 1 + Int(((y - low) / (high - low) * 3).rounded()), "point \(i + 1)")
        }
        XCTAssertEqual(line.cell(ofPosition: 9), 4, "point 10 is in cell 5")
        XCTAssertTrue(braille.text.hasPrefix("Birth rate: " + line.text + "\n"))
    }
}
