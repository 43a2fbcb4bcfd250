// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `describe --braille [--width N]` and `describe --points --verbosity`.
final class BrailleTests: XCTestCase {
    private var data: URL { Repository.data }

    /// Column heights of a braille line: dots filled from the bottom row of each column (nil when empty).
    private func heights(_ line: Substring) -> [Int?] {
        line.unicodeScalars.flatMap { scalar -> [Int?] in
            let bits = scalar.value - 0x2800
            let left = [0x40, 0x04, 0x02, 0x01].filter { bits & UInt32($0) != 0 }.count
            let right = [0x80, 0x20, 0x10, 0x08].filter { bits & UInt32($0) != 0 }.count
            return [left == 0 ? nil : left, right == 0 ? nil : right]
        }
    }

    func testEachSeriesIsOneLabelledLineOfBraille() throws {
        let result = try CLIRunner.run(["describe", "--braille", "virginia-deaths.csv"], in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(
            lines.map { $0.split(separator: ":")[0] },
            ["Rural men", "Rural women", "Urban men", "Urban women", "Total"])
        for line in lines {
            let cells = line.split(separator: " ").last!
            XCTAssertTrue(cells.unicodeScalars.allSatisfy { (0x2800...0x28FF).contains($0.value) }, String(line))
        }
    }

    func testTheLineRisesAndFallsWithTheBirthRate() throws {
        let result = try CLIRunner.run(["describe", "--braille", "births.csv"], in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        let cells = result.stdout.split(separator: "\n")[0].split(separator: " ").last!
        XCTAssertEqual(cells.unicodeScalars.count, 30, "59 points: one column each, in 30 cells")
        let h = heights(cells)
        // births.csv falls to its low in 1935 (point 19), then rises past where it started.
        XCTAssertEqual(h[18], 1)
        XCTAssertEqual(h.compactMap { $0 }.max(), 4)
        XCTAssertLessThan(h.firstIndex(of: 1)!, h.firstIndex(of: 4)!)
        XCTAssertEqual(h[0], 3)
    }

    func testWidthLimitsTheCellsAndIsChecked() throws {
        let narrow = try CLIRunner.run(["describe", "--braille", "--width", "10", "births.csv"], in: data)
        XCTAssertEqual(narrow.stdout.split(separator: "\n")[0].split(separator: " ").last!.unicodeScalars.count, 10)
        let bad = try CLIRunner.run(["describe", "--braille", "--width", "0", "births.csv"], in: data)
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--width must be a number of braille cells from 1 to 1000"), bad.stderr)
    }

    func testPointsAreSaidAsEachPresetSays() throws {
        let detailed = try CLIRunner.run(["describe", "--points", "--verbosity", "detailed", "births.csv"], in: data)
        XCTAssertEqual(detailed.status, 0, detailed.stderr)
        let lines = detailed.stdout.split(separator: "\n")
        XCTAssertEqual(lines[0], "Birth rate")
        XCTAssertEqual(lines[2], "  1918, 245 births per 10,000 people, falling, point 2 of 59, Birth rate")
        let minimal = try CLIRunner.run(["describe", "--points", "--verbosity", "minimal", "births.csv"], in: data)
        XCTAssertEqual(minimal.stdout.split(separator: "\n")[2], "  245")
        let custom = try CLIRunner.run(["describe", "--points", "--verbosity", "custom", "births.csv"], in: data)
        XCTAssertEqual(custom.status, 64)
    }
}
