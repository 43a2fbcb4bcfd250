import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The data table (Ctrl+T) without a display: its columns and cells, what is said moving down and across,
/// sorting, a selected range's rows, and the chart's cursor following the table's.
final class DataTableTests: XCTestCase {
    private func session(_ name: String) throws -> ChartSession {
        let session = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() })
        session.show(try ChartMaking.example(name))
        return session
    }

    func testColumnsCellsAndWhatIsSaid() throws {
        let table = DataTable(chart: try ChartMaking.example("births.csv"), series: 0)
        XCTAssertEqual(table.columns.map(\.header), ["Year", "Birth rate (births per 10,000 people)"])
        XCTAssertEqual(table.rowCount, 59)
        XCTAssertEqual(table.text(row: 18, column: 0), "1935")
        XCTAssertEqual(table.text(row: 18, column: 1), "179 births per 10,000 people")
        XCTAssertEqual(table.rowWords(row: 18, column: 1), "1935, 179 births per 10,000 people, row 19 of 59")
        XCTAssertEqual(table.rowWords(row: 18, column: 0), "1935, row 19 of 59")
        XCTAssertEqual(table.cellWords(row: 18, column: 1), "Birth rate, 179 births per 10,000 people")
        XCTAssertEqual(table.name(range: nil), "Data table of Birth rate by year, 59 rows, 2 columns")
    }

    func testSeriesSharingTheirXAreColumnsAndLabelsAndExtrasFollow() throws {
        let deaths = DataTable(chart: try ChartMaking.example("virginia-deaths.csv"), series: 2)
        XCTAssertEqual(deaths.columns.count, 6, "x, the four series and their total: \(deaths.columns.map(\.header))")
        let cars = DataTable(chart: try ChartMaking.example("cars.csv"), series: 0)
        XCTAssertTrue(cars.columns.contains { $0.content == .label } || cars.chart.series[0].labels == nil)
        XCTAssertEqual(cars.columns.count, 2 + (cars.chart.series[0].labels == nil ? 0 : 1) + cars.chart.additionalAxes.count)
    }

    func testSortingKeepsTiesInXOrderAndSaysTheOrder() throws {
        let table = DataTable(chart: try ChartMaking.example("births.csv"), series: 0)
        let low = try XCTUnwrap(table.sorted(by: 1, ascending: true))
        XCTAssertEqual((0..<3).map { low.text(row: $0, column: 0) }, ["1935", "1934", "1936"])
        XCTAssertEqual(low.orderWords, "Sorted by Birth rate, lowest first")
        let high = try XCTUnwrap(low.sorted(by: 1, ascending: false))
        XCTAssertEqual(high.text(row: 0, column: 0), "1960")
        XCTAssertEqual(high.orderWords, "Sorted by Birth rate, highest first")
        let again = try XCTUnwrap(high.sorted(by: nil, ascending: true))
        XCTAssertEqual(again.rows, table.rows)
        XCTAssertEqual(again.orderWords, "In the order of Year")
        XCTAssertTrue(table.nextSort(on: 1) == (1, true), "S: lowest first")
        XCTAssertTrue(low.nextSort(on: 1) == (1, false), "then highest first")
        XCTAssertTrue(high.nextSort(on: 1) == (nil, true), "then x order again")
        XCTAssertTrue(table.nextSort(on: 0) == (0, false), "x order runs lowest first already: highest first")
        XCTAssertTrue(low.nextSort(on: 0) == (nil, true), "from another column's order, S on x goes back to x order")
        let cancelled = CancellationFlag()
        cancelled.cancel()
        XCTAssertNil(table.sorted(by: 1, ascending: true, cancellation: cancelled))
    }

    func testTheTableOpensAtTheCursorShowsTheRangeAndTheCursorFollowsIt() throws {
        let s = try session("births.csv")
        guard case .moved = s.goTo("1960") else { return XCTFail("1960 is reached") }
        _ = s.perform(.extendForward)
        _ = s.perform(.extendForward)
        let opened = try XCTUnwrap(s.dataTableRequest()).make()
        XCTAssertEqual(opened.table.rowCount, 3, "the selected range, 1960 to 1962")
        XCTAssertEqual(opened.row, 2)
        let effects = s.followTable(series: 0, point: 10)
        XCTAssertEqual(s.navigator?.point, 10)
        XCTAssertEqual(effects.cursor, .keepFocus, "the focus stays in the table")
        guard case .score? = effects.sound else { return XCTFail("the point's tone plays") }
    }
}
