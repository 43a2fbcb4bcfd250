import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// `audiograph-cli render --format midi`: the files it writes for real CSV files, read back by mido (an
/// independent MIDI library, through Tests/midi/read_midi.py). Fails, not skips, when mido is missing
/// (scripts/install-deps.sh installs it).
final class MIDIExportTests: XCTestCase {
    let data = Repository.data
    var temporary: TemporaryFolder!
    var folder: URL { temporary.url }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The keys are the JSON's, written by the Python reader of the MIDI file.
    struct Summary: Decodable {
        struct File: Decodable {
            var type: Int
            var ticks_per_beat: Int
            var tempos: [Int]
            var seconds: Double
            var tracks: [Track]
        }
        struct Track: Decodable {
            var name: String?
            var channels: [Int]
            var programs: [Int]
            var pitch_bends: Int
            var controls: [[Int]]
            var notes: [Note]
        }
        struct Note: Decodable {
            var channel: Int
            var key: Int
            var velocity: Int
            var start: Int
            var length: Int
        }
        var files: [File]
    }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "midi")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    /// Renders `file` (in data/) to `name` with `flags`; the path written.
    func render(_ file: String, _ flags: [String], name: String) throws -> String {
        let output = folder.appendingPathComponent(name).path
        let result = try CLIRunner.run(["render", file, "-o", output] + flags, in: data)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("Wrote \(output) ("), result.stdout)
        return output
    }

    /// What mido reads in the MIDI file at `path`.
    func readWithMido(_ path: String) throws -> Summary.File {
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", Repository.root.appendingPathComponent("Tests/midi/read_midi.py").path, path]
        let out = Pipe(), err = Pipe()
        python.standardOutput = out
        python.standardError = err
        try python.run()
        let json = out.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0, "python3 with mido must read the file: \(message)")
        return try XCTUnwrap(try JSONDecoder().decode(Summary.self, from: json).files.first)
    }

    /// The numbers of column `column` of a plain CSV file in data/ (no quoted commas in the numbers).
    func values(_ file: String, column: Int) throws -> [Double] {
        let text = try String(contentsOf: data.appendingPathComponent(file), encoding: .utf8)
        return text.split(separator: "\n").dropFirst().map { line in
            Double(line.split(separator: ",", omittingEmptySubsequences: false)[column]) ?? .nan
        }
    }

    /// Every pair of values: the larger never has the lower key.
    func assertKeysFollow(_ values: [Double], _ notes: [Summary.Note], _ what: String) {
        XCTAssertEqual(values.count, notes.count, what)
        for i in values.indices {
            for j in values.indices where values[i] < values[j] {
                XCTAssertLessThanOrEqual(notes[i].key, notes[j].key, "\(what): \(values[i]) < \(values[j])")
            }
        }
    }

    func testBirthsLineIsOneTrackOfANotePerYearFollowingTheRate() throws {
        let midi = try readWithMido(try render("births.csv", [], name: "births.mid"))
        XCTAssertEqual(midi.type, 1)
        XCTAssertEqual(midi.ticks_per_beat, 480)
        XCTAssertEqual(midi.tempos, [500_000], "120 bpm")
        XCTAssertEqual(midi.seconds, 10, accuracy: 0.01, "as long as the sound")
        XCTAssertEqual(midi.tracks.map(\.name), [nil, "Birth rate", "Gridlines"], "conductor, the series, gridlines")
        let series = midi.tracks[1]
        let rates = try values("births.csv", column: 1)
        XCTAssertEqual(rates.count, 59)
        XCTAssertEqual(series.notes.count, 59, "a note per year")
        assertKeysFollow(rates, series.notes, "births")
        XCTAssertTrue(series.notes.allSatisfy { $0.length > 0 })
        XCTAssertEqual(series.programs, [73], "pure: General MIDI Flute")
        XCTAssertGreaterThan(series.pitch_bends, 100, "the line glides")
        XCTAssertTrue(series.controls.contains([6, 12]), "bend range of 12 semitones")
        XCTAssertEqual(series.channels, [0])
        XCTAssertEqual(midi.tracks[2].channels, [9], "gridlines on the percussion channel")
        XCTAssertFalse(midi.tracks[2].notes.isEmpty)
    }

    func testEverySeriesOfVirginiaDeathsIsATrackOfItsOwn() throws {
        let midi = try readWithMido(try render("virginia-deaths.csv", ["--all", "--format", "midi"], name: "deaths.out"))
        XCTAssertEqual(midi.type, 1)
        let names = ["Rural men", "Rural women", "Urban men", "Urban women"]
        XCTAssertEqual(midi.tracks.map(\.name), [nil] + names, "conductor and four series (bars have no gridlines)")
        var channels: Set<Int> = []
        for (k, track) in midi.tracks.dropFirst().enumerated() {
            let rates = try values("virginia-deaths.csv", column: k + 1)
            XCTAssertEqual(track.notes.count, 5, "\(names[k]): a note per age group")
            assertKeysFollow(rates, track.notes, names[k])
            XCTAssertTrue(track.notes.allSatisfy { $0.length > 0 }, names[k])
            XCTAssertEqual(track.programs.count, 1, names[k])
            XCTAssertEqual(track.channels.count, 1, names[k])
            XCTAssertFalse(track.channels.contains(9), "never the percussion channel")
            channels.formUnion(track.channels)
        }
        XCTAssertEqual(channels.count, 4, "a channel per series")
        XCTAssertEqual(Set(midi.tracks.dropFirst().flatMap(\.programs)).count, 4, "an instrument per series")
    }

    func testTheOutputsNameChoosesTheFormatUnlessFormatSaysOtherwise() throws {
        for (name, flags, isMIDI) in [
            ("a.mid", [String](), true), ("b.MIDI", [], true), ("c.wav", [], false),
            ("d.mid", ["--format", "wav"], false), ("e.sound", [], false)
        ] {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: try render("rainfall.csv", flags, name: name)))
            XCTAssertEqual(String(decoding: bytes.prefix(4), as: UTF8.self), isMIDI ? "MThd" : "RIFF", name)
        }
    }

    func testAReferenceLevelIsATrackOfItsOwnAndItsCrossingsWoodBlocks() throws {
        let midi = try readWithMido(try render("births.csv", ["--reference", "200"], name: "births-200.mid"))
        XCTAssertEqual(
            midi.tracks.map(\.name),
            [
                nil, "Birth rate", "Reference: 200 births per 10,000 people",
                "Crossings: 200 births per 10,000 people", "Gridlines"
            ])
        let reference = midi.tracks[2]
        XCTAssertEqual(reference.notes.count, 1, "one long note")
        XCTAssertEqual(Double(reference.notes[0].length), 10 * 960, accuracy: 1, "as long as the series plays")
        XCTAssertEqual(reference.programs, [89], "Pad 2 (warm)")
        XCTAssertEqual(reference.channels, [1])
        XCTAssertLessThan(reference.notes[0].velocity, midi.tracks[1].notes[0].velocity / 2, "quiet")
        let chart = try ChartDocument.open(path: data.appendingPathComponent("births.csv").path).chart
        let crossings = LevelCrossings.find(in: chart.series[0], level: 200)
        XCTAssertGreaterThan(crossings.count, 0)
        let marks = midi.tracks[3]
        XCTAssertEqual(marks.channels, [9])
        XCTAssertEqual(marks.notes.map(\.key), crossings.map { $0.direction == .upward ? 76 : 77 })
    }

    func testAnUnwritableMIDIFileSaysSoWithStatus73() throws {
        let result = try CLIRunner.run(["render", "births.csv", "-o", "/nonexistent-folder/out.mid"], in: data)
        XCTAssertEqual(result.status, 73)
        XCTAssertEqual(
            result.stderr,
            "audiograph-cli: Could not write the sound file /nonexistent-folder/out.mid: the folder /nonexistent-folder does not exist. Choose another folder or file name.\n"
        )
    }
}
