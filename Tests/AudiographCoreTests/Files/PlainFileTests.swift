import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The one safe read: only a regular file, checked on the open descriptor, never waiting on a pipe.
final class PlainFileTests: XCTestCase {
    private let folder = TemporaryFolder()
    private var path: String { folder.url.appendingPathComponent("settings.json").path }

    func testReadsARegularFileAndGivesNilForNothing() throws {
        XCTAssertNil(try PlainFile.read(path, maxBytes: 100))
        XCTAssertNil(try PlainFile.read(path + "/below-a-file", maxBytes: 100))
        folder.write("settings.json", "{}")
        XCTAssertEqual(try PlainFile.read(path, maxBytes: 100), Data("{}".utf8))
        XCTAssertEqual(try PlainFile.read(path, maxBytes: 2), Data("{}".utf8), "exactly the limit is read")
    }

    func testRefusesAFileOverTheLimit() throws {
        folder.write("settings.json", "{ }")
        XCTAssertThrowsError(try PlainFile.read(path, maxBytes: 2)) {
            XCTAssertEqual($0 as? PlainFile.ReadError, .tooLarge(limitBytes: 2))
        }
    }

    func testRefusesALinkEvenToARegularFile() throws {
        let real = folder.write("real.json", "{}")
        XCTAssertEqual(symlink(real, path), 0)
        XCTAssertThrowsError(try PlainFile.read(path, maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.ReadError, .notPlainFile)
        }
    }

    func testRefusesAFolderAndADevice() throws {
        XCTAssertThrowsError(try PlainFile.read(folder.url.path, maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.ReadError, .notPlainFile)
        }
        XCTAssertThrowsError(try PlainFile.read("/dev/zero", maxBytes: 100)) {
            XCTAssertEqual($0 as? PlainFile.ReadError, .notPlainFile)
        }
    }

    func testRefusesAPipeAtOnce() throws {
        let path = self.path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        let result = try XCTUnwrap(returnsPromptly(unblocking: path) { Result { try PlainFile.read(path, maxBytes: 100) } })
        XCTAssertThrowsError(try result.get()) { XCTAssertEqual($0 as? PlainFile.ReadError, .notPlainFile) }
    }
}

/// What `body` returns, when it returns within `seconds`. Otherwise the test fails instead of hanging: the
/// FIFO at `fifo` is opened for writing and closed, which frees a reader stuck opening or reading it.
func returnsPromptly<T>(
    within seconds: Double = 5, unblocking fifo: String, file: StaticString = #filePath,
    line: UInt = #line, _ body: @escaping @Sendable () -> T
) -> T? {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        box.value = body(); done.signal()
    }
    if done.wait(timeout: .now() + seconds) == .success { return box.value }
    XCTFail("still waiting after \(seconds) s: blocked on the pipe \(fifo)", file: file, line: line)
    let writer = open(fifo, O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
    _ = done.wait(timeout: .now() + seconds)
    return nil
}

/// Carries a value from the thread in `returnsPromptly` back to the test (guarded by its semaphore).
private final class ResultBox<T>: @unchecked Sendable { var value: T? }
