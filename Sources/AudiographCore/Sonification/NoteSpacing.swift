// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Places a discrete series' notes so that each point is heard as a note of its own.
///
/// A note sounds centred on its point's time, but where x values crowd together (a scatter with unevenly
/// spaced x, or repeated x) centred notes would overlap and merge into one: a 20-point scatter was heard as
/// 14 notes. Here a crowded note is shortened (never below `minimumLength`), and where even that does not fit
/// it is moved just after its neighbour, so consecutive notes are always at least `gap` seconds apart and all
/// stay inside the window. Times in seconds.
enum NoteSpacing {
    /// Shortest note, in seconds: long enough to be heard as a pitch (a slot shorter than twice this gives
    /// its half instead).
    static let minimumLength = 0.06
    /// Silence between consecutive notes, in seconds (a slot shorter than ten times this gives a tenth).
    static let gap = 0.03

    /// Start and length of each note, for notes centred at `centres` (ascending, seconds) wanting `lengths`,
    /// inside `window`, where each note has a slot of `slot` seconds (window length ÷ notes, or more).
    static func place(
        centres: [Double], lengths: [Double], within window: ClosedRange<Double>,
        slot: Double
    ) -> [(start: Double, length: Double)] {
        let count = centres.count
        guard count > 0 else { return [] }
        let gap = min(Self.gap, slot / 10), shortest = min(Self.minimumLength, slot / 2)
        // Shorten each note to the room between its neighbours (both sides, since notes are centred).
        var length = lengths
        for k in 0..<count {
            var room = Double.infinity
            if k > 0 { room = min(room, centres[k] - centres[k - 1]) }
            if k + 1 < count { room = min(room, centres[k + 1] - centres[k]) }
            length[k] = max(shortest, min(length[k], room - gap))
        }
        // Forward: a note starts no earlier than `gap` after the one before ends.
        var start = [Double](repeating: 0, count: count)
        var previousEnd = -Double.infinity
        for k in 0..<count {
            start[k] = max(window.lowerBound, centres[k] - length[k] / 2, previousEnd + gap)
            previousEnd = start[k] + length[k]
        }
        // Backward: whatever the forward pass pushed past the window's end comes back, keeping the gaps
        // (the notes' lengths and gaps add up to at most 0.6 of the window, so they always fit).
        var nextStart = window.upperBound + gap
        for k in stride(from: count - 1, through: 0, by: -1) {
            start[k] = min(start[k], nextStart - gap - length[k])
            nextStart = start[k]
        }
        return (0..<count).map { (start[$0], length[$0]) }
    }
}
