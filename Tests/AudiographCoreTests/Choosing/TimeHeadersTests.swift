// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

/// Headers that name times: a row of years against a row of data that holds years, and time-named columns.
final class TimeHeadersTests: XCTestCase {
    private let body = [["North", "5", "6", "7"], ["South", "8.5", "9", "4"]]

    func testYearsInOrderOverValuesAreAHeader() {
        XCTAssertTrue(TimeHeaders.isHeaderOfYears(["Region", "2019", "2020", "2021"], below: body))
        XCTAssertTrue(TimeHeaders.isHeaderOfYears(["", "2019", "2020", "2021"], below: body))
        XCTAssertTrue(TimeHeaders.isHeaderOfYears(["", "2021", "2020", "2019"], below: body), "newest first")
        XCTAssertTrue(TimeHeaders.isHeaderOfYears(["", "2019", "2020"], below: [["a", "5,5", "6,1"]]), "decimal commas")
        XCTAssertTrue(
            TimeHeaders.isHeaderOfYears(["", "2019", "2020"], below: [["a", "$1,250.50", "12%"]]),
            "formatted cells count as numbers, as the reader reads them")
    }

    func testRowsThatAreNotAHeaderOfYears() {
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["North", "2019", "5", "7"], below: body), "a number that is not a year")
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["", "2019", "2021", "2020"], below: body), "years out of order")
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["", "2019", "2019", "2020"], below: body), "a year twice")
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["Region", "2019"], below: body), "one year")
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["", "2019", "2020"], below: [["a", "2020", "2021"]]), "years below")
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["", "2019", "2020"], below: [["a", "x", "y"]]), "nothing measured below")
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["", "2019", "2020"], below: []))
        XCTAssertFalse(TimeHeaders.isHeaderOfYears(["", "0999", "3000"], below: body), "outside 1000 to 2999")
        XCTAssertFalse(
            TimeHeaders.isHeaderOfYears(["Total", "2019", "$5", "2021"], below: body),
            "a formatted number among the years")
    }

    func testHeadersThatNameTimes() {
        for header in ["2019", "Q1", "q4", "Jan", "sept.", "September", "1月", "2023-01", "Jan 2023", "2023 Q2"] {
            XCTAssertTrue(TimeHeaders.namesATime(header), header)
        }
        for header in ["Sales", "Q5", "May (mm)", "2019.5", "12", "Bodywt", "x"] {
            XCTAssertFalse(TimeHeaders.namesATime(header), header)
        }
    }
}
