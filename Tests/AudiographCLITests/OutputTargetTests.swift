// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographTestSupport
import Foundation
import XCTest

/// `render --output` where a Unix user points it (issue 47): standard output into a pipe measured by sox, the
/// process's own standard output by path, a reader that leaves, a terminal, and, as a user without
/// privileges, a FIFO, a link, and links in a sticky shared folder. No test writes to the machine's /dev.
final class OutputTargetTests: XCTestCase {
    var temporary: TemporaryFolder!
    var folder: URL { temporary.url }
    var cli: String { CLIRunner.productsDirectory.appendingPathComponent("audiograph-cli").path }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "output-target")
        // Four points, one second each: the sound is 4 s whatever the machine.
        temporary.write("data.csv", "year,level\n2000,1\n2001,3\n2002,2\n2003,5\n")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// Runs `script` with bash in the folder, `CLI` set to the program; returns its exit status and output.
    private func shell(_ script: String, cli program: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["CLI": program ?? cli, "LANGUAGE": "en"]) { $1 }
        let log = folder.appendingPathComponent("shell-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // A script that never ends fails the test instead of stopping the suite.
        if !Waiting.until(timeout: 120, interval: 0.01, { !process.isRunning }) {
            process.terminate()
            XCTFail("the script did not end within 120 s: \(script)")
        }
        process.waitUntilExit()
        try handle.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        try FileManager.default.removeItem(at: log)
        return (process.terminationStatus, output)
    }

    private func number(after label: String, in text: String) -> Double? {
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
        return Double(line.split(separator: ":").last!.trimmingCharacters(in: .whitespaces))
    }

    func testDashPipesTheSoundToSoxAndSaysSoOnStandardError() throws {
        let run = try shell(#"set -o pipefail; "$CLI" render data.csv --output - 2>said.txt | sox -t wav - -n stat 2>&1"#)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(try XCTUnwrap(number(after: "Length (seconds)", in: run.output), run.output), 4, accuracy: 0.01)
        XCTAssertGreaterThan(try XCTUnwrap(number(after: "RMS     amplitude", in: run.output), run.output), 0.05)
        let said = try String(contentsOf: folder.appendingPathComponent("said.txt"), encoding: .utf8)
        XCTAssertEqual(said, "Wrote the sound to standard output (level by year: level, 4.0 s).\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path), "no file named -")
    }

    func testTheProcesssOwnStandardOutputByPathIsWrittenToNotReplaced() throws {
        // /dev/stdout leads here; /proc/self/fd/1 is used so that a failure could never touch the machine's /dev.
        let run = try shell(#""$CLI" render data.csv --output /proc/self/fd/1 > sound.wav"#)
        XCTAssertEqual(run.status, 0, run.output)
        let decoded = try XCTUnwrap(WAVFile.decodeInt16(Array(try Data(contentsOf: folder.appendingPathComponent("sound.wav")))))
        XCTAssertEqual(Double(decoded.samples.count / decoded.channels) / Double(decoded.sampleRate), 4, accuracy: 0.01)
        XCTAssertTrue(run.output.contains("Wrote the sound to standard output"), run.output)
    }

    func testAReaderThatStopsEarlyIsAWriteErrorWithExit73() throws {
        // 1,000 bytes of a 768 KB sound: the writes after the pipe's buffer meet a closed pipe.
        let run = try shell(
            #""$CLI" render data.csv -o - 2>said.txt | head -c 1000 > head.out; echo "status ${PIPESTATUS[0]}"; cat said.txt"#)
        XCTAssertTrue(run.output.hasPrefix("status 73\n"), run.output)
        XCTAssertTrue(run.output.contains("Could not write the sound file -: Broken pipe."), run.output)
        XCTAssertFalse(run.output.contains("Wrote"), run.output)
    }

    func testATerminalIsNotSentTheSound() throws {
        // script(1) gives the program a pseudo-terminal as standard output.
        let run = try shell(
            #"script -qec "$CLI render data.csv -o -" typescript.txt > script.out; echo "status $?"; cat typescript.txt"#)
        XCTAssertTrue(run.output.hasPrefix("status 64"), run.output)
        XCTAssertTrue(run.output.contains("Standard output is a terminal"), run.output)
        XCTAssertFalse(run.output.contains("RIFF"), run.output)
    }

    func testTheDataFileIsNeverTheOutputThroughLinksOrOtherSpellings() throws {
        XCTAssertEqual(link(folder.appendingPathComponent("data.csv").path, folder.appendingPathComponent("hard.wav").path), 0)
        XCTAssertEqual(symlink("data.csv", folder.appendingPathComponent("soft.wav").path), 0)
        let before = try Data(contentsOf: folder.appendingPathComponent("data.csv"))
        for output in ["hard.wav", "soft.wav", "../\(folder.lastPathComponent)/./data.csv"] {
            let result = try CLIRunner.run(["render", "data.csv", "-o", output], in: folder)
            XCTAssertEqual(result.status, 64, output)
            XCTAssertTrue(result.stderr.contains("would replace the data file data.csv"), result.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("data.csv")), before)
    }

    func testAFolderOrAMissingFolderIsExit73NamingIt() throws {
        let intoFolder = try CLIRunner.run(["render", "data.csv", "-o", folder.path], in: folder)
        XCTAssertEqual(intoFolder.status, 73)
        XCTAssertTrue(intoFolder.stderr.contains("\(folder.path): it is a folder; add a file name to it"), intoFolder.stderr)
        let missing = try CLIRunner.run(["render", "data.csv", "-o", "gone/out.wav"], in: folder)
        XCTAssertEqual(missing.status, 73)
        XCTAssertTrue(missing.stderr.contains("the folder gone does not exist"), missing.stderr)
        XCTAssertTrue(missing.stdout.isEmpty, missing.stdout)
    }

    /// As a user without privileges (nobody, through setpriv, when the tests run as root): a FIFO gets the
    /// sound and stays a FIFO; the person's own link is followed and stays a link; in a sticky shared folder
    /// (as /tmp) a link of another user is refused and the person's own link followed.
    func testWithoutPrivilegesFIFOsAndLinksAreWrittenThroughAndSharedFoldersGuarded() throws {
        let root = geteuid() == 0
        // The program where any user can run it, and a folder any user can write in.
        let program = folder.appendingPathComponent("bin/audiograph-cli").path
        try FileManager.default.createDirectory(
            atPath: folder.appendingPathComponent("bin").path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: cli, toPath: program)
        for path in [folder.path, folder.appendingPathComponent("bin").path] { XCTAssertEqual(chmod(path, 0o777), 0) }
        XCTAssertEqual(chmod(folder.appendingPathComponent("data.csv").path, 0o644), 0)
        let asUser = root ? "setpriv --reuid=65534 --regid=65534 --clear-groups -- " : ""
        let shared = folder.appendingPathComponent("shared").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        XCTAssertEqual(chmod(shared, 0o1777), 0)
        temporary.write("victim.wav", "another user's file")
        if root {
            // Planted by a third user (neither the writer nor the folder's owner), as someone else's link in /tmp.
            XCTAssertEqual(symlink(folder.appendingPathComponent("victim.wav").path, shared + "/planted.wav"), 0)
            XCTAssertEqual(lchown(shared + "/planted.wav", 65533, 65533), 0)
        }
        let script = """
            \(asUser)mkfifo pipe && { timeout 60 cat pipe > from-pipe.wav & } && \(asUser)"$CLI" render data.csv -o pipe; echo "fifo $?"; wait
            test -p pipe && echo "still a fifo"
            \(asUser)ln -s real.wav link.wav && \(asUser)"$CLI" render data.csv -o link.wav; echo "link $?"
            test -L link.wav && echo "still a link"
            \(asUser)ln -s ../mine.wav shared/mine.wav && \(asUser)"$CLI" render data.csv -o shared/mine.wav; echo "own shared link $?"
            \(root ? #"\#(asUser)"$CLI" render data.csv -o shared/planted.wav; echo "planted $?""# : "")
            """
        let run = try shell(script, cli: program)
        for line in ["fifo 0", "still a fifo", "link 0", "still a link", "own shared link 0"] {
            XCTAssertTrue(run.output.contains(line + "\n"), "\(line): \(run.output)")
        }
        for name in ["from-pipe.wav", "real.wav", "mine.wav"] {
            let decoded = WAVFile.decodeInt16(Array((try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()))
            XCTAssertEqual(decoded.map { $0.samples.count / $0.channels }, 4 * 48_000, name)
        }
        if root {
            XCTAssertTrue(run.output.contains("planted 73\n"), run.output)
            XCTAssertTrue(run.output.contains("it is a link owned by someone else in the shared folder shared"), run.output)
            XCTAssertEqual(
                try String(contentsOf: folder.appendingPathComponent("victim.wav"), encoding: .utf8), "another user's file")
        }
    }
}
