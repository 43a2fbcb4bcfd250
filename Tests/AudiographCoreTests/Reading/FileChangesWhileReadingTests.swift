import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Another program changes the file while Audiograph reads it: it is cut short, grows, or is deleted.
/// Each ends in a clear message or warning naming the file, never a crash or a hang.
final class FileChangesWhileReadingTests: XCTestCase {
    private let folder = TemporaryFolder()

    /// A 20,000-row file read in 8 KB chunks; `change` runs once, after the first chunk.
    private func read(_ name: String, change: @escaping (String) -> Void) throws -> Table {
        var text = "x,y\n"
        for i in 0..<20_000 { text += "\(i),\(i % 7)\n" }
        let path = folder.write(name, text)
        var options = CSVReadOptions()
        options.chunkBytes = 8192
        var changed = false
        return try CSVReader.read(
            path: path, options: options,
            progress: { _ in
                if !changed { changed = true; change(path) }
            })
    }

    func testAFileCutShortWhileReadIsRefusedWithAMessage() {
        XCTAssertThrowsError(try read("shrinking.csv") { path in truncate(path, 20_000) }) { error in
            let importError = error as? ImportError
            XCTAssertEqual(importError, .changedWhileReading(path: folder.url.appendingPathComponent("shrinking.csv").path))
            XCTAssertEqual(importError?.exitCode, 66)
            XCTAssertTrue(importError?.message.hasPrefix("shrinking.csv: the file got shorter while it was read") == true)
        }
    }

    func testAFileThatGrowsGivesTheRowsItHadWithAWarning() throws {
        let table = try read("growing.csv") { path in
            let handle = FileHandle(forWritingAtPath: path)!
            handle.seekToEndOfFile()
            handle.write(Data("20000,1\n20001,2\n".utf8))
            try? handle.close()
        }
        XCTAssertEqual(table.rowCount, 20_000)
        XCTAssertTrue(table.warnings.contains { $0.hasPrefix("growing.csv changed while it was read") }, "\(table.warnings)")
    }

    func testAFileDeletedWhileReadIsReadToTheEndWithAWarning() throws {
        let table = try read("deleted.csv") { path in unlink(path) }
        XCTAssertEqual(table.rowCount, 20_000)
        XCTAssertTrue(
            table.warnings.contains { $0.hasPrefix("deleted.csv was deleted or moved while it was read") },
            "\(table.warnings)")
    }

    func testAnUntouchedFileHasNoSuchWarning() throws {
        let table = try read("calm.csv") { _ in }
        XCTAssertFalse(table.warnings.contains { $0.contains("while it was read") })
    }
}
