// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation
import XCTest

/// A reference level in the MIDI export: its own track of a long quiet note, and wood blocks for crossings.
final class MIDIReferenceTests: XCTestCase {
    /// 480 ticks per quarter note at 120 bpm.
    let ticksPerSecond = 960.0

    func score(_ ys: [Double], level: ReferenceLevel?, kind: ChartKind = .line) -> Score {
        var settings = SonificationSettings()
        settings.referenceLevel = level
        return Sonifier(chart: ChartMaking.chart(kind: kind, ys: ys), settings: settings).score(.single(0))
    }

    func testTheReferenceIsATrackOfOneLongQuietNoteAtItsPitch() throws {
        let score = score([0, 4, 4, 0, 3], level: .mean)
        let reference = try XCTUnwrap(score.references.first)
        let midi = try SMFReader(MIDIFile.encode(score, trackNames: ["Values"]))
        XCTAssertEqual(midi.tracks.map(\.name), [nil, "Values", "Reference: the mean", "Crossings: the mean", "Gridlines"])
        let track = midi.tracks[2]
        XCTAssertEqual(track.channels, [1], "the channel after the series'")
        XCTAssertEqual(track.programs, [MIDIFile.referenceProgram], "a pad, unlike any series' instrument")
        XCTAssertTrue(track.controls.contains { $0 == (6, 12) }, "bend range set as on every track")
        XCTAssertEqual(track.notes.count, 1)
        let note = track.notes[0]
        XCTAssertEqual(note.key, MIDIFile.key(of: reference.frequency))
        XCTAssertEqual(Double(note.start), reference.start * ticksPerSecond, accuracy: 1)
        XCTAssertEqual(Double(note.end), reference.end * ticksPerSecond, accuracy: 1)
        let dataVelocity = try XCTUnwrap(midi.tracks[1].notes.first?.velocity)
        XCTAssertLessThan(
            note.velocity, dataVelocity / 2, "clearly quieter than the data: \(note.velocity) against \(dataVelocity)")
        // The note sits on the nearest key, bent the rest of the way to the level's pitch.
        let semitones = 69 + 12 * log2(reference.frequency / 440)
        let bend = try XCTUnwrap(track.bends.last { $0.tick <= note.start + 1 })
        XCTAssertEqual(Double(note.key) + Double(bend.value - 8192) / 8192 * 12, semitones, accuracy: 0.01)
    }

    func testEachCrossingIsAWoodBlockOnChannelTenHighUpLowDown() throws {
        let score = score([0, 4, 4, 0, 3], level: .value(1))
        XCTAssertEqual(score.crossings.map(\.direction), [.upward, .downward, .upward])
        let midi = try SMFReader(MIDIFile.encode(score, trackNames: ["Values"]))
        let crossings = try XCTUnwrap(midi.tracks.first { $0.name == "Crossings: 1" })
        XCTAssertEqual(crossings.channels, [9], "the percussion channel")
        XCTAssertEqual(crossings.notes.map(\.key), [76, 77, 76], "high wood block up, low wood block down")
        XCTAssertFalse(crossings.notes.contains { $0.key == MIDIFile.gridlineKey }, "never the gridlines' hi-hat")
        for (note, mark) in zip(crossings.notes, score.crossings) {
            XCTAssertEqual(Double(note.start), mark.time * ticksPerSecond, accuracy: 1)
            XCTAssertLessThanOrEqual(note.length, 50, "short")
        }
    }

    func testWithoutALevelTheFileIsAsBefore() throws {
        let plain = score([0, 4, 4, 0, 3], level: nil)
        let midi = try SMFReader(MIDIFile.encode(plain, trackNames: ["Values"]))
        XCTAssertEqual(midi.tracks.map(\.name), [nil, "Values", "Gridlines"])
        let flat = score([5, 6, 7], level: .zero)
        XCTAssertTrue(flat.crossings.isEmpty)
        XCTAssertEqual(
            try SMFReader(MIDIFile.encode(flat, trackNames: ["Values"])).tracks.map(\.name),
            [nil, "Values", "Reference: zero", "Gridlines"], "no crossings, no track for them")
    }
}
