import AudiographCore
import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographSpreadsheet

/// A minimal workbook written here part by part, read under the same row, column and cell limits as CSV.
final class WorkbookLimitsTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "audiograph-limits")
    }

    override func tearDownWithError() throws { temporary = nil }

    /// Writes an .xlsx whose one sheet holds `rows` (the sheetData's inner XML) and returns its path.
    private func workbook(_ rows: String, date1904: Bool = false) throws -> String {
        let url = folder.appendingPathComponent("book-\(UUID().uuidString).xlsx")
        let sheet =
            #"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\#(rows)</sheetData></worksheet>"#
        try WorkbookSkeleton.xlsx(sheetXML: Data(sheet.utf8), date1904: date1904).write(to: url)
        return url.path
    }

    private func header() -> String {
        #"<row r="1"><c r="A1" t="inlineStr"><is><t>Day</t></is></c><c r="B1" t="inlineStr"><is><t>Level</t></is></c></row>"#
    }

    private func dataRow(_ r: Int, serial: Int, value: Double) -> String {
        #"<row r="\#(r)"><c r="A\#(r)" s="1"><v>\#(serial)</v></c><c r="B\#(r)"><v>\#(value)</v></c></row>"#
    }

    func testDatesInBothSystemsReadAsTheSameDays() throws {
        let rows1900 = header() + (0..<5).map { dataRow($0 + 2, serial: 45_292 + $0, value: Double($0)) }.joined()
        let rows1904 = header() + (0..<5).map { dataRow($0 + 2, serial: 43_830 + $0, value: Double($0)) }.joined()
        let a = try SpreadsheetReader().read(
            path: try workbook(rows1900), sheet: nil, options: CSVReadOptions(),
            progress: nil, cancellation: nil)
        let b = try SpreadsheetReader().read(
            path: try workbook(rows1904, date1904: true), sheet: nil,
            options: CSVReadOptions(), progress: nil, cancellation: nil)
        guard case .date(let first, _, _) = a.columns[0].data, case .date(let second, _, _) = b.columns[0].data else {
            return XCTFail("the Day column must be dates")
        }
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.first, 1_704_067_200)  // 2024-01-01T00:00:00Z
        XCTAssertEqual(a.workbook?.sheets, [SheetSummary(name: "Data", rows: 6, columns: 2)])
    }

    func testRowColumnAndCellLimitsAreTheCSVReadersLimits() throws {
        let path = try workbook(header() + (0..<20).map { dataRow($0 + 2, serial: 45_292 + $0, value: 1) }.joined())
        var options = CSVReadOptions()
        options.limits.maxRows = 10
        XCTAssertThrowsError(
            try SpreadsheetReader().read(
                path: path, sheet: nil, options: options, progress: nil,
                cancellation: nil)
        ) { error in
            guard case ImportError.tooManyRows(_, 10) = error else { return XCTFail("\(error)") }
        }
        options = CSVReadOptions()
        options.limits.maxColumns = 1
        XCTAssertThrowsError(
            try SpreadsheetReader().read(
                path: path, sheet: nil, options: options, progress: nil,
                cancellation: nil)
        ) { error in
            guard case ImportError.tooManyColumns = error else { return XCTFail("\(error)") }
        }
        options = CSVReadOptions()
        options.limits.maxFieldBytes = 4
        XCTAssertThrowsError(
            try SpreadsheetReader().read(
                path: path, sheet: nil, options: options, progress: nil,
                cancellation: nil)
        ) { error in
            guard case ImportError.cellTooLong(_, "B1", 4) = error else { return XCTFail("\(error)") }
        }
    }

    /// A sheet cut short (a workbook whose writing was interrupted) is damaged, not half a table read as the
    /// whole: the stream parser ended without an error where the cut fell between two elements.
    func testASheetCutShortIsDamaged() throws {
        let rows = header() + (0..<300).map { dataRow($0 + 2, serial: 45_292 + $0, value: Double($0)) }.joined()
        let sheet = Data(
            #"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\#(rows)</sheetData></worksheet>"#
                .utf8)
        let between = try XCTUnwrap(sheet.range(of: Data(#"<row r="150">"#.utf8))).lowerBound
        for cut in [between, between + 3, sheet.count - 5] {
            let url = folder.appendingPathComponent("cut-\(cut).xlsx")
            try WorkbookSkeleton.xlsx(sheetXML: sheet.prefix(cut)).write(to: url)
            XCTAssertThrowsError(
                try SpreadsheetReader().read(
                    path: url.path, sheet: nil, options: CSVReadOptions(),
                    progress: nil, cancellation: nil), "cut at \(cut)"
            ) { error in
                let message = (error as? ImportError)?.message ?? "\(error)"
                XCTAssertTrue(message.contains("damaged or incomplete") && message.contains("cut-\(cut).xlsx"), message)
            }
        }
    }

    /// libxml2 refuses more than 10 MB of input handed over at once; a sheet is bigger than that at about
    /// 150,000 rows of two cells, written (as openpyxl writes it) on one line.
    func testASheetOverTenMegabytesOnOneLineIsRead() throws {
        let rows = 160_000
        let path = try workbook(
            header() + (0..<rows).map { dataRow($0 + 2, serial: 45_292 + $0 % 1000, value: Double($0)) }.joined())
        let table = try SpreadsheetReader().read(
            path: path, sheet: nil, options: CSVReadOptions(), progress: nil,
            cancellation: nil)
        XCTAssertEqual(table.rowCount, rows)
    }

    func testCancellingStopsTheRead() throws {
        let path = try workbook(header() + (0..<50_000).map { dataRow($0 + 2, serial: 45_292 + $0 % 1000, value: 1) }.joined())
        let flag = CancellationFlag()
        flag.cancel()
        XCTAssertThrowsError(
            try SpreadsheetReader().read(
                path: path, sheet: nil, options: CSVReadOptions(), progress: nil,
                cancellation: flag)
        ) { error in
            guard case ImportError.cancelled = error else { return XCTFail("\(error)") }
        }
    }
}
