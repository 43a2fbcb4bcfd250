// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation
import XCTest

/// A small Standard MIDI File reader, independent of the writer: chunks, variable-length deltas, running
/// status, meta and channel events with absolute ticks.
struct SMFReader {
    struct Event {
        /// Ticks from the start of the track.
        var tick: Int
        /// The status byte (0xFF for a meta event).
        var status: UInt8
        /// Channel events: the data bytes; meta events: the type byte then the data.
        var data: [UInt8]

        var kind: UInt8 { status & 0xF0 }
        var channel: Int { Int(status & 0x0F) }
    }

    struct Note {
        var channel: Int
        var key: Int
        var velocity: Int
        var start: Int
        var end: Int
        var length: Int { end - start }
    }

    struct Track {
        var events: [Event]

        var name: String? {
            events.first { $0.status == 0xFF && $0.data.first == 0x03 }.map {
                String(decoding: $0.data.dropFirst(), as: UTF8.self)
            }
        }
        var programs: [Int] { events.filter { $0.kind == 0xC0 }.map { Int($0.data[0]) } }
        var bends: [(tick: Int, value: Int)] {
            events.filter { $0.kind == 0xE0 }.map { ($0.tick, Int($0.data[0]) | Int($0.data[1]) << 7) }
        }
        var controls: [(number: Int, value: Int)] { events.filter { $0.kind == 0xB0 }.map { (Int($0.data[0]), Int($0.data[1])) } }
        var channels: Set<Int> { Set(events.filter { $0.status < 0xF0 }.map(\.channel)) }
        var endOfTrack: Event? { events.last.flatMap { $0.status == 0xFF && $0.data.first == 0x2F ? $0 : nil } }

        /// Notes paired on/off per channel and key (a note-on of velocity 0 is a note-off), in start order.
        var notes: [Note] {
            var open: [Int: [Note]] = [:]
            var done: [Note] = []
            for e in events where e.kind == 0x90 || e.kind == 0x80 {
                let id = e.channel << 8 | Int(e.data[0])
                if e.kind == 0x90 && e.data[1] > 0 {
                    open[id, default: []].append(
                        Note(
                            channel: e.channel, key: Int(e.data[0]), velocity: Int(e.data[1]),
                            start: e.tick, end: e.tick))
                } else if var note = open[id]?.first {
                    open[id]!.removeFirst()
                    note.end = e.tick
                    done.append(note)
                }
            }
            return done.sorted { $0.start < $1.start }
        }
    }

    var format = 0
    var division = 0
    var tracks: [Track] = []

    enum Failure: Error { case malformed(String) }

    init(_ bytes: [UInt8]) throws {
        var at = 0
        func need(_ n: Int) throws { if at + n > bytes.count { throw Failure.malformed("short at \(at)") } }
        func u32() throws -> Int { try need(4); defer { at += 4 }; return bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        func u16() throws -> Int { try need(2); defer { at += 2 }; return Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func id() throws -> String { try need(4); defer { at += 4 }; return String(decoding: bytes[at..<at + 4], as: UTF8.self) }
        func vlq() throws -> Int {
            var value = 0
            for _ in 0..<4 {
                try need(1)
                let b = bytes[at]; at += 1
                value = value << 7 | Int(b & 0x7F)
                if b & 0x80 == 0 { return value }
            }
            throw Failure.malformed("variable-length quantity over 4 bytes")
        }
        guard try id() == "MThd", try u32() == 6 else { throw Failure.malformed("no MThd") }
        format = try u16()
        let count = try u16()
        division = try u16()
        for _ in 0..<count {
            guard try id() == "MTrk" else { throw Failure.malformed("no MTrk") }
            let length = try u32()
            let end = at + length
            var events: [Event] = []
            var tick = 0
            var running: UInt8 = 0
            while at < end {
                tick += try vlq()
                try need(1)
                var status = bytes[at]
                if status & 0x80 != 0 { at += 1 } else { status = running }
                if status == 0xFF {
                    try need(1)
                    let type = bytes[at]; at += 1
                    let length = try vlq()
                    try need(length)
                    events.append(Event(tick: tick, status: status, data: [type] + bytes[at..<at + length]))
                    at += length
                } else {
                    running = status
                    let size = (status & 0xF0 == 0xC0 || status & 0xF0 == 0xD0) ? 1 : 2
                    try need(size)
                    events.append(Event(tick: tick, status: status, data: Array(bytes[at..<at + size])))
                    at += size
                }
            }
            guard at == end else { throw Failure.malformed("track overran its length") }
            tracks.append(Track(events: events))
        }
        guard at == bytes.count else { throw Failure.malformed("bytes after the last track") }
    }
}

/// The MIDI export: a format 1 file with a track per series, read back with `SMFReader`.
final class MIDIFileTests: XCTestCase {
    /// 480 ticks per quarter note at 120 bpm.
    let ticksPerSecond = 960.0

    func read(_ score: Score, names: [String] = ["first", "second", "third"]) throws -> SMFReader {
        try SMFReader(MIDIFile.encode(score, trackNames: names))
    }

    func testHeaderIsFormat1At480TicksWithAConductorATrackPerSeriesAndGridlines() throws {
        let chart = ChartMaking.chart(
            series: [("a", [0, 1, 2, 3], [1, 2, 3, 4]), ("b", [0, 1, 2, 3], [4, 3, 2, 1])],
            xGridlines: [0, 1, 2, 3])
        let score = Sonifier(chart: chart).score(.all)
        XCTAssertFalse(score.ticks.isEmpty)
        let midi = try read(score, names: ["Alpha", "Beta"])
        XCTAssertEqual(midi.format, 1)
        XCTAssertEqual(midi.division, 480)
        XCTAssertEqual(midi.tracks.count, 4, "conductor, two series, gridlines")
        XCTAssertEqual(midi.tracks.map(\.name), [nil, "Alpha", "Beta", "Gridlines"])
        let conductor = midi.tracks[0].events
        XCTAssertTrue(
            conductor.contains { $0.status == 0xFF && $0.data == [0x51, 0x07, 0xA1, 0x20] }, "tempo 500,000 µs: 120 bpm")
        XCTAssertTrue(conductor.contains { $0.status == 0xFF && $0.data.prefix(3) == [0x58, 4, 2] }, "4/4")
        for track in midi.tracks {
            let end = try XCTUnwrap(track.endOfTrack, "every track ends with end-of-track")
            XCTAssertEqual(Double(end.tick), score.duration * ticksPerSecond, accuracy: 1)
        }
        XCTAssertEqual(midi.tracks[1].channels, [0])
        XCTAssertEqual(midi.tracks[2].channels, [1])

        var quiet = SonificationSettings()
        quiet.playsGridlineTicks = false
        XCTAssertEqual(
            try read(Sonifier(chart: chart, settings: quiet).score(.all)).tracks.count, 3, "no gridlines, no track for them")
        XCTAssertEqual(
            try read(Sonifier(chart: chart, settings: quiet).score(.single(1))).tracks.map(\.name), [nil, "second"],
            "names are indexed by the chart's series")
    }

    func testDiscreteSeriesIsOneNotePerPointWithEachTonesLength() throws {
        let sizeAxis = NumericAxis(title: "Price", range: 10...50, formatter: ValueFormatter())
        let chart = ChartMaking.chart(
            kind: .scatter, series: [("s", [0, 1, 2, 3, 4], [1, 2, 3, 4, 5])],
            additionalAxes: [.numeric(sizeAxis)],
            additional: [[.numeric([30, 10, 50, .nan, 20])]])
        let score = Sonifier(chart: chart).score(.single(0))
        let notes = try read(score).tracks[1].notes
        XCTAssertEqual(notes.count, 5)
        for (note, tone) in zip(notes, score.tones) {
            XCTAssertEqual(Double(note.start), tone.start * ticksPerSecond, accuracy: 1)
            XCTAssertEqual(Double(note.length), tone.duration * ticksPerSecond, accuracy: 1, "the size column sets the length")
            XCTAssertEqual(note.key, MIDIFile.key(of: tone.lowestFrequency))
            XCTAssertEqual(note.velocity, 90, "gain 0.5 on the General MIDI curve")
        }
        XCTAssertEqual(Set(notes.map(\.length)).count, 5, "five sizes (one missing), five lengths")
        XCTAssertEqual(notes.map(\.key), notes.map(\.key).sorted(), "a rising series gives rising keys")
    }

    func testLineIsOneNotePerPointGlidingWithPitchBends() throws {
        let ys: [Double] = [3, 5, 4, 8, 10, 9, 1]
        let score = Sonifier(chart: ChartMaking.chart(ys: ys)).score(.single(0))
        XCTAssertEqual(score.tones.count, 1, "one gliding tone")
        let track = try read(score).tracks[1]
        let notes = track.notes
        XCTAssertEqual(notes.count, ys.count, "a note per data point")
        // Keys follow the data: a higher value never has a lower key.
        for i in ys.indices { for j in ys.indices where ys[i] < ys[j] { XCTAssertLessThanOrEqual(notes[i].key, notes[j].key) } }
        XCTAssertEqual(notes[6].key, 57, "the lowest value is 220 Hz, A3")
        XCTAssertEqual(notes[4].key, 93, "the highest is 1760 Hz, A6")
        // Legato: each note ends where the next starts, and together they last the tone.
        for k in notes.indices.dropLast() { XCTAssertEqual(notes[k].end, notes[k + 1].start) }
        let tone = score.tones[0]
        XCTAssertEqual(Double(notes.first!.start), tone.start * ticksPerSecond, accuracy: 1)
        XCTAssertEqual(Double(notes.last!.end), tone.end * ticksPerSecond, accuracy: 1)
        // Each note (after the first, which has the lead-in) lasts from its point's time to the next one's.
        for k in 1..<notes.count {
            XCTAssertEqual(Double(notes[k].length), (tone.path[k + 2].time - tone.path[k + 1].time) * ticksPerSecond, accuracy: 1)
        }
        // RPN 0 sets the bend range to ±12 semitones before any note.
        XCTAssertEqual(track.controls.prefix(4).map(\.number), [101, 100, 6, 38])
        XCTAssertEqual(track.controls.prefix(4).map(\.value), [0, 0, 12, 0])
        // The glide is in the bends: many, every 20 ms or so, rising while the data rise (3 → 5).
        let bends = track.bends
        XCTAssertGreaterThan(bends.count, 100)
        let rising = bends.filter { $0.tick > notes[0].start + 500 && $0.tick < notes[0].end }.map(\.value)
        XCTAssertGreaterThan(rising.count, 10)
        XCTAssertEqual(rising, rising.sorted())
        XCTAssertGreaterThan(rising.last!, rising.first!)
        let gaps = zip(bends.dropFirst(), bends).map { $0.tick - $1.tick }.sorted()
        XCTAssertEqual(gaps[gaps.count / 2], 19, "a bend every 20 ms (19.2 ticks)")
        // At each note's start the bend takes the pitch from the key to the point's exact pitch (under half a semitone).
        for note in notes {
            let atStart = try XCTUnwrap(bends.last { $0.tick <= note.start })
            XCTAssertLessThanOrEqual(abs(atStart.value - 8192), 8192 / 24 + 1)
        }
    }

    func testABendBeyondTwelveSemitonesIsClampedToTheRange() throws {
        // One point gliding three octaves up (220 → 1760 Hz): one note, its bend held at the top of the range.
        let tone = Tone(
            series: 0, timbre: .pure, pan: 0, gain: 0.5,
            path: [PitchPoint(time: 0, frequency: 220), PitchPoint(time: 1, frequency: 1760)],
            attack: 0.01, release: 0.01, points: 0...0)
        let track = try read(Score(duration: 1, tones: [tone])).tracks[1]
        XCTAssertEqual(track.notes.count, 1)
        XCTAssertEqual(track.notes[0].key, 57)
        let values = track.bends.map(\.value)
        XCTAssertEqual(values.max(), 16383, "clamped at +12 semitones")
        XCTAssertTrue(values.allSatisfy { (0...16383).contains($0) })
        XCTAssertEqual(values, values.sorted())
        XCTAssertEqual(values.last, 16383, "the part beyond the range stays at the top")
        let top = try XCTUnwrap(track.bends.first { $0.value == 16383 })
        XCTAssertEqual(Double(top.tick), 960.0 / 3, accuracy: 20, "12 of the 36 semitones are reached a third of the way")
    }

    func testEveryTimbreHasItsGeneralMIDIProgramAndSeriesTheirOwnChannelNeverTen() throws {
        XCTAssertEqual(
            Timbre.allCases.map(MIDIFile.program(for:)), [73, 79, 71, 40, 16, 68],
            "Flute, Ocarina, Clarinet, Violin, Drawbar Organ, Oboe (0-based)")
        // A category column changes the timbre from note to note: a program change before each change.
        let countries = CategoricalAxis(title: "Country", categories: ["USA", "Germany", "Italy", "Japan", "France", "Korea"])
        let chart = ChartMaking.chart(
            kind: .scatter, series: [("cars", [0, 1, 2, 3, 4, 5, 6], [5, 3, 4, 2, 6, 1, 7])],
            additionalAxes: [.categorical(countries)],
            additional: [[.categorical([0, 1, 2, 3, 4, 5, 1])]])
        let track = try read(Sonifier(chart: chart).score(.single(0))).tracks[1]
        XCTAssertEqual(track.programs, [73, 79, 71, 40, 16, 68, 79])
        XCTAssertEqual(track.notes.count, 7)
        // Twenty series: each its own track on a melodic channel, the first fifteen on fifteen channels.
        let many = (0..<20).map { ("s\($0)", [0.0, 1], [Double($0), Double($0 + 1)]) }
        let score = Sonifier(chart: ChartMaking.chart(series: many, xGridlines: [])).score(.all)
        let tracks = try read(score, names: many.map(\.0)).tracks
        XCTAssertEqual(tracks.count, 21)
        let channels = tracks.dropFirst().map { $0.channels.sorted() }
        XCTAssertTrue(channels.allSatisfy { $0.count == 1 && $0[0] != 9 }, "\(channels)")
        XCTAssertEqual(Set(channels.prefix(15).map { $0[0] }).count, 15)
        XCTAssertEqual(tracks[1].programs, [MIDIFile.program(for: Timbre.palette[0])])
        XCTAssertEqual(tracks[2].programs, [MIDIFile.program(for: Timbre.palette[1])])
    }

    func testGridlineTicksAreShortClosedHiHatsOnChannelTen() throws {
        let chart = ChartMaking.chart(
            series: [("s", (0...20).map(Double.init), (0...20).map { Double($0 % 7) })],
            xGridlines: [0, 5, 10, 15, 20])
        let score = Sonifier(chart: chart).score(.single(0))
        let midi = try read(score)
        XCTAssertEqual(midi.tracks.count, 3)
        let gridlines = midi.tracks[2]
        XCTAssertEqual(gridlines.name, "Gridlines")
        XCTAssertEqual(gridlines.channels, [9], "channel 10, percussion")
        XCTAssertEqual(gridlines.notes.count, 5)
        for (note, tick) in zip(gridlines.notes, score.ticks) {
            XCTAssertEqual(note.key, 42, "closed hi-hat")
            XCTAssertEqual(Double(note.start), tick.time * ticksPerSecond, accuracy: 1)
            XCTAssertLessThanOrEqual(note.length, 48, "short: at most 50 ms")
        }
        XCTAssertFalse(midi.tracks[1].channels.contains(9))
    }

    func testVelocityFollowsGainAndKeysTheNearestSemitone() {
        XCTAssertEqual(MIDIFile.velocity(of: 1), 127)
        XCTAssertEqual(MIDIFile.velocity(of: 0.5), 90)
        XCTAssertEqual(MIDIFile.velocity(of: 0.25), 64)
        XCTAssertEqual(MIDIFile.velocity(of: 0), 1, "never 0, which would be a note-off")
        XCTAssertEqual(MIDIFile.velocity(of: 4), 127)
        XCTAssertEqual(MIDIFile.key(of: 440), 69)
        XCTAssertEqual(MIDIFile.key(of: 261.63), 60)
        XCTAssertEqual(MIDIFile.key(of: 440 * pow(2, 0.49 / 12)), 69)
        XCTAssertEqual(MIDIFile.key(of: 440 * pow(2, 0.51 / 12)), 70)
        XCTAssertEqual(MIDIFile.key(of: 20_000), 127)
        XCTAssertEqual(MIDIFile.key(of: 1), 0)
    }

    func testWriteReplacesTheFileWholeAndSaysWhyWhenItCannot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("midi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let score = Sonifier(chart: ChartMaking.chart(ys: [1, 2, 3])).score(.single(0))
        let path = folder.appendingPathComponent("out.mid").path
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: path))
        try MIDIFile.write(score, trackNames: ["values"], to: path)
        XCTAssertEqual(Array(try Data(contentsOf: URL(fileURLWithPath: path))), MIDIFile.encode(score, trackNames: ["values"]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.mid"])

        XCTAssertThrowsError(try MIDIFile.write(score, trackNames: [], to: "/nonexistent-folder/out.mid")) { error in
            XCTAssertEqual((error as? WAVWriteError)?.path, "/nonexistent-folder/out.mid")
            XCTAssertEqual((error as? WAVWriteError)?.reason, "the folder /nonexistent-folder does not exist")
        }
        let cancelled = CancellationFlag()
        cancelled.cancel()
        let other = folder.appendingPathComponent("other.mid").path
        XCTAssertThrowsError(try MIDIFile.write(score, trackNames: [], to: other, cancellation: cancelled)) { error in
            XCTAssertTrue(error is WAVWriteCancelled)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.mid"])
    }
}
