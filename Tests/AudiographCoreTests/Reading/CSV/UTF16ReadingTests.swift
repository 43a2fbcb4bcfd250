import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// UTF-16 files (Excel's "Unicode text") stream through the same reader as UTF-8: same table, same limits,
/// progress and cancellation, whatever chunk boundaries cut through.
final class UTF16ReadingTests: XCTestCase {
    private let folder = TemporaryFolder()

    /// `text` as UTF-16 with a byte-order mark, in either byte order.
    private func utf16(_ text: String, bigEndian: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    /// Everything a table holds that does not depend on the file's encoding.
    private func contents(_ table: Table) -> String {
        "\(table.rowCount) rows, \(table.delimiter), \(table.warnings)\n"
            + table.columns.map { "\($0.header): \($0.data)" }.joined(separator: "\n")
    }

    private let labelled =
        "Name\tScore (pts)\tWhen\n"
        + (1...300).map { i in
            "\(["𠮷野家", "café 😀", "Łódź", "plain", "日本語"][i % 5]) \(i)\t\(Double(i) / 8)\t2024-01-\(String(format: "%02d", i % 28 + 1))"
        }.joined(separator: "\r\n") + "\r\n"

    func testBothByteOrdersGiveTheSameTableAsUTF8() throws {
        let utf8 = try CSVReader.read(path: folder.write("twin.txt", labelled))
        XCTAssertEqual(utf8.encoding, .utf8)
        for bigEndian in [false, true] {
            let table = try CSVReader.read(path: folder.write("u16.txt", bytes: utf16(labelled, bigEndian: bigEndian)))
            XCTAssertEqual(table.encoding, .utf16)
            XCTAssertEqual(contents(table), contents(utf8), bigEndian ? "UTF-16BE" : "UTF-16LE")
        }
        XCTAssertEqual(utf8.columns.map(\.header), ["Name", "Score (pts)", "When"])
        guard case .text(_, let names) = utf8.columns[0].data else { return XCTFail("\(utf8.columns[0].data)") }
        XCTAssertEqual(Array(names.prefix(5)), ["café 😀 1", "Łódź 2", "plain 3", "日本語 4", "𠮷野家 5"])
    }

    func testSurrogatePairsAndOddBytesSurviveEveryChunkBoundary() throws {
        // Labels made mostly of surrogate pairs, so chunk ends fall inside pairs and inside units.
        let text = "label,y\n" + (1...200).map { "😀𠮷😀𠮷😀𠮷 \($0),\($0 * 3)\n" }.joined()
        let expected = contents(try CSVReader.read(path: folder.write("twin.csv", text)))
        let path = folder.write("u16.csv", bytes: utf16(text))
        for chunk in 1001...1040 {  // odd sizes cut between a unit's two bytes too
            var options = CSVReadOptions()
            options.chunkBytes = chunk
            XCTAssertEqual(contents(try CSVReader.read(path: path, options: options)), expected, "chunk \(chunk)")
        }
    }

    func testTheTranscoderPairsSurrogatesAcrossCallsAndReplacesWhatIsBroken() {
        func transcode(_ chunks: [[UInt8]], bigEndian: Bool = false) -> String {
            var coder = UTF16Transcoder(bigEndian: bigEndian)
            var out: [UInt8] = []
            for (i, chunk) in chunks.enumerated() { coder.append(Data(chunk), isLast: i == chunks.count - 1, to: &out) }
            return String(decoding: out, as: UTF8.self)
        }
        // 😀 is D83D DE00; split after the high surrogate, and inside each unit.
        XCTAssertEqual(transcode([[0x3D, 0xD8], [0x00, 0xDE]]), "😀")
        XCTAssertEqual(transcode([[0x3D], [0xD8, 0x00], [0xDE]]), "😀")
        XCTAssertEqual(transcode([[0xD8], [0x3D, 0xDE, 0x00]], bigEndian: true), "😀")
        XCTAssertEqual(transcode([[0x41, 0x00, 0xE9, 0x00, 0xAC, 0x20, 0xE5, 0x65]]), "Aé€日")
        XCTAssertEqual(transcode([[0x3D, 0xD8, 0x41, 0x00]]), "\u{FFFD}A", "a high surrogate without its partner")
        XCTAssertEqual(transcode([[0x00, 0xDE, 0x41, 0x00]]), "\u{FFFD}A", "a low surrogate alone")
        XCTAssertEqual(transcode([[0x41, 0x00, 0x3D, 0xD8], []]), "A\u{FFFD}", "a high surrogate at the end")
        XCTAssertEqual(transcode([[0x41, 0x00, 0x42]]), "A\u{FFFD}", "an odd byte at the end")
    }

    func testProgressAdvancesToTheWholeFileAndCancelStops() throws {
        var text = "x,y\n"
        for i in 0..<20_000 { text += "\(i),\(i % 7)\n" }
        let path = folder.write("big.txt", bytes: utf16(text))
        var options = CSVReadOptions()
        options.chunkBytes = 8191
        var reports: [ImportProgress] = []
        let table = try CSVReader.read(path: path, options: options, progress: { reports.append($0) })
        XCTAssertEqual(table.rowCount, 20_000)
        XCTAssertGreaterThan(reports.count, 10)
        XCTAssertEqual(reports.map(\.bytesRead), reports.map(\.bytesRead).sorted())
        XCTAssertEqual(reports.last?.bytesRead, Int64(text.utf16.count * 2 + 2))
        XCTAssertEqual(reports.last?.fraction, 1)
        XCTAssertEqual(reports.last?.rows, 20_000)

        let flag = CancellationFlag()
        var lastRows = 0
        XCTAssertThrowsError(
            try CSVReader.read(
                path: path, options: options,
                progress: { p in
                    lastRows = p.rows
                    if p.rows > 1000 { flag.cancel() }
                }, cancellation: flag)
        ) { XCTAssertEqual($0 as? ImportError, .cancelled(path: path)) }
        XCTAssertLessThan(lastRows, 20_000, "stopped before the end")
    }

    func testTheRowFieldAndColumnLimitsApplyAsToUTF8() throws {
        var options = CSVReadOptions()
        options.limits.maxRows = 1_000
        options.limits.maxFieldBytes = 1_000
        options.limits.maxColumns = 50
        options.chunkBytes = 4096
        let tooManyRows = "x,y\n" + (0..<5_000).map { "\($0),\($0 % 9)" }.joined(separator: "\n")
        let tooLongField = "a,b\n1,\"" + String(repeating: "字", count: 2_000) + "\"\n"
        let tooManyColumns = Array(repeating: "1", count: 200).joined(separator: ",") + "\n"
        for (name, text) in [("rows", tooManyRows), ("field", tooLongField), ("columns", tooManyColumns)] {
            let utf8Path = folder.write("\(name).csv", text)
            let utf16Path = folder.write("\(name)16.csv", bytes: utf16(text))
            var utf8Error: ImportError?
            XCTAssertThrowsError(try CSVReader.read(path: utf8Path, options: options)) { utf8Error = $0 as? ImportError }
            XCTAssertThrowsError(try CSVReader.read(path: utf16Path, options: options), name) { error in
                XCTAssertEqual(
                    ((error as? ImportError)?.message).map { $0.replacingOccurrences(of: "\(name)16", with: name) },
                    utf8Error?.message, name)
            }
        }
    }

    func testAByteOrderMarkAloneIsAnEmptyFile() throws {
        let path = folder.write("empty.txt", bytes: [0xFF, 0xFE])
        XCTAssertThrowsError(try CSVReader.read(path: path)) { XCTAssertEqual($0 as? ImportError, .empty(path: path)) }
    }
}
