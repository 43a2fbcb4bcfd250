import AudiographCore
import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographSpreadsheet

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
        xml +=
            #"<\#(p)dimension ref="A1:E\#(rows + 1)"/><\#(p)cols><\#(p)col min="4" max="4" hidden="1"/></\#(p)cols><\#(p)sheetData>"#
        xml +=
            #"<\#(p)row r="1"><\#(p)c r="A1" t="inlineStr"><\#(p)is><\#(p)t>Day</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="B1" t="inlineStr"><\#(p)is><\#(p)t>Level &amp; flow</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="C1" t="inlineStr"><\#(p)is><\#(p)t>Größe</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="D1" t="inlineStr"><\#(p)is><\#(p)t>Hidden</\#(p)t></\#(p)is></\#(p)c><\#(p)c r="E1" t="inlineStr"><\#(p)is><\#(p)t>Note</\#(p)t></\#(p)is></\#(p)c></\#(p)row>"#
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
        let workbook = try XLSXWorkbook(
            archive: archive, workbookPart: try XCTUnwrap(XLSXWorkbook.workbookPart(archive)),
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
        try XLSXSheetReading.read(
            data, part: "xl/worksheets/sheet1.xml", workbook: workbook, limits: limits,
            path: "book.xlsx", parallelism: 1, cancellation: nil)
    }

    private func pieces(
        _ data: Data, _ workbook: XLSXWorkbook, pieceBytes: Int,
        limits: ImportLimits = ImportLimits()
    ) throws -> XLSXSheetReading? {
        try XLSXSheetPieces.read(
            data, part: "xl/worksheets/sheet1.xml", workbook: workbook, limits: limits,
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
        let (workbook, data) = try workbook(
            sheet(rows: 400) { r in
                r == 300
                    ? #"<row r="300"><c r="F300"><v>7</v></c></row>"#
                    : r == 390 ? #"<row r="5"><c r="F5"><v>9</v></c></row>"# : ""
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
        for markup in [
            "<!-- \(rows)-->", "<?note \(rows)?>",
            #"<row r="500"><c t="inlineStr"><is><t><![CDATA[\#(rows)]]></t></is></c></row>"#
        ] {
            let (workbook, data) = try workbook(sheet(rows: 200) { $0 == 100 ? markup : "" })
            XCTAssertNil(try pieces(data, workbook, pieceBytes: 1_500), "a piece could end inside \(markup.prefix(4))")
            XCTAssertEqual(
                try whole(data, workbook).grid.rows.filter { $0.index == 8 }.first?.cells.count, 4,
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

    /// What `XLSXSheetReading.read` gives for `data`: the grid, or the failure's message.
    private func outcome(_ data: Data, _ book: XLSXWorkbook, limits: ImportLimits, parallelism: Int) -> String {
        do {
            return dump(
                try XLSXSheetReading.read(
                    data, part: "xl/worksheets/sheet1.xml", workbook: book, limits: limits,
                    path: "book.xlsx", pieceBytes: 1_000, parallelism: parallelism,
                    cancellation: nil))
        } catch {
            return "failed: " + ((error as? ImportError)?.message ?? "\(error)")
        }
    }

    /// Any failure in a piece reads the part whole, so the message is the whole reading's: a limit past rows
    /// without their number (a later piece would name the cell by the wrong row) and bytes that are not UTF-8
    /// after a limit (the whole reading checks the part's UTF-8 first).
    func testAFailureIsTheWholeReadingsFailure() throws {
        let (book, data) = try workbook(sheet(rows: 500))
        var limits = ImportLimits()
        limits.maxRows = 350
        XCTAssertNil(try pieces(data, book, pieceBytes: 1_000, limits: limits))
        let tooMany = outcome(data, book, limits: limits, parallelism: 1)
        XCTAssertTrue(tooMany.contains("more than 350 rows"), tooMany)
        XCTAssertEqual(outcome(data, book, limits: limits, parallelism: 2), tooMany)

        let head = #"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="\#(Self.main)"><sheetData>"#
        var xml = head + (1...100).map { #"<row r="\#($0)"><c r="A\#($0)"><v>1</v></c></row>"# }.joined()
        xml += (101...200).map {
            $0 == 180
                ? #"<row><c t="inlineStr"><is><t>abcdefghijklmnopqrstuvwxyz</t></is></c></row>"#
                : "<row><c><v>1</v></c></row>"
        }.joined()
        let unnumbered = Data((xml + "</sheetData></worksheet>").utf8)
        for rows in [100_000_000, 150] {
            var short = ImportLimits()
            short.maxFieldBytes = 10
            short.maxRows = rows
            let whole = outcome(unnumbered, book, limits: short, parallelism: 1)
            XCTAssertTrue(whole.contains(rows == 150 ? "more than 150 rows" : "A180"), whole)
            XCTAssertEqual(outcome(unnumbered, book, limits: short, parallelism: 2), whole)
        }

        var broken = Data((head + (1...200).map { #"<row r="\#($0)"><c r="A\#($0)"><v>1</v></c></row>"# }.joined()).utf8)
        broken += Data(#"<row r="201"><c r="A201" t="inlineStr"><is><t>x"#.utf8) + Data([0xFF])
        broken += Data("</t></is></c></row></sheetData></worksheet>".utf8)
        limits.maxRows = 100
        let notUTF8 = outcome(broken, book, limits: limits, parallelism: 1)
        XCTAssertTrue(notUTF8.contains("not UTF-8"), notUTF8)
        XCTAssertEqual(outcome(broken, book, limits: limits, parallelism: 2), notUTF8)
    }

    /// A part whose declaration names another encoding is read whole: the pieces after the first would be read
    /// as UTF-8.
    func testAnotherDeclaredEncodingIsReadWhole() throws {
        let latin = String(decoding: sheet(rows: 300), as: UTF8.self)
            .replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="ISO-8859-1""#)
        let (book, data) = try workbook(Data(latin.utf8))
        XCTAssertNil(SheetCuts(data, pieceBytes: 1_000))
        XCTAssertEqual(
            outcome(data, book, limits: ImportLimits(), parallelism: 2),
            outcome(data, book, limits: ImportLimits(), parallelism: 1))
        XCTAssertNotNil(SheetCuts(try workbook(sheet(rows: 300)).1, pieceBytes: 1_000), "UTF-8 declared: cut")
    }

    /// Random sheets (prefixes, white space between tags, `>` in attribute values, rows repeated, out of order,
    /// empty or without numbers, cells naming other rows, limits, parts cut short) read the same in pieces.
    func testRandomSheetsReadTheSameInPieces() throws {
        var generator = SystemRandomNumberGenerator()
        let (book, _) = try workbook(sheet(rows: 1))
        var cut = 0
        for _ in 0..<300 {
            let p = Bool.random(using: &generator) ? "" : "x:"
            let gap = ["", " ", "\n", "\r\n\t"].randomElement(using: &generator)!
            var xml =
                #"<?xml version="1.0" encoding="UTF-8"?>\#(gap)<\#(p)worksheet xmlns\#(p.isEmpty ? "" : ":x")="\#(Self.main)" note="a>b">"#
            xml += #"<\#(p)dimension ref="A1:D9"/><\#(p)cols><\#(p)col min="2" max="2" hidden="1"/></\#(p)cols><\#(p)sheetData>"#
            var r = 1
            for _ in 0..<Int.random(in: 1...150, using: &generator) {
                r = max(1, r + Int.random(in: -2...3, using: &generator))
                let number = Int.random(in: 0..<30, using: &generator) == 0 ? "" : #" r="\#(r)""#
                let hidden = Int.random(in: 0..<10, using: &generator) == 0 ? #" hidden="1""# : ""
                if Int.random(in: 0..<15, using: &generator) == 0 { xml += "<\(p)row\(number)\(hidden)/>\(gap)"; continue }
                xml += "<\(p)row\(number)\(hidden) spans=\"1>4\">"
                for c in 0..<Int.random(in: 0...5, using: &generator) {
                    let row = Int.random(in: 0..<20, using: &generator) == 0 ? r + 1 : r
                    let reference =
                        Int.random(in: 0..<4, using: &generator) == 0 ? "" : #" r="\#(["A", "B", "C", "D", "E"][c])\#(row)""#
                    switch Int.random(in: 0..<5, using: &generator) {
                    case 0: xml += "<\(p)c\(reference)><\(p)v>\(Double.random(in: -1e6...1e6, using: &generator))</\(p)v></\(p)c>"
                    case 1:
                        xml += #"<\#(p)c\#(reference) t="inlineStr"><\#(p)is><\#(p)t>é &lt;\#(c)&gt;</\#(p)t></\#(p)is></\#(p)c>"#
                    case 2: xml += "<\(p)c\(reference)><\(p)f>1+1</\(p)f></\(p)c>"
                    case 3: xml += #"<\#(p)c\#(reference) t="b"><\#(p)v>1</\#(p)v></\#(p)c>"#
                    default: xml += "<\(p)c\(reference)/>"
                    }
                    xml += gap
                }
                xml += "</\(p)row>\(gap)"
            }
            xml += #"</\#(p)sheetData><\#(p)mergeCells><\#(p)mergeCell ref="A1:B3"/></\#(p)mergeCells></\#(p)worksheet>"#
            var data = Data(xml.utf8)
            if Int.random(in: 0..<10, using: &generator) == 0 {
                data = data.prefix(Int.random(in: 0..<data.count, using: &generator))
            }
            var limits = ImportLimits()
            if Bool.random(using: &generator) { limits.maxRows = Int.random(in: 1...150, using: &generator) }
            if Bool.random(using: &generator) { limits.maxFieldBytes = Int.random(in: 1...20, using: &generator) }
            if let cuts = SheetCuts(data, pieceBytes: 1_000), cuts.contentBreaks.count > 2, data.count > 2_000 { cut += 1 }
            let whole = outcome(data, book, limits: limits, parallelism: 1)
            XCTAssertEqual(outcome(data, book, limits: limits, parallelism: 2), whole, xml)
            if outcome(data, book, limits: limits, parallelism: 2) != whole { break }
        }
        XCTAssertGreaterThan(cut, 100, "most of the sheets were cut into pieces")
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
