import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A logger's file: the day in one column, the clock time in the next. Each reading is a point at its own minute,
/// not a mean per day that hides the day's swing.
final class DateAndTimeColumnsTests: XCTestCase {
    let folder = TemporaryFolder()
    let logger = """
        Date,Time,Temperature
        2024-03-01,00:00,4.1
        2024-03-01,06:00,3.2
        2024-03-01,12:00,9.8
        2024-03-01,18:00,7.5
        2024-03-02,00:00,5.0
        2024-03-02,06:00,4.4
        2024-03-02,12:00,11.2
        2024-03-02,18:00,8.1

        """

    func testADayColumnAndAClockColumnAreOneTimeAlongX() throws {
        let document = try folder.document(logger)
        XCTAssertEqual(document.chart.kind, .line)
        XCTAssertNil(document.layout.aggregate, "every reading is a point: no mean per day")
        XCTAssertEqual(document.chart.xAxis.title, "Date and time")
        XCTAssertEqual(document.chart.series.map(\.x.count), [8])
        let text = ChartAnalysis.analyze(document.chart).summary
        XCTAssertTrue(text.contains("a low of 3.2 on March 1, 2024 06:00"), text)
        XCTAssertTrue(text.contains("a peak of 11.2 on March 2, 2024 12:00"), text)
    }

    func testClockTimesWithAZoneAndSecondsKeepBoth() throws {
        let text =
            "day,time,v\n2024-03-01,06:00:30+09:00,1\n2024-03-01,18:00:30+09:00,3\n2024-03-02,06:00:30+09:00,2\n"
            + "2024-03-02,18:00:30+09:00,4\n"
        let document = try folder.document(text)
        guard case .date(let axis) = document.chart.xAxis else { return XCTFail("\(document.chart.xAxis)") }
        XCTAssertEqual(axis.precision, .second)
        XCTAssertEqual(axis.utcOffsetSeconds, 9 * 3600)
        // 2024-03-01 06:00:30 at +09:00 is 2024-02-29 21:00:30 UTC.
        XCTAssertEqual(document.chart.series[0].x.first, 1_709_164_800 + 21 * 3600 + 30)
    }

    func testOrdersAtTheirOwnMomentsAndAPaceAreNoClockToJoin() throws {
        // A pizzeria's orders come when they come: no two days share their times, nor are they evenly spaced.
        var orders = "date,time,price\n"
        for day in 1...5 {
            for (k, second) in [
                11 * 3600 + 38 * 60 + 36, 11 * 3600 + 57 * 60 + day * 7, 12 * 3600 + 12 * 60 + day * 131, 18 * 3600 + day * 977
            ].enumerated() {
                let s = second + day * 13
                orders += String(
                    format: "2015-01-%02d,%02d:%02d:%02d,%d\n", day, s / 3600, s / 60 % 60, s % 60, 12 + (day * 3 + k) % 9)
            }
        }
        XCTAssertEqual(try folder.document(orders).chart.xAxis.title, "date")
        // A runner's pace per mile is minutes and seconds, not a time of day.
        let runs = "Date,Pace,Miles\n2002-01-01,7:42,5\n2002-01-01,8:13,5\n2002-01-03,7:55,6\n2002-01-03,7:42,4\n"
        XCTAssertEqual(try folder.document(runs).chart.xAxis.title, "Date")
    }

    func testAChosenDayColumnIsKeptAsWritten() throws {
        let document = try folder.document(logger, ChartSettings(x: "Date"))
        XCTAssertEqual(document.chart.xAxis.title, "Date")
        XCTAssertEqual(document.layout.aggregate, .mean)
    }

    func testOneReadingADayOrMostTimesMissingLeaveTheColumnsApart() throws {
        let daily = "Date,Time,v\n2024-03-01,06:00,1\n2024-03-02,06:10,2\n2024-03-03,05:55,3\n2024-03-04,06:00,2\n"
        XCTAssertEqual(try folder.document(daily).chart.xAxis.title, "Date")
        let gaps = "Date,Time,v\n2024-03-01,06:00,1\n2024-03-01,,2\n2024-03-02,,3\n2024-03-02,12:00,2\n"
        XCTAssertEqual(try folder.document(gaps).chart.xAxis.title, "Date")
    }
}
