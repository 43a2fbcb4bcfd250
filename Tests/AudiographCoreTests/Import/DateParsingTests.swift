import XCTest
@testable import AudiographCore

final class DateParsingTests: XCTestCase {
    private func parse(_ text: String, _ format: DateFormat) -> DateParsing.Parsed? {
        Array(text.utf8).withUnsafeBufferPointer { DateParsing.parse($0, format: format) }
    }

    private func detect(_ text: String) -> DateFormat? {
        Array(text.utf8).withUnsafeBufferPointer { DateParsing.detect($0) }
    }

    func testCommonFormsOfTheSameDay() {
        let expected = 1_706_659_200.0  // 2024-01-31T00:00:00Z
        XCTAssertEqual(parse("2024-01-31", .isoDate), .init(seconds: expected, precision: .day))
        XCTAssertEqual(parse("2024/01/31", .slashYearMonthDay), .init(seconds: expected, precision: .day))
        XCTAssertEqual(parse("31.01.2024", .dottedDayMonthYear), .init(seconds: expected, precision: .day))
    }

    func testMonthPrecisionForms() {
        let january = 1_704_067_200.0  // 2024-01-01
        XCTAssertEqual(parse("2024-01", .isoYearMonth), .init(seconds: january, precision: .month))
        XCTAssertEqual(parse("Jan 2024", .monthNameYear), .init(seconds: january, precision: .month))
        XCTAssertEqual(parse("January 2024", .monthNameYear), .init(seconds: january, precision: .month))
    }

    func testTimesAndZones() {
        XCTAssertEqual(parse("2024-01-31T12:30:15Z", .isoDate)?.seconds, 1_706_659_200 + 45_015)
        XCTAssertEqual(parse("2024-01-31 12:30", .isoDate), .init(seconds: 1_706_659_200 + 45_000, precision: .minute))
        XCTAssertEqual(parse("2024-01-31T12:30:00+02:00", .isoDate)?.seconds, 1_706_659_200 + 45_000 - 7_200)
        XCTAssertEqual(parse("2024-01-31T12:30:00.5Z", .isoDate)?.seconds, 1_706_659_200 + 45_000.5)
    }

    func testInvalidDatesAreRejected() {
        XCTAssertNil(parse("2023-02-29", .isoDate))
        XCTAssertNotNil(parse("2024-02-29", .isoDate))
        XCTAssertNil(parse("2024-13-01", .isoDate))
        XCTAssertNil(parse("32.01.2024", .dottedDayMonthYear))
        XCTAssertNil(detect("1960"))
        XCTAssertNil(detect("hello world"))
    }

    func testDetectionPicksTheRightForm() {
        XCTAssertEqual(detect("2024-01-31"), .isoDate)
        XCTAssertEqual(detect("2024-01"), .isoYearMonth)
        XCTAssertEqual(detect("31.01.2024"), .dottedDayMonthYear)
        XCTAssertEqual(detect("Sep 2023"), .monthNameYear)
    }

    func testRoundTripThroughComponentsAndISOText() {
        let seconds = DateParsing.epochSeconds(year: 1960, month: 2, day: 29)
        XCTAssertEqual(DateParsing.iso8601(seconds, precision: .day), "1960-02-29")
        XCTAssertEqual(DateParsing.iso8601(DateParsing.epochSeconds(year: 1917, month: 7, day: 1), precision: .month), "1917-07")
        XCTAssertEqual(DateParsing.iso8601(1_706_659_200 + 45_015, precision: .second), "2024-01-31T12:30:15Z")
    }
}
