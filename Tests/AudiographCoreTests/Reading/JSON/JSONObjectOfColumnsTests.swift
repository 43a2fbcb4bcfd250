import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A JSON object of columns (or pandas `split`) read member by member into packed columns (or rows) gives
/// exactly the table the whole object read as a tree gave, in every shape an object can hold; the other shapes
/// go on through the tree.
final class JSONObjectOfColumnsTests: XCTestCase {
    /// Objects, and how each is read: as packed columns, as pandas `split`'s packed rows, or through the tree.
    private let objects: [(json: String, path: Path)] = [
        (#"{"a": [1, 2, 3], "b": ["x", "y,z", "q\"r"]}"#, .columns),
        (#"{"a": [1, 2, 3], "b": [true], "c": []}"#, .columns),
        (#"{"a": {"0": 1, "1": 2}, "b": {"0": "x", "1": null}}"#, .columns),
        (#"{"a": {"0": 1, "1": 2, "2": 3}, "b": {"0": 5}}"#, .columns),
        (#"{"a": {"1325376000000": 1, "1328054400000": 2}, "b": {"1325376000000": 3, "1328054400000": 4}}"#, .columns),
        (#"{"a": [1, 2, 3], "b": {"0": 4, "1": 5}}"#, .columns),
        (#"{"a": {"00": 1, "1": 2}, "b": {"00": 3, "1": 4}}"#, .columns),
        (#"{"a": {"0": 1, "1": 2, "x": 3}, "b": {"0": 4, "1": 5, "x": 6}}"#, .columns),
        (#"{"0": {"a": 1, "b": 2}}"#, .columns),
        (#"{"t": ["é, \"ü\"\n😀", "", "\u00e9\ud83d\ude00", "tab\there"], "v": [NaN, Infinity, -Infinity, 1e400]}"#, .columns),
        (#"{"a": {"x": 1, "y": 2}, "b": {"y": 3, "x": 4}}"#, .tree),
        (#"{"a": {"x": 1, "x": 2}, "b": {"x": 3, "x": 4}}"#, .tree),
        (#"{"a": [1, 2], "a": [3, 4]}"#, .tree),
        (#"{"a": {"0": 1, "1": 2}, "b": {"x": 1, "y": 2}}"#, .tree),
        (#"{"0": {"a": 1, "b": 2}, "1": {"a": 3, "b": 4}}"#, .tree),
        (#"{"columns": ["a", "b"], "index": [0, 1], "data": [[1, 2], [3, 4]]}"#, .split),
        (#"{"data": [[1, "x,y"], [null, true]], "columns": ["a", "b"]}"#, .split),
        (#"{"columns": ["a"], "data": [[], [1, 2], [3], [], []]}"#, .split),
        (#"{"columns": ["a", "b"], "columns": ["c"], "data": [[1, 2]]}"#, .split),
        (#"{"columns": [], "data": [[1, 2]]}"#, .split),
        (#"{"columns": ["a", 1], "data": [[1, 2]]}"#, .tree),
        (#"{"columns": ["a"], "data": [[1, [2]]]}"#, .tree),
        (#"{"columns": ["a"], "data": [1, [2]]}"#, .tree),
        (#"{"columns": ["a"], "data": [[1], 2]}"#, .tree),
        (#"{"rows": [[1, 2], [3, 4]]}"#, .tree),
        (#"{"columns": ["a", "b"], "index": [], "data": []}"#, .tree),
        (#"{"columns": ["a"], "data": [1, 2]}"#, .tree),
        (#"{"0": {"a": 1}, "1": {"a": 2}, "x": {"a": 3}}"#, .tree),
        (#"{"0": [1, 2], "1": {"a": 2}}"#, .columns),
        (#"{"count": 2, "results": [{"a": 1}, {"a": 2, "b": [1, {"c": 2}]}]}"#, .tree),
        (#"{"a": 1, "b": "x", "c": null}"#, .tree),
        (#"{"a": {}, "b": [1, 2]}"#, .tree),
        (#"{"a": [1, 2, [3]], "b": [4, 5, 6]}"#, .tree),
        (#"{"a": {"0": 1, "1": {"z": 2}}, "b": {"0": 3}}"#, .tree)
    ]

    enum Path { case columns, split, tree }

    /// The CSV text (or the error) the object `json` gives read as a tree, as every object was before.
    private func csvThroughTheTree(_ json: String) -> Result<Data, ImportError> {
        Result {
            let parser = JSONStreamParser(
                input: ChunkedInput(data: Data(json.utf8), path: "t.json"), path: "t.json",
                chunkBytes: 1 << 20, maxStringBytes: 1_000_000, cancellation: nil)
            var rows = JSONRows(path: "t.json", limits: ImportLimits())
            try rows.addObject(try parser.parseValue())
            guard rows.count > 0, !rows.columns.isEmpty else { throw ImportError.jsonHoldsNoTable(path: "t.json") }
            return rows.takeCSVText()
        }.mapError { $0 as! ImportError }
    }

    /// The CSV text (or the error) the reader gives for `json`.
    private func csvRead(_ json: String) -> Result<Data, ImportError> {
        Result { try JSONTableReader.csvText(Data(json.utf8), name: "t.json") }.mapError { $0 as! ImportError }
    }

    /// How `json` is read.
    private func path(_ json: String) throws -> Path {
        let parser = JSONStreamParser(
            input: ChunkedInput(data: Data(json.utf8), path: "t.json"), path: "t.json",
            chunkBytes: 7, maxStringBytes: 1_000_000, cancellation: nil)
        let (object, _) = try JSONTopObject.read(parser, pieces: nil)
        return object.columnsByPlace != nil ? .columns : object.splitTable != nil ? .split : .tree
    }

    func testEveryObjectGivesTheTableTheTreeGave() throws {
        for (json, expected) in objects {
            XCTAssertEqual(try path(json), expected, json)
            let read = csvRead(json), tree = csvThroughTheTree(json)
            XCTAssertEqual(read, tree, json)
            if case .success(let text) = read { XCTAssertFalse(text.isEmpty, json) }
            // Values cut across chunks of 3 bytes give the same columns.
            var options = CSVReadOptions()
            options.chunkBytes = 3
            let small = Result { try TableFiles.read(data: Data(json.utf8), name: "t.json", options: options) }
            let whole = Result { try TableFiles.read(data: Data(json.utf8), name: "t.json") }
            XCTAssertEqual(try? small.get().columns.map(\.header), try? whole.get().columns.map(\.header), json)
            XCTAssertEqual(try? small.get().rowCount, try? whole.get().rowCount, json)
        }
    }

    func testPandasDefaultShapeKeepsValuesKindsAndMissingCells() throws {
        let json =
            #"{"when": {"0": "2024-01-02", "1": "2024-01-03", "2": "2024-01-04"}, "#
            + #""price": {"0": 1250.5, "1": "n/a", "2": null}, "ok": {"0": true, "1": false}}"#
        let table = try TableFiles.read(data: Data(json.utf8), name: "prices.json")
        XCTAssertEqual(table.columns.map(\.header), ["when", "price", "ok"])
        XCTAssertEqual(table.rowCount, 3)
        XCTAssertTrue(table.columns[0].isDate, "dates are read as in a CSV file")
        XCTAssertTrue(table.warnings.contains { $0.contains("“price” mixes numbers and text") }, "\(table.warnings)")
        guard case .text(let ids, let categories) = table.columns[2].data else { return XCTFail("ok is text") }
        XCTAssertEqual(
            ids.map { $0 < 0 ? "-" : categories[Int($0)] }, ["true", "false", "-"],
            "a shorter column's last row is missing")
    }

    func testANameWrittenTwiceIsOneColumnWithItsLastValues() throws {
        // It crashed (a row with more fields than columns) before.
        let table = try TableFiles.read(data: Data(#"{"a": [1, 2, 3], "b": [5, 6], "a": [7, 8]}"#.utf8), name: "t.json")
        XCTAssertEqual(table.columns.map(\.header), ["a", "b"])
        XCTAssertEqual(table.rowCount, 2, "the first a's third value is gone with it")
        guard case .numeric(let a, _) = table.columns[0].data else { return XCTFail("a is numeric") }
        XCTAssertEqual(a, [7, 8])
    }

    func testJSONLinesWhoseFirstRecordHoldsArraysAreRecords() throws {
        let table = try TableFiles.read(data: Data("{\"a\": [1, 2], \"b\": 1}\n{\"a\": [3], \"b\": 2}\n".utf8), name: "t.jsonl")
        XCTAssertEqual(table.columns.map(\.header), ["a", "b"])
        guard case .text(let ids, let categories) = table.columns[0].data else { return XCTFail("a is text") }
        XCTAssertEqual(ids.map { categories[Int($0)] }, ["[1,2]", "[3]"], "an array inside a record is kept as its JSON")
    }

    func testTheRowLimitHoldsForTablesNotForOtherMembers() throws {
        var options = CSVReadOptions()
        options.limits.maxRows = 4
        for json in [
            #"{"a": [1, 2, 3, 4, 5, 6]}"#, #"{"a": {"0": 1, "1": 2, "2": 3, "3": 4, "4": 5}}"#,
            #"{"columns": ["a"], "data": [[1], [2], [3], [4], [5]]}"#
        ] {
            XCTAssertThrowsError(try TableFiles.read(data: Data(json.utf8), name: "t.json", options: options), json) { error in
                XCTAssertEqual(error as? ImportError, .tooManyRows(path: "t.json", limit: 4), json)
            }
        }
        XCTAssertNoThrow(try TableFiles.read(data: Data(#"{"a": [1, 2, 3, 4]}"#.utf8), name: "t.json", options: options))
        // A long member that is not the table, or the first line of JSON Lines, is no table of too many rows.
        let meta = try TableFiles.read(
            data: Data(#"{"meta": {"0": 1, "1": 2, "2": 3, "3": 4, "4": 5}, "data": [["x"], [1]]}"#.utf8),
            name: "t.json", options: options)
        XCTAssertEqual(meta.rowCount, 1)
        let lines = try TableFiles.read(
            data: Data("{\"a\": [1, 2, 3, 4, 5]}\n{\"a\": [6]}\n".utf8), name: "t.jsonl", options: options)
        XCTAssertEqual(lines.rowCount, 2)
    }

    func testManyRowsAndLongTextsPackAndUnpack() throws {
        let long = String(repeating: "é", count: 5_000)  // 10,000 bytes: a three-byte length
        var values: [String] = [], keys: [String] = []
        for row in 0..<3_000 {
            values.append(row % 1_000 == 7 ? "\"\(long)\"" : row % 3 == 0 ? "null" : "\(row).5")
            keys.append("\"\(row)\": \(row)")
        }
        let json = #"{"v": [\#(values.joined(separator: ","))], "k": {\#(keys.joined(separator: ","))}}"#
        XCTAssertEqual(try path(json), .columns)
        XCTAssertEqual(csvRead(json), csvThroughTheTree(json))
    }

    func testPackedRowsKeepEmptyRowsWherever() {
        let rows: [[JSONInputValue]] = [[], [.number("1"), .string("a")], [], [.null], [.bool(true)], [], []]
        var packed = JSONScalarRows()
        for row in rows { packed.append(row) }
        var read: [String] = []
        packed.forEachRow { read.append(JSONInputValue.array($0).jsonText) }
        XCTAssertEqual(read, rows.map { JSONInputValue.array($0).jsonText })
        var none = JSONScalarRows()
        none.append([])
        var count = 0
        none.forEachRow { count += $0.isEmpty ? 1 : 100 }
        XCTAssertEqual(count, 1, "one empty row")
    }

    func testPackedTextsKeepEveryTextAndTag() {
        var packed = PackedTexts()
        let texts = [
            "", "a", String(repeating: "x", count: 31), String(repeating: "y", count: 32), String(repeating: "z", count: 70_000),
            "😀"
        ]
        for (k, text) in texts.enumerated() { packed.append(text, tag: UInt8(k % 4)) }
        XCTAssertEqual(packed.count, texts.count)
        var read: [(UInt8, String)] = []
        packed.forEach { tag, bytes in read.append((tag, String(decoding: bytes, as: UTF8.self))) }
        XCTAssertEqual(read.map(\.1), texts)
        XCTAssertEqual(read.map(\.0), texts.indices.map { UInt8($0 % 4) })
        XCTAssertEqual(
            packed.bytes.count, texts.reduce(0) { $0 + $1.utf8.count } + 1 + 1 + 1 + 2 + 3 + 1,
            "a length × 4 under 128 takes one byte, under 16,384 two, more three")
    }

    func testRowNumbersAreDecimalsWithoutLeadingZeros() {
        for (key, row) in [("0", 0), ("7", 7), ("10", 10), ("999999", 999_999), ("1000000", 1_000_000)] {
            XCTAssertTrue(JSONScalarColumn.isDecimal(key, of: row), key)
        }
        for (key, row) in [("00", 0), ("010", 10), ("1", 0), ("-1", 1), ("1 ", 1), ("", 0), ("01", 1), ("٣", 3)] {
            XCTAssertFalse(JSONScalarColumn.isDecimal(key, of: row), key)
        }
    }
}
