// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Tables piped into `audiograph-cli … -` (CSV, TSV, JSON from a shell pipeline), and JSON files opened by
/// name, as a person runs them.
final class StandardInputTests: XCTestCase {
    private var temporary: TemporaryFolder!

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "stdin")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// Runs `audiograph-cli ARGUMENTS` with `command`'s output piped into its standard input (sh -c).
    private func piped(_ command: String, into arguments: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(arguments, in: temporary.url, wrapper: ["/bin/sh", "-c", command + " | \"$0\" \"$@\""])
    }

    func testCSVFromAPipeIsDescribed() throws {
        let result = try piped("printf 'year,sales\\n2020,5\\n2021,7\\n2022,6\\n'", into: ["describe", "-"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("sales by year\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("X axis: year, 2020 to 2022"), result.stdout)
    }

    func testJSONLinesFromJqArePlayedAndDescribed() throws {
        let records = temporary.write("records.json", #"[{"t": 1, "v": 2.5}, {"t": 2, "v": 4}, {"t": 3, "v": 3}]"#)
        let described = try piped("jq -c '.[]' \(records)", into: ["describe", "--json", "-"])
        XCTAssertEqual(described.status, 0, described.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(described.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((json["series"] as? [[String: Any]])?.first?["count"] as? Int, 3)
        let wav = temporary.path("piped.wav")
        let rendered = try piped("cat \(records)", into: ["render", "-", "-o", wav])
        XCTAssertEqual(rendered.status, 0, rendered.stderr)
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0, 44)
    }

    func testNothingPipedInSaysSo() throws {
        let result = try piped("true", into: ["describe", "-"])
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("standard input:"), result.stderr)
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
    }

    func testBrokenJSONNamesTheFileTheLineAndTheColumn() throws {
        let path = temporary.write("orders.json", "[{\"day\": 1, \"total\": 5},\n {\"day\": 2 \"total\": 7}]\n")
        let result = try CLIRunner.run(["describe", path])
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: orders.json: is not valid JSON at line 2, column 12: a comma or } was expected. Correct it there, or write the file again from the program that made it.\n"
        )
    }
}
