// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Dates written as whole numbers (yyyymmdd, yyyymm) and epoch times under a date's header (issue 45).
final class DigitDatesTests: XCTestCase {
    let folder = TemporaryFolder()

    func testYearMonthDayNumbersAreDatesSpacedByDays() throws {
        let document = try folder.document("date,close\n20240102,10.5\n20240103,10.8\n20240131,11.2\n20240201,11.0\n")
        let chart = document.chart
        guard case .date(let axis) = chart.xAxis else { return XCTFail("a date axis, not numbers") }
        XCTAssertEqual(axis.precision, .day)
        let x = chart.series[0].x
        XCTAssertEqual(x[3] - x[2], 86_400, "31 January to 1 February is one day")
        XCTAssertEqual(x[1] - x[0], 86_400)
        let summary = ChartAnalysis.analyze(chart).summary
        XCTAssertTrue(summary.contains("January 2, 2024 to February 1, 2024"), summary)
        XCTAssertFalse(summary.contains("20,240"), summary)
        XCTAssertEqual(PointSearch(chart: chart, series: 0).place("2024-01-31"), .found(2))
    }

    func testYearMonthNumbersAreMonths() throws {
        let chart = try folder.document("month,sales\n202311,5\n202312,6\n202401,8\n202402,7\n").chart
        guard case .date(let axis) = chart.xAxis else { return XCTFail("a date axis") }
        XCTAssertEqual(axis.precision, .month)
        XCTAssertTrue(ChartAnalysis.analyze(chart).summary.contains("November 2023 to February 2024"))
    }

    func testOneValueThatIsNoDateKeepsTheColumnNumbersAndSaysWhy() throws {
        let document = try folder.document("date,close\n20240102,10.5\n20240103,10.8\n20240131,11.2\n20241350,11.0\n")
        guard case .numeric = document.chart.xAxis else { return XCTFail("numbers, since 20241350 is no date") }
        XCTAssertTrue(
            document.warnings.contains(
                "date looks like dates written as digits (20240131), but 20241350 is not a date, so its values are read as numbers."
            ),
            "\(document.warnings)")
    }

    func testOtherEightDigitNumbersStayNumbers() throws {
        // Account numbers: some fall on real dates by chance, not all.
        let chart = try folder.document("account,balance\n19870512,10\n20991399,11\n18443321,9\n21550101,14\n").chart
        XCTAssertNotEqual(chart.xAxis.kindName, "date")
        // Two values under no time header are too few to tell.
        let two = try folder.document("code,v\n20240102,1\n20240103,2\n").chart
        XCTAssertNotEqual(two.xAxis.kindName, "date")
    }

    func testEpochTimesAreDatesOnlyUnderATimeHeader() throws {
        let pandas = try folder.document("date,value\n1325376000000,1\n1325462400000,3\n1325548800000,2\n").chart
        guard case .date(let axis) = pandas.xAxis else { return XCTFail("pandas' to_json() dates, in milliseconds") }
        XCTAssertEqual(axis.precision, .day)
        XCTAssertTrue(ChartAnalysis.analyze(pandas).summary.contains("January 1, 2012 to January 3, 2012"))
        let created = try folder.document("created_at,value\n1700000000,1\n1700086400,3\n1700172800,2\n").chart
        XCTAssertEqual(created.xAxis.kindName, "date")
        let plain = try folder.document("count,value\n1700000000,1\n1700086400,3\n1700172800,2\n").chart
        XCTAssertEqual(plain.xAxis.kindName, "numeric", "big numbers under a header that names no time stay numbers")
    }
}
