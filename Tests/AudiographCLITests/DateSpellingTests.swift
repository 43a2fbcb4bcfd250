// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `describe --json` of a long stock table (`symbol,date,price`: 5 symbols × 30 rows, sorted by symbol then
/// date) for every date spelling Audiograph reads: a line chart of 5 series over a date axis.
final class DateSpellingTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "ag-dates")
    }

    override func tearDownWithError() throws { temporary = nil }

    private static let shortMonths = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let fullMonths = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December"
    ]

    /// Year, month and day `days` after `start` (year, month, day), in the Gregorian calendar.
    private func date(_ start: (Int, Int, Int), plus days: Int) -> (y: Int, m: Int, d: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = calendar.date(from: DateComponents(year: start.0, month: start.1, day: start.2))!
        let c = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: days, to: first)!)
        return (c.year!, c.month!, c.day!)
    }

    /// Days from Monday 2000-01-03 to Tuesday 2000-02-01.
    private func day(_ i: Int) -> (y: Int, m: Int, d: Int) { date((2000, 1, 3), plus: i) }
    /// Months from January 2000 to June 2002.
    private func month(_ i: Int) -> (y: Int, m: Int) { (2000 + i / 12, i % 12 + 1) }

    /// Japanese era name and year text ("平成31", "令和元") of a Gregorian date.
    private func era(_ y: Int, _ m: Int, _ d: Int, initial: Bool = false) -> String {
        let reiwa = (y, m, d) >= (2019, 5, 1)
        let n = reiwa ? y - 2018 : y - 1988
        if initial { return "\(reiwa ? "R" : "H")\(n)" }
        return (reiwa ? "令和" : "平成") + (n == 1 ? "元" : String(n))
    }

    /// Writes the table with `dateText(i)` for row i of each symbol, under `header`, and describes it.
    private func describe(
        _ name: String, header: String = "date", environment: [String: String] = [:],
        _ dateText: (Int) -> String
    ) throws -> [String: Any] {
        var text = "symbol,\(header),price\n"
        for (k, symbol) in ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"].enumerated() {
            for i in 0..<30 {
                let written = dateText(i)
                text += "\(symbol),\(written.contains(",") ? "\"\(written)\"" : written),\(100 + k * 10 + i % 7)\n"
            }
        }
        let file = folder.appendingPathComponent("\(name).csv")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let result = try CLIRunner.run(["describe", "--json", file.lastPathComponent], in: folder, environment: environment)
        XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], name)
    }

    /// Checks the spelling makes a line chart of 5 series over dates from `first` to `last` (as describe's JSON
    /// writes them).
    private func check(
        _ name: String, first: String, last: String, header: String = "date",
        environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line,
        _ dateText: (Int) -> String
    ) throws {
        let json = try describe(name, header: header, environment: environment, dateText)
        XCTAssertEqual(json["kind"] as? String, "line", "\(name) (\(dateText(0)))", file: file, line: line)
        XCTAssertEqual((json["series"] as? [Any])?.count, 5, "\(name) (\(dateText(0)))", file: file, line: line)
        let x = json["xAxis"] as? [String: Any]
        XCTAssertEqual(x?["kind"] as? String, "date", "\(name) (\(dateText(0)))", file: file, line: line)
        XCTAssertEqual(x?["min"] as? String, first, "\(name) (\(dateText(0)))", file: file, line: line)
        XCTAssertEqual(x?["max"] as? String, last, "\(name) (\(dateText(0)))", file: file, line: line)
    }

    func testISODatesAndDateTimes() throws {
        try check("iso", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return String(format: "%04d-%02d-%02d", t.y, t.m, t.d)
        }
        try check("iso-time", first: "2000-01-03T09:00Z", last: "2000-01-04T14:00Z") { i in
            String(format: "2000-01-%02dT%02d:00", 3 + (9 + i) / 24, (9 + i) % 24)
        }
        try check("iso-seconds", first: "2000-01-03T09:00:00Z", last: "2000-01-03T09:29:00Z") { i in
            String(format: "2000-01-03 09:%02d:00.250Z", i)
        }
    }

    func testMonthFirstAndDayFirstNumbers() throws {
        try check("mdy", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.m)/\(t.d)/\(t.y)"
        }
        try check("dmy", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.d)/\(t.m)/\(t.y)"
        }
        try check("dmy-dash", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return String(format: "%02d-%02d-%d", t.d, t.m, t.y)
        }
        try check("mdy-dot", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.d).\(t.m).\(t.y)"
        }
        try check("mdy-time", first: "2000-01-13T09:00Z", last: "2000-01-14T14:00Z") { i in
            "1/\(13 + (9 + i) / 24)/2000 \((9 + i) % 24):00"
        }
        try check("mdy-12h", first: "2000-01-13T09:00Z", last: "2000-01-13T13:50Z") { i in
            let hour = 9 + i / 6
            return "1/13/2000 \(hour > 12 ? hour - 12 : hour):\(String(format: "%02d", i % 6 * 10)) \(hour >= 12 ? "PM" : "AM")"
        }
    }

    func testAmbiguousOrderFollowsTheLocaleAndSaysSo() throws {
        // 01/01/2000 … 06/01/2002: every value could be month/day or day/month.
        let monthly: (Int) -> String = { i in
            let t = self.month(i); return String(format: "%02d/01/%d", t.m, t.y)
        }
        try check("ambiguous-us", first: "2000-01-01", last: "2002-06-01", environment: ["LC_ALL": "en_US.UTF-8"], monthly)
        let json = try describe("ambiguous-us-notes", environment: ["LC_ALL": "en_US.UTF-8"], monthly)
        XCTAssertEqual(
            json["warnings"] as? [String],
            [#"Column "date": dates such as 02/01/2000 could be month/day or day/month; they were read as month/day."#])
        let dayFirst = try describe("ambiguous-gb", environment: ["LC_ALL": "en_GB.UTF-8"], monthly)
        XCTAssertEqual((dayFirst["xAxis"] as? [String: Any])?["max"] as? String, "2002-01-06")
        XCTAssertEqual(
            dayFirst["warnings"] as? [String],
            [#"Column "date": dates such as 02/01/2000 could be month/day or day/month; they were read as day/month."#])
    }

    func testMonthNames() throws {
        let months = Self.shortMonths, full = Self.fullMonths
        try check("mon-d-y", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(months[t.m - 1]) \(t.d) \(t.y)"
        }
        try check("month-d-comma-y", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(full[t.m - 1]) \(t.d), \(t.y)"
        }
        try check("d-mon-y", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.d) \(months[t.m - 1]) \(t.y)"
        }
        try check("excel", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return String(format: "%02d-%@-%d", t.d, months[t.m - 1], t.y)
        }
        try check("mon-yy", first: "2000-01", last: "2002-06") { i in
            let t = self.month(i); return String(format: "%@-%02d", months[t.m - 1], t.y % 100)
        }
        try check("mon-yyyy", first: "2000-01", last: "2002-06") { i in
            let t = self.month(i); return "\(months[t.m - 1])-\(t.y)"
        }
        try check("mon-space-yyyy", first: "2000-01", last: "2002-06") { i in
            let t = self.month(i); return "\(months[t.m - 1]) \(t.y)"
        }
        try check("month-yyyy", first: "2000-01", last: "2002-06") { i in
            let t = self.month(i); return "\(full[t.m - 1]) \(t.y)"
        }
    }

    func testUnpaddedYearFirstAndDotted() throws {
        try check("y-slash", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.y)/\(t.m)/\(t.d)"
        }
        try check("y-dash", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.y)-\(t.m)-\(t.d)"
        }
        try check("dotted", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.d).\(t.m).\(t.y)"
        }
        try check("iso-month", first: "2000-01", last: "2002-06") { i in
            let t = self.month(i); return String(format: "%d-%02d", t.y, t.m)
        }
    }

    func testJapaneseDates() throws {
        try check("kanji", first: "2000-01-03", last: "2000-02-01") { i in
            let t = self.day(i); return "\(t.y)年\(t.m)月\(t.d)日"
        }
        try check("kanji-month", first: "2000-01", last: "2002-06") { i in
            let t = self.month(i); return "\(t.y)年\(t.m)月"
        }
        // Heisei gives way to Reiwa on 2019-05-01, whose first year is written 元.
        try check("era", first: "2019-04-15", last: "2019-05-14") { i in
            let t = self.date((2019, 4, 15), plus: i); return "\(self.era(t.y, t.m, t.d))年\(t.m)月\(t.d)日"
        }
        try check("era-month", first: "2018-01", last: "2020-06") { i in
            let t = self.month(i + 216); return "\(self.era(t.y, t.m, 1))年\(t.m)月"
        }
        try check("era-initial", first: "2019-04-15", last: "2019-05-14") { i in
            let t = self.date((2019, 4, 15), plus: i); return "\(self.era(t.y, t.m, t.d, initial: true)).\(t.m).\(t.d)"
        }
        try check("era-year", first: "1989", last: "2018") { i in "平成\(i == 0 ? "元" : String(i + 1))年" }
    }

    func testQuartersAndWeeks() throws {
        try check("y-q", first: "2000-Q1", last: "2007-Q2") { i in "\(2000 + i / 4) Q\(i % 4 + 1)" }
        try check("q-y", first: "2000-Q1", last: "2007-Q2") { i in "Q\(i % 4 + 1) \(2000 + i / 4)" }
        try check("y-dash-q", first: "2000-Q1", last: "2007-Q2") { i in "\(2000 + i / 4)-Q\(i % 4 + 1)" }
        try check("yq", first: "2000-Q1", last: "2007-Q2") { i in "\(2000 + i / 4)Q\(i % 4 + 1)" }
        try check("week", first: "2000-W01", last: "2000-W30") { i in String(format: "2000-W%02d", i + 1) }
        try check("week-day", first: "2000-01-03", last: "2000-02-01") { i in
            String(format: "2000-W%02d-%d", i / 7 + 1, i % 7 + 1)
        }
    }

    func testTimesOfDay() throws {
        try check("hh-mm", first: "09:00", last: "16:15") { i in String(format: "%02d:%02d", 9 + i / 4, i % 4 * 15) }
        try check("hh-mm-ss", first: "09:00:10", last: "09:29:10") { i in String(format: "09:%02d:10", i) }
        try check("fraction", first: "09:00:10.5", last: "09:29:10.5") { i in String(format: "09:%02d:10.5", i) }
        try check("12-hour", first: "09:00", last: "16:15") { i in
            let hour = 9 + i / 4;
            return "\(hour > 12 ? hour - 12 : hour):\(String(format: "%02d", i % 4 * 15)) \(hour >= 12 ? "PM" : "AM")"
        }
        try check("12-hour-tight", first: "09:00", last: "16:15") { i in
            let hour = 9 + i / 4;
            return "\(hour > 12 ? hour - 12 : hour):\(String(format: "%02d", i % 4 * 15))\(hour >= 12 ? "pm" : "am")"
        }
    }

    func testZonesAreKept() throws {
        try check("zone", first: "2000-01-31T09:00+09:00", last: "2000-02-01T14:00+09:00") { i in
            String(format: "2000-%02d-%02dT%02d:00+09:00", (9 + i) / 24 == 0 ? 1 : 2, (9 + i) / 24 == 0 ? 31 : 1, (9 + i) % 24)
        }
    }

    func testUnixTimeUnderATimestampHeader() throws {
        try check("epoch", first: "2000-01-01T00:00:00Z", last: "2000-01-30T00:00:00Z", header: "timestamp") { i in
            String(946_684_800 + i * 86_400)
        }
        try check("epoch-ms", first: "2000-01-01T00:00:00Z", last: "2000-01-30T00:00:00Z", header: "unix_ms") { i in
            String((946_684_800 + i * 86_400) * 1000)
        }
    }

    func testFractionalYearsOfRTimeSeries() throws {
        try check("r-ts", first: "1949-01", last: "1951-06", header: "time") { i in String(format: "%.3f", 1949 + Double(i) / 12)
        }
    }
}
