// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Issue 46, point 8: a value far outside the rest of its column is said with "(looks out of place)".
final class StrayValuesTests: XCTestCase {
    let folder = TemporaryFolder()

    func testAYearFarBeforeTheRestIsFlaggedInNotesSummaryAndPointWords() throws {
        var text = "peak,unemployment\n"
        for (k, year) in stride(from: 1802, to: 1900, by: 3).enumerated() {
            text += "\(k == 10 ? 1182 : year)-03,\(5 + k % 7)\n"
        }
        let r = try folder.report(text)
        XCTAssertTrue(
            r.document.warnings.contains {
                $0.hasPrefix("March 1182 in peak looks out of place: the others run from March 1802")
            },
            r.document.warnings.joined(separator: "\n"))
        XCTAssertTrue(r.analysis.summary.contains("March 1182 (looks out of place) to"), r.analysis.summary)
        let s = r.document.chart.series[0]
        XCTAssertEqual(s.strays.count, 1)
        let words = ElementNames(chart: r.document.chart).pointWords(s.strays[0], in: s)
        XCTAssertTrue(words.hasSuffix("looks out of place"), words)
    }

    func testAStrayTimeSharedBySeveralSeriesIsNotedOnce() throws {
        var text = "peak,a,b,c\n"
        for (k, year) in stride(from: 1802, to: 1900, by: 3).enumerated() {
            text += "\(k == 10 ? 1182 : year)-03,\(5 + k % 7),\(9 - k % 4),\(2 + k % 3)\n"
        }
        let r = DescribeReport(
            document: try ChartDocument.open(
                path: folder.write("three.csv", text),
                overrides: ChartSettings(x: "peak", y: ["a", "b", "c"])))
        XCTAssertEqual(r.document.chart.series.count, 3)
        XCTAssertEqual(
            r.document.warnings.filter { $0.contains("looks out of place") }.count, 1,
            r.document.warnings.joined(separator: "\n"))
        XCTAssertTrue(r.document.chart.series.allSatisfy { $0.strays.count == 1 })
    }

    func testAValueThousandsOfTimesTheOthersIsFlagged() throws {
        var text = "year,rate\n"
        for year in 1990..<2020 { text += "\(year),\(year == 1997 ? "210000" : String(20 + Double(year % 5) * 0.7))\n" }
        let r = try folder.report(text)
        XCTAssertTrue(
            r.document.warnings.contains {
                $0.hasPrefix("210,000.0 in rate looks out of place: over a thousand times the median")
            },
            r.document.warnings.joined(separator: "\n"))
        XCTAssertTrue(
            r.analysis.series[0].description.contains("210,000.0 (looks out of place) in 1997"), r.analysis.series[0].description)
    }

    func testManyFarValuesAreACluster() {
        // 10,000 years of a record, 400 of them (4%) far before the rest: a second part, not mistakes.
        let values = (0..<9_600).map { 1800 + Double($0 % 200) } + (0..<400).map { 1000 + Double($0 % 50) }
        XCTAssertEqual(StrayValues.amongTimes(values), [])
        XCTAssertEqual(StrayValues.amongTimes(Array(values.prefix(9_600)) + [1182]), [9_600])
    }

    func testHeavyTailsAndGapsInARecordAreNotFlagged() throws {
        // Cities' sizes: a long right tail, the largest 370 times the median.
        var cities = "city,population,area\n"
        for i in 0..<60 { cities += "C\(i),\(Int(100_000 * pow(1.1, Double(i)))),\(10 + i)\n" }
        cities += "Tokyo,37000000,2194\n"
        XCTAssertTrue(try folder.report(cities, name: "c.csv").document.chart.series.allSatisfy { $0.strays.isEmpty })
        // Yearly records with a ten-year gap in the middle.
        var years = "year,value\n"
        for year in Array(1900...1940) + Array(1951...1990) { years += "\(year),\(year % 9)\n" }
        XCTAssertTrue(try folder.report(years, name: "y.csv").document.chart.series.allSatisfy { $0.strays.isEmpty })
    }
}
