import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The parallel reader against the one-thread reader: pieces that end next to quotes, inside CRLF, after a
/// BOM, at a quote at the very end; every read step and piece size over small files, so that cuts land on every
/// byte; and the fuzzer's corpus. Tables, warnings, skipped lines and errors must be the same.
final class CSVParallelReadingTests: XCTestCase {
    /// Reads `text` once in one thread and in parallel with every piece size from 1 to `maxPiece` bytes and
    /// read steps `steps`, and fails on the first difference.
    private func assertSameReads(
        _ text: String, maxPiece: Int = 40, steps: [Int] = [3, 7, 64],
        limits: ImportLimits = ImportLimits(), file: StaticString = #filePath, line: UInt = #line
    ) {
        assertSameReads(Data(text.utf8), maxPiece: maxPiece, steps: steps, limits: limits, file: file, line: line)
    }

    private func assertSameReads(
        _ data: Data, name: String = "t.csv", maxPiece: Int = 40, steps: [Int] = [3, 7, 64],
        limits: ImportLimits = ImportLimits(), file: StaticString = #filePath, line: UInt = #line
    ) {
        for step in steps {
            var one = CSVReadOptions()
            one.parallelism = 1
            one.chunkBytes = step
            one.limits = limits
            let expected = Result { try CSVReader.read(data: data, name: name, options: one) }
            for piece in 1...maxPiece {
                var parallel = one
                parallel.parallelism = 2
                parallel.pieceBytes = piece
                let actual = Result { try CSVReader.read(data: data, name: name, options: parallel) }
                switch (expected, actual) {
                case let (.success(a), .success(b)):
                    if let difference = TableComparison.firstDifference(a, b) {
                        return XCTFail("step \(step), piece \(piece): \(difference)", file: file, line: line)
                    }
                case let (.failure(a), .failure(b)):
                    XCTAssertEqual(a as? ImportError, b as? ImportError, "step \(step), piece \(piece)", file: file, line: line)
                default:
                    return XCTFail("step \(step), piece \(piece): \(expected) and \(actual)", file: file, line: line)
                }
            }
        }
    }

    func testPiecesCutNextToQuotedLineBreaksDelimitersAndDoubledQuotes() throws {
        let text =
            "name,note,value\n\"Smith, J\",\"line one\nline two\",1.5\n\"say \"\"hi\"\"\",\"\",2\n"
            + "plain,\"a\r\nb\",3\n\"x\"y,z,4\n5\" tall,\"\"\"\",5\n"
        assertSameReads(text)
        // And it reads what it says: the quoted line break stays in the field, and each row is one record.
        var options = CSVReadOptions()
        options.pieceBytes = 5
        let table = try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: options)
        XCTAssertEqual(table.rowCount, 5)
        guard case .text(let ids, let notes) = table.columns[1].data else { return XCTFail("notes are text") }
        XCTAssertEqual(notes[Int(ids[0])], "line one\nline two")
    }

    func testCRLFSplitAcrossReadsAndPieces() {
        assertSameReads("x,y\r\n1,2\r\n3,4\r\n5,6\r\n7,8\r\n9,10\r\n11,12\r\n", steps: [1, 2, 3, 5])
        // Old Mac files: a lone carriage return ends each line.
        assertSameReads("x,y\r1,2\r3,4\r5,6\r7,8\r", steps: [1, 2, 3, 5])
        // Mixed, with blank lines between records.
        assertSameReads("x,y\n\r\n1,2\r\r\n3,4\n\n\n5,6\r", steps: [1, 2, 3, 5])
    }

    func testByteOrderMarkAndHeaderAfterBlankLines() {
        assertSameReads("\u{FEFF}year,births\n1917,251\n1918,245\n1919,230\n1920,275\n")
        assertSameReads("\n\n\r\n\"\"\nyear,births\n1917,251\n1918,245\n", steps: [1, 4, 64])
        // Lines above the table (the World Bank's), skipped when the first read holds them: line numbers too.
        assertSameReads(
            "\"Data Source\",\"WDI\",\n\n\"Last Updated\",\"2024-06-28\",\n\n\"Name\",\"2000\",\"2001\",\"2002\",\n"
                + "\"Aruba\",\"1\",\"2\",\"3\",\n\"Chad\",\"4\",\"x\",\"6\",\n\"Peru\",\"7\",\"8\",\n", steps: [1, 7, 64, 4096])
    }

    func testUnitsWrittenWithTheNumbersAreJoinedAcrossPieces() {
        // The unit each piece saw, and a second one seen only in a late piece, decide the column's as one read.
        assertSameReads("m,share,price\n1,12.5%,$4\n2,13%,$5\n3,11%,$6\n4,14%,€7\n5,15%,$8\n", maxPiece: 30, steps: [5, 64])
    }

    func testQuoteAtTheVeryEndAndUnterminatedQuotes() {
        assertSameReads("a,b\n1,\"x\"\n2,\"y\"", steps: [1, 2, 3, 64])
        assertSameReads("a,b\n1,\"x\"\n2,\"", steps: [1, 2, 3, 64])
        assertSameReads("a,b\n1,2\n3,\"never closed\n4,5\n6,7\n", steps: [1, 2, 3, 64])
    }

    func testSkippedRowsBadValuesAndTheirLinesCountAcrossPieces() throws {
        var text = "day,value,group\n"
        for i in 1...60 {
            switch i % 13 {
            case 4: text += "2024-01-\(String(format: "%02d", i % 28 + 1)),oops,a\n"
            case 9: text += "2024-02-01,1,2,3,4\n"
            case 11: text += "\"2024-03-\n01\",7,b\n"
            default: text += "2024-01-\(String(format: "%02d", i % 28 + 1)),\(i).5,\(i % 3 == 0 ? "c" : "d")\n"
            }
        }
        assertSameReads(text, maxPiece: 60, steps: [5, 64])
        var options = CSVReadOptions()
        options.pieceBytes = 30
        let table = try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: options)
        XCTAssertEqual(table.malformedRowCount, 4)  // rows 9, 22, 35 and 48
        XCTAssertEqual(table.malformedLines, [10, 24, 38, 52], "line numbers count from the file's start, quoted line breaks too")
    }

    func testDayMonthOrderAndTimeZonesDecidedOverTheWholeFile() {
        // Only a value late in the file shows the order; pieces must not decide alone.
        var text = "when,value\n"
        for i in 1...12 { text += "0\(i % 9 + 1)/0\(i % 7 + 1)/2020,\(i)\n" }
        text += "25/12/2020,99\n"
        assertSameReads(text, maxPiece: 30, steps: [16])
        assertSameReads(
            "t,v\n2024-01-01T00:00:00+01:00,1\n2024-01-02T00:00:00+01:00,2\n2024-01-03T00:00:00Z,3\n",
            maxPiece: 50, steps: [8])
    }

    func testLimitsFailAtTheSameLine() {
        var limits = ImportLimits()
        limits.maxRecordBytes = 20
        limits.maxFieldBytes = 12
        assertSameReads(
            "a,b\n1,2\n3,4\n5,\"a very long quoted field that never ends", maxPiece: 12, steps: [4, 9], limits: limits)
        assertSameReads("a,b\n1,2\n3,4\n5,a-very-long-unquoted-field\n6,7\n", maxPiece: 12, steps: [4, 9], limits: limits)
        limits = ImportLimits()
        limits.maxRows = 4
        assertSameReads("a,b\n1,2\n3,4\n5,6\n7,8\n9,10\n11,\"\n", maxPiece: 12, steps: [4, 64], limits: limits)
        limits.maxColumns = 3
        assertSameReads("a,b\n1,2\n3,4,5,6\n", maxPiece: 6, steps: [4, 64], limits: limits)
    }

    func testWindows1252AndCategoriesInOrderOfFirstAppearance() throws {
        var bytes = Data("city,value\n".utf8)
        for (i, city) in ["Z\u{FC}rich", "Ume\u{E5}", "Z\u{FC}rich", "K\u{F6}ln", "Ume\u{E5}"].enumerated() {
            bytes.append(city.data(using: .windowsCP1252)!)
            bytes.append(Data(",\(i)\n".utf8))
        }
        assertSameReads(bytes, maxPiece: 30)
        var options = CSVReadOptions()
        options.pieceBytes = 8
        let table = try CSVReader.read(data: bytes, name: "t.csv", options: options)
        XCTAssertEqual(table.columns[0].categoryCount, 3)
        guard case .text(let ids, let names) = table.columns[0].data else { return XCTFail("cities are text") }
        XCTAssertEqual(names, ["Z\u{FC}rich", "Ume\u{E5}", "K\u{F6}ln"])
        XCTAssertEqual(ids, [0, 1, 0, 2, 1])
    }

    func testCanonicallyEqualSpellingsAreOneCategoryWhicheverPieceReadsThem() throws {
        // A Kelvin sign is canonically a K, a Greek question mark a semicolon: the same category as the ASCII
        // spelling (kept by bytes) in either order; é composed and decomposed are one category too.
        let cells = ["5 K", "5 \u{212A}", "caf\u{E9}", "x\u{37E}", "cafe\u{301}", "x;", "5 \u{212A}", "5 K", "new", "caf\u{E9}"]
        let text = "unit,value\n" + cells.enumerated().map { "\($1),\($0)\n" }.joined()
        assertSameReads(text, maxPiece: 30)
        for piece in [4, 12, 1 << 20] {
            var options = CSVReadOptions()
            options.pieceBytes = piece
            let table = try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: options)
            guard case .text(let ids, let names) = table.columns[0].data else { return XCTFail("units are text") }
            XCTAssertEqual(ids, [0, 0, 1, 2, 1, 2, 0, 0, 3, 1], "piece \(piece)")
            XCTAssertEqual(names.count, 4, "piece \(piece)")
            XCTAssertEqual(names[3], "new", "piece \(piece)")
            for (id, cell) in zip(ids, cells) { XCTAssertEqual(names[Int(id)], cell, "piece \(piece)") }  // canonically
        }
    }

    func testAColumnOfUniqueNamesKeepsEveryNameInOrder() throws {
        let names = (0..<5_000).map { "sensor \($0 * 7_919 % 5_000)-\(String($0, radix: 16))" }
        let text = "name,value\n" + names.enumerated().map { "\($1),\($0)\n" }.joined()
        var options = CSVReadOptions()
        options.pieceBytes = 1_000
        let table = try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: options)
        guard case .text(let ids, let categories) = table.columns[0].data else { return XCTFail("names are text") }
        XCTAssertEqual(categories, names)
        XCTAssertEqual(ids, (0..<5_000).map { Int32($0) })
    }

    func testPiecesWithThousandsOfNamesJoinOnEveryCoreAsOneThreadReadsThem() throws {
        // Pieces of thousands of different names are joined a hash table per core: names seen again in later
        // pieces, names new there, names outside ASCII and canonically equal spellings (a Kelvin sign) must keep
        // the one-thread reader's categories and first-seen order.
        let rows = (0..<40_000).map { i -> String in
            let k = i * 7_919 % 15_000
            switch k % 10 {
            case 3: return "Z\u{FC}rich \(k)"
            case 7: return i % 2 == 0 ? "\(k) K" : "\(k) \u{212A}"
            default: return "sensor \(k)-\(String(k, radix: 16))"
            }
        }
        let text = "name,value\n" + rows.enumerated().map { "\($1),\($0)\n" }.joined()
        var one = CSVReadOptions()
        one.parallelism = 1
        one.chunkBytes = 16_384  // the first read is sniffed whole, and pieces are cut from the reads after it
        let expected = try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: one)
        guard case .text(_, let names) = expected.columns[0].data else { return XCTFail("names are text") }
        XCTAssertEqual(names.count, 15_000)
        for piece in [60_000, 150_000, 250_000] {
            var parallel = one
            parallel.parallelism = 2
            parallel.pieceBytes = piece
            let actual = try CSVReader.read(data: Data(text.utf8), name: "t.csv", options: parallel)
            XCTAssertNil(TableComparison.firstDifference(expected, actual), "piece \(piece)")
            // String equality is canonical: the spellings kept must be the same bytes too.
            guard case .text(_, let joinedNames) = actual.columns[0].data else { return XCTFail("names are text") }
            XCTAssertEqual(joinedNames.map { Array($0.utf8) }, names.map { Array($0.utf8) }, "piece \(piece)")
        }
    }

    func testEveryFuzzCorpusAndRegressionFileReadsTheSame() throws {
        let fuzz = Repository.url("Tests/fuzz")
        var limits = ImportLimits()
        limits.maxFieldBytes = 4_096
        limits.maxRecordBytes = 16_384
        limits.maxColumns = 64
        limits.maxRows = 10_000
        var compared = 0
        for sub in ["corpus", "regressions"] {
            let folder = fuzz.appendingPathComponent(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where !name.hasPrefix(".") && name != "README.md" {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                assertSameReads(data, name: "fuzz.csv", maxPiece: 24, steps: [257], limits: limits)
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 20)
    }

    func testProgressAndCancellationWhileReadingInParallel() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        var text = "x,y\n"
        for i in 0..<200_000 { text += "\(i),\(i % 97).25\n" }
        try Data(text.utf8).write(to: url)
        var options = CSVReadOptions()
        options.parallelism = 2
        options.pieceBytes = 64 << 10
        options.chunkBytes = 32 << 10
        var reports: [ImportProgress] = []
        let table = try CSVReader.read(path: url.path, options: options, progress: { reports.append($0) })
        XCTAssertEqual(table.rowCount, 200_000)
        XCTAssertEqual(reports.last?.rows, 200_000)
        XCTAssertEqual(reports.last?.fraction, 1)
        XCTAssertGreaterThan(reports.count, 20, "progress after each read step")
        XCTAssertEqual(reports.map(\.bytesRead), reports.map(\.bytesRead).sorted())
        let flag = CancellationFlag()
        XCTAssertThrowsError(
            try CSVReader.read(
                path: url.path, options: options,
                progress: { progress in
                    if progress.fraction > 0.3 { flag.cancel() }
                }, cancellation: flag)
        ) { error in
            XCTAssertEqual(error as? ImportError, .cancelled(path: url.path))
        }
    }
}
