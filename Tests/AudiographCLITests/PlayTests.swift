import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `audiograph-cli play` through the real alsa-lib: into its file plugin (ALSA_CONFIG_PATH), the frames
/// must be the WAV `render` writes; without a device, one line and status 69.
final class PlayTests: XCTestCase {
    let data = Repository.data
    var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "play")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// ALSA configurations written into this test's folder.
    var alsa: ALSATestConfiguration { ALSATestConfiguration(folder: folder) }

    /// Renders and plays `file` with `flags`; checks the played frames are the WAV's, sample for sample.
    func assertPlayMatchesRender(_ file: String, _ flags: [String], line: UInt = #line) throws {
        let wav = folder.appendingPathComponent("out.wav"), raw = folder.appendingPathComponent("out.raw")
        let rendered = try CLIRunner.run(["render", file, "-o", wav.path] + flags, in: data)
        XCTAssertEqual(rendered.status, 0, rendered.stderr, line: line)
        let played = try CLIRunner.run(["play", file] + flags, in: data, environment: try alsa.fileSink(raw))
        XCTAssertEqual(played.status, 0, played.stderr, line: line)
        XCTAssertEqual(played.stdout, "", "play keeps standard output clean", line: line)
        let lines = played.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2, played.stderr, line: line)
        XCTAssertTrue(lines[0].hasPrefix("Playing on \"default\": "), played.stderr, line: line)
        let expected = try XCTUnwrap(WAVFile.decodeInt16([UInt8](try Data(contentsOf: wav))), line: line)
        XCTAssertEqual(expected.sampleRate, 48_000, line: line)
        XCTAssertEqual(expected.channels, 2, line: line)
        let captured = try ALSATestConfiguration.rawSamples(raw)
        XCTAssertEqual(captured.count, expected.samples.count, "no frame missing, no padding", line: line)
        XCTAssertTrue(captured == expected.samples, "the played frames are the WAV's data chunk", line: line)
    }

    func testPlayedFramesAreTheRenderedWAVsSamples() throws {
        try assertPlayMatchesRender("births.csv", [])
    }

    func testPlayTakesRendersFlags() throws {
        try assertPlayMatchesRender("sales-by-region.csv", ["--all", "--duration", "3", "--min-hz", "300", "--no-ticks"])
    }

    func testPlayTakesARange() throws {
        try assertPlayMatchesRender("births.csv", ["--from", "1930", "--to", "1945"])
    }

    func testPlayTakesTheReferenceLevelAndSaysSo() throws {
        try assertPlayMatchesRender("births.csv", ["--reference", "median"])
        let raw = folder.appendingPathComponent("median.raw")
        let played = try CLIRunner.run(
            ["play", "births.csv", "--reference", "median"], in: data, environment: try alsa.fileSink(raw))
        XCTAssertEqual(played.status, 0, played.stderr)
        XCTAssertTrue(
            played.stderr.hasPrefix("Playing on \"default\": Birth rate by year: Birth rate, 10.0 s, reference at the median ("),
            played.stderr)
    }

    func testNoSoundDeviceExits69WithOneLine() throws {
        let result = try CLIRunner.run(["play", "births.csv"], in: data, environment: try alsa.environment(""))
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: No sound device could be opened (\"default\": no such device). Connect or enable a sound card, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`.\n"
        )
    }

    func testAnUnknownDeviceIsNamed() throws {
        let raw = folder.appendingPathComponent("out.raw")
        let result = try CLIRunner.run(
            ["play", "births.csv", "--device", "nosuchcard"], in: data, environment: try alsa.fileSink(raw))
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: No sound device could be opened (\"nosuchcard\": no such device). Connect or enable a sound card, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`.\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: raw.path))
    }

    func testTheSystemConfigurationsCardLookupPrintsNothingEither() throws {
        // A card name no machine has, through the distribution's own alsa.conf: alsa-lib's card lookup
        // normally prints "ALSA lib confmisc.c ... Cannot get card index" here.
        let result = try CLIRunner.run(
            ["play", "births.csv", "--device", "plughw:CARD=AudiographNoSuchCard"], in: data,
            environment: ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf"])
        XCTAssertEqual(result.status, 69)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: No sound device could be opened (\"plughw:CARD=AudiographNoSuchCard\": no such device). Connect or enable a sound card, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`.\n"
        )
    }

    func testAMissingFileIsStillReportedAsUnreadable() throws {
        let raw = folder.appendingPathComponent("out.raw")
        let result = try CLIRunner.run(["play", "/nonexistent/births.csv"], environment: try alsa.fileSink(raw))
        XCTAssertEqual(result.status, 66)
        XCTAssertEqual(result.stderr, "audiograph-cli: /nonexistent/births.csv: no such file. Check the name and folder.\n")
    }
}
