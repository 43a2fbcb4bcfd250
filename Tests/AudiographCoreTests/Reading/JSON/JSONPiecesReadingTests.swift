import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// An array of records, JSON Lines, or an object of columns read in pieces side by side gives the one-thread
/// reader's table, warnings and errors (line and column included), wherever the pieces are cut.
final class JSONPiecesReadingTests: XCTestCase {
    private let texts: [String] = [
        #"[{"year": 2020, "sales": 5}, {"year": 2021, "sales": 6.5}, {"year": 2022, "sales": null}, {"year": 2023, "sales": 7}]"#,
        // Keys added as records go, keys in another order, nested objects, arrays kept as text, mixed kinds.
        #"[{"a": 1}, {"a": 2, "b": "x"}, {"b": "y", "a": 3}, {"a": 4, "c": {"d": 1, "e": [1, {"f": 2}]}}, {"a": "five", "b": true}]"#,
        // Text holding commas, brackets, braces, escaped quotes and backslashes; non-ASCII names and values; line breaks.
        "[\n  {\"name\": \"a, [b]\", \"v\": 1},\n  {\"name\": \"{c}\\\"d\\\\\", \"v\": 2},\n  {\"name\": \"é,ü\", \"v\": 3},\n  {\"näme\": \"ø\", \"v\": -4e2}\n]\n",
        // Not records: rows with a header, and single values.
        #"[["year", "sales"], [2020, 5], [2021, 6], [2022, 7]]"#,
        #"[1, 2, 3, 4, 5, 6]"#,
        #"[{"a": 1}, [1, 2], {"a": 3}, {"a": 4}]"#,
        #"{"data": [{"a": 1}, {"a": 2}, {"a": 3}]}"#,
        "[{\"a\": 1}, {\"a\": NaN}, {\"a\": -Infinity}, {\"a\": 1.5e3}]",
        // Broken: each must be refused at the same line and column as by the one-thread reader.
        "[{\"a\": 1},\n {\"a\": 2 \"b\": 3}, {\"a\": 4}]",
        #"[{"a": 1}, {"a": }, {"a": 3}]"#,
        #"[{"a": 1}, {a: 2}, {"a": 3}]"#,
        #"[{"a": 1}, {"a": 2}"#,
        #"[{"a": 1}, {"a": 2},"#,
        #"[{"a": 1}, {"a": 2}, ]"#,
        #"[{"a": 1}, {"a": 2},, {"a": 3}]"#,
        #"[{"a": "x}, {"a": 2}]"#,
        #"[{"a": 01}, {"a": 2}, {"a": 3}]"#,
        #"[{"a": 1} {"a": 2}, {"a": 3}]"#,
        #"[{"a": 1}, {"a": 2}}"#,
        #"[{"a": 1}, {"a": 2}] x"#,
        #"[{"a": 1}, {"a": "\q"}, {"a": 3}]"#,
        // JSON Lines: records, keys added as they go, a line of rows, plain values, and broken lines.
        "{\"a\": 1, \"b\": \"x}\"}\n{\"a\": 2}\n{\"b\": \"y\", \"a\": 3}\n{\"a\": 4, \"c\": [1, 2]}\n",
        "{\"a\": 1}{\"a\": 2} {\"a\": 3}\r\n{\"a\": 4}",
        "{\"a\": 1}\n[1, 2]\n{\"a\": 3}\n",
        "{\"a\": 1}\n12\n\"text\"\n{\"a\": 3}\n",
        "{\"a\": 1}\n{\"a\": 2\n{\"a\": 3}\n",
        "{\"a\": 1}\n{\"a\": 2}}\n{\"a\": 3}\n",
        "{\"a\": 1}\n{\"a\": 2},\n{\"a\": 3}\n",
        "{\"a\": 1}\n{\"a\": tru}\n{\"a\": 3}\n",
        // Empty records, which are blank lines before the first column and rows of empty fields after it.
        #"[{"a": 1}, {}]"#,
        #"[{}, {"a": 1}, {}, {"a": 2}, {}]"#,
        #"[{"a": 1, "b": 2}, {}, {"b": 3}]"#,
        "{\"a\": 1}\n{}\n{\"a\": 2}\n"
    ]

    /// Fails unless `actual` is `expected`: the same table, or the same error.
    private func assertSameRead(_ expected: Result<Table, Error>, _ actual: Result<Table, Error>, _ what: String) {
        switch (expected, actual) {
        case let (.success(a), .success(b)): XCTAssertNil(TableComparison.firstDifference(a, b), what)
        case let (.failure(a), .failure(b)): XCTAssertEqual(a as? ImportError, b as? ImportError, what)
        default: XCTFail("\(what): \(expected) and \(actual)")
        }
    }

    /// `text`, maybe with a byte changed, removed or doubled, read in random pieces (at most `maxPieceBytes`) and
    /// chunks gives the one-thread reader's table or error.
    private func assertSameReadWithAMistake(_ text: String, maxPieceBytes: Int, _ generator: inout SeededGenerator) {
        var bytes = Array(text.utf8)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = Array("{}[],:\"\\ x0".utf8).randomElement(
                using: &generator)!
        case 1: bytes.remove(at: Int.random(in: 0..<bytes.count, using: &generator))
        case 2:
            let k = Int.random(in: 0..<bytes.count, using: &generator)
            bytes.insert(bytes[k], at: k)
        default: break
        }
        var oneThread = CSVReadOptions()
        oneThread.parallelism = 1
        let expected = Result { try TableFiles.read(data: Data(bytes), name: "t.json", options: oneThread) }
        var pieces = CSVReadOptions()
        pieces.parallelism = 2
        pieces.pieceBytes = Int.random(in: 1...maxPieceBytes, using: &generator)
        pieces.chunkBytes = Int.random(in: 1...64, using: &generator)
        let actual = Result { try TableFiles.read(data: Data(bytes), name: "t.json", options: pieces) }
        assertSameRead(expected, actual, "\(String(decoding: bytes, as: UTF8.self)) in pieces of \(pieces.pieceBytes)")
    }

    /// Each of `texts` read in pieces of every size, in chunks of 3 bytes and of 1 MiB, gives the one-thread
    /// reader's table or error.
    private func assertEveryPieceSizeReadsAsOneThread(_ texts: [String]) {
        for text in texts {
            var oneThread = CSVReadOptions()
            oneThread.parallelism = 1
            let expected = Result { try TableFiles.read(data: Data(text.utf8), name: "t.json", options: oneThread) }
            for pieceBytes in 1...text.utf8.count {
                for chunkBytes in [3, 1 << 20] {
                    var pieces = CSVReadOptions()
                    pieces.parallelism = 2
                    pieces.pieceBytes = pieceBytes
                    pieces.chunkBytes = chunkBytes
                    let actual = Result { try TableFiles.read(data: Data(text.utf8), name: "t.json", options: pieces) }
                    let what = "\(text) in pieces of \(pieceBytes), chunks of \(chunkBytes)"
                    assertSameRead(expected, actual, what)
                }
            }
        }
    }

    func testEveryPieceSizeReadsAsOneThreadDoes() throws {
        assertEveryPieceSizeReadsAsOneThread(texts)
    }

    /// Objects of columns (and pandas `split`), whose arrays and objects are read in pieces: whole, broken, and
    /// with a value that is not a scalar or keys that stop being row numbers partway.
    private let objects: [String] = [
        #"{"a": [1, 2, 3, 4], "b": {"0": 5, "1": 6, "2": 7, "3": 8}}"#,
        #"{"a": {"0": 1, "1": 2, "5": 3, "3": 4}, "b": {"0": 1, "1": 2, "5": 3, "3": 4}}"#,
        #"{"a": {"0": 1, "1": 2, "5": 3, "6": 4}, "b": {"0": 5, "1": 6, "2": 7, "3": 8}}"#,
        #"{"a": {"x": 1, "y": "p,q", "z": 3}, "b": {"x": 4, "y": 5, "z": null}}"#,
        #"{"a": {"1": 1, "2": 2, "3": 3}, "b": {"1": 1, "2": 2, "3": 3}}"#,
        #"{"a": {"10": 1, "11": 2, "12": 3}, "b": [4, 5, 6]}"#,
        #"{"a": {"0": 1, "1": 2, "02": 3, "3": 4}}"#,
        #"{"a": [1, 2, [3], 4], "b": [5, 6, 7, 8]}"#,
        #"{"a": {"0": 1, "1": {"n": 2}, "2": 3}}"#,
        #"{"columns": ["a", "b"], "index": [0, 1, 2], "data": [[1, 2], [3, 4], [5, 6]]}"#,
        #"{"count": 3, "results": [{"a": 1}, {"a": 2}, {"a": 3}]}"#,
        "{\"t\": [\"x}\", \"],[\", \"\\\"{\", \"é\"], \"v\": [NaN, -Infinity, 1e3, true]}",
        "{\"a\": [1, 2, 3]}\n{\"a\": [4]}\n",
        #"{"a": [1, 2,, 3]}"#,
        #"{"a": [1, 2 3]}"#,
        #"{"a": {"0": 1, "1" 2}}"#,
        #"{"a": {"0": 1, 1: 2}}"#,
        #"{"a": [1, 2, 3}"#,
        #"{"a": {"0": 1, "1": 2]}"#,
        #"{"a": [1, "x]}"#,
        #"{"a": [1, 2]"#,
        #"{"a": [1, 2], }"#,
        #"{"a": [1, 01, 2]}"#,
        #"{"a": [1, 2]} x"#,
        #"{"a": [1, 2, ]}"#,
        #"{"a": {"0": 1, "1": 2,}}"#
    ]

    func testObjectsOfColumnsInEveryPieceSizeReadAsOneThreadDoes() throws {
        assertEveryPieceSizeReadsAsOneThread(objects)
    }

    func testTheRowLimitIsTheOneThreadReadersInPieces() throws {
        let texts = [
            #"{"a": [1, 2, 3, 4, 5, 6]}"#, #"{"a": [1, 2, 3, 4]}"#,
            #"{"meta": {"0": 1, "1": 2, "2": 3, "3": 4, "4": 5}, "data": [["x"], [1]]}"#,
            "{\"a\": [1, 2, 3, 4, 5]}\n{\"a\": [6]}\n"
        ]
        for text in texts {
            var oneThread = CSVReadOptions()
            oneThread.parallelism = 1
            oneThread.limits.maxRows = 4
            let expected = Result { try TableFiles.read(data: Data(text.utf8), name: "t.json", options: oneThread) }
            for pieceBytes in 1...8 {
                var pieces = oneThread
                pieces.parallelism = 2
                pieces.pieceBytes = pieceBytes
                let actual = Result { try TableFiles.read(data: Data(text.utf8), name: "t.json", options: pieces) }
                assertSameRead(expected, actual, "\(text) in pieces of \(pieceBytes)")
            }
        }
    }

    /// Columns of 3,000 values (numbers; keyed by row number; with a nested value halfway) whose first
    /// pieceBytes/1024 values are packed one at a time and the rest in pieces: the one-thread reader's table, with
    /// progress that only grows to the file's size, and cancelling that stops the reading within two reports.
    func testLongColumnsGoOnInPiecesWithProgressAndCancelling() throws {
        let n = 3_000
        let numbers = "[" + (0..<n).map { "\($0)" }.joined(separator: ",") + "]"
        let nested = "[" + (0..<n).map { $0 == 1_500 ? "[1]" : "\($0)" }.joined(separator: ",") + "]"
        let keyed = "{" + (0..<n).map { "\"\($0 < 2_000 ? $0 : $0 + 7)\": \($0)" }.joined(separator: ",") + "}"
        for text in [
            "{\"a\": \(numbers), \"b\": \(keyed)}", "{\"a\": \(nested), \"b\": \(numbers)}",
            "{\"a\": \(numbers), \"b\": \(nested)}"
        ] {
            let data = Data(text.utf8)
            var oneThread = CSVReadOptions()
            oneThread.parallelism = 1
            let expected = Result { try TableFiles.read(data: data, name: "t.json", options: oneThread) }
            for pieceBytes in [1_024, 2_048, 4_096] {
                var options = CSVReadOptions()
                options.parallelism = 2
                options.pieceBytes = pieceBytes
                options.chunkBytes = 256
                var reports: [Int64] = []
                let actual = Result {
                    try TableFiles.read(
                        data: data, name: "t.json", options: options,
                        progress: { reports.append($0.bytesRead) })
                }
                assertSameRead(expected, actual, "\(text.prefix(40)) in pieces of \(pieceBytes)")
                XCTAssertEqual(reports, reports.sorted(), "progress only grows")
                XCTAssertEqual(reports.last, Int64(data.count), "progress ends at the file's size")
                for k in stride(from: 1, to: reports.count - 1, by: 9) {
                    let flag = CancellationFlag()
                    var seen = 0
                    XCTAssertThrowsError(
                        try TableFiles.read(
                            data: data, name: "t.json", options: options,
                            progress: { _ in
                                seen += 1
                                if seen == k { flag.cancel() }
                            }, cancellation: flag)
                    ) { error in
                        XCTAssertEqual(error as? ImportError, .cancelled(path: "t.json"), "cancelled after report \(k)")
                    }
                    XCTAssertLessThanOrEqual(seen, k + 2, "reading stops soon after report \(k)")
                }
            }
        }
    }

    /// Random objects of columns (arrays, objects keyed by row number or by name, now and then a value that is
    /// not a scalar), some with a byte changed, removed or doubled: the same table or the same error either way.
    func testRandomObjectsOfColumnsWithMistakesReadAsOneThreadDoes() throws {
        var generator = SeededGenerator(seed: 3_502)
        let values = [
            "1", "-2.5e3", "0", "\"t,x\"", "\"q\\\"}\"", "\"ü]\"", "null", "true", "NaN", "\"\\u00e9\"", "[1]", "{\"z\": 2}"
        ]
        for _ in 0..<400 {
            let rows = Int.random(in: 1...9, using: &generator)
            // Row numbers, row numbers with a jump halfway, or names; each column's own.
            let keyings: [[String]] = [
                (0..<rows).map { "\($0)" }, (0..<rows).map { "\($0 < rows / 2 ? $0 : $0 + 3)" },
                (0..<rows).map { ["x", "y", "z", "1", "0", "10", "é"][$0 % 7] + String(repeating: "'", count: $0 / 7) }
            ]
            let columns = (0..<Int.random(in: 1...3, using: &generator)).map { c -> String in
                let keys = keyings[Int.random(in: 0..<(Int.random(in: 0..<3, using: &generator) == 0 ? 3 : 1), using: &generator)]
                let cells = (0..<rows).map { _ in
                    values[
                        Int.random(
                            in: 0..<(Int.random(in: 0..<8, using: &generator) == 0 ? values.count : values.count - 2),
                            using: &generator)]
                }
                let body =
                    Bool.random(using: &generator)
                    ? "[" + cells.joined(separator: ", ") + "]"
                    : "{" + zip(keys, cells).map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "}"
                return "\"c\(c)\": " + body
            }
            assertSameReadWithAMistake("{" + columns.joined(separator: ",\n ") + "}", maxPieceBytes: 30, &generator)
        }
    }

    /// Random arrays of records and JSON Lines, some with a byte changed, removed or doubled: the same table or
    /// the same error either way.
    func testRandomTextsWithMistakesReadAsOneThreadDoes() throws {
        var generator = SeededGenerator(seed: 3_501)
        let keys = ["a", "b", "c.d", "é", "x y"]
        let values = [
            "1", "-2.5e3", "0", "\"t,x\"", "\"q\\\"}\"", "\"ü]\"", "null", "true", "[1, {\"z\": 2}]",
            "{\"n\": 1}", "NaN", "-Infinity", "\"\\u00e9\""
        ]
        for round in 0..<400 {
            let lines = round % 2 == 1
            let records = (0..<Int.random(in: 1...12, using: &generator)).map { _ -> String in
                let members = keys.shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator)).map { key in
                    "\"\(key)\": \(values[Int.random(in: 0..<values.count, using: &generator)])"
                }
                return "{" + members.joined(separator: ", ") + "}"
            }
            assertSameReadWithAMistake(
                lines ? records.joined(separator: "\n") + "\n" : "[" + records.joined(separator: ",\n ") + "]",
                maxPieceBytes: 40, &generator)
        }
    }

    /// Reads `text` with progress reports (what the viewer always asks for), returning the rows each reported.
    private func readReporting(_ text: String, parallelism: Int, pieceBytes: Int, chunkBytes: Int) throws -> (Table, [Int]) {
        var options = CSVReadOptions()
        options.parallelism = parallelism
        options.pieceBytes = pieceBytes
        options.chunkBytes = chunkBytes
        var reported: [Int] = []
        let table = try TableFiles.read(
            data: Data(text.utf8), name: "t.json", options: options,
            progress: { reported.append($0.rows) })
        return (table, reported)
    }

    func testProgressIsReportedWhileRecordsAreAdded() throws {
        let array = "[" + (0..<300).map { #"{"a": \#($0)}"# }.joined(separator: ", ") + "]"
        let lines = (0..<300).map { #"{"a": \#($0)}"# }.joined(separator: "\n")
        for text in [array, lines] {
            for (parallelism, pieceBytes) in [(1, 4 << 20), (2, 100), (2, 1)] {
                let (table, reported) = try readReporting(text, parallelism: parallelism, pieceBytes: pieceBytes, chunkBytes: 64)
                XCTAssertEqual(table.rowCount, 300)
                XCTAssertGreaterThan(reported.count, 10, "\(parallelism) \(pieceBytes)")
                XCTAssertEqual(reported, reported.sorted(), "rows only grow")
                XCTAssertEqual(reported.last, 300)
            }
        }
    }

    func testTooLongTextIsSaidAtTheSamePlaceWhateverTheChunksAndPieces() {
        let text =
            #"[{"a": 1}, {"a": "# + "\"" + String(repeating: "x", count: 30) + "\\n" + String(repeating: "é", count: 30)
            + #""}, {"a": 2}]"#
        var seen: Set<String> = []
        for chunkBytes in [1, 3, 16, 1 << 20] {
            for (parallelism, pieceBytes) in [(1, 4 << 20), (2, 5), (2, 13)] {
                for limit in [20, 31, 32, 40] {
                    var options = CSVReadOptions()
                    options.parallelism = parallelism
                    options.pieceBytes = pieceBytes
                    options.chunkBytes = chunkBytes
                    options.limits.maxFieldBytes = limit
                    XCTAssertThrowsError(try TableFiles.read(data: Data(text.utf8), name: "t.json", options: options)) { error in
                        seen.insert("\(limit): \(error)")
                    }
                }
            }
        }
        XCTAssertEqual(seen.count, 4, "one place for each limit: \(seen.sorted())")
    }

    func testLimitsHoldAcrossPieces() {
        let text = "[" + (0..<50).map { #"{"a": \#($0)}"# }.joined(separator: ", ") + "]"
        var options = CSVReadOptions()
        options.parallelism = 2
        options.pieceBytes = 16
        options.limits.maxRows = 40
        XCTAssertThrowsError(try TableFiles.read(data: Data(text.utf8), name: "t.json", options: options)) { error in
            XCTAssertEqual(error as? ImportError, .tooManyRows(path: "t.json", limit: 40))
        }
    }
}
