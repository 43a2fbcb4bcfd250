// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds where the last whole record of a growing buffer ends, by `CSVTokenizer`'s own rules, without
/// splitting fields: what lets the parallel reader cut a file into pieces that parse alone.
///
/// The buffer always starts at a record's start. Only quotes change the meaning of a line break, so the scan
/// jumps from quote to quote with `memchr` (vectorised in the C library) and looks for line breaks only in the
/// stretches between them: a file without quotes costs two library scans per block. A quote opens a quoted
/// field only at a field's start (after a delimiter or a line break, or at the buffer's start), as the
/// tokenizer reads it; elsewhere it is text.
struct CSVRecordBoundaries {
    let delimiter: UInt8
    /// Where the scan goes on from (bytes from the buffer's start).
    private var position = 0
    private var insideQuotes = false
    /// Where the last whole record found so far ends (0 when none has).
    private(set) var lastRecordEnd = 0

    init(delimiter: UInt8) { self.delimiter = delimiter }

    /// Scans the bytes not yet scanned; `lastRecordEnd` then says where the last whole record ends.
    /// A line break as the buffer's last byte ends a record only if it is a line feed (a carriage return may be
    /// the first half of CRLF), unless `atEndOfInput`.
    mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>, atEndOfInput: Bool) {
        guard let base = buffer.baseAddress else { return }
        let n = buffer.count
        let quote: UInt8 = 0x22
        while position < n {
            if insideQuotes {
                guard let q = Self.find(quote, in: base, from: position, to: n) else {
                    position = n
                    return
                }
                if q + 1 == n && !atEndOfInput { position = q; return }  // "" or the closing quote: not known yet
                if q + 1 < n && base[q + 1] == quote {
                    position = q + 2  // a doubled quote inside the field
                } else {
                    insideQuotes = false
                    position = q + 1
                }
                continue
            }
            let next = Self.find(quote, in: base, from: position, to: n) ?? n
            if let end = lastLineBreakEnd(base, from: position, to: next, count: n, atEndOfInput: atEndOfInput) {
                lastRecordEnd = end
            }
            if next == n {
                // A carriage return as the last byte is looked at again once the next byte is known.
                position = !atEndOfInput && base[n - 1] == 0x0D ? n - 1 : n
                return
            }
            let previous = next == 0 ? nil : base[next - 1]
            if previous == nil || previous == delimiter || previous == 0x0A || previous == 0x0D { insideQuotes = true }
            position = next + 1
        }
    }

    /// Moves the scan's origin by `count` bytes, after the buffer's first `count` bytes (whole records) were
    /// taken away.
    mutating func dropFirst(_ count: Int) {
        precondition(count <= lastRecordEnd, "only whole records are cut off")  // l10n: not shown
        position -= count
        lastRecordEnd -= count
    }

    /// Where the record that the last line break in `start..<end` ends would start next; nil when there is none.
    /// A carriage return as the buffer's last byte counts only at the end of input.
    private func lastLineBreakEnd(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, count n: Int,
        atEndOfInput: Bool
    ) -> Int? {
        guard end > start else { return nil }
        var i = end - 1
        while i >= start {
            let c = base[i]
            if c == 0x0A { return i + 1 }
            if c == 0x0D {
                if i + 1 < n { return base[i + 1] == 0x0A ? i + 2 : i + 1 }
                if atEndOfInput { return i + 1 }
            }
            i -= 1
        }
        return nil
    }

    /// The first `byte` in `start..<end`, by the C library's vectorised search.
    @inline(__always)
    private static func find(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard end > start, let hit = memchr(base + start, Int32(byte), end - start) else { return nil }
        return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
}
