import AudiographCore
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographSpreadsheet

/// The small parts of the workbook readers, each against values worked out by hand or from the standards.
final class SpreadsheetPartsTests: XCTestCase {
    func testCellReferences() {
        XCTAssertEqual(CellReference.parse("A1")?.row, 0)
        XCTAssertEqual(CellReference.parse("B12")?.column, 1)
        XCTAssertEqual(CellReference.parse("$AB$12").map { [$0.row, $0.column] }, [11, 27])
        XCTAssertEqual(CellReference.parse("XFD1048576").map { [$0.row, $0.column] }, [1_048_575, 16_383])
        XCTAssertNil(CellReference.parse("12"))
        XCTAssertNil(CellReference.parse("A0"))
        XCTAssertNil(CellReference.parse("1A"))
        XCTAssertEqual(CellReference.name(row: 11, column: 27), "AB12")
        XCTAssertEqual(CellReference.name(row: 0, column: 25), "Z1")
        XCTAssertEqual(CellReference.name(row: 0, column: 26), "AA1")
    }

    func testBuiltInAndCustomNumberFormats() {
        XCTAssertEqual(NumberFormatKind.builtIn(14), .date)
        XCTAssertEqual(NumberFormatKind.builtIn(22), .dateTime)
        XCTAssertEqual(NumberFormatKind.builtIn(20), .time)
        XCTAssertEqual(NumberFormatKind.builtIn(10), .percent, "0.00%")
        XCTAssertEqual(NumberFormatKind.builtIn(4), .plain, "#,##0.00")
        XCTAssertEqual(NumberFormatKind.of(code: "yyyy-mm-dd"), .date)
        XCTAssertEqual(NumberFormatKind.of(code: "yyyy\\-mm\\-dd"), .date)  // LibreOffice's escaped hyphens
        XCTAssertEqual(NumberFormatKind.of(code: "mmm yy"), .date)
        XCTAssertEqual(NumberFormatKind.of(code: "h:mm AM/PM"), .time)
        XCTAssertEqual(NumberFormatKind.of(code: "hh:mm"), .time)
        XCTAssertEqual(NumberFormatKind.of(code: "dd/mm/yyyy hh:mm:ss"), .dateTime)
        XCTAssertEqual(NumberFormatKind.of(code: "[h]:mm:ss"), .duration)
        XCTAssertEqual(NumberFormatKind.of(code: "0.00E+00"), .plain)
        XCTAssertEqual(NumberFormatKind.of(code: "General"), .plain)
        XCTAssertEqual(NumberFormatKind.of(code: "0.0%"), .percent)
        XCTAssertEqual(NumberFormatKind.of(code: "\"%\" 0.0"), .plain, "a quoted percent sign is text")
        var errors = 0
        XCTAssertEqual(SheetTableFinding.text(.percent(0.125), errors: &errors), "12.5%")
        XCTAssertEqual(SheetTableFinding.text(.percent(0.07), errors: &errors), "7%", "not 7.000000000000001%")
        XCTAssertEqual(NumberFormatKind.of(code: "[Red]#,##0.00;[Blue]-#,##0.00"), .plain)
        XCTAssertEqual(NumberFormatKind.of(code: "\"Day\" 0"), .plain)  // quoted letters are no date parts
        XCTAssertEqual(NumberFormatKind.of(code: "[$€-407] #,##0.00"), .plain)
    }

    /// Serials from Excel's own documentation and the 1900 leap-year bug (serial 60 is 29 February 1900).
    func testExcelSerialDates() {
        XCTAssertEqual(ExcelDates.text(serial: 1, kind: .date, uses1904: false), "1900-01-01")
        XCTAssertEqual(ExcelDates.text(serial: 59, kind: .date, uses1904: false), "1900-02-28")
        XCTAssertNil(ExcelDates.text(serial: 60, kind: .date, uses1904: false))
        XCTAssertEqual(ExcelDates.text(serial: 61, kind: .date, uses1904: false), "1900-03-01")
        XCTAssertEqual(ExcelDates.text(serial: 45_292, kind: .date, uses1904: false), "2024-01-01")
        XCTAssertEqual(ExcelDates.text(serial: 43_831.5, kind: .dateTime, uses1904: false), "2020-01-01T12:00:00")
        XCTAssertEqual(ExcelDates.text(serial: 0.75, kind: .time, uses1904: false), "18:00:00")
        XCTAssertEqual(ExcelDates.text(serial: 0, kind: .date, uses1904: false), nil)
        XCTAssertEqual(ExcelDates.text(serial: 0, kind: .date, uses1904: true), "1904-01-01")
        XCTAssertEqual(ExcelDates.text(serial: 43_830, kind: .date, uses1904: true), "2024-01-01")
        // A time that rounds up to midnight belongs to the next day.
        XCTAssertEqual(ExcelDates.text(serial: 45_292.999_999_9, kind: .dateTime, uses1904: false), "2024-01-02T00:00:00")
        XCTAssertNil(ExcelDates.text(serial: -1, kind: .date, uses1904: false))
        XCTAssertNil(ExcelDates.text(serial: 3_000_000, kind: .date, uses1904: false))
    }

    func testDocumentTypesAreFoundOnlyInTheProlog() {
        XCTAssertTrue(
            SafeXMLParsing.declaresDocumentType(
                Data("<?xml version=\"1.0\"?>\n<!-- x --><!DOCTYPE a [<!ENTITY b \"c\">]><a/>".utf8)))
        XCTAssertTrue(SafeXMLParsing.declaresDocumentType(Data("\u{FEFF}  <!DOCTYPE a><a/>".utf8)))
        XCTAssertFalse(SafeXMLParsing.declaresDocumentType(Data("<?xml version=\"1.0\"?><a><![CDATA[<!DOCTYPE]]></a>".utf8)))
        XCTAssertFalse(SafeXMLParsing.declaresDocumentType(Data("<a>&lt;!DOCTYPE</a>".utf8)))
    }

    func testOpenDocumentDurations() {
        XCTAssertEqual(ODSContentReading.duration("PT13H45M00S"), 49_500)
        XCTAssertEqual(ODSContentReading.duration("PT1H30M15.5S"), 5_415.5)
        XCTAssertNil(ODSContentReading.duration("13:45"))
    }

    func testCSVTextQuotesWhatItMust() {
        let data = CSVText.data(header: ["Name", "Note"], rows: [["a,b", "say \"hi\""], ["line\nbreak", "plain"]])
        XCTAssertEqual(
            String(decoding: data, as: UTF8.self),
            "Name,Note\n\"a,b\",\"say \"\"hi\"\"\"\n\"line\nbreak\",plain\n")
    }

    func testNumbersAreWrittenAsExcelShowsThem() {
        var errors = 0
        XCTAssertEqual(SheetTableFinding.text(.number(0.1 + 0.2), errors: &errors), "0.3")
        XCTAssertEqual(SheetTableFinding.text(.number(42), errors: &errors), "42")
        XCTAssertEqual(SheetTableFinding.text(.number(-1.5e-7), errors: &errors), "-1.5e-07")
        XCTAssertEqual(SheetTableFinding.text(.boolean(true), errors: &errors), "TRUE")
        XCTAssertEqual(SheetTableFinding.text(.error("#DIV/0!"), errors: &errors), "")
        XCTAssertEqual(errors, 1)
    }

    /// The shortest spelling is used for "%.15g" when it has at most 15 digits: the same text as C's formatting
    /// for numbers at every scale, whole digits, cents and random bit patterns (subnormal, infinite and NaN
    /// included, which go the slow way).
    func testTheFastNumberTextIsPrintfsFifteenDigits() {
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for i in 0..<200_000 {
            let v: Double
            switch i % 4 {
            case 0:
                v = Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -30...20, using: &generator)))
            case 1: v = Double(Int.random(in: -99_999...99_999, using: &generator)) / 100 * pow(10, Double(i % 6))
            case 2:
                v =
                    Double(Int.random(in: -999_999...999_999, using: &generator))
                    / pow(10, Double(Int.random(in: 1...12, using: &generator)))
            default: v = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            }
            guard !(v == v.rounded() && abs(v) < 1e15) else { continue }
            compared += 1
            let expected = String(format: "%.15g", v)
            if SheetTableFinding.numberText(v) != expected {
                return XCTFail("\(v): \(SheetTableFinding.numberText(v)) is not \(expected)")
            }
        }
        XCTAssertGreaterThan(compared, 100_000)
        for v in [0.1, 1e-5, 123_456.789, 1e15 + 0.5, 5e-324, -2.5e-308, .infinity, -.infinity] {
            XCTAssertEqual(SheetTableFinding.numberText(v), String(format: "%.15g", v), "\(v)")
        }
    }

    func testPaddedNumbersAreWhatFormatWrites() {
        for n in [0, 7, 42, 999, 1900, 2024, 10_000, 123_456] {
            for width in [2, 4] {
                XCTAssertEqual(ExcelDates.padded(n, width), String(format: "%0\(width)d", n))
            }
        }
    }
}
