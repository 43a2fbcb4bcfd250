// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographSpreadsheet
import AudiographTestSupport
import AudiographCore
import XCTest

/// A big worksheet read in pieces on every core (`XLSXSheetPieces`) gives what reading it whole gives: the same
/// cells, hidden rows and columns, merged ranges, counts and first failure; a sheet whose pieces cannot stand
/// alone is read whole. Pieces of a few kilobytes here make many of them.
final class SheetPiecesTests: XCTestCase {
    private var temporary: TemporaryFolder!

    override func setUpWithError() throws { temporary = TemporaryFolder(prefix: "audiograph-pieces") }
    override func tearDownWithError() throws { temporary = nil }

    private static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"

    /// A worksheet part of `rows` rows and five columns with every kind of cell; `prefix` ("x:") on every
    /// element; `extra(r)` adds XML after row r.
    private func sheet(rows: Int, prefix p: String = "", numbered: Bool = true, extra: (Int) -> String = { _ in "" }) -> Data {
        var xml = #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#
        xml += p.isEmpty ? #"<worksheet xmlns="\#(Self.main)">"# : #"<\#(p)worksheet xmlns:\#(p.dropLast())="\#(Self.main)">"#
        xml += #"<\#(p)dimension ref="A1:E\#(rows + 1)"/><\#(p)cols><\#(p)col min="4" max="4" hidden="1"/></\#(p)cols><\#(p)sheetData>"#
        xml += #"<\#(p)row r="1"><\#(p)c r="A1" t="inlineStr"><\#(p)is><\#(p)t>Day</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="B1" t="inlineStr"><\#(p)is><\#(p)t>Level &amp; flow</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="C1" t="inlineStr"><\#(p)is><\#(p)t>Größe</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="D1" t="inlineStr"><\#(p)is><\#(p)t>Hidden</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="E1" t="inlineStr"><\#(p)is><\#(p)t>Note</\#(p)t></\#(p)is></\#(p)c></\#(p)row>"#
        for r in 2...(rows + 1) {
            let number = numbered ? #" r="\#(r)""# : ""
            let hidden = r % 37 == 0 ? #" hidden="1""# : ""
            xml += #"<\#(p)row\#(number)\#(hidden)>"#
            xml += #"<\#(p)c\#(numbered ? #" r="A\#(r)""# : "") s="1"><\#(p)v>\#(40_000 + r)</\#(p)v></\#(p)c>"#
            xml += #"<\#(p)c t="n"><\#(p)v>\#(Double(r) * 0.37)</\#(p)v></\#(p)c>"#
            switch r % 5 {
            case 0: xml += #"<\#(p)c t="e"><\#(p)v>#DIV/0!</\#(p)v></\#(p)c>"#
            case 1: xml += #"<\#(p)c><\#(p)f>A\#(r)*2</\#(p)f></\#(p)c>"#
            case 2: xml += #"<\#(p)c t="b"><\#(p)v>1</\#(p)v></\#(p)c>"#
            default: xml += #"<\#(p)c t="inlineStr"><\#(p)is><\#(p)t>n°\#(r) &lt;x&gt;</\#(p)t></\#(p)is></\#(p)c>"#
            }
            xml += #"<\#(p)c t="n"><\#(p)v>\#(r)</\#(p)v></\#(p)c></\#(p)row>"#
            xml += extra(r)
        }
        xml += #"</\#(p)sheetData><\#(p)mergeCells count="1"><\#(p)mergeCell ref="E1:E3"/></\#(p)mergeCells></\#(p)worksheet>"#
        return Data(xml.utf8)
    }

    /// The workbook around `sheetXML` as the reader opens it, and its sheet part.
    private func workbook(_ sheetXML: Data) throws -> (XLSXWorkbook, Data) {
        let url = temporary.url.appendingPathComponent("book-\(UUID().uuidString).xlsx")
        try WorkbookSkeleton.xlsx(sheetXML: sheetXML).write(to: url)
        let archive = try WorkbookArchive(path: url.path)
        let workbook = try XLSXWorkbook(archive: archive, workbookPart: try XCTUnwrap(XLSXWorkbook.workbookPart(archive)),
                                        cancellation: nil)
        return (workbook, sheetXML)
    }

    /// Everything a reading found, as text to compare.
    private func dump(_ reading: XLSXSheetReading) -> String {
        let g = reading.grid
        let rows = g.rows.map { row in "\(row.index):" + row.cells.map { "\($0.column)=\($0.value)" }.joined(separator: ",") }
        return rows.joined(separator: "\n") + "\nhidden rows \(g.hiddenRows.sorted()) columns \(g.hiddenColumns.sorted())"
            + "\nmerged \(g.merged) dates \(g.impossibleDates) formulas \(g.uncalculatedFormulas)"
            + "\nsize \(String(describing: reading.declaredSize))"
    }

    private func whole(_ data: Data, _ workbook: XLSXWorkbook, limits: ImportLimits = ImportLimits()) throws -> XLSXSheetReading {
        try XLSXSheetReading.read(data, part: "xl/worksheets/sheet1.xml", workbook: workbook, limits: limits,
                                  path: "book.xlsx", parallelism: 1, cancellation: nil)
    }

    private func pieces(_ data: Data, _ workbook: XLSXWorkbook, pieceBytes: Int,
                        limits: ImportLimits = ImportLimits()) throws -> XLSXSheetReading? {
        try XLSXSheetPieces.read(data, part: "xl/worksheets/sheet1.xml", workbook: workbook, limits: limits,
                                 path: "book.xlsx", pieceBytes: pieceBytes, parallelism: 2, cancellation: nil)
    }

    func testPiecesOfEverySizeGiveTheWholeReading() throws {
        for prefix in ["", "x:"] {
            let (workbook, data) = try workbook(sheet(rows: 600, prefix: prefix))
            let expected = dump(try whole(data, workbook))
            XCTAssertTrue(expected.contains("hidden rows [36, 73"), "the sheet has hidden rows")
            XCTAssertTrue(expected.contains("columns [3]") && expected.contains("formulas 120"), expected.suffix(200).description)
            for pieceBytes in [700, 1_000, 4_096, 9_999, 30_000] {
                let cuts = try XCTUnwrap(SheetCuts(data, pieceBytes: pieceBytes))
                XCTAssertGreaterThan(cuts.contentBreaks.count, 3, "several pieces of \(pieceBytes) bytes")
                let read = try XCTUnwrap(try pieces(data, workbook, pieceBytes: pieceBytes), "prefix \(prefix), \(pieceBytes)")
                XCTAssertEqual(dump(read), expected, "prefix \(prefix), pieces of \(pieceBytes) bytes")
            }
        }
    }

    func testARowCutInTwoAndRowsOutOfOrderAreJoinedAsWhole() throws {
        // Row 300 written twice in a row (its second half below), and row 5 again near the end.
        let (workbook, data) = try workbook(sheet(rows: 400) { r in
            r == 300 ? #"<row r="300"><c r="F300"><v>7</v></c></row>"# : r == 390 ? #"<row r="5"><c r="F5"><v>9</v></c></row>"# : ""
        })
        let expected = dump(try whole(data, workbook))
        XCTAssertTrue(expected.contains("299:0=") && expected.contains("5=number(7.0)"), "row 300 joined")
        for pieceBytes in stride(from: 500, through: 5_000, by: 250) {
            XCTAssertEqual(dump(try XCTUnwrap(try pieces(data, workbook, pieceBytes: pieceBytes))), expected, "\(pieceBytes)")
        }
    }

    func testRowsWithoutNumbersAreReadWhole() throws {
        let (workbook, data) = try workbook(sheet(rows: 300, numbered: false))
        XCTAssertNil(try pieces(data, workbook, pieceBytes: 1_000), "a later piece cannot know its rows' numbers")
        let read = try whole(data, workbook)
        XCTAssertEqual(read.grid.rows.last?.index, 300)
    }

    func testCommentsAndCDATAAmongTheRowsAreReadWhole() throws {
        let rows = String(repeating: #"<row r="9"><c><v>1</v></c></row> "#, count: 200)
        for markup in ["<!-- \(rows)-->", "<?note \(rows)?>",
                       #"<row r="500"><c t="inlineStr"><is><t><![CDATA[\#(rows)]]></t></is></c></row>"#] {
            let (workbook, data) = try workbook(sheet(rows: 200) { $0 == 100 ? markup : "" })
            XCTAssertNil(try pieces(data, workbook, pieceBytes: 1_500), "a piece could end inside \(markup.prefix(4))")
            XCTAssertEqual(try whole(data, workbook).grid.rows.filter { $0.index == 8 }.first?.cells.count, 4,
                           "row 9 is the sheet's, not the markup's")
        }
    }

    /// The message of the error `body` throws; nil when it throws none.
    private func message(_ body: () throws -> Any?) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return (error as? ImportError)?.message ?? "\(error)"
        }
    }

    func testTheFirstFailureIsTheWholeReadingsFailure() throws {
        let (book, data) = try workbook(sheet(rows: 500))
        var limits = ImportLimits()
        limits.maxRows = 350
        let tooMany = try XCTUnwrap(message { try self.whole(data, book, limits: limits) })
        XCTAssertEqual(message { try self.pieces(data, book, pieceBytes: 1_000, limits: limits) }, tooMany)
        var short = ImportLimits()
        short.maxFieldBytes = 8
        let tooLong = try XCTUnwrap(message { try self.whole(data, book, limits: short) })
        XCTAssertTrue(tooLong.contains("B1"), tooLong)
        XCTAssertEqual(message { try self.pieces(data, book, pieceBytes: 1_000, limits: short) }, tooLong)
    }

    func testADamagedPieceIsReadWholeForItsMessage() throws {
        let (workbook, data) = try workbook(sheet(rows: 400) { $0 == 350 ? "<row r=\"351\"><c><v>1</c></row>" : "" })
        XCTAssertNil(try pieces(data, workbook, pieceBytes: 1_000))
        let reader = SpreadsheetReader()
        var options = CSVReadOptions()
        options.pieceBytes = 1_000
        let book = try WorkbookSkeleton.xlsx(sheetXML: data)
        XCTAssertThrowsError(try reader.read(data: book, name: "book.xlsx", options: options)) { error in
            let message = (error as? ImportError)?.message ?? ""
            XCTAssertTrue(message.contains("breaks off at line"), message)
        }
    }

    func testTheReaderGivesTheSameTableInPiecesAndWhole() throws {
        let book = try WorkbookSkeleton.xlsx(sheetXML: sheet(rows: 2_000))
        var options = CSVReadOptions()
        options.parallelism = 1
        let one = try SpreadsheetReader().read(data: book, name: "book.xlsx", options: options)
        options.parallelism = 2
        options.pieceBytes = 4_096
        let two = try SpreadsheetReader().read(data: book, name: "book.xlsx", options: options)
        XCTAssertEqual(one.rowCount, 2_000 - 2_000 / 37, "the hidden rows left out")
        XCTAssertEqual(two.warnings, one.warnings)
        XCTAssertEqual(String(describing: two), String(describing: one))
    }
}
