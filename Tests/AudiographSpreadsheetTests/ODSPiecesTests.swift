import AudiographCore
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographSpreadsheet

/// A big OpenDocument content.xml read in pieces on every core (`ODSContentPieces`) gives the sheets reading it
/// whole gives: rows numbered across pieces (repeats counted), hidden rows and sheets, spans, several sheets;
/// anything a piece could get wrong (a limit, a row group, a comment) is read whole. Pieces of a few kilobytes
/// here make many of them.
final class ODSPiecesTests: XCTestCase {
    private static let namespaces =
        #"xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0""#

    /// A table of `rows` rows named `name`: a date, a number, text with a note, every 7th row repeated three
    /// times, every 11th hidden, a cell spanning two rows every 50th; `extra(r)` adds XML after row r.
    private func table(_ name: String, rows: Int, style: String = "ta1", extra: (Int) -> String = { _ in "" }) -> String {
        var xml =
            #"<table:table table:name="\#(name)" table:style-name="\#(style)"><table:table-column table:number-columns-repeated="2"/><table:table-column table:visibility="collapse"/><table:table-column/>"#
        xml +=
            #"<table:table-row><table:table-cell office:value-type="string"><text:p>Day</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Level</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Hidden</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Note</text:p></table:table-cell></table:table-row>"#
        for r in 1...rows {
            var attributes = r % 7 == 0 ? #" table:number-rows-repeated="3""# : ""
            if r % 11 == 0 { attributes += #" table:visibility="collapse""# }
            let span = r % 50 == 0 ? #" table:number-rows-spanned="2""# : ""
            xml +=
                #"<table:table-row\#(attributes)><table:table-cell office:value-type="date" office:date-value="2024-01-\#(String(format: "%02d", r % 28 + 1))"><text:p>x</text:p></table:table-cell>"#
            xml +=
                #"<table:table-cell office:value-type="float" office:value="\#(Double(r) * 0.25)"\#(span)><text:p>\#(r)</text:p></table:table-cell>"#
            xml += #"<table:table-cell office:value-type="float" office:value="1"><text:p>1</text:p></table:table-cell>"#
            xml +=
                #"<table:table-cell office:value-type="string"><text:p>n°\#(r) &amp; <text:s text:c="2"/>more</text:p><office:annotation><text:p>a note</text:p></office:annotation></table:table-cell></table:table-row>"#
            xml += extra(r)
        }
        xml +=
            #"<table:table-row table:number-rows-repeated="1048000"><table:table-cell table:number-columns-repeated="4"/></table:table-row></table:table>"#
        return xml
    }

    private func content(_ tables: [String]) -> Data {
        let head =
            #"<?xml version="1.0" encoding="UTF-8"?><office:document-content \#(Self.namespaces)><office:automatic-styles><style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style><style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles><office:body><office:spreadsheet>"#
        return Data((head + tables.joined() + "</office:spreadsheet></office:body></office:document-content>").utf8)
    }

    private func dump(_ sheets: [ODSContentReading.Sheet]) -> String {
        sheets.map { sheet in
            let g = sheet.grid
            return "\(sheet.name) hidden \(sheet.hidden) filled to \(sheet.filledRowsEnd)\n"
                + g.rows.map { row in "\(row.index):" + row.cells.map { "\($0.column)=\($0.value)" }.joined(separator: ",") }
                .joined(separator: "\n")
                + "\nhidden rows \(g.hiddenRows.sorted()) columns \(g.hiddenColumns.sorted()) merged \(g.merged)"
        }.joined(separator: "\n\n")
    }

    private func whole(_ data: Data, limits: ImportLimits = ImportLimits()) throws -> [ODSContentReading.Sheet] {
        try ODSContentReading.read(data, limits: limits, path: "book.ods", parallelism: 1, cancellation: nil)
    }

    private func pieces(_ data: Data, pieceBytes: Int, limits: ImportLimits = ImportLimits()) throws -> [ODSContentReading.Sheet]?
    {
        try ODSContentPieces.read(
            data, limits: limits, path: "book.ods", pieceBytes: pieceBytes, parallelism: 2,
            cancellation: nil)
    }

    func testPiecesOfEverySizeGiveTheWholeReading() throws {
        let data = content([table("First", rows: 300), table("Secret", rows: 40, style: "ta2"), table("Third", rows: 200)])
        var expected = try whole(data)
        for i in expected.indices { expected[i].grid.normalise() }
        let text = dump(expected)
        XCTAssertTrue(text.contains("Secret hidden true") && text.contains("Third hidden false"), "three sheets, one hidden")
        XCTAssertGreaterThan(expected[0].grid.hiddenRows.count, 20, "hidden rows")
        XCTAssertEqual(expected[0].grid.merged.count, 6, "cells spanning two rows")
        for pieceBytes in [600, 1_000, 2_500, 7_000, 20_000] {
            var read = try XCTUnwrap(try pieces(data, pieceBytes: pieceBytes), "pieces of \(pieceBytes) bytes")
            for i in read.indices { read[i].grid.normalise() }
            XCTAssertEqual(dump(read), text, "pieces of \(pieceBytes) bytes")
        }
    }

    func testTheReaderGivesTheSameTableInPiecesAndWhole() throws {
        let book = try WorkbookSkeleton.ods(contentXML: content([table("Readings", rows: 1_500)]))
        var options = CSVReadOptions()
        options.parallelism = 1
        let one = try SpreadsheetReader().read(data: book, name: "book.ods", options: options)
        options.parallelism = 2
        options.pieceBytes = 4_096
        let two = try SpreadsheetReader().read(data: book, name: "book.ods", options: options)
        XCTAssertGreaterThan(one.rowCount, 1_500)
        XCTAssertEqual(String(describing: two), String(describing: one))
    }

    func testWhatAPieceCouldGetWrongIsReadWhole() throws {
        let data = content([table("First", rows: 400)])
        var limits = ImportLimits()
        limits.maxRows = 300
        XCTAssertNil(try pieces(data, pieceBytes: 1_000, limits: limits), "rows past the limit, counted across pieces")
        XCTAssertThrowsError(try whole(data, limits: limits))
        var short = ImportLimits()
        short.maxFieldBytes = 12
        XCTAssertNil(
            try pieces(content([table("First", rows: 300)]), pieceBytes: 1_000, limits: short),
            "a cell too long: its message names the cell's absolute row")
        let grouped = content([
            table("First", rows: 300) { $0 == 100 ? "<table:table-row-group>" : $0 == 200 ? "</table:table-row-group>" : "" }
        ])
        XCTAssertNil(try pieces(grouped, pieceBytes: 1_000), "a cut inside a row group")
        XCTAssertEqual(try whole(grouped).first?.grid.rows.isEmpty, false)
        let commented = content([table("First", rows: 300) { $0 == 100 ? "<!-- a note -->" : "" }])
        XCTAssertNil(try pieces(commented, pieceBytes: 1_000), "a comment in the body")
        let latin = Data(
            String(decoding: data, as: UTF8.self)
                .replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="ISO-8859-1""#).utf8)
        XCTAssertNil(try pieces(latin, pieceBytes: 1_000), "another encoding declared: the later pieces would not know")
        let damaged = content([table("First", rows: 300) { $0 == 250 ? "<table:table-row><table:table-cell>" : "" }])
        XCTAssertNil(try pieces(damaged, pieceBytes: 1_000))
        XCTAssertThrowsError(try whole(damaged))
    }
}
