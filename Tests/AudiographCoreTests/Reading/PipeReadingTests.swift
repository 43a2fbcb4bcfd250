import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Tables read from a pipe as they arrive (standard input): the same table as the same text held in memory, in
/// one thread and in pieces on every core, whether the writer sends it at once or a few bytes at a time.
final class PipeReadingTests: XCTestCase {
    /// Reads `text` written into a pipe `burst` bytes at a time (by another thread) with `options`.
    private func readPiped(_ text: Data, burst: Int, options: CSVReadOptions) throws -> Table {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let done = expectation(description: "written")
        Thread.detachNewThread {
            var offset = 0
            while offset < text.count {
                let end = min(text.count, offset + burst)
                writer.write(text.subdata(in: offset..<end))
                offset = end
            }
            try? writer.close()
            done.fulfill()
        }
        defer { wait(for: [done], timeout: 60) }
        return try TableFiles.read(
            stream: pipe.fileHandleForReading.fileDescriptor, name: "standard input",
            options: options, progress: nil, cancellation: nil)
    }

    /// Small reads and pieces, so that a few kilobytes start and end many of each.
    private func options(parallelism: Int) -> CSVReadOptions {
        var options = CSVReadOptions()
        options.parallelism = parallelism
        options.chunkBytes = 1_000
        options.pieceBytes = 3_000
        return options
    }

    private func assertPipedReadsAsHeld(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let data = Data(text.utf8)
        for parallelism in [1, 2] {
            let held = try TableFiles.read(data: data, name: "standard input", options: options(parallelism: parallelism))
            for burst in [7, 4_096, data.count] {
                let piped = try readPiped(data, burst: burst, options: options(parallelism: parallelism))
                XCTAssertNil(
                    TableComparison.firstDifference(held, piped), "parallelism \(parallelism), burst \(burst)",
                    file: file, line: line)
                XCTAssertEqual(held.rowCount, piped.rowCount, file: file, line: line)
                XCTAssertEqual(held.warnings, piped.warnings, file: file, line: line)
            }
        }
    }

    func testCSVAndTSVFromAPipeReadAsTheSameTextHeld() throws {
        let csv =
            "day,city,rain\n"
            + (0..<2_000).map { "2024-01-\(1 + $0 % 28),\(["Oslo", "Z\u{FC}rich", "Lima"][$0 % 3]),\($0 % 17).5\n" }.joined()
        try assertPipedReadsAsHeld(csv)
        try assertPipedReadsAsHeld(csv.replacingOccurrences(of: ",", with: "\t"))
    }

    func testDayOrMonthFirstDatesAndUTF16FromAPipeReadAsTheSameTextHeld() throws {
        let csv = "day,rain\n" + (0..<1_500).map { "\(1 + $0 % 12)/\(1 + $0 % 28)/2020,\($0 % 9)\n" }.joined()
        try assertPipedReadsAsHeld(csv)
        let utf16 = Data([0xFF, 0xFE]) + csv.data(using: .utf16LittleEndian)!
        for parallelism in [1, 2] {
            let held = try TableFiles.read(data: utf16, name: "standard input", options: options(parallelism: parallelism))
            for burst in [5, 4_096] {
                let piped = try readPiped(utf16, burst: burst, options: options(parallelism: parallelism))
                XCTAssertNil(TableComparison.firstDifference(held, piped), "parallelism \(parallelism), burst \(burst)")
            }
        }
    }

    func testAPipeEndingExactlyWhereAReadEndsReadsAsHeld() throws {
        // A pipe is known to have ended only when a read finds nothing more: the reader must know it with the read
        // that took the last byte, as for a file, or a first chunk that is the whole table is sniffed as a part
        // of one (its last record, without a line break, left out of the guess).
        let texts = [
            "name of the weather station here,city where the station stands today\nx,Oslo",
            String(repeating: " \n", count: 100), "x,y\n1,2", "x,y\n1,2\n3,4\n"
        ]
        for text in texts {
            let data = Data(text.utf8)
            for chunk in [data.count - 1, data.count, data.count + 1, 64, 65] where chunk > 0 {
                for parallelism in [1, 2] {
                    var options = options(parallelism: parallelism)
                    options.chunkBytes = chunk
                    let held = Result { try TableFiles.read(data: data, name: "standard input", options: options) }
                    let piped = Result { try readPiped(data, burst: 1_000, options: options) }
                    switch (held, piped) {
                    case let (.success(a), .success(b)):
                        XCTAssertNil(TableComparison.firstDifference(a, b), "\(text.prefix(12)) chunk \(chunk)")
                        XCTAssertEqual(a.warnings, b.warnings, "\(text.prefix(12)) chunk \(chunk)")
                    case let (.failure(a), .failure(b)):
                        XCTAssertEqual(a as? ImportError, b as? ImportError, "\(text.prefix(12)) chunk \(chunk)")
                    default:
                        XCTFail("\(text.prefix(12)) chunk \(chunk): held \(held), piped \(piped)")
                    }
                }
            }
        }
    }

    func testJSONLinesAndArraysFromAPipeReadAsTheSameTextHeld() throws {
        let records = (0..<1_500).map { "{\"t\": \($0), \"v\": \(Double($0) / 4), \"name\": \"n\($0 % 9)\"}" }
        try assertPipedReadsAsHeld(records.joined(separator: "\n") + "\n")
        try assertPipedReadsAsHeld("[" + records.joined(separator: ",\n") + "]")
    }

    func testAnEmptyPipeAndAWorkbookPipedInAreRefusedByName() throws {
        XCTAssertThrowsError(try readPiped(Data(), burst: 1, options: options(parallelism: 2))) { error in
            XCTAssertEqual(error as? ImportError, .empty(path: "standard input"))
        }
        let zip = Data([0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 200))
        let xls = Data([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + [UInt8](repeating: 0, count: 30))
        for archive in [zip, xls] {
            XCTAssertThrowsError(try readPiped(archive, burst: 3, options: options(parallelism: 2))) { error in
                XCTAssertEqual(error as? ImportError, .archiveNotInAFile(path: "standard input"))
                XCTAssertTrue((error as? ImportError)?.message.contains("reads only from a file") == true)
            }
        }
    }
}
