import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The one writer: the new file appears whole or not at all, and nothing is left behind when it fails.
final class AtomicFileTests: XCTestCase {
    private let folder = TemporaryFolder()
    private var target: String { folder.url.appendingPathComponent("out.json").path }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() }

    func testReplacesTheWholeFileAndLeavesOnlyIt() throws {
        folder.write("out.json", String(repeating: "old contents, longer than the new ones\n", count: 100))
        try AtomicFile.write(Data("new".utf8), to: target)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), Data("new".utf8))
        XCTAssertEqual(try names(), ["out.json"])
    }

    func testNewFileIsReadableByAllLessTheUmask() throws {
        try AtomicFile.write(Data("x".utf8), to: target)
        let mask = umask(0o022); umask(mask)
        let mode = (try FileManager.default.attributesOfItem(atPath: target)[.posixPermissions] as? NSNumber)?.uint16Value
        XCTAssertEqual(mode, 0o644 & ~UInt16(mask))
    }

    func testTemporaryNamesAreRandomAndBesideTheTarget() throws {
        var seen: [String] = []
        for _ in 0..<2 {
            try AtomicFile.write(to: target) { file in
                try file.write(Data("x".utf8))
                seen += try names().filter { $0 != "out.json" }
            }
        }
        XCTAssertEqual(seen.count, 2, "\(seen)")
        XCTAssertNotEqual(seen[0], seen[1])
        for name in seen {
            XCTAssertNotNil(name.range(of: #"^\.out\.json\.[0-9a-f]{16}\.tmp$"#, options: .regularExpression), name)
            XCTAssertFalse(name.contains(String(getpid())), name)
        }
    }

    func testALinkPlantedAtAnOldStylePredictableNameIsNotWrittenThrough() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("victim-\(UUID().uuidString)")
        try Data("untouched".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        XCTAssertEqual(symlink(outside.path, folder.url.appendingPathComponent(".out.json.\(getpid()).tmp").path), 0)
        XCTAssertEqual(symlink(outside.path, target), 0)
        try AtomicFile.write(Data("new".utf8), to: target)
        XCTAssertEqual(try Data(contentsOf: outside), Data("untouched".utf8))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target)), Data("new".utf8))
    }

    func testAFailedWriteLeavesTheOldFileAndNoTemporary() throws {
        folder.write("out.json", "old")
        struct Stop: Error {}
        XCTAssertThrowsError(
            try AtomicFile.write(to: target) { file in
                try file.write(Data("half".utf8))
                throw Stop()
            }
        ) { XCTAssertTrue($0 is Stop, "\($0)") }
        XCTAssertEqual(try names(), ["out.json"])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old")
    }

    func testAWriteOverTheFileSizeLimitFailsWithTheSystemsReason() throws {
        // A real write(2) failure even as root: the process's file size limit makes write return EFBIG.
        folder.write("out.json", "old")
        var saved = rlimit()
        XCTAssertEqual(getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved), 0)
        let previousHandler = signal(SIGXFSZ, SIG_IGN)
        var small = saved
        small.rlim_cur = 1000
        XCTAssertEqual(setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &small), 0)
        defer { setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &saved); signal(SIGXFSZ, previousHandler) }
        XCTAssertThrowsError(try AtomicFile.write(Data(count: 4000), to: target)) { error in
            guard let error = error as? FileWriteError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.step, .write)
            XCTAssertEqual(error.code, EFBIG)
            XCTAssertEqual(error.reason, String(cString: strerror(EFBIG)))
            XCTAssertEqual(error.localizedDescription, error.reason)
        }
        XCTAssertEqual(try names(), ["out.json"])
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "old")
    }

    func testAFailedRenameRemovesTheTemporary() throws {
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        folder.write("out.json/keep", "a folder that is not empty cannot be replaced")
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: target)) { error in
            XCTAssertEqual((error as? FileWriteError)?.step, .replace, "\(error)")
        }
        XCTAssertEqual(try names(), ["out.json"])
    }

    func testAMissingFolderSaysWhy() throws {
        let path = folder.url.appendingPathComponent("no-such-folder/out.json").path
        XCTAssertThrowsError(try AtomicFile.write(Data(), to: path)) { error in
            XCTAssertEqual(error as? FileWriteError, FileWriteError(path: path, step: .create, errno: ENOENT))
            XCTAssertEqual((error as? FileWriteError)?.reason, "No such file or directory")
        }
    }

    func testAWAVFileIsStreamedInBlocksToTheSameBytesAsEncode() throws {
        let count = WAVFile.samplesPerBlock * 2 + 123
        let buffer = AudioBuffer(sampleRate: 48_000, channels: 1, samples: (0..<count).map { Float(sin(Double($0) / 50)) })
        let path = folder.url.appendingPathComponent("tone.wav").path
        try WAVFile.write(buffer, to: path)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), WAVFile.encode(buffer))
        XCTAssertThrowsError(try WAVFile.write(buffer, to: folder.url.appendingPathComponent("none/tone.wav").path)) {
            XCTAssertEqual(($0 as? WAVWriteError)?.reason, "the folder \(self.folder.url.path)/none does not exist")
        }
    }

    func testACancelledWAVWriteLeavesTheOldFileAndNothingElse() throws {
        let buffer = AudioBuffer(
            sampleRate: 48_000, channels: 2, samples: [Float](repeating: 0.25, count: WAVFile.samplesPerBlock * 3))
        folder.write("tone.wav", "an earlier export")
        let path = folder.url.appendingPathComponent("tone.wav").path
        let cancellation = CancellationFlag()
        cancellation.cancel()
        XCTAssertThrowsError(try WAVFile.write(buffer, to: path, cancellation: cancellation)) {
            XCTAssertTrue($0 is WAVWriteCancelled, "\($0)")
        }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "an earlier export")
        XCTAssertEqual(try names(), ["tone.wav"])
        try WAVFile.write(buffer, to: path, cancellation: CancellationFlag())
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), WAVFile.encode(buffer))
    }
}
