import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `audiograph-cli render`: golden properties of the WAV files it writes for real CSV files.
final class RenderTests: XCTestCase {
    let data = Repository.data
    var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "render")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// Renders `file` (in data/) with `flags` and returns the WAV's samples as floats, left channel first.
    func render(_ file: String, _ flags: [String] = [], name: String = "out.wav") throws -> (
        rate: Int, channels: Int, samples: [Float]
    ) {
        let output = folder.appendingPathComponent(name).path
        let result = try CLIRunner.run(["render", file, "-o", output] + flags, in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Wrote \(output)"), result.stdout)
        let decoded = try XCTUnwrap(WAVFile.decodeInt16(Array(try Data(contentsOf: URL(fileURLWithPath: output)))))
        return (decoded.sampleRate, decoded.channels, decoded.samples.map { Float($0) / 32767 })
    }

    func largestJump(_ samples: [Float], channels: Int) -> Float {
        var jump: Float = 0
        for c in 0..<channels {
            var previous: Float = 0
            for i in stride(from: c, to: samples.count, by: channels) {
                jump = max(jump, abs(samples[i] - previous)); previous = samples[i]
            }
        }
        return jump
    }

    func sineJump(peak: Float, frequency: Double) -> Float { 2 * peak * Float(sin(Double.pi * frequency / 48_000)) }

    /// Frequency of the left channel around `second` from upward zero crossings over 60 ms, in hertz.
    func pitch(_ samples: [Float], at second: Double) -> Double {
        let start = Int(second * 48_000) - 1_440, end = start + 2_880
        var crossings: [Double] = []
        var previous = samples[2 * start]
        for f in (start + 1)..<end {
            let s = samples[2 * f]
            if previous < 0 && s >= 0 { crossings.append(Double(f - 1) + Double(-previous / (s - previous))) }
            previous = s
        }
        return Double(crossings.count - 1) * 48_000 / (crossings.last! - crossings.first!)
    }

    func testBirthsRendersTenSecondsOfStereoAt48kHzWithoutClicksOrClipping() throws {
        let wav = try render("births.csv", ["--no-ticks"])
        XCTAssertEqual(wav.rate, 48_000)
        XCTAssertEqual(wav.channels, 2)
        XCTAssertEqual(wav.samples.count / 2, 480_000, "59 points play for the 10 s maximum")
        let peak = wav.samples.map(abs).max()!
        XCTAssertGreaterThan(peak, 0.25, "loud enough to hear")
        XCTAssertLessThanOrEqual(peak, 0.8913, "under the limiter's ceiling")
        XCTAssertLessThanOrEqual(
            largestJump(wav.samples, channels: 2), sineJump(peak: peak, frequency: 1760) * 1.02,
            "no jump bigger than a sine at the top pitch makes: no clicks")
    }

    func testGridlineTicksStayWithinWhatTheirOwnPitchAllows() throws {
        let wav = try render("births.csv")
        let peak = wav.samples.map(abs).max()!
        XCTAssertLessThanOrEqual(peak, 0.8913)
        // The ticks are short 2.5 kHz blips: the highest frequency in the sound, but still no click.
        XCTAssertLessThanOrEqual(largestJump(wav.samples, channels: 2), sineJump(peak: peak, frequency: 2_500) * 1.02)
        let quiet = try render("births.csv", ["--no-ticks"], name: "quiet.wav")
        XCTAssertNotEqual(wav.samples, quiet.samples, "the ticks are in the sound")
    }

    func testPitchFollowsTheBirthRateInsideTheChosenRange() throws {
        let wav = try render("births.csv", ["--min-hz", "200", "--max-hz", "800", "--no-ticks"])
        // 59 years over 10 s: year k sounds at 10/59 × (k + 0.5) s. 1935 (179, the lowest) and 1960 (268, the highest).
        let slot = 10.0 / 59
        XCTAssertEqual(pitch(wav.samples, at: slot * (18 + 0.5)), 200, accuracy: 4)
        XCTAssertEqual(pitch(wav.samples, at: slot * (43 + 0.5)), 800, accuracy: 8)
        // 1917 (251) sits between: 200 × 4^((251 − 179) / (268 − 179)).
        XCTAssertEqual(pitch(wav.samples, at: slot * 0.3), 200 * pow(4, 72.0 / 89), accuracy: 6)
    }

    func testDurationFlagSetsTheLength() throws {
        XCTAssertEqual(try render("births.csv", ["--duration", "4"]).samples.count / 2, 192_000)
        XCTAssertEqual(try render("coffee.csv", [], name: "coffee.wav").samples.count / 2, 480_000)
    }

    func testEveryExampleRendersEverySeriesAtASimilarLevel() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path).filter { $0.hasSuffix(".csv") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 6)
        for file in files {
            let wav = try render(file, ["--all"], name: file + ".wav")
            let frames = wav.samples.count / 2
            XCTAssertGreaterThan(frames, 48_000, file)
            XCTAssertLessThanOrEqual(frames, 480_000, file)
            let sounding = wav.samples.filter { abs($0) > 1e-3 }
            let rms = (sounding.reduce(0.0) { $0 + Double($1 * $1) } / Double(sounding.count)).squareRoot()
            XCTAssertEqual(20 * log10(rms / 0.2), 0, accuracy: 2.5, "\(file) plays at the common loudness")
            XCTAssertLessThanOrEqual(wav.samples.map(abs).max()!, 0.8913, file)
        }
    }

    func testSoxReadsTheFile() throws {
        let output = folder.appendingPathComponent("sox.wav").path
        XCTAssertEqual(try CLIRunner.run(["render", "rainfall.csv", "--all", "-o", output], in: data).status, 0)
        var answers: [String] = []
        for flag in ["-r", "-c", "-b", "-D"] {
            let sox = Process()
            sox.executableURL = URL(fileURLWithPath: "/usr/bin/soxi")
            sox.arguments = [flag, output]
            let pipe = Pipe()
            sox.standardOutput = pipe
            try sox.run()
            sox.waitUntilExit()
            XCTAssertEqual(sox.terminationStatus, 0, "soxi (from the sox package) must be installed and read the file")
            answers.append(
                String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        XCTAssertEqual(answers, ["48000", "2", "16", "10.000000"])
    }

    func testSeriesByNameAndAllSeriesSoundDifferent() throws {
        let tropical = try render("rainfall.csv", ["--series", "Tropical", "--no-ticks"], name: "a.wav")
        let dry = try render("rainfall.csv", ["--series", "dry", "--no-ticks"], name: "b.wav")
        let second = try render("rainfall.csv", ["--series", "2", "--no-ticks"], name: "c.wav")
        let both = try render("rainfall.csv", ["--all", "--no-ticks"], name: "d.wav")
        XCTAssertNotEqual(tropical.samples, dry.samples)
        XCTAssertEqual(dry.samples, second.samples, "a name and a number choose the same series")
        // Together, the two series sit on different sides.
        let left = stride(from: 0, to: both.samples.count, by: 2).map { both.samples[$0] }
        let right = stride(from: 1, to: both.samples.count, by: 2).map { both.samples[$0] }
        XCTAssertNotEqual(left, right)
        let sequential = try render("rainfall.csv", ["--all", "--arrangement", "sequential"], name: "e.wav")
        XCTAssertEqual(sequential.samples.count / 2, Int(20.5 * 48_000), "12 months twice, with half a second between")
    }

    func testUnknownSeriesNamesTheSeriesThereAre() throws {
        let result = try CLIRunner.run(
            ["render", "rainfall.csv", "--series", "Arctic", "-o", folder.appendingPathComponent("x.wav").path], in: data)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(
            result.stderr.contains("No series is called \"Arctic\". This chart has \"Tropical\" and \"Dry\"."), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.wav").path))
    }

    func testBadPitchesAndDurationsAreRefusedClearly() throws {
        let out = folder.appendingPathComponent("x.wav").path
        let inverted = try CLIRunner.run(["render", "births.csv", "--min-hz", "900", "--max-hz", "300", "-o", out], in: data)
        XCTAssertEqual(inverted.status, 64)
        XCTAssertTrue(inverted.stderr.contains("The lowest pitch (900 Hz) must be below the highest (300 Hz)."), inverted.stderr)
        let inaudible = try CLIRunner.run(["render", "births.csv", "--max-hz", "50000", "-o", out], in: data)
        XCTAssertEqual(inaudible.status, 64)
        XCTAssertTrue(inaudible.stderr.contains("between 20 and 20000 Hz"), inaudible.stderr)
        let long = try CLIRunner.run(["render", "births.csv", "--duration", "7200", "-o", out], in: data)
        XCTAssertEqual(long.status, 64)
        XCTAssertTrue(long.stderr.contains("The duration must be between 0.5 and 600 seconds."), long.stderr)
        let both = try CLIRunner.run(["render", "births.csv", "--all", "--series", "x", "-o", out], in: data)
        XCTAssertEqual(both.status, 64)
    }

    func testNeverWritesOverTheDataFile() throws {
        let copy = folder.appendingPathComponent("births.csv")
        try FileManager.default.copyItem(at: data.appendingPathComponent("births.csv"), to: copy)
        let before = try Data(contentsOf: copy)
        let result = try CLIRunner.run(["render", "births.csv", "-o", "./births.csv"], in: folder)
        XCTAssertEqual(result.status, 64)
        XCTAssertTrue(result.stderr.contains("would replace the data file"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: copy), before)
    }

    func testAnUnwritableOutputSaysSoAndLeavesNoFile() throws {
        let result = try CLIRunner.run(["render", "births.csv", "-o", "/nonexistent-folder/out.wav"], in: data)
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: Could not write the sound file /nonexistent-folder/out.wav: the folder /nonexistent-folder does not exist. Choose another folder or file name.\n"
        )
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1)
    }

    /// The disk fills up mid-write (simulated with a 256 KB file size limit: writes fail with EFBIG, as they
    /// would with ENOSPC): a clear message, the earlier file untouched, no half file or temporary file left.
    func testADiskThatFillsUpWhileWritingLeavesNoHalfFile() throws {
        let output = folder.appendingPathComponent("out.wav")
        try Data("earlier".utf8).write(to: output)
        let limited = ["/bin/bash", "-c", #"trap "" XFSZ; ulimit -f 256; exec "$0" "$@""#]
        let result = try CLIRunner.run(["render", "births.csv", "-o", output.path], in: data, wrapper: limited)
        XCTAssertEqual(result.status, 73, result.stderr)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: Could not write the sound file \(output.path): File too large. Choose another folder or file name.\n"
        )
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.wav"])
        XCTAssertEqual(try Data(contentsOf: output), Data("earlier".utf8))
    }

    func testReplacesAnEarlierFileWholeAndLeavesNoTemporaryFiles() throws {
        let output = folder.appendingPathComponent("out.wav")
        try Data(repeating: 7, count: 5_000_000).write(to: output)
        _ = try render("coffee.csv")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.wav"])
        XCTAssertEqual(try Data(contentsOf: output).count, 44 + 480_000 * 4)
    }

    func testAMissingFileGetsTheSameMessageAsDescribe() throws {
        let result = try CLIRunner.run(["render", "nope.csv", "-o", folder.appendingPathComponent("x.wav").path], in: data)
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.stderr.hasPrefix("audiograph-cli: "), result.stderr)
        XCTAssertTrue(result.stderr.contains("nope.csv"))
    }
}
