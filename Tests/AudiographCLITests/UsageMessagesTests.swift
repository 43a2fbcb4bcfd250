// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Issue 47 point 5: one error style (one line, "audiograph-cli: …", exit 64), help that matches what the
/// program does, and flags that do nothing said rather than ignored.
final class UsageMessagesTests: XCTestCase {
    let data = Repository.data

    private func oneLine(_ result: CLIRunner.Result, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 64, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("audiograph-cli: "), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr, file: file, line: line)
        XCTAssertFalse(
            result.stderr.contains("Error:") || result.stderr.contains("Usage:"), result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    func testEveryUsageErrorIsOneLineInTheProgramsStyle() throws {
        let cases: [([String], String)] = [
            (
                ["describe", "births.csv", "--kind", "pie"],
                "pie is not a value --kind takes; use one of line, bar, scatter, histogram, box, candlestick, grouped-bar, stacked-bar, area, stacked-area and heatmap. See audiograph-cli describe --help."
            ),
            (["describe", "births.csv", "--colour"], "There is no option --colour. See audiograph-cli describe --help."),
            (["describe"], "Name the file to open (- reads standard input). See audiograph-cli describe --help."),
            (["describe", "births.csv", "--x"], "--x needs a value. See audiograph-cli describe --help."),
            (["render", "births.csv"], "--output is needed. See audiograph-cli render --help."),
            (
                ["describe", "births.csv", "rainfall.csv", "x"],
                "rainfall.csv and x were not expected: name one file, and give each option its value. See audiograph-cli describe --help."
            ),
            (
                ["render", "births.csv", "-o", "x.wav", "--reference", "average"],
                "--reference takes mean, median, zero or a number in the y axis's units, e.g. --reference mean or --reference 200; \"average\" is none of these. See audiograph-cli render --help."
            ),
            (
                ["describ", "births.csv"],
                "describ is not a command; did you mean describe? The commands are describe, render and play. See audiograph-cli --help."
            )
        ]
        for (arguments, message) in cases {
            let result = try CLIRunner.run(arguments, in: data)
            oneLine(result)
            XCTAssertEqual(result.stderr, "audiograph-cli: " + message + "\n", arguments.joined(separator: " "))
        }
    }

    func testHelpListsWhatWorksAndNothingThatIsRefused() throws {
        let root = try CLIRunner.run(["--help"])
        XCTAssertEqual(root.status, 0)
        XCTAssertTrue(root.stdout.contains("Explore tables (CSV, TSV, JSON, .xlsx, .ods)"), root.stdout)
        let describe = try CLIRunner.run(["describe", "--help"])
        XCTAssertTrue(
            describe.stdout.contains("(values: minimal,\n                          standard, detailed; default: standard)"),
            describe.stdout)
        XCTAssertFalse(describe.stdout.contains("custom"), describe.stdout)
        let render = try CLIRunner.run(["render", "--help"])
        XCTAssertTrue(render.stdout.contains("or - for standard output"), render.stdout)
        XCTAssertTrue(render.stdout.contains("a link is followed"), render.stdout)
        for help in [root, describe, render] { XCTAssertFalse(help.stdout.contains("CSV file"), help.stdout) }
    }

    func testAFlagThatDoesNothingHereIsSaidOnStandardError() throws {
        let cases: [([String], String)] = [
            (
                ["describe", "births.csv", "--verbosity", "detailed"],
                "audiograph-cli: --verbosity was left out: it sets what --points prints.\n"
            ),
            (
                ["describe", "births.csv", "--sheet", "2"],
                "audiograph-cli: --sheet was left out: births.csv is not a workbook (.xlsx or .ods).\n"
            ),
            (
                ["describe", "births.csv", "--z", "Year"],
                "audiograph-cli: --z was left out: it names the values of a heatmap's cells, and this chart is not a heatmap.\n"
            )
        ]
        for (arguments, warning) in cases {
            let result = try CLIRunner.run(arguments, in: data)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, warning)
            XCTAssertTrue(result.stdout.hasPrefix("Birth rate by year"), result.stdout)
        }
    }

    func testRenderTakesASeriesByItsHeaderAndDoesNotCountATotalItDoesNotPlay() throws {
        let folder = TemporaryFolder(prefix: "usage")
        let output = folder.url.appendingPathComponent("out.wav").path
        let byHeader = try CLIRunner.run(["render", "rainfall.csv", "--series", "Dry (mm)", "-o", output], in: data)
        XCTAssertEqual(byHeader.status, 0, byHeader.stderr)
        XCTAssertEqual(byHeader.stdout, "Wrote \(output) (Rainfall: Dry, 10.0 s).\n")
        let stacked = try CLIRunner.run(["render", "rainfall.csv", "--kind", "stacked-bar", "--all", "-o", output], in: data)
        XCTAssertEqual(stacked.stdout, "Wrote \(output) (Rainfall: Tropical and Dry, 10.0 s).\n")
    }
}
