import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `render --reference`: the level a person asks for on real files, what the account says, and the refusals.
final class ReferenceLevelCLITests: XCTestCase {
    let data = Repository.data
    var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "reference")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// Renders `file` (in data/) with `flags` into `name`; the run's result and the file's bytes.
    func render(_ file: String, _ flags: [String], name: String = "out.wav") throws -> (result: CLIRunner.Result, bytes: [UInt8])
    {
        let output = folder.appendingPathComponent(name).path
        let result = try CLIRunner.run(["render", file, "-o", output] + flags, in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (result, [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))))
    }

    func testBirthsAgainstItsMeanSaysSoAndAddsToTheSound() throws {
        let (result, bytes) = try render("births.csv", ["--reference", "mean"])
        let output = folder.appendingPathComponent("out.wav").path
        XCTAssertEqual(
            result.stdout,
            "Wrote \(output) (Birth rate by year: Birth rate, 10.0 s, reference at the mean (222 births per 10,000 people)).\n")
        let plain = try render("births.csv", [], name: "plain.wav").bytes
        let withLevel = try XCTUnwrap(WAVFile.decodeInt16(bytes)), without = try XCTUnwrap(WAVFile.decodeInt16(plain))
        XCTAssertEqual(withLevel.samples.count, without.samples.count, "as long as before: 10 s")
        XCTAssertNotEqual(withLevel.samples, without.samples, "the reference tone and marks are in the sound")
        XCTAssertLessThanOrEqual(withLevel.samples.map { abs(Int($0)) }.max()!, 29_205, "under the limiter's ceiling")
    }

    func testAFixedValueIsInTheYAxissUnitsAndMayBeNegative() throws {
        let fixed = try render("births.csv", ["--reference", "200"]).result
        XCTAssertTrue(fixed.stdout.hasSuffix(", reference at 200 births per 10,000 people).\n"), fixed.stdout)
        let negative = try render("births.csv", ["--reference", "-5"]).result
        XCTAssertTrue(negative.stdout.contains("reference at -5 births per 10,000 people"), negative.stdout)
        let several = try render("rainfall.csv", ["--all", "--reference", "median"]).result
        XCTAssertTrue(several.stdout.contains("reference at the median (Tropical: "), several.stdout)
    }

    func testAHistogramSaysWhyItHasNoLevel() throws {
        let result = try render("eruptions.csv", ["--reference", "mean"]).result
        XCTAssertTrue(result.stdout.contains("no reference level (a histogram's heights are counts)"), result.stdout)
    }

    func testABadLevelNamesWhatToTypeWithStatus64() throws {
        for bad in ["average", "200 births", "nan", ""] {
            let out = folder.appendingPathComponent("bad.wav").path
            let result = try CLIRunner.run(["render", "births.csv", "--reference", bad, "-o", out], in: data)
            XCTAssertEqual(result.status, 64, bad)
            XCTAssertTrue(
                result.stderr.contains(
                    "--reference takes mean, median, zero or a number in the y axis's units, e.g. --reference mean or --reference 200; \"\(bad)\" is none of these."
                ), result.stderr)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "nothing written")
        }
    }
}
