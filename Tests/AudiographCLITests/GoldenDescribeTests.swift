// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `describe` of every example in data/ matches the reviewed text and JSON in Golden/.
/// Re-record after an intended change with AUDIOGRAPH_RECORD_GOLDEN=1 swift test --filter GoldenDescribeTests,
/// then read the diff before committing it.
final class GoldenDescribeTests: XCTestCase {
    let data = Repository.data
    let golden = Repository.root.appendingPathComponent("Tests/AudiographCLITests/Golden")
    let recording = ProcessInfo.processInfo.environment["AUDIOGRAPH_RECORD_GOLDEN"] == "1"

    func testTextAndJSONOfEveryExample() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".csv") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 4)
        for file in files {
            let name = (file as NSString).deletingPathExtension
            for (arguments, suffix) in [(["describe", file], "txt"), (["describe", "--json", file], "json")] {
                let result = try CLIRunner.run(arguments, in: data)
                XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
                let goldenFile = golden.appendingPathComponent("\(name).\(suffix)")
                if recording {
                    try result.stdout.write(to: goldenFile, atomically: true, encoding: .utf8)
                    continue
                }
                let expected = try String(contentsOf: goldenFile, encoding: .utf8)
                XCTAssertEqual(
                    result.stdout, expected,
                    "describe \(arguments.dropFirst().joined(separator: " ")) changed; see \(goldenFile.path)")
            }
        }
    }

    func testJSONOfTheBirthsExampleHasTheIssuesKeys() throws {
        let result = try CLIRunner.run(["describe", "--json", "births.csv"], in: data)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(object["kind"] as? String, "line")
        let x = object["xAxis"] as! [String: Any]
        XCTAssertEqual(x["kind"] as? String, "numeric")
        XCTAssertEqual(x["min"] as? Double, 1917)
        let series = (object["series"] as! [[String: Any]])[0]
        XCTAssertEqual(series["count"] as? Int, 59)
        let max = series["max"] as! [String: Any]
        XCTAssertEqual(max["x"] as? Double, 1960)
        XCTAssertEqual(max["y"] as? Double, 268)
        XCTAssertGreaterThanOrEqual((series["segments"] as! [Any]).count, 2)
    }
}
