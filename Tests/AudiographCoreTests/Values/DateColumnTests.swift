// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

/// Whole columns of dates read from CSV text: the day/month decision, zones, Unix time and fractional years,
/// and what must stay numbers or text.
final class DateColumnTests: XCTestCase {
    private func read(_ text: String, monthFirst: Bool? = nil) throws -> Table {
        var options = CSVReadOptions()
        options.monthFirstWhenUndecided = monthFirst
        return try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: options)
    }

    private func dates(_ table: Table, _ column: Int) -> [Double]? {
        if case .date(let values, _, _) = table.columns[column].data { return values }
        return nil
    }

    private func day(_ y: Int, _ m: Int, _ d: Int) -> Double { DateParsing.epochSeconds(year: y, month: m, day: d) }

    /// `rows` lines "03/04/2000"-style (all readable both ways), then `tail`.
    private func ambiguousColumn(rows: Int = 1_200, tail: String = "") -> String {
        var text = "Date,Value\n"
        for i in 0..<rows { text += "\(i % 12 + 1)/\(i % 12 + 1 == 1 ? 2 : 1)/2000,\(i)\n" }
        return text + tail
    }

    func testAColumnShowsItsOwnOrder() throws {
        let dayFirst = try read("Date,Value\n03/04/2000,1\n13/04/2000,2\n")
        XCTAssertEqual(dates(dayFirst, 0), [day(2000, 4, 3), day(2000, 4, 13)])
        XCTAssertTrue(dayFirst.warnings.isEmpty, "\(dayFirst.warnings)")
        let monthFirst = try read("Date,Value\n03/04/2000,1\n03/14/2000,2\n")
        XCTAssertEqual(dates(monthFirst, 0), [day(2000, 3, 4), day(2000, 3, 14)])
    }

    func testOrderShownAfterTheSniffedSampleDecidesTheWholeColumn() throws {
        // The first 1200 rows read both ways; only row 1201 shows the day comes first.
        let table = try read(ambiguousColumn(tail: "25/12/2000,9\n"), monthFirst: true)
        let values = try XCTUnwrap(dates(table, 0))
        XCTAssertEqual(values.first, day(2000, 2, 1), "1/2/2000 read day-first")
        XCTAssertEqual(values.last, day(2000, 12, 25))
        XCTAssertTrue(table.warnings.isEmpty, "\(table.warnings)")
        let monthFirst = try read(ambiguousColumn(tail: "12/25/2000,9\n"), monthFirst: false)
        XCTAssertEqual(dates(monthFirst, 0)?.first, day(2000, 1, 2))
    }

    func testAnotherDateColumnDecides() throws {
        let table = try read("Start,End,Value\n03/04/2000,05/06/2000,1\n13/04/2000,07/08/2000,2\n", monthFirst: true)
        XCTAssertEqual(dates(table, 1), [day(2000, 6, 5), day(2000, 8, 7)])
        XCTAssertEqual(
            table.warnings,
            [
                #"Column "End": dates such as 05/06/2000 could be month/day or day/month; they were read as day/month, as column "Start" shows."#
            ])
    }

    func testTheLocaleDecidesWhenNothingInTheFileCan() throws {
        let us = try read("Date,Value\n03/04/2000,1\n05/06/2000,2\n", monthFirst: true)
        XCTAssertEqual(dates(us, 0), [day(2000, 3, 4), day(2000, 5, 6)])
        XCTAssertEqual(
            us.warnings,
            [#"Column "Date": dates such as 03/04/2000 could be month/day or day/month; they were read as month/day."#])
        let uk = try read("Date,Value\n03/04/2000,1\n05/06/2000,2\n", monthFirst: false)
        XCTAssertEqual(dates(uk, 0), [day(2000, 4, 3), day(2000, 6, 5)])
        XCTAssertEqual(
            uk.warnings,
            [#"Column "Date": dates such as 03/04/2000 could be month/day or day/month; they were read as day/month."#])
        let same = try read("Date,Value\n01/01/2000,1\n02/02/2000,2\n", monthFirst: false)
        XCTAssertTrue(same.warnings.isEmpty, "dates that read the same either way need no note")
    }

    func testLocaleNames() {
        XCTAssertTrue(DayMonthOrder.localePrefersMonthFirst(environment: ["LANG": "en_US.UTF-8"]))
        XCTAssertTrue(DayMonthOrder.localePrefersMonthFirst(environment: ["LANG": "C.UTF-8"]))
        XCTAssertTrue(DayMonthOrder.localePrefersMonthFirst(environment: [:]))
        XCTAssertTrue(DayMonthOrder.localePrefersMonthFirst(environment: ["LC_ALL": "POSIX", "LANG": "de_DE.UTF-8"]))
        XCTAssertFalse(DayMonthOrder.localePrefersMonthFirst(environment: ["LANG": "en_GB.UTF-8"]))
        XCTAssertFalse(DayMonthOrder.localePrefersMonthFirst(environment: ["LC_TIME": "de_DE.UTF-8", "LANG": "en_US.UTF-8"]))
        XCTAssertFalse(DayMonthOrder.localePrefersMonthFirst(environment: ["LANG": "ja_JP.UTF-8"]))
    }

    func testAColumnShowingBothOrdersIsText() throws {
        let table = try read("Date,Value\n13/01/2000,1\n01/13/2000,2\n")
        XCTAssertTrue(table.columns[0].isText)
    }

    func testImpossibleDatesAreBadValues() throws {
        let table = try read(
            "Date,Value\n1/31/2000,1\n2/30/2000,2\n3/1/2000,3\n1/2/2000,4\n1/3/2000,5\n1/4/2000,6\n1/5/2000,7\n1/6/2000,8\n1/7/2000,9\n1/8/2000,10\n1/9/2000,11\n"
        )
        XCTAssertTrue(dates(table, 0)?[1].isNaN == true)
        XCTAssertEqual(table.warnings, [#"Column "Date": 1 value is not a date (line 3); it is treated as missing."#])
    }

    func testOneCommonZoneIsKept() throws {
        let table = try read("Time,Value\n2000-01-31T13:45+09:00,1\n2000-01-31T14:45+09:00,2\n")
        guard case .date(let values, let precision, let offset) = table.columns[0].data else { return XCTFail() }
        XCTAssertEqual(values[0], day(2000, 1, 31) + 4 * 3600 + 45 * 60)
        XCTAssertEqual(precision, .minute)
        XCTAssertEqual(offset, 32_400)
        let mixed = try read("Time,Value\n2000-01-31T13:45+09:00,1\n2000-01-31T14:45+01:00,2\n")
        guard case .date(_, _, let none) = mixed.columns[0].data else { return XCTFail() }
        XCTAssertNil(none)
    }

    func testUnixTimeOnlyUnderAHeaderThatSaysSo() throws {
        let seconds = try read("timestamp,Value\n946684800,1\n946771200,2\n")
        XCTAssertEqual(dates(seconds, 0), [day(2000, 1, 1), day(2000, 1, 2)])
        let milliseconds = try read("created_ts,Value\n946684800000,1\n946771200000,2\n")
        XCTAssertEqual(dates(milliseconds, 0), [day(2000, 1, 1), day(2000, 1, 2)])
        XCTAssertTrue(try read("id,Value\n946684800,1\n946771200,2\n").columns[0].isNumeric)
        XCTAssertTrue(try read("Lifetime value,Value\n946684800,1\n946771200,2\n").columns[0].isNumeric)
        XCTAssertNotNil(dates(try read("Unix time,Value\n946684800,1\n946771200,2\n"), 0))
        XCTAssertNotNil(dates(try read("event_ts,Value\n946684800,1\n946771200,2\n"), 0))
        XCTAssertTrue(try read("Time (s),Value\n12.5,1\n13.5,2\n").columns[0].isNumeric)
        XCTAssertTrue(try read("epoch,Value\n946684800.5,1\n946771200,2\n").columns[0].isNumeric)
    }

    func testFractionalYearsOfRTimeSeries() throws {
        var text = "time,value\n"
        for i in 0..<24 { text += String(format: "%.3f,%d\n", 1949 + Double(i) / 12, i) }
        let monthly = try read(text)
        guard case .date(let values, let precision, _) = monthly.columns[0].data else { return XCTFail() }
        XCTAssertEqual(precision, .month)
        XCTAssertEqual(values[1], day(1949, 2, 1))
        XCTAssertEqual(values[23], day(1950, 12, 1))
        let quarterly = try read("time,value\n1960,1\n1960.25,2\n1960.5,3\n1960.75,4\n1961,5\n")
        guard case .date(let q, let qp, _) = quarterly.columns[0].data else { return XCTFail() }
        XCTAssertEqual(qp, .quarter)
        XCTAssertEqual(q[2], day(1960, 7, 1))
        XCTAssertTrue(try read("Year,value\n1950,1\n1951,2\n1952,3\n").columns[0].isNumeric, "plain years stay numbers")
        XCTAssertTrue(try read("weight,value\n1949.083,1\n1949.167,2\n").columns[0].isNumeric, "only under a time or year header")
    }

    func testWhatStaysNumbersOrText() throws {
        XCTAssertTrue(try read("Score,Value\n3:1,1\n2:0,2\n1:1,3\n").columns[0].isText)
        XCTAssertTrue(try read("Name,Value\nMay,1\nJune,2\nApril,3\n").columns[0].isText)
        XCTAssertTrue(try read("Date,Value\n2000-01-31,1\nJan 5 2000,2\n3/4/2000,3\n2000 Q1,4\n").columns[0].isText)
        XCTAssertTrue(try read("Version,Value\n1.2.3,1\n1.2.4,2\n").columns[0].isText)
    }

    func testEachSpellingMakesADateColumn() throws {
        let samples: [(String, DatePrecision)] = [
            ("Jan 1 2000", .day), ("\"January 1, 2000\"", .day), ("1 Jan 2000", .day), ("01-Jan-2000", .day),
            ("Jan-00", .month), ("Jan-2000", .month), ("2000/1/1", .day), ("1.1.2000", .day), ("2000-1-1", .day),
            ("2000年1月1日", .day), ("2000年1月", .month), ("令和6年1月31日", .day), ("平成31年4月", .month),
            ("平成31年", .year), ("R6.1.31", .day), ("2000 Q1", .quarter), ("2000-W05", .week), ("13:45", .timeOfDay),
            ("1:45 PM", .timeOfDay), ("1/31/2000 13:45", .minute)
        ]
        for (text, precision) in samples {
            let table = try read("When,Value\n\(text),1\n")
            guard case .date(let values, let p, _) = table.columns[0].data else { XCTFail(text); continue }
            XCTAssertFalse(values[0].isNaN, text)
            XCTAssertEqual(p, precision, text)
        }
    }
}
