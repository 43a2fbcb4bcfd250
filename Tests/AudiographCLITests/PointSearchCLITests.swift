import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `describe --at X` and `describe --find CONDITION`: the points the viewer's Go To and Find Value reach, in
/// the words it says, as text and JSON, with exit status 1 when none is reached.
final class PointSearchCLITests: XCTestCase {
    private var data: URL { Repository.data }

    func testAtPrintsThePointOrTheNearestOrWhyNot() throws {
        let year = try CLIRunner.run(["describe", "births.csv", "--at", "1935"], in: data)
        XCTAssertEqual(year.status, 0, year.stderr)
        XCTAssertEqual(year.stdout, "Birth rate: 1935, 179 births per 10,000 people, point 19 of 59\n")
        let near = try CLIRunner.run(["describe", "births.csv", "--at", "1950.4"], in: data)
        XCTAssertEqual(near.stdout, "Birth rate: Nearest to 1950.4: 1950, 242 births per 10,000 people, point 34 of 59\n")
        let beyond = try CLIRunner.run(["describe", "births.csv", "--at", "1800"], in: data)
        XCTAssertEqual(beyond.status, 1)
        XCTAssertEqual(beyond.stdout, "Birth rate: 1800 is outside the data: Year runs from 1917 to 1975.\n")
        let month = try CLIRunner.run(["describe", "google-monthly.csv", "--at", "2012年9月"], in: data)
        XCTAssertTrue(month.stdout.hasPrefix("Close: September 4, 2012: open 684.55"), month.stdout)
    }

    func testAtAsJSONGivesThePlaceTheValueAndTheWords() throws {
        let result = try CLIRunner.run(["describe", "sales-by-region.csv", "--at", "latin", "--json"], in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let series = try XCTUnwrap((document["series"] as? [[String: Any]])?.first)
        XCTAssertEqual(series["match"] as? String, "found")
        let point = try XCTUnwrap(series["point"] as? [String: Any])
        XCTAssertEqual(point["x"] as? String, "Latin America")
        XCTAssertEqual(point["y"] as? Double, 612_500)
        XCTAssertEqual(point["position"] as? Int, 2)
        XCTAssertEqual(point["words"] as? String, "Latin America, 612,500 USD, point 2 of 6")
    }

    func testFindListsThePointsMeetingTheCondition() throws {
        let result = try CLIRunner.run(["describe", "births.csv", "--find", "above 260"], in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "Birth rate: 5 points above 260 births per 10,000 people")
        XCTAssertEqual(
            lines.dropFirst().map { String($0.prefix(8)) }, ["  1957, ", "  1958, ", "  1959, ", "  1960, ", "  1961, "])
        let json = try CLIRunner.run(["describe", "births.csv", "--find", "between 178 and 180", "--json"], in: data)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["condition"] as? [String: Any])?["relation"] as? String, "between")
        let series = try XCTUnwrap((document["series"] as? [[String: Any]])?.first)
        XCTAssertEqual(series["count"] as? Int, 3, "1934 to 1936: 180, 179, 180")
        XCTAssertEqual(((series["points"] as? [[String: Any]])?.first)?["x"] as? Double, 1934)
        let none = try CLIRunner.run(["describe", "births.csv", "--find", "below 10"], in: data)
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "Birth rate: 0 points below 10 births per 10,000 people\n")
    }

    func testABadConditionOrBothOptionsAreRefused() throws {
        let bad = try CLIRunner.run(["describe", "births.csv", "--find", "tall ones"], in: data)
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.contains("--find takes a condition such as \"above 24\""), bad.stderr)
        let both = try CLIRunner.run(["describe", "births.csv", "--at", "1935", "--find", "> 2"], in: data)
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.stderr.contains("--at and --find can't be used together"), both.stderr)
    }
}
