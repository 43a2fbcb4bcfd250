// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `audiograph-cli play --follow` through the real alsa-lib into its file plugin, while the test appends
/// rows to the followed file as a logger would: each new point's tone reaches the device, standard error
/// says what arrived, and a cut or vanished file is read again.
final class FollowPlayTests: XCTestCase {
    var temporary: TemporaryFolder!
    var folder: URL { temporary.url }
    var log: URL!
    var sink: URL!

    /// 48 kHz stereo, 16-bit: bytes of sound per second at the device.
    let bytesPerSecond = 48_000 * 2 * 2
    /// A point's tone and the gap after it, in seconds (`pointToneDuration` 0.15 s + 0.05 s).
    let toneSeconds = 0.2

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "follow")
        log = folder.appendingPathComponent("log.csv")
        sink = folder.appendingPathComponent("out.raw")
        try "minute,temperature (°C)\n1,4.0\n2,4.5\n3,4.2\n".write(to: log, atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// Appends `text` to the log, as the logger does.
    func append(_ text: String) throws {
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Bytes the device has been given so far.
    func sinkBytes() -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: sink.path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Starts `play --follow` on the log (the chart played in one second) and waits until it follows.
    func startFollowing(_ flags: [String] = []) throws -> RunningProgram {
        let program = try CLIRunner.start(
            ["play", log.path, "--follow", "--duration", "1"] + flags,
            environment: try ALSATestConfiguration(folder: folder).fileSink(sink))
        XCTAssertTrue(program.waitUntil { program.standardError.contains("Following ") }, program.standardError)
        return program
    }

    /// The notes in 16-bit stereo samples (left channel): sound above 1% of full scale after at least 10 ms
    /// below it; with the frequency of each from its zero crossings.
    func notes(_ samples: ArraySlice<Int16>) -> [Double] {
        let left = stride(from: samples.startIndex, to: samples.endIndex - 1, by: 2).map { Double(samples[$0]) / 32_768 }
        var runs: [Range<Int>] = []
        var lastLoud = Int.min / 2
        for (i, v) in left.enumerated() where abs(v) > 0.01 {
            if i - lastLoud > 480 {
                runs.append(i..<(i + 1))
            } else {
                runs[runs.count - 1] = runs[runs.count - 1].lowerBound..<(i + 1)
            }
            lastLoud = i
        }
        return runs.map { run in
            let crossings = run.dropFirst().filter { left[$0 - 1] < 0 && left[$0] >= 0 }
            guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
            return Double(crossings.count - 1) * 48_000 / Double(last - first)
        }
    }

    func testEachNewPointPlaysItsToneAndTheArrivalsAreSaid() throws {
        let program = try startFollowing()
        // The file plugin writes its last period of the chart a moment after "Following" (seen once under load:
        // 188,160 of 192,000 bytes), so the whole second is waited for.
        XCTAssertTrue(program.waitUntil { sinkBytes() >= bytesPerSecond }, "the chart played")
        let chartBytes = sinkBytes()
        XCTAssertEqual(chartBytes, bytesPerSecond, "the chart played once, for one second")

        // One row: its words, and one tone at the top of the pitch range (5.0 is the new highest value).
        try append("4,5.0\n")
        XCTAssertTrue(program.waitUntil { program.standardError.contains("\n4, 5.0 °C\n") }, program.standardError)
        let oneTone = chartBytes + Int(toneSeconds * Double(bytesPerSecond))
        XCTAssertTrue(program.waitUntil { sinkBytes() >= oneTone })

        // Three rows at once: counted in one line, three tones, the last at the bottom (3.0 is the new lowest).
        try append("5,5.5\n6,6.0\n7,3.0\n")
        XCTAssertTrue(
            program.waitUntil { program.standardError.contains("\n3 new points, latest 3.0 °C\n") },
            program.standardError)
        let fourTones = chartBytes + Int(4 * toneSeconds * Double(bytesPerSecond))
        XCTAssertTrue(program.waitUntil { sinkBytes() >= fourTones })

        XCTAssertEqual(kill(program.process.processIdentifier, SIGINT), 0)
        let result = try program.finish(timeout: 10)
        XCTAssertEqual(result.status, 0, "Ctrl+C ends following normally")
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(sinkBytes(), fourTones, "nothing else played")
        let samples = try ALSATestConfiguration.rawSamples(sink)
        let tones = notes(samples[(chartBytes / 2)...])
        XCTAssertEqual(tones.count, 4, "one note per new point")
        XCTAssertEqual(tones.first ?? 0, 1760, accuracy: 20, "5.0 was the highest value: the top pitch")
        XCTAssertEqual(tones.last ?? 0, 220, accuracy: 5, "3.0 is the lowest value: the bottom pitch")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            Array(lines.dropFirst()),
            [
                "Following \(log.path): each new row plays as a tone; Ctrl+C stops.",
                "4, 5.0 °C",
                "3 new points, latest 3.0 °C"
            ])
    }

    func testACutFileIsReadAgainAndAVanishedOneWaitedFor() throws {
        let program = try startFollowing()
        // Cut in place after its second row, in one step (a poll between emptying and writing would see an
        // empty file).
        XCTAssertEqual(truncate(log.path, off_t("minute,temperature (°C)\n1,4.0\n2,4.5\n".utf8.count)), 0)
        XCTAssertTrue(
            program.waitUntil {
                program.standardError.contains("\nlog.csv got shorter; reading it again from the start.\n")
            }, program.standardError)
        try append("3,9.25\n")
        XCTAssertTrue(program.waitUntil { program.standardError.contains("\n3, 9.25 °C\n") }, program.standardError)

        XCTAssertEqual(unlink(log.path), 0)
        XCTAssertTrue(
            program.waitUntil {
                program.standardError.contains("\n\(log.path): the file is gone; waiting for it to come back.\n")
            }, program.standardError)
        try "minute,temperature (°C)\n1,2.0\n2,2.5\n".write(to: log, atomically: true, encoding: .utf8)
        XCTAssertTrue(
            program.waitUntil {
                program.standardError.contains("\nlog.csv can be read again; reading it from the start.\n")
            }, program.standardError)

        XCTAssertEqual(kill(program.process.processIdentifier, SIGTERM), 0)
        let result = try program.finish(timeout: 10)
        XCTAssertEqual(result.status, 0, "SIGTERM ends following normally")
    }

    func testFollowSecondsEndsFollowingByItself() throws {
        let result = try CLIRunner.run(
            ["play", log.path, "--follow", "--duration", "1", "--follow-seconds", "0.5"],
            environment: try ALSATestConfiguration(folder: folder).fileSink(sink), timeout: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stderr.hasSuffix("Following \(log.path): each new row plays as a tone; Ctrl+C stops.\n"),
            result.stderr)
    }

    func testFollowPlaysOneSeriesOfTheWholeFile() throws {
        for flags in [["--all"], ["--from", "2"]] {
            let result = try CLIRunner.run(
                ["play", log.path, "--follow"] + flags,
                environment: try ALSATestConfiguration(folder: folder).fileSink(sink))
            XCTAssertEqual(result.status, 64)
            XCTAssertTrue(
                result.stderr.contains("--follow plays one series of the whole file: leave out --all, --from and --to."),
                result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: sink.path), "nothing played")
    }
}
