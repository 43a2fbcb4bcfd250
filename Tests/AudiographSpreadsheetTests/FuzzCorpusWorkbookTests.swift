import AudiographCore
import AudiographSpreadsheet
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

/// Replays the fuzzer's corpus and findings (Tests/fuzz) through the workbook readers as the fuzz target does:
/// every input is read or refused with an `ImportError` naming it.
final class FuzzCorpusWorkbookTests: XCTestCase {
    func testEveryCorpusWorkbookIsReadOrRefusedCleanly() throws {
        let fuzz = Repository.url("Tests/fuzz")
        var options = CSVReadOptions()
        options.limits.maxFieldBytes = 4_096
        options.limits.maxColumns = 64
        options.limits.maxRows = 10_000
        var workbooks = 0, read = 0
        for sub in ["corpus", "regressions"] {
            let folder = fuzz.appendingPathComponent(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where !name.hasPrefix(".") {
                let input = try Data(contentsOf: folder.appendingPathComponent(name))
                for (bookName, book) in WorkbookSkeleton.workbooks(around: input) {
                    workbooks += 1
                    do {
                        _ = try SpreadsheetReader().read(data: book, name: bookName, options: options)
                        read += 1
                    } catch let error as ImportError {
                        XCTAssertTrue(error.message.contains(bookName), "\(sub)/\(name): \(error.message)")
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(workbooks, 8, "the corpus holds workbook seeds")
        XCTAssertGreaterThanOrEqual(read, 4, "most workbook seeds are read")
    }
}
