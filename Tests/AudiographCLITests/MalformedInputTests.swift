// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Every file in Malformed/ gives its expected one-line message and exit status, never a crash or stack trace.
final class MalformedInputTests: XCTestCase {
    let corpus = Repository.root.appendingPathComponent("Tests/AudiographCLITests/Malformed")

    func testEveryCorpusFileGivesItsExpectedMessage() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).filter { !$0.hasSuffix(".expected") }
            .sorted()
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for file in files {
            let expected = try String(contentsOf: corpus.appendingPathComponent(file + ".expected"), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let status = Int32(expected[0])!
            let line = String(expected[1])
            let before = try Data(contentsOf: corpus.appendingPathComponent(file))
            let result = try CLIRunner.run(["describe", file], in: corpus)
            XCTAssertEqual(result.status, status, file)
            if status == 0 {
                XCTAssertTrue(result.stdout.split(separator: "\n").contains { $0 == line }, "\(file): \(result.stdout)")
                XCTAssertEqual(result.stderr, "", file)
            } else {
                XCTAssertEqual(result.stderr, line + "\n", file)
                XCTAssertEqual(result.stdout, "", file)
            }
            XCTAssertEqual(try Data(contentsOf: corpus.appendingPathComponent(file)), before, "\(file) must not be written")
        }
    }

    func testMissingFileAndFolderAreUnreadable() throws {
        var result = try CLIRunner.run(["describe", "/nonexistent/births.csv"])
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "audiograph-cli: /nonexistent/births.csv: no such file. Check the name and folder.\n")
        result = try CLIRunner.run(["describe", corpus.path])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.stderr.hasSuffix("is a folder, not a file. Choose a CSV file inside it.\n"))
    }

    func testHundredMegabyteSingleLineIsRefusedQuickly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let oneMegabyte = Data(repeating: UInt8(ascii: "7"), count: 1 << 20)
        let plain = folder.appendingPathComponent("one-line.csv")
        FileManager.default.createFile(atPath: plain.path, contents: nil)
        let handle = try FileHandle(forWritingTo: plain)
        for _ in 0..<100 { handle.write(oneMegabyte) }
        try handle.close()
        let started = Date()
        var result = try CLIRunner.run(["describe", "one-line.csv"], in: folder, timeout: 30)
        XCTAssertEqual(result.status, 65)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: one-line.csv: line 1 is longer than 1 MB without a line break; this does not look like a CSV table.\n"
        )
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)

        let commas = folder.appendingPathComponent("wide.csv")
        FileManager.default.createFile(atPath: commas.path, contents: Data(repeating: UInt8(ascii: ","), count: 100 << 20))
        result = try CLIRunner.run(["describe", "wide.csv"], in: folder, timeout: 30)
        XCTAssertEqual(result.status, 65)
        XCTAssertTrue(result.stderr.contains("more than the 10,000 Audiograph can chart"), result.stderr)
    }

    func testUsageErrorsNameTheColumns() throws {
        let data = Repository.data
        let result = try CLIRunner.run(["describe", "births.csv", "--x", "Decade"], in: data)
        XCTAssertEqual(result.status, 64)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: births.csv: has no column named \"Decade\". Columns: Year, Birth rate (births per 10,000 people).\n")
    }
}
