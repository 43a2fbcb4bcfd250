import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A path a person named is written as its kind asks: files replaced whole, links followed and kept, pipes,
/// devices and sockets written in place, folders and missing folders refused with a reason (issue 47).
final class OutputFileTests: XCTestCase {
    private let folder = TemporaryFolder()
    private func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
    private let bytes = Data("RIFF sound".utf8)

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        XCTAssertEqual(lstat(path, &status), 0, path)
        return status.st_mode & S_IFMT
    }

    private func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func testANewNameAndAnOldFileAreWrittenWholeAsRegularFiles() throws {
        XCTAssertEqual(try OutputFile.write(to: path("new.wav")) { try $0.write(bytes) }, .file(path: path("new.wav")))
        XCTAssertEqual(try contents(path("new.wav")), bytes)
        folder.write("old.wav", String(repeating: "old ", count: 100))
        try OutputFile.write(to: path("old.wav")) { try $0.write(bytes) }
        XCTAssertEqual(try contents(path("old.wav")), bytes)
        XCTAssertEqual(kind(path("old.wav")), S_IFREG)
    }

    func testALinkIsFollowedItsTargetReplacedAndTheLinkKept() throws {
        try FileManager.default.createDirectory(atPath: path("music"), withIntermediateDirectories: true)
        folder.write("music/real.wav", "the file the person meant")
        XCTAssertEqual(symlink("music/real.wav", path("link.wav")), 0, "a relative link, read from its own folder")
        XCTAssertEqual(try OutputFile.target(of: path("link.wav")), .file(path: path("music/real.wav")))
        try OutputFile.write(to: path("link.wav")) { try $0.write(bytes) }
        XCTAssertEqual(kind(path("link.wav")), S_IFLNK)
        XCTAssertEqual(try contents(path("music/real.wav")), bytes)
        // A dangling link names the file to make; a chain of links is followed to its end.
        XCTAssertEqual(symlink(path("music/later.wav"), path("dangling.wav")), 0)
        XCTAssertEqual(symlink("dangling.wav", path("chain.wav")), 0)
        try OutputFile.write(to: path("chain.wav")) { try $0.write(bytes) }
        XCTAssertEqual(try contents(path("music/later.wav")), bytes)
        XCTAssertEqual(kind(path("chain.wav")), S_IFLNK)
        XCTAssertEqual(kind(path("dangling.wav")), S_IFLNK)
    }

    func testALoopOfLinksIsAnErrorNotAHang() throws {
        XCTAssertEqual(symlink("b.wav", path("a.wav")), 0)
        XCTAssertEqual(symlink("a.wav", path("b.wav")), 0)
        XCTAssertThrowsError(try OutputFile.write(to: path("a.wav")) { try $0.write(bytes) }) { error in
            XCTAssertEqual((error as? FileWriteError)?.code, ELOOP, "\(error)")
        }
    }

    func testAFolderOrAMissingFolderIsRefusedWithItsName() throws {
        XCTAssertThrowsError(try OutputFile.write(to: folder.url.path) { _ in XCTFail("nothing is written") }) { error in
            XCTAssertEqual((error as? FileWriteError)?.reason, "it is a folder; add a file name to it")
        }
        XCTAssertThrowsError(try OutputFile.write(to: path("gone/out.wav")) { _ in XCTFail("nothing is written") }) { error in
            XCTAssertEqual((error as? FileWriteError)?.reason, "the folder \(path("gone")) does not exist")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.url.path), [])
    }

    func testAFIFOIsWrittenInPlaceAndStaysAFIFO() throws {
        XCTAssertEqual(mkfifo(path("pipe"), 0o600), 0)
        let received = Received()
        let fifo = URL(fileURLWithPath: path("pipe"))
        let reader = Thread {
            received.data = (try? FileHandle(forReadingFrom: fifo).readToEnd()) ?? nil
            received.done.signal()
        }
        reader.start()
        XCTAssertEqual(try OutputFile.write(to: path("pipe")) { try $0.write(bytes) }, .stream(path: path("pipe")))
        XCTAssertEqual(received.done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(received.data, bytes)
        XCTAssertEqual(kind(path("pipe")), S_IFIFO)
    }

    func testAReaderThatGoesAwayIsABrokenPipeErrorNotTheEndOfTheProcess() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])  // nobody will read
        defer { close(ends[1]) }
        XCTAssertThrowsError(try OutputFile.write(to: "-", standardOutput: ends[1]) { try $0.write(bytes) }) { error in
            XCTAssertEqual((error as? FileWriteError)?.code, EPIPE, "\(error)")
        }
        var pending = sigset_t()
        sigpending(&pending)
        XCTAssertEqual(sigismember(&pending, SIGPIPE), 0, "the signal was taken off, not left to kill us later")
    }

    func testStandardOutputIsDashOrItsOwnPathAndIsStreamedTo() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]) }
        XCTAssertEqual(try OutputFile.write(to: "-", standardOutput: ends[1]) { try $0.write(bytes) }, .standardOutput)
        // The process's standard output by its path (as /dev/stdout leads to): the same pipe, not a file put there.
        XCTAssertEqual(
            try OutputFile.write(to: "/proc/self/fd/\(ends[1])", standardOutput: ends[1]) { try $0.write(bytes) },
            .standardOutput)
        close(ends[1])
        let read = FileHandle(fileDescriptor: ends[0], closeOnDealloc: false).readDataToEndOfFile()
        XCTAssertEqual(read, bytes + bytes)
    }

    func testACharacterDeviceIsWrittenInPlaceAndAFullOneFails() throws {
        // A node of our own for the kernel's "full" device (1, 7), never the machine's /dev/full.
        try XCTSkipUnless(geteuid() == 0, "making a device node needs root, as make test runs in CI")
        var volume = statvfs()
        XCTAssertEqual(statvfs(folder.url.path, &volume), 0)
        // 4 is ST_NODEV, which Swift does not import.
        try XCTSkipIf(
            volume.f_flag & 4 != 0,
            "the temporary folder's file system is mounted nodev")
        XCTAssertEqual(
            // dev_t(1 << 8 | 7) is makedev(1, 7), a macro Swift cannot call.
            mknod(path("full"), S_IFCHR | 0o600, dev_t(1 << 8 | 7)), 0,
            String(cString: strerror(errno)))
        XCTAssertThrowsError(try OutputFile.write(to: path("full")) { try $0.write(bytes) }) { error in
            XCTAssertEqual((error as? FileWriteError)?.code, ENOSPC, "\(error)")
        }
        XCTAssertEqual(kind(path("full")), S_IFCHR, "the device stays a device")
    }

    func testASocketIsConnectedToAndWrittenTo() throws {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let name = Array(path("sock").utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in name.enumerated() { raw[i] = b } }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        XCTAssertEqual(bound, 0)
        XCTAssertEqual(listen(listener, 1), 0)
        let received = Received()
        let reader = Thread {
            let connection = accept(listener, nil, nil)
            received.data = FileHandle(fileDescriptor: connection, closeOnDealloc: true).readDataToEndOfFile()
            received.done.signal()
        }
        reader.start()
        XCTAssertEqual(try OutputFile.write(to: path("sock")) { try $0.write(bytes) }, .stream(path: path("sock")))
        XCTAssertEqual(received.done.wait(timeout: .now() + 30), .success)
        XCTAssertEqual(received.data, bytes)
    }

    func testALinkSomeoneElseOwnsInAStickySharedFolderIsNotFollowed() throws {
        try XCTSkipUnless(geteuid() == 0, "giving a link to another user needs root; OutputTargetTests covers it unprivileged")
        let shared = path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(shared, 0o1777), 0)
        folder.write("victim.wav", "not to be replaced")
        XCTAssertEqual(symlink(path("victim.wav"), shared + "/planted.wav"), 0)
        XCTAssertEqual(lchown(shared + "/planted.wav", 65534, 65534), 0)
        XCTAssertThrowsError(try OutputFile.write(to: shared + "/planted.wav") { try $0.write(bytes) }) { error in
            XCTAssertEqual((error as? FileWriteError)?.code, EACCES, "\(error)")
        }
        XCTAssertEqual(try contents(path("victim.wav")), Data("not to be replaced".utf8))
        // Our own link in the same folder is followed.
        XCTAssertEqual(symlink(path("victim.wav"), shared + "/mine.wav"), 0)
        try OutputFile.write(to: shared + "/mine.wav") { try $0.write(bytes) }
        XCTAssertEqual(try contents(path("victim.wav")), bytes)
    }

    func testTheSameFileIsFoundThroughLinksHardLinksAndOtherSpellings() throws {
        folder.write("data.csv", "x,y\n1,2\n")
        XCTAssertEqual(link(path("data.csv"), path("hard.csv")), 0)
        XCTAssertEqual(symlink("data.csv", path("soft.wav")), 0)
        XCTAssertTrue(OutputFile.isSameFile(path("data.csv"), path("hard.csv")))
        XCTAssertTrue(OutputFile.isSameFile(path("data.csv"), path("soft.wav")))
        XCTAssertTrue(
            OutputFile.isSameFile(path("data.csv"), folder.url.path + "/./../" + folder.url.lastPathComponent + "/data.csv"))
        XCTAssertFalse(OutputFile.isSameFile(path("data.csv"), path("other.wav")))
        // Export and render never write over the data being read, whichever name leads to it.
        for name in ["hard.csv", "soft.wav"] {
            XCTAssertThrowsError(try OutputFile.write(Data("sound".utf8), to: path(name), sparing: path("data.csv"))) { error in
                XCTAssertEqual(
                    (error as? FileWriteError)?.reason, "it is the data file being read, which Audiograph never writes to")
            }
        }
        XCTAssertEqual(try contents(path("data.csv")), Data("x,y\n1,2\n".utf8))
    }
}

/// What a reader thread received, and when it finished.
private final class Received: @unchecked Sendable {
    var data: Data?
    let done = DispatchSemaphore(value: 0)
}
