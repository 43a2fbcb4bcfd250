import AudiographCore
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographSpreadsheet

/// Finding the table on a sheet: titles, merged headers, hidden rows and columns, several tables.
final class SheetTableFindingTests: XCTestCase {
    /// A grid from rows of optional cells, row r at index r (nil leaves a cell empty).
    private func grid(_ rows: [[SheetCell?]], from firstRow: Int = 0) -> SheetGrid {
        var grid = SheetGrid()
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() { if let cell { grid.add(row: firstRow + r, column: c, value: cell) } }
        }
        return grid
    }

    func testTitleRowsAboveTheHeaderAreSkipped() throws {
        var g = grid([
            [.text("Monthly sales 2024")],
            [.text("Month"), .text("Sales")],
            [.text("Jan"), .number(10)],
            [.text("Feb"), .number(12)]
        ])
        g.merged = [MergedRange(top: 0, left: 0, bottom: 0, right: 1)]
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Month", "Sales"])
        XCTAssertEqual(table.rows, [["Jan", "10"], ["Feb", "12"]])
        XCTAssertEqual(table.titleRows, 1)
        XCTAssertEqual(table.title, "Monthly sales 2024")
    }

    func testAHeaderOfYearsWrittenAsNumbersIsTheHeaderUnderItsTitle() throws {
        let g = grid([
            [.text("Sales by region")],
            [.text("Region"), .number(2019), .number(2020)],
            [.text("North"), .number(5), .number(6)],
            [.text("South"), .number(8), .number(9)]
        ])
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Region", "2019", "2020"], "not the title, with the years read as data")
        XCTAssertEqual(table.rows, [["North", "5", "6"], ["South", "8", "9"]])
        XCTAssertEqual(table.title, "Sales by region")
    }

    func testYearsOverYearsAreData() throws {
        let g = grid([
            [.text("Start"), .text("End")],
            [.number(1990), .number(2000)],
            [.number(1991), .number(2001)]
        ])
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Start", "End"])
        XCTAssertEqual(table.rows.count, 2)
    }

    func testTitleBlockSeparatedByAnEmptyRowIsSkipped() throws {
        let g = grid([
            [.text("Report")],
            [.text("Source: shop")],
            [],
            [.text("Month"), .text("Sales")],
            [.text("Jan"), .number(10)]
        ])
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Month", "Sales"])
        XCTAssertEqual(table.titleRows, 2)
        XCTAssertEqual(table.origin, "A4")
    }

    func testMergedGroupHeadersJoinTheHeaderBelow() throws {
        var g = grid([
            [.text("Region"), .text("Sales"), nil, .text("Costs"), nil],
            [nil, .text("2023"), .text("2024"), .text("2023"), .text("2024")],
            [.text("North"), .number(1), .number(2), .number(3), .number(4)]
        ])
        g.merged = [
            MergedRange(top: 0, left: 0, bottom: 1, right: 0), MergedRange(top: 0, left: 1, bottom: 0, right: 2),
            MergedRange(top: 0, left: 3, bottom: 0, right: 4)
        ]
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Region", "Sales 2023", "Sales 2024", "Costs 2023", "Costs 2024"])
        XCTAssertEqual(table.titleRows, 0)
    }

    func testHiddenRowsAndColumnsAreLeftOutAndCounted() throws {
        var g = grid([
            [.text("Year"), .text("Secret"), .text("Value")],
            [.number(2001), .number(9), .number(1)],
            [.number(2002), .number(9), .number(2)],
            [.number(2003), .number(9), .number(3)]
        ])
        g.hiddenRows = [2]
        g.hiddenColumns = [1]
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Year", "Value"])
        XCTAssertEqual(table.rows, [["2001", "1"], ["2003", "3"]])
        XCTAssertEqual(table.hiddenRows, 1)
        XCTAssertEqual(table.hiddenColumns, 1)
    }

    func testOnlyTheFirstOfSeveralTablesIsTakenAndTheOthersAreNamed() throws {
        let g = grid([
            [.text("Year"), .text("Value"), nil, .text("Item"), .text("Count")],
            [.number(2001), .number(1), nil, .text("a"), .number(5)],
            [],
            [.text("Kind"), .text("Total")],
            [.text("x"), .number(7)]
        ])
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.header, ["Year", "Value"])
        XCTAssertEqual(table.rows, [["2001", "1"]])
        XCTAssertEqual(table.otherTables, ["D1", "A4"])
    }

    func testAHiddenRowDoesNotSplitATable() throws {
        var g = grid([
            [.text("Year"), .text("Value")],
            [.number(2001), .number(1)],
            [],
            [.number(2003), .number(3)]
        ])
        g.hiddenRows = [2]
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.rows.count, 2)
        XCTAssertTrue(table.otherTables.isEmpty)
    }

    func testTextOnlySheetHoldsNoTable() {
        XCTAssertNil(SheetTableFinding(grid([[.text("Notes")], [.text("more notes")]])))
        XCTAssertNil(SheetTableFinding(SheetGrid()))
    }

    func testSparseCellsBecomeEmptyFields() throws {
        let g = grid([
            [.text("Year"), .text("Value"), .text("Flag")],
            [.number(2001), nil, .boolean(true)],
            [.number(2002), .number(2), nil]
        ])
        let table = try XCTUnwrap(SheetTableFinding(g))
        XCTAssertEqual(table.rows, [["2001", "", "TRUE"], ["2002", "2", ""]])
    }
}
