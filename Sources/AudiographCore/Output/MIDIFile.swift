// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes a score as a Standard MIDI File (format 1, 480 ticks per quarter note at 120 bpm: 960 ticks a second).
///
/// Track 1 is the conductor (tempo and a 4/4 time signature). Then one track per played series, in the
/// order of `score.layouts` (then any other series the tones name, for scores made without layouts), each
/// with its name, its own channel (never channel 10), a General MIDI program for its timbre and a pitch-bend
/// range of ±12 semitones set by RPN 0. When the score has reference tones, a track "Reference: the mean"
/// (named after the level) on the next channel, a quiet long note per reference tone played by a pad, and a
/// track "Crossings: the mean" on the percussion channel (10) with a wood block per crossing mark (high for
/// an upward crossing, low for a downward one). Last, when the score has gridline ticks, a track
/// "Gridlines" on the percussion channel with a short quiet closed hi-hat per tick. Every track ends with
/// end-of-track, at the score's duration at the earliest, so the file lasts as long as the sound.
///
/// Notes: a tone of two breakpoints or of one data point (a discrete note, a candle, a box's note) is one
/// note from its start to its end. A tone of several points (a line's glide) is one note per point: a note
/// starts at each breakpoint but the first and last, the first note also covering the lead-in from the
/// tone's start and each lasting until the next starts, the last until the tone's end. A note's key is the
/// nearest semitone of the pitch it starts on (69 + 12·log2(f / 440 Hz), clamped to 0…127); pitch bends
/// every 20 ms carry its pitch through the path as the sound does, and any bend beyond ±12 semitones from
/// the key (a jump of more than an octave between two points) is clamped there. Tones of one series that
/// sound at once share their channel: the first one sounding owns the bend, so a later one (a candle's
/// high and low under its glide) is heard at its nearest semitone and moves with the first one's bend.
///
/// Timbres become General MIDI programs (1-based, as instrument lists number them; `program(for:)` gives
/// the 0-based byte): pure → 74 Flute, soft → 80 Ocarina, hollow → 72 Clarinet, bright → 41 Violin,
/// organ → 17 Drawbar Organ, reedy → 69 Oboe. A series whose notes change timbre (a category column) gets a
/// program change before each note whose timbre differs from the one before.
public enum MIDIFile {
    /// Time division, in ticks per quarter note.
    public static let ticksPerQuarter = 480
    /// Tempo, in microseconds per quarter note (120 bpm).
    static let microsecondsPerQuarter = 500_000
    /// Ticks per second at that tempo and division: 960.
    static let ticksPerSecond = Double(ticksPerQuarter) * 1_000_000 / Double(microsecondsPerQuarter)
    /// Pitch-bend range set on every series channel, in semitones either way.
    public static let bendRange = 12
    /// Time between pitch bends along a glide, in seconds.
    static let bendInterval = 0.02
    /// The percussion channel (channel 10, counted from 0).
    public static let percussionChannel = 9
    /// Key of a gridline tick on the percussion channel: 42, closed hi-hat.
    public static let gridlineKey = 42
    /// Velocity of a gridline tick (quiet, as the sound's ticks are).
    static let gridlineVelocity = 40
    /// Length of a gridline tick, in seconds.
    static let gridlineLength = 0.03
    /// General MIDI program of the reference tone, counted from 0: 90 Pad 2 (warm), a plain sustained sound
    /// unlike every series' instrument.
    public static let referenceProgram = 89
    /// Keys of a crossing mark on the percussion channel: 76, high wood block, for an upward crossing and 77,
    /// low wood block, for a downward one (both short on every kit, and unlike the gridlines' hi-hat).
    public static let crossingKeys = (upward: 76, downward: 77)
    /// Velocity of a crossing mark: heard over the data, under its loudest notes.
    static let crossingVelocity = 70
    /// Length of a crossing mark, in seconds.
    static let crossingLength = 0.05
    /// The 15 channels series take in turn (counted from 0): every channel but the percussion one.
    static let melodicChannels = Array(0..<16).filter { $0 != percussionChannel }

    /// The General MIDI program of `timbre`, counted from 0 (the byte of a program change).
    public static func program(for timbre: Timbre) -> Int {
        switch timbre {
        case .pure: return 73  // Flute
        case .soft: return 79  // Ocarina
        case .hollow: return 71  // Clarinet
        case .bright: return 40  // Violin
        case .organ: return 16  // Drawbar Organ
        case .reedy: return 68  // Oboe
        }
    }

    /// The channel (counted from 0) of the series track at `index` among the series tracks; never 9, the
    /// percussion channel. Past 15 series, channels are shared in turn.
    public static func channel(forTrack index: Int) -> Int { melodicChannels[index % melodicChannels.count] }

    /// The MIDI key of `frequency` in hertz as a fractional semitone: 69 is A 440 Hz.
    static func semitone(of frequency: Double) -> Double { 69 + 12 * log2(max(frequency, 1e-9) / 440) }

    /// The nearest MIDI key of `frequency` in hertz, clamped to 0…127.
    public static func key(of frequency: Double) -> Int { min(127, max(0, Int(semitone(of: frequency).rounded()))) }

    /// The velocity (1…127) of a tone of linear amplitude `gain`, on the General MIDI curve (amplitude ∝
    /// velocity²): gain 1 is 127, the single series' 0.5 is 90.
    public static func velocity(of gain: Double) -> Int {
        min(127, max(1, Int((127 * max(0, gain).squareRoot()).rounded())))
    }

    /// The tick of `seconds` from the start of the score (never before 0).
    static func tick(_ seconds: Double) -> Int { max(0, Int((seconds * ticksPerSecond).rounded())) }

    /// The 14-bit pitch-bend value (0…16383, 8192 centred) that raises a key by `semitones`, clamped to the range.
    static func bendValue(semitones: Double) -> Int {
        min(16383, max(0, 8192 + Int((semitones / Double(bendRange) * 8192).rounded())))
    }

    /// The whole Standard MIDI File for `score`, as bytes; `trackNames[s]` names series `s`'s track (a
    /// series without one is "Series" and its 1-based number).
    public static func encode(_ score: Score, trackNames: [String]) -> [UInt8] {
        var series = score.layouts.map(\.series)
        for tone in score.tones where !series.contains(tone.series) { series.append(tone.series) }
        var tracks: [[UInt8]] = [conductorTrack(score)]
        for (index, s) in series.enumerated() {
            let name = trackNames.indices.contains(s) ? trackNames[s] : Localization.tr("Series") + " \(s + 1)"
            let tones = score.tones.filter { $0.series == s }
            // A channel another series used before is set up again where this series starts.
            let start =
                index < melodicChannels.count
                ? 0
                : tick(score.layouts.first { $0.series == s }?.offset ?? tones.map(\.start).min() ?? 0)
            tracks.append(
                seriesTrack(
                    tones: tones, name: name, channel: channel(forTrack: index),
                    setupTick: start, timbre: tones.first?.timbre ?? Timbre.palette[s % Timbre.palette.count],
                    endTick: tick(score.duration)))
        }
        if let name = score.references.first?.name {
            tracks.append(referenceTrack(score, name: name, channel: channel(forTrack: series.count)))
            if !score.crossings.isEmpty { tracks.append(crossingTrack(score, name: name)) }
        }
        if !score.ticks.isEmpty { tracks.append(gridlineTrack(score)) }

        var bytes: [UInt8] = Array("MThd".utf8)
        appendUInt32(6, to: &bytes)
        appendUInt16(1, to: &bytes)  // format 1: simultaneous tracks
        appendUInt16(tracks.count, to: &bytes)
        appendUInt16(ticksPerQuarter, to: &bytes)
        for track in tracks {
            bytes.append(contentsOf: Array("MTrk".utf8))
            appendUInt32(track.count, to: &bytes)
            bytes.append(contentsOf: track)
        }
        return bytes
    }

    /// Writes `score` as a MIDI file to `path` with `OutputFile` (a file whole or not at all, an earlier one
    /// staying until the new one is complete; standard output, a pipe or a device written in place). Throws `WAVWriteError` naming the file and the system's reason when it
    /// cannot be written (its message speaks of a sound file, as for WAV), and `WAVWriteCancelled`, leaving
    /// nothing behind, once `cancellation` is set. `sparing` is the data file, which is never written over.
    public static func write(
        _ score: Score, trackNames: [String], to path: String, sparing: String? = nil,
        cancellation: CancellationFlag? = nil
    ) throws {
        if cancellation?.isCancelled == true { throw WAVWriteCancelled() }
        let bytes = encode(score, trackNames: trackNames)
        do {
            try OutputFile.write(to: path, sparing: sparing) { file in
                if cancellation?.isCancelled == true { throw WAVWriteCancelled() }
                try file.write(bytes)
            }
        } catch let error as FileWriteError {
            throw WAVWriteError(path: path, reason: error.reason)
        }
    }

    // MARK: - Tracks

    /// One event of a track: `rank` orders events at one tick (meta, note-offs, controls, bends, note-ons).
    private struct Event {
        var tick: Int
        var rank: Int
        var bytes: [UInt8]

        static let meta = 0, noteOff = 1, control = 2, bend = 3, noteOn = 4
    }

    /// One note of a series track, in ticks, with the bends that carry its pitch along the tone's path.
    private struct Note {
        var start: Int
        var end: Int
        var key: Int
        var velocity: Int
        var timbre: Timbre
        /// (tick, 14-bit value), from the note's start on.
        var bends: [(tick: Int, value: Int)]
    }

    /// Tempo (120 bpm) and time signature (4/4), lasting the score's duration.
    private static func conductorTrack(_ score: Score) -> [UInt8] {
        let tempo = microsecondsPerQuarter
        return trackBytes(
            [
                Event(
                    tick: 0, rank: Event.meta,
                    bytes: [0xFF, 0x51, 0x03, UInt8(tempo >> 16), UInt8(tempo >> 8 & 0xFF), UInt8(tempo & 0xFF)]),
                // 4/4, a click every quarter note (24 MIDI clocks), 8 thirty-second notes per quarter.
                Event(tick: 0, rank: Event.meta, bytes: [0xFF, 0x58, 0x04, 4, 2, 24, 8])
            ], endTick: tick(score.duration))
    }

    /// One series' track: name, setup of its channel (program, bend range, bend centred), then its notes.
    /// With a `fixedProgram` every note plays that program, whatever its timbre.
    private static func seriesTrack(
        tones: [Tone], name: String, channel: Int, setupTick: Int, timbre: Timbre,
        endTick: Int, fixedProgram: Int? = nil
    ) -> [UInt8] {
        let c = UInt8(channel)
        var events = [Event(tick: 0, rank: Event.meta, bytes: metaText(0x03, name))]
        func control(_ number: UInt8, _ value: UInt8, at tick: Int) {
            events.append(Event(tick: tick, rank: Event.control, bytes: [0xB0 | c, number, value]))
        }
        func bend(_ value: Int, at tick: Int) {
            events.append(Event(tick: tick, rank: Event.bend, bytes: [0xE0 | c, UInt8(value & 0x7F), UInt8(value >> 7)]))
        }
        func programChange(_ timbre: Timbre, at tick: Int) {
            events.append(Event(tick: tick, rank: Event.control, bytes: [0xC0 | c, UInt8(fixedProgram ?? program(for: timbre))]))
        }
        programChange(timbre, at: setupTick)
        // RPN 0 (pitch-bend sensitivity) to ±12 semitones, then the null RPN so later data entry changes nothing.
        control(101, 0, at: setupTick); control(100, 0, at: setupTick)
        control(6, UInt8(bendRange), at: setupTick); control(38, 0, at: setupTick)
        control(101, 127, at: setupTick); control(100, 127, at: setupTick)
        bend(8192, at: setupTick)

        var notes = tones.flatMap(notes(of:))
        notes.sort { $0.start < $1.start }  // stable: tones of one moment keep their order
        var currentTimbre = timbre, currentBend = 8192, bendOwnedUntil = Int.min
        for note in notes {
            if note.timbre != currentTimbre && fixedProgram == nil {
                programChange(note.timbre, at: note.start)
                currentTimbre = note.timbre
            }
            // The first note sounding owns the channel's bend; one starting under it leaves the bend alone.
            if note.start >= bendOwnedUntil {
                bendOwnedUntil = note.end
                for b in note.bends where b.value != currentBend {
                    bend(b.value, at: b.tick)
                    currentBend = b.value
                }
            }
            events.append(Event(tick: note.start, rank: Event.noteOn, bytes: [0x90 | c, UInt8(note.key), UInt8(note.velocity)]))
            events.append(Event(tick: note.end, rank: Event.noteOff, bytes: [0x80 | c, UInt8(note.key), 0x40]))
        }
        return trackBytes(events, endTick: endTick)
    }

    /// The reference tones as long quiet pad notes, each on its nearest key bent to its pitch (the first
    /// one sounding owns the bend, as on a series track).
    private static func referenceTrack(_ score: Score, name: String, channel: Int) -> [UInt8] {
        let gain = Sonifier.toneGain * pow(10, ReferenceTone.loudness / 20)
        let tones = score.references.map { reference in
            Tone(
                series: reference.series, timbre: .pure, pan: reference.pan, gain: gain,
                path: [
                    PitchPoint(time: reference.start, frequency: reference.frequency),
                    PitchPoint(time: reference.end, frequency: reference.frequency)
                ],
                attack: 0, release: 0, points: 0...0)
        }
        return seriesTrack(
            tones: tones, name: Localization.tr("Reference: %@", name), channel: channel, setupTick: 0,
            timbre: .pure, endTick: tick(score.duration), fixedProgram: referenceProgram)
    }

    /// The crossing marks as short wood-block notes on the percussion channel.
    private static func crossingTrack(_ score: Score, name: String) -> [UInt8] {
        let c = UInt8(percussionChannel)
        var events = [Event(tick: 0, rank: Event.meta, bytes: metaText(0x03, Localization.tr("Crossings: %@", name)))]
        let length = max(1, tick(crossingLength))
        for mark in score.crossings {
            let key = UInt8(mark.direction == .upward ? crossingKeys.upward : crossingKeys.downward)
            let start = tick(mark.time)
            events.append(Event(tick: start, rank: Event.noteOn, bytes: [0x90 | c, key, UInt8(crossingVelocity)]))
            events.append(Event(tick: start + length, rank: Event.noteOff, bytes: [0x80 | c, key, 0x40]))
        }
        return trackBytes(events, endTick: tick(score.duration))
    }

    /// The gridline ticks as short closed hi-hat notes on the percussion channel.
    private static func gridlineTrack(_ score: Score) -> [UInt8] {
        let c = UInt8(percussionChannel), key = UInt8(gridlineKey)
        var events = [Event(tick: 0, rank: Event.meta, bytes: metaText(0x03, Localization.tr("Gridlines")))]
        let length = max(1, tick(gridlineLength))
        for start in Set(score.ticks.map { tick($0.time) }).sorted() {
            events.append(Event(tick: start, rank: Event.noteOn, bytes: [0x90 | c, key, UInt8(gridlineVelocity)]))
            events.append(Event(tick: start + length, rank: Event.noteOff, bytes: [0x80 | c, key, 0x40]))
        }
        return trackBytes(events, endTick: tick(score.duration))
    }

    /// The notes of one tone (see the type's comment): one for a steady note or a single point, else one per
    /// point the path passes through.
    private static func notes(of tone: Tone) -> [Note] {
        let path = tone.path
        guard path.count >= 2 else { return [] }
        let semitones = path.map { semitone(of: $0.frequency) }
        let starts = path.count == 2 || tone.points.count == 1 ? [0] : [0] + Array(2..<(path.count - 1))
        let velocity = Self.velocity(of: tone.gain)
        var notes: [Note] = []
        for (j, k) in starts.enumerated() {
            let startTime = path[k].time
            let isLast = j + 1 == starts.count
            let endTime = isLast ? path[path.count - 1].time : path[starts[j + 1]].time
            let start = tick(startTime)
            // Too short for a tick of its own: the next note starts at the same tick and takes over.
            if !isLast && tick(endTime) <= start { continue }
            let end = max(tick(endTime), start + 1)
            let key = Self.key(of: path[k].frequency)
            var bends: [(tick: Int, value: Int)] = []
            var segment = k
            for n in 0... {
                let t = startTime + Double(n) * bendInterval
                let at = tick(t)
                if n > 0 && at >= end { break }
                while segment + 2 < path.count && path[segment + 1].time <= t { segment += 1 }
                let a = path[segment].time, b = path[segment + 1].time
                let u = b > a ? min(1, max(0, (t - a) / (b - a))) : 1
                let pitch = semitones[segment] + u * (semitones[segment + 1] - semitones[segment])
                let value = bendValue(semitones: pitch - Double(key))
                if let last = bends.last, last.tick == at {
                    bends[bends.count - 1].value = value
                } else {
                    bends.append((at, value))
                }
            }
            notes.append(Note(start: start, end: end, key: key, velocity: velocity, timbre: tone.timbre, bends: bends))
        }
        return notes
    }

    // MARK: - Bytes

    /// A track's bytes: `events` in time order (by rank at one tick), then end-of-track at `endTick` at the
    /// earliest.
    private static func trackBytes(_ events: [Event], endTick: Int) -> [UInt8] {
        let ordered = events.enumerated().sorted {
            ($0.element.tick, $0.element.rank, $0.offset) < ($1.element.tick, $1.element.rank, $1.offset)
        }.map(\.element)
        var bytes: [UInt8] = []
        var now = 0
        for event in ordered {
            appendVariableLength(event.tick - now, to: &bytes)
            bytes.append(contentsOf: event.bytes)
            now = event.tick
        }
        appendVariableLength(max(0, endTick - now), to: &bytes)
        bytes.append(contentsOf: [0xFF, 0x2F, 0x00])
        return bytes
    }

    /// A meta event of `type` holding `text` as UTF-8.
    private static func metaText(_ type: UInt8, _ text: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = [0xFF, type]
        appendVariableLength(utf8.count, to: &bytes)
        return bytes + utf8
    }

    /// `value` as a MIDI variable-length quantity: 7 bits a byte, most significant first, high bit set on all
    /// but the last.
    static func appendVariableLength(_ value: Int, to bytes: inout [UInt8]) {
        var groups: [UInt8] = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(contentsOf: groups.reversed())
    }

    private static func appendUInt32(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt32(value).bigEndian) { bytes.append(contentsOf: $0) }
    }

    private static func appendUInt16(_ value: Int, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: UInt16(value).bigEndian) { bytes.append(contentsOf: $0) }
    }
}
