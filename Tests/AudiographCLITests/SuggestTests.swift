// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `describe --suggest` (text and JSON), `--aggregate`, and the columns and own scales `describe --json` reports.
final class SuggestTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "audiograph-suggest")
        // Records: 60 cars over 6 model years; weight drives mpg; origin is a grouping.
        var text = "id,name,mpg,weight,horsepower,year,origin\n"
        for i in 0..<60 {
            let weight = 1800 + (i * 613) % 3000
            text +=
                "\(i + 1),car \(i),\(String(format: "%.1f", 45 - Double(weight) / 120 + Double(i % 4))),\(weight),"
                + "\(60 + (i * 37) % 140),\(70 + i % 6),\(["USA", "Europe", "Japan"][i % 3])\n"
        }
        try text.write(to: folder.appendingPathComponent("cars.csv"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws { temporary = nil }

    private func json(_ arguments: [String]) throws -> Any {
        let result = try CLIRunner.run(arguments, in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    func testSuggestListsTheShownChartFirstWithFlagsThatMakeEach() throws {
        let result = try CLIRunner.run(["describe", "--suggest", "cars.csv"], in: folder)
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "1. Scatter plot: weight against mpg, coloured by origin, 60 points")
        XCTAssertEqual(lines.dropFirst().first, "   --x mpg --y weight --size horsepower --category origin --label name")
        let mean = try XCTUnwrap(lines.firstIndex { $0.hasSuffix("Line chart: Average mpg by year, 6 points") })
        // The flags printed under a suggestion make exactly that chart.
        let flags = lines[mean + 1].trimmingCharacters(in: .whitespaces).split(separator: " ").map(String.init)
        let made = try json(["describe", "--json"] + flags + ["cars.csv"]) as! [String: Any]
        XCTAssertEqual(made["title"] as? String, "Average mpg by year")
        let columns = made["columns"] as! [String: Any]
        XCTAssertEqual(columns["aggregate"] as? String, "mean")
        let series = (made["series"] as! [[String: Any]])[0]
        XCTAssertEqual(series["counts"] as? [Int], [10, 10, 10, 10, 10, 10])
    }

    func testSuggestJSONGivesSentencesAndSettings() throws {
        let list = try json(["describe", "--suggest", "--json", "cars.csv"]) as! [[String: Any]]
        XCTAssertGreaterThanOrEqual(list.count, 3)
        XCTAssertEqual(list[0]["kind"] as? String, "scatter")
        let settings = list[0]["settings"] as! [String: Any]
        XCTAssertEqual(settings["x"] as? String, "mpg")
        XCTAssertEqual(settings["y"] as? [String], ["weight"])
        XCTAssertEqual(settings["aggregate"] as? String, "none")
        XCTAssertEqual(Set(list.map { $0["sentence"] as! String }).count, list.count, "no chart twice")
    }

    func testJSONNamesTheColumnsUsedAndIdsAreNotAmongThem() throws {
        let made = try json(["describe", "--json", "cars.csv"]) as! [String: Any]
        let columns = made["columns"] as! [String: Any]
        XCTAssertEqual(columns["x"] as? String, "mpg")
        XCTAssertEqual(columns["y"] as? [String], ["weight"])
        XCTAssertEqual(columns["category"] as? String, "origin")
        XCTAssertEqual(columns["label"] as? String, "name")
        XCTAssertTrue(columns["aggregate"] is NSNull)
    }

    func testAggregateNoneKeepsEveryRow() throws {
        let made =
            try json(["describe", "--json", "--x", "year", "--y", "mpg", "--aggregate", "none", "cars.csv"]) as! [String: Any]
        let series = (made["series"] as! [[String: Any]])[0]
        XCTAssertEqual(series["count"] as? Int, 60)
        XCTAssertNil(series["counts"])
        let bad = try CLIRunner.run(["describe", "--aggregate", "median", "cars.csv"], in: folder)
        XCTAssertEqual(bad.status, 64, "an unknown summary is a usage error")
    }

    func testASeriesWithItsOwnScaleHasItsOwnYAxisInJSON() throws {
        var text = "date,rate,population\n"
        for i in 0..<24 { text += "2001-\(String(format: "%02d", i % 12 + 1))-01,\(4 + i % 5),\(280_000 + i * 250)\n" }
        try text.write(
            to: folder.appendingPathComponent("scales.csv"),
            atomically: true, encoding: .utf8)
        let made = try json(["describe", "--json", "--aggregate", "none", "scales.csv"]) as! [String: Any]
        let series = made["series"] as! [[String: Any]]
        XCTAssertNil(series[0]["yAxis"], "the first scale is the chart's own")
        let own = try XCTUnwrap(series[1]["yAxis"] as? [String: Any])
        XCTAssertEqual(own["title"] as? String, "population")
        XCTAssertEqual(own["min"] as? Double, 280_000)
        XCTAssertEqual(Set(own.keys), Set((made["yAxis"] as! [String: Any]).keys), "same keys as the top level")
        let text2 = try CLIRunner.run(["describe", "--aggregate", "none", "scales.csv"], in: folder).stdout
        XCTAssertTrue(text2.contains("own scale: population, 280,000 to 285,750"), text2)
    }
}
