import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// JSON tables in the shapes programs write them, read into the same typed columns as CSV; broken JSON refused
/// with the line, the column and what was expected.
final class JSONTableReaderTests: XCTestCase {
    /// Reads `text` as the file `name`, in chunks of `chunkBytes` (small ones cut values across chunks).
    private func read(_ text: String, name: String = "t.json", chunkBytes: Int = 1 << 20) throws -> Table {
        var options = CSVReadOptions()
        options.chunkBytes = chunkBytes
        return try TableFiles.read(data: Data(text.utf8), name: name, options: options)
    }

    /// Each column's header, kind and values as text ("year number 2020 2021"), one string per column.
    private func columns(_ table: Table) -> [String] {
        table.columns.map { column in
            let values: [String]
            switch column.data {
            case .numeric(let v, _): values = v.map { $0.isNaN ? "-" : String(format: "%g", $0) }
            case .date(let v, _, _): values = v.map { $0.isNaN ? "-" : String(format: "%.0f", $0) }
            case .text(let ids, let categories): values = ids.map { $0 < 0 ? "-" : categories[Int($0)] }
            }
            return ([column.header, column.data.typeName] + values).joined(separator: " ")
        }
    }

    private let expected = ["year number 2020 2021 2022", "sales number 5 6.5 -"]

    func testEveryShapeGivesTheSameColumns() throws {
        let shapes = [
            "records": #"[{"year": 2020, "sales": 5}, {"year": 2021, "sales": 6.5}, {"year": 2022, "sales": null}]"#,
            "lines": "{\"year\": 2020, \"sales\": 5}\n{\"year\": 2021, \"sales\": 6.5}\n{\"year\": 2022}\n",
            "rows": #"[["year", "sales"], [2020, 5], [2021, 6.5], [2022, null]]"#,
            "split": #"{"columns": ["year", "sales"], "index": [0, 1, 2], "data": [[2020, 5], [2021, 6.5], [2022, null]]}"#,
            "lists": #"{"year": [2020, 2021, 2022], "sales": [5, 6.5, null]}"#,
            "columns": #"{"year": {"0": 2020, "1": 2021, "2": 2022}, "sales": {"0": 5, "1": 6.5, "2": null}}"#,
            "index": #"{"0": {"year": 2020, "sales": 5}, "1": {"year": 2021, "sales": 6.5}, "2": {"year": 2022, "sales": null}}"#,
            "wrapped": #"{"count": 3, "results": [{"year": 2020, "sales": 5}, {"year": 2021, "sales": 6.5}, {"year": 2022}]}"#,
            "table":
                #"{"schema": {"fields": [{"name": "year"}, {"name": "sales"}]}, "data": [{"year": 2020, "sales": 5}, {"year": 2021, "sales": 6.5}, {"year": 2022, "sales": null}]}"#
        ]
        for (shape, text) in shapes {
            XCTAssertEqual(columns(try read(text)), expected, shape)
            XCTAssertEqual(columns(try read(text, chunkBytes: 3)), expected, "\(shape), read 3 bytes at a time")
        }
    }

    func testValuesAreTypedAsInCSVAndNestedNamesAreDotted() throws {
        let table = try read(
            #"""
            [{"when": "2024-01-05", "price": "$1,250.50", "ok": true, "place": {"city": "Oslo", "zip": "0150"}, "tags": [1, "a"]},
             {"when": "2024-01-06", "price": "$990", "ok": false, "place": {"city": "Bergen", "zip": "5003"}, "tags": []}]
            """#)
        XCTAssertEqual(table.columns.map(\.header), ["when", "price", "ok", "place.city", "place.zip", "tags"])
        XCTAssertTrue(table.columns[0].isDate, "dates are read as in a CSV file")
        XCTAssertEqual(columns(table)[1], "price number 1250.5 990", "formatted numbers too")
        XCTAssertEqual(columns(table)[2], "ok text true false")
        XCTAssertEqual(columns(table)[5], #"tags text [1,"a"] []"#, "an array inside a record is kept as its JSON")
    }

    func testNumbersKeepTheirWrittenDigitsAndTextKeepsItsPunctuation() throws {
        let table = try read(
            #"[{"x": 1, "y": 2.50, "note": "a, \"b\"\nc"}, {"x": 2, "y": 1e2, "note": "é \u00e9 \ud83d\ude00"}]"#)
        guard case .numeric(let y, let digits) = table.columns[1].data else { return XCTFail("y is numeric") }
        XCTAssertEqual(y, [2.5, 100])
        XCTAssertEqual(digits, 2, "2.50 keeps its two decimals, as in a CSV file")
        XCTAssertEqual(columns(table)[2], "note text a, \"b\"\nc é é 😀")
    }

    func testRecordsMayAddKeysAsTheyGo() throws {
        let table = try read(#"[{"a": 1}, {"a": 2, "b": 5}, {"b": 6, "c": "x"}]"#)
        XCTAssertEqual(columns(table), ["a number 1 2 -", "b number - 5 6", "c text - - x"])
    }

    func testAColumnOfSeveralKindsIsNoted() throws {
        let table = try read(#"[{"t": 1, "v": 5}, {"t": 2, "v": "n/a"}, {"t": 3, "v": 7}]"#)
        XCTAssertTrue(
            table.warnings.contains(
                "The column “v” mixes numbers and text in the JSON file; each value is read as it is written."),
            "\(table.warnings)")
        XCTAssertFalse(table.warnings.contains { $0.contains("“t”") })
    }

    func testPythonsNonFiniteNumbersAndAByteOrderMarkAreRead() throws {
        let table = try read(
            "\u{FEFF}[{\"t\": 1, \"v\": NaN}, {\"t\": 2, \"v\": Infinity}, {\"t\": 3, \"v\": -Infinity}, {\"t\": 4, \"v\": 2}]")
        XCTAssertEqual(table.rowCount, 4)
        XCTAssertEqual(table.columns.map(\.header), ["t", "v"])
        // A second mark is no mark, in any chunk size (chunks of 4 bytes or more skipped it).
        for chunkBytes in 1...8 {
            XCTAssertThrowsError(try read("\u{FEFF}\u{FEFF}{\"a\": [1, 2, 3]}", chunkBytes: chunkBytes), "\(chunkBytes)") {
                error in
                guard case .brokenJSON(_, 1, 1, _)? = error as? ImportError else { return XCTFail("\(chunkBytes): \(error)") }
            }
        }
    }

    func testBrokenJSONSaysTheLineTheColumnAndWhatWasExpected() {
        let cases: [(String, Int, Int, String)] = [
            ("[{\"a\": 1},\n {\"a\": 2 \"b\": 3}]", 2, 10, "a comma or } was expected"),
            ("[{\"a\": 1}, {\"a\": }]", 1, 18, "a value was expected (a number, text in quotes, true, false, null, [ or {)"),
            ("[{\"a\": 1}, {a: 2}]", 1, 13, "a name in quotes was expected"),
            ("[{\"a\": 1}", 1, 10, "the file ends in the middle of a value"),
            ("[{\"a\": \"x}]", 1, 12, "a text value has no closing quote"),
            ("[{\"a\": 01}]", 1, 9, "a number is written wrongly"),
            ("[{\"a\": 1} {\"a\": 2}]", 1, 11, "a comma or ] was expected"),
            ("[{\"a\": \"\\q\"}]", 1, 10, "a text value holds an unknown escape after a backslash"),
            ("[{\"a\": 1}] x", 1, 12, "more follows after the end of the table")
        ]
        for (text, line, column, problem) in cases {
            XCTAssertThrowsError(try read(text), text) { error in
                XCTAssertEqual(
                    error as? ImportError, .brokenJSON(path: "t.json", line: line, column: column, problem: problem), text)
            }
            XCTAssertThrowsError(try read(text, chunkBytes: 2), "\(text) in small chunks") { error in
                XCTAssertEqual(
                    error as? ImportError, .brokenJSON(path: "t.json", line: line, column: column, problem: problem), text)
            }
        }
        let message = ImportError.brokenJSON(path: "/data/sales.json", line: 2, column: 10, problem: "a comma or } was expected")
            .message
        XCTAssertEqual(
            message,
            "sales.json: is not valid JSON at line 2, column 10: a comma or } was expected. Correct it there, or write the file again from the program that made it."
        )
    }

    func testDeepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertThrowsError(try read(deep)) { error in
            guard case .brokenJSON(_, _, _, let problem)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertEqual(problem, "arrays and objects are nested more than 512 deep")
        }
    }

    func testJSONWithoutATableSaysSo() {
        for text in ["[]", "{}", "[[]]", #"{"a": [[1, 2], {"b": 3}], "c": [{"d": 1}]}"#] {
            XCTAssertThrowsError(try read(text), text) { error in
                let error = error as? ImportError
                XCTAssertTrue(
                    error == .jsonHoldsNoTable(path: "t.json") || error == .noNumericColumn(path: "t.json")
                        || error == .headerOnly(path: "t.json"), "\(text): \(String(describing: error))")
            }
        }
        XCTAssertThrowsError(try read("42")) { error in
            guard case .brokenJSON(_, 1, 1, _)? = error as? ImportError else { return XCTFail("\(error)") }
        }
    }

    func testWhatIsReadAsJSON() {
        XCTAssertTrue(JSONTableReader.isJSON(head: Array("a,b".utf8), path: "x.json"), "by its name")
        XCTAssertTrue(JSONTableReader.isJSON(head: Array("a".utf8), path: "x.NDJSON"))
        XCTAssertTrue(JSONTableReader.isJSON(head: Array("a".utf8), path: "x.jsonl"))
        XCTAssertTrue(JSONTableReader.isJSON(head: Array("\n  [{".utf8), path: "standard input"), "by its bytes")
        XCTAssertTrue(JSONTableReader.isJSON(head: [0xEF, 0xBB, 0xBF] + Array("{".utf8), path: "standard input"))
        XCTAssertFalse(JSONTableReader.isJSON(head: Array("[x],y".utf8), path: "x.csv"), "a CSV file stays CSV")
        XCTAssertFalse(JSONTableReader.isJSON(head: Array("year,sales".utf8), path: "standard input"))
    }

    func testStandardInputsCSVIsReadAsCSV() throws {
        let table = try TableFiles.read(data: Data("year,sales\n2020,5\n2021,6\n".utf8), name: "standard input")
        XCTAssertEqual(columns(table), ["year number 2020 2021", "sales number 5 6"])
    }

    func testAJSONFileIsOpenedFromDiskAndCannotBeFollowed() throws {
        let folder = TemporaryFolder()
        let path = folder.write("sales.json", #"[{"year": 2020, "sales": 5}, {"year": 2021, "sales": 7}]"#)
        let document = try ChartDocument.open(path: path)
        XCTAssertEqual(document.chart.series.first?.y, [5, 7])
        XCTAssertThrowsError(try TableFiles.checkFollowable(path: path)) { error in
            XCTAssertEqual(error as? ImportError, .followingJSON(path: path))
        }
    }
}
