// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class DateParsingTests: XCTestCase {
    private func parse(_ text: String, _ format: DateFormat) -> DateParsing.Parsed? {
        Array(text.utf8).withUnsafeBufferPointer { DateParsing.parse($0, format: format) }
    }

    private func detect(_ text: String) -> DateFormat? {
        Array(text.utf8).withUnsafeBufferPointer { DateParsing.detect($0) }
    }

    private func day(_ y: Int, _ m: Int, _ d: Int) -> Double { DateParsing.epochSeconds(year: y, month: m, day: d) }

    func testCommonFormsOfTheSameDay() {
        let expected = 1_706_659_200.0  // 2024-01-31T00:00:00Z
        XCTAssertEqual(parse("2024-01-31", .isoDate), .init(seconds: expected, precision: .day))
        XCTAssertEqual(parse("2024/01/31", .slashYearMonthDay), .init(seconds: expected, precision: .day))
        XCTAssertEqual(parse("31.01.2024", .dayMonthYear), .init(seconds: expected, precision: .day))
        XCTAssertEqual(parse("1/31/2024", .monthDayYear), .init(seconds: expected, precision: .day))
        XCTAssertEqual(parse("31-1-2024", .dayMonthYear), .init(seconds: expected, precision: .day))
    }

    func testUnpaddedYearFirstDates() {
        XCTAssertEqual(parse("2000/1/1", .slashYearMonthDay)?.seconds, day(2000, 1, 1))
        XCTAssertEqual(parse("2000-1-1", .isoDate)?.seconds, day(2000, 1, 1))
        XCTAssertEqual(parse("1.1.2000", .dayMonthYear)?.seconds, day(2000, 1, 1))
        XCTAssertEqual(detect("2000/1/1"), .slashYearMonthDay)
        XCTAssertEqual(detect("2000-1-1"), .isoDate)
    }

    func testDayAndMonthOrderIsShownByTheFields() {
        XCTAssertEqual(detect("1/31/2000"), .monthDayYear)
        XCTAssertEqual(detect("31/1/2000"), .dayMonthYear)
        XCTAssertEqual(detect("03/04/2000"), .dayOrMonthFirst)
        XCTAssertEqual(detect("03-04-2000"), .dayOrMonthFirst)
        XCTAssertEqual(detect("03.04.2000"), .dayMonthYear, "only day-first writers use dots")
        XCTAssertEqual(detect("1/31/2000 13:45"), .monthDayYear)
        XCTAssertEqual(parse("03/04/2000", .monthDayYear)?.seconds, day(2000, 3, 4))
        XCTAssertEqual(parse("03/04/2000", .dayMonthYear)?.seconds, day(2000, 4, 3))
        XCTAssertNil(detect("13/13/2000"))
    }

    func testMonthNames() {
        let jan1 = day(2000, 1, 1)
        for text in [
            "Jan 1 2000", "January 1, 2000", "1 Jan 2000", "01-Jan-2000", "jan. 1 2000", "JANUARY 1 2000",
            "2000 Jan 1", "01-Jan-00"
        ] {
            XCTAssertEqual(parse(text, .monthName), .init(seconds: jan1, precision: .day), text)
            XCTAssertEqual(detect(text), .monthName, text)
        }
        for text in ["Jan-00", "Jan-2000", "Jan 2000", "January 2000", "1月 2000"] {
            XCTAssertEqual(parse(text, .monthName), .init(seconds: jan1, precision: .month), text)
        }
        XCTAssertEqual(parse("Sept 5, 2001", .monthName)?.seconds, day(2001, 9, 5))
        XCTAssertEqual(parse("Sep. 2001", .monthName)?.seconds, day(2001, 9, 1))
        XCTAssertEqual(parse("Jan-99", .monthName)?.seconds, day(1999, 1, 1))
        XCTAssertEqual(parse("Jan 31 2000 1:45 PM", .monthName), .init(seconds: day(2000, 1, 31) + 49_500, precision: .minute))
        XCTAssertNil(parse("Feb 30 2000", .monthName))
        XCTAssertNil(parse("Janet 2000", .monthName))
        XCTAssertNil(parse("May", .monthName))
        XCTAssertNil(detect("Maybe 12"))
    }

    func testJapaneseDatesAndEras() {
        XCTAssertEqual(parse("2000年1月31日", .japanese), .init(seconds: day(2000, 1, 31), precision: .day))
        XCTAssertEqual(parse("2000年1月", .japanese), .init(seconds: day(2000, 1, 1), precision: .month))
        XCTAssertEqual(parse("２０００年１月", .japanese)?.seconds, day(2000, 1, 1))
        XCTAssertEqual(parse("令和6年1月31日", .japanese)?.seconds, day(2024, 1, 31))
        XCTAssertEqual(parse("平成31年4月", .japanese), .init(seconds: day(2019, 4, 1), precision: .month))
        XCTAssertEqual(parse("平成31年", .japanese), .init(seconds: day(2019, 1, 1), precision: .year))
        XCTAssertEqual(parse("令和元年5月1日", .japanese)?.seconds, day(2019, 5, 1))
        XCTAssertEqual(parse("昭和64年1月7日", .japanese)?.seconds, day(1989, 1, 7))
        XCTAssertEqual(parse("明治元年10月23日", .japanese)?.seconds, day(1868, 10, 23))
        XCTAssertEqual(parse("R6.1.31", .japaneseEraInitial)?.seconds, day(2024, 1, 31))
        XCTAssertEqual(parse("H31.4.30", .japaneseEraInitial)?.seconds, day(2019, 4, 30))
        XCTAssertEqual(parse("S64.1.7", .japaneseEraInitial)?.seconds, day(1989, 1, 7))
        XCTAssertEqual(parse("T1.7.30", .japaneseEraInitial)?.seconds, day(1912, 7, 30))
        XCTAssertEqual(detect("令和6年1月31日"), .japanese)
        XCTAssertEqual(detect("2000年1月"), .japanese)
        XCTAssertEqual(detect("R6.1.31"), .japaneseEraInitial)
        XCTAssertNil(parse("平成32年1月1日", .japanese), "Heisei ended in its 31st year")
        XCTAssertNil(parse("2000年13月", .japanese))
        XCTAssertNil(parse("2001年2月29日", .japanese))
        XCTAssertNil(parse("X6.1.31", .japaneseEraInitial))
        XCTAssertNil(detect("東京都"))
    }

    func testQuartersAndWeeks() {
        for text in ["2000 Q2", "Q2 2000", "2000-Q2", "2000Q2", "2000 q2"] {
            XCTAssertEqual(parse(text, .quarter), .init(seconds: day(2000, 4, 1), precision: .quarter), text)
            XCTAssertEqual(detect(text), .quarter, text)
        }
        XCTAssertNil(parse("2000 Q5", .quarter))
        // ISO week 1 of 2000 starts on Monday 2000-01-03; week 1 of 2004 on 2003-12-29.
        XCTAssertEqual(parse("2000-W01", .isoWeek), .init(seconds: day(2000, 1, 3), precision: .week))
        XCTAssertEqual(parse("2000-W05", .isoWeek)?.seconds, day(2000, 1, 31))
        XCTAssertEqual(parse("2000-W05-3", .isoWeek), .init(seconds: day(2000, 2, 2), precision: .day))
        XCTAssertEqual(parse("2004-W01", .isoWeek)?.seconds, day(2003, 12, 29))
        XCTAssertNotNil(parse("2004-W53", .isoWeek))
        XCTAssertNil(parse("2001-W53", .isoWeek), "2001 has 52 ISO weeks")
        XCTAssertEqual(detect("2000-W05"), .isoWeek)
        XCTAssertEqual(DateParsing.iso8601(day(2003, 12, 29), precision: .week), "2004-W01")
        XCTAssertEqual(DateParsing.iso8601(day(2000, 4, 1), precision: .quarter), "2000-Q2")
    }

    func testTimesOfDay() {
        XCTAssertEqual(parse("13:45", .timeOfDay), .init(seconds: 49_500, precision: .timeOfDay))
        XCTAssertEqual(parse("13:45:10", .timeOfDay)?.seconds, 49_510)
        XCTAssertEqual(parse("13:45:10.5", .timeOfDay)?.seconds, 49_510.5)
        XCTAssertEqual(parse("1:45 PM", .timeOfDay)?.seconds, 49_500)
        XCTAssertEqual(parse("1:45pm", .timeOfDay)?.seconds, 49_500)
        XCTAssertEqual(parse("12:05 a.m.", .timeOfDay)?.seconds, 300)
        XCTAssertEqual(parse("12:05 PM", .timeOfDay)?.seconds, 43_500)
        XCTAssertEqual(detect("13:45"), .timeOfDay)
        XCTAssertNil(detect("3:1"), "a score is not a time")
        XCTAssertNil(parse("25:00", .timeOfDay))
        XCTAssertNil(parse("13:45 PM", .timeOfDay))
        XCTAssertNil(parse("13:60", .timeOfDay))
        XCTAssertEqual(DateParsing.clockText(49_510.5), "13:45:10.5")
        XCTAssertEqual(DateParsing.iso8601(49_500, precision: .timeOfDay), "13:45")
    }

    func testTimesAndZones() {
        XCTAssertEqual(parse("2024-01-31T12:30:15Z", .isoDate)?.seconds, 1_706_659_200 + 45_015)
        XCTAssertEqual(parse("2024-01-31T12:30:15Z", .isoDate)?.utcOffsetSeconds, 0)
        XCTAssertEqual(parse("2024-01-31 12:30", .isoDate), .init(seconds: 1_706_659_200 + 45_000, precision: .minute))
        XCTAssertEqual(
            parse("2024-01-31T12:30:00+02:00", .isoDate),
            .init(seconds: 1_706_659_200 + 45_000 - 7_200, precision: .second, utcOffsetSeconds: 7_200))
        XCTAssertEqual(parse("2024-01-31T12:30:00-0530", .isoDate)?.utcOffsetSeconds, -19_800)
        XCTAssertEqual(parse("2024-01-31T12:30:00.5Z", .isoDate)?.seconds, 1_706_659_200 + 45_000.5)
        XCTAssertEqual(parse("1/31/2024 1:45 PM", .monthDayYear)?.seconds, 1_706_659_200 + 49_500)
        XCTAssertEqual(parse("31/01/2024 13:45", .dayMonthYear)?.seconds, 1_706_659_200 + 49_500)
        XCTAssertNil(parse("2024-01-31T12:30+25:00", .isoDate))
        let nine = DateParsing.epochSeconds(year: 2000, month: 1, day: 31) + 13 * 3600 + 45 * 60 - 9 * 3600
        XCTAssertEqual(DateParsing.iso8601(nine, precision: .minute, utcOffsetSeconds: 32_400), "2000-01-31T13:45+09:00")
        XCTAssertEqual(XValueFormatting.spokenDate(nine, precision: .minute, utcOffsetSeconds: 32_400), "January 31, 2000 13:45")
    }

    func testInvalidDatesAreRejected() {
        XCTAssertNil(parse("2023-02-29", .isoDate))
        XCTAssertNotNil(parse("2024-02-29", .isoDate))
        XCTAssertNil(parse("2024-13-01", .isoDate))
        XCTAssertNil(parse("32.01.2024", .dayMonthYear))
        XCTAssertNil(parse("2/30/2000", .monthDayYear))
        XCTAssertNil(detect("1960"))
        XCTAssertNil(detect("hello world"))
        XCTAssertNil(detect("1.2.3"))
        XCTAssertNil(detect("10-20-30"))
    }

    func testDetectionPicksTheRightForm() {
        XCTAssertEqual(detect("2024-01-31"), .isoDate)
        XCTAssertEqual(detect("2024-01"), .isoYearMonth)
        XCTAssertEqual(detect("31.01.2024"), .dayMonthYear)
        XCTAssertEqual(detect("Sep 2023"), .monthName)
    }

    func testSpokenFormsOfTheNewPrecisions() {
        XCTAssertEqual(XValueFormatting.spokenDate(day(2000, 1, 1), precision: .quarter), "Q1 2000")
        XCTAssertEqual(XValueFormatting.spokenDate(day(2000, 1, 31), precision: .week), "week 5 of 2000")
        XCTAssertEqual(XValueFormatting.spokenDate(49_500, precision: .timeOfDay), "13:45")
        XCTAssertEqual(XValueFormatting.spokenDate(day(2024, 1, 31), precision: .day), "January 31, 2024")
    }

    func testRoundTripThroughComponentsAndISOText() {
        let seconds = DateParsing.epochSeconds(year: 1960, month: 2, day: 29)
        XCTAssertEqual(DateParsing.iso8601(seconds, precision: .day), "1960-02-29")
        XCTAssertEqual(DateParsing.iso8601(DateParsing.epochSeconds(year: 1917, month: 7, day: 1), precision: .month), "1917-07")
        XCTAssertEqual(DateParsing.iso8601(1_706_659_200 + 45_015, precision: .second), "2024-01-31T12:30:15Z")
    }
}
