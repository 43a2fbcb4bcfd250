// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

final class DateGridlinesTests: XCTestCase {
    func epoch(_ text: String) -> Double {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: text)!.timeIntervalSince1970
    }

    func day(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    func testAYearOfMonthsGetsQuarterStarts() {
        XCTAssertEqual(
            DateGridlines.lines(epoch("2023-01-01")...epoch("2023-12-01")).map(day),
            ["2023-01-01", "2023-04-01", "2023-07-01", "2023-10-01"])
    }

    func testDecadesGetRoundYears() {
        XCTAssertEqual(
            DateGridlines.lines(epoch("1917-01-01")...epoch("1975-01-01")).map(day),
            ["1920-01-01", "1930-01-01", "1940-01-01", "1950-01-01", "1960-01-01", "1970-01-01"])
    }

    func testAFewWeeksGetMondays() {
        let lines = DateGridlines.lines(epoch("2024-01-02")...epoch("2024-02-20")).map(day)
        XCTAssertEqual(lines.first, "2024-01-08")
        XCTAssertEqual(lines.count, 7)
    }

    func testASinglePointHasNoGridlines() {
        XCTAssertEqual(DateGridlines.lines(epoch("2024-01-02")...epoch("2024-01-02")), [])
    }

    func testPlaybackTicksAtDateGridlines() throws {
        let months = (1...12).map { epoch(String(format: "2023-%02d-01", $0)) }
        let axis = DateAxis(title: "Month", range: months.first!...months.last!, precision: .month)
        let chart = ChartDescriptor(
            title: "Rain", kind: .line, xAxis: .date(axis),
            yAxis: NumericAxis(title: "mm", range: 1...12, formatter: ValueFormatter()),
            series: [DataSeries(name: "rain", isContinuous: true, x: months, y: (1...12).map(Double.init))])
        let score = Sonifier(chart: chart).score(.single(0))
        XCTAssertEqual(score.ticks.map { day($0.value) }, ["2023-01-01", "2023-04-01", "2023-07-01", "2023-10-01"])
        // April's tick sounds with April's point.
        XCTAssertEqual(score.ticks[1].time, score.layouts[0].time(ofX: months[3]), accuracy: 1e-9)
    }
}
