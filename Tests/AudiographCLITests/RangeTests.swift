import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `--from` and `--to` on `describe`, `render` and `play`: a part of the chart, with x written as its axis does.
final class RangeTests: XCTestCase {
    private var data: URL { Repository.data }

    func testDescribeSaysThePartOnly() throws {
        let result = try CLIRunner.run(["describe", "births.csv", "--from", "1930", "--to", "1945"], in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "Birth rate by year, 1930 to 1945: falls to a low of 179 births per 10,000 people in 1935, then rises to a peak of 222 births per 10,000 people in 1945."
            ), result.stdout)
        XCTAssertTrue(result.stdout.contains("16 values from 1930 to 1945"), result.stdout)
        XCTAssertFalse(result.stdout.contains("1960"), "nothing outside the part is said")
        let points = try CLIRunner.run(["describe", "births.csv", "--from", "1930", "--to", "1945", "--points"], in: data)
        XCTAssertEqual(points.stdout.split(separator: "\n").count, 17, points.stdout)
        XCTAssertTrue(points.stdout.contains("1945, 222 births per 10,000 people, point 16 of 16"), points.stdout)
    }

    func testEitherBoundAloneAndDatesInTheirOwnSpelling() throws {
        let after = try CLIRunner.run(["describe", "births.csv", "--from", "1970", "--points"], in: data)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertTrue(after.stdout.contains("1970, 207 births per 10,000 people, point 1 of 6"), after.stdout)
        let spring = try CLIRunner.run(
            ["describe", "google-monthly.csv", "--from", "March 2013", "--to", "2013-Q2", "--points"], in: data)
        XCTAssertEqual(spring.status, 0, spring.stderr)
        XCTAssertTrue(spring.stdout.contains("March 1, 2013: open 797.80"), spring.stdout)
        XCTAssertTrue(spring.stdout.contains("candle 4 of 4"), "March to the end of June: \(spring.stdout)")
    }

    func testBadBoundsSayWhatToType() throws {
        let word = try CLIRunner.run(["describe", "births.csv", "--from", "soon"], in: data)
        XCTAssertEqual(word.status, 64)
        XCTAssertEqual(
            word.stderr,
            "audiograph-cli: --from \"soon\" is not a value of the x axis (Year). Write it as the axis does, e.g. --from 1917.\n")
        let empty = try CLIRunner.run(["render", "births.csv", "--from", "2100", "-o", "/tmp/never.wav"], in: data)
        XCTAssertEqual(empty.status, 64)
        XCTAssertTrue(
            empty.stderr.contains("No point lies from 2100 on. The x axis (Year) runs from 1917 to 1975."), empty.stderr)
        let backwards = try CLIRunner.run(["describe", "births.csv", "--from", "1950", "--to", "1940"], in: data)
        XCTAssertEqual(backwards.status, 64)
        XCTAssertTrue(backwards.stderr.contains("--from must not come after --to"), backwards.stderr)
        let bins = try CLIRunner.run(["describe", "eruptions.csv", "--from", "2"], in: data)
        XCTAssertEqual(bins.status, 64)
        XCTAssertTrue(bins.stderr.contains("A histogram cannot be cut along x"), bins.stderr)
    }

    /// A part plays at the whole chart's pace: 16 of its 59 points in about 16/59 of its time.
    func testRenderPlaysThePartAtTheWholesPace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("range-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func seconds(_ flags: [String]) throws -> Double {
            let output = folder.appendingPathComponent("out.wav").path
            let result = try CLIRunner.run(["render", "births.csv", "-o", output] + flags, in: data)
            XCTAssertEqual(result.status, 0, result.stderr)
            let wav = try XCTUnwrap(WAVFile.decodeInt16(Array(try Data(contentsOf: URL(fileURLWithPath: output)))))
            return Double(wav.samples.count / wav.channels) / Double(wav.sampleRate)
        }
        let whole = try seconds([]), part = try seconds(["--from", "1930", "--to", "1945"])
        XCTAssertEqual(whole, 10, accuracy: 0.5)
        XCTAssertEqual(part, whole * 16 / 59, accuracy: 0.5, "whole \(whole) s, part \(part) s")
    }

    /// A reference at the mean of a part played alone is the whole series' mean, the line the chart draws.
    func testAPartsReferenceIsTheWholeSeries() throws {
        let result = try CLIRunner.run(
            [
                "render", "births.csv", "--from", "1930", "--to", "1945", "--reference", "mean",
                "-o", FileManager.default.temporaryDirectory.appendingPathComponent("part-\(UUID().uuidString).wav").path
            ],
            in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("reference at the mean (222 births per 10,000 people)"), result.stdout)
    }

    /// A part is heard at the whole chart's pitches: one point alone plays at the frequency the whole gives it.
    func testRenderPlaysThePartAtTheWholesPitches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("range-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("1930.wav").path
        let result = try CLIRunner.run(
            ["render", "births.csv", "--from", "1930", "--to", "1930", "--no-ticks", "-o", output], in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        let wav = try XCTUnwrap(WAVFile.decodeInt16(Array(try Data(contentsOf: URL(fileURLWithPath: output)))))
        let left = stride(from: 0, to: wav.samples.count, by: wav.channels).map { Double(wav.samples[$0]) }
        let middle = Array(left[left.count / 4..<left.count * 3 / 4])
        let crossings = zip(middle, middle.dropFirst()).filter { $0 < 0 && $1 >= 0 }.count
        let heard = Double(crossings) / (Double(middle.count) / Double(wav.sampleRate))
        let whole = try ChartDocument.open(path: data.appendingPathComponent("births.csv").path).chart
        let expected = try XCTUnwrap(Sonifier(chart: whole).pitch.frequency(of: 195))
        XCTAssertEqual(heard, expected, accuracy: expected * 0.02, "1930's 195 sounds as in the whole chart")
    }
}
