// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Splits CSV bytes into records of fields (RFC 4180 plus what real files do), one record at a time.
///
/// Fields are copied, unquoted and unescaped, into `fieldBytes`; `fieldEnds[k]` is where field k ends.
/// Handles quoted fields with delimiters, line breaks and doubled quotes; CRLF, LF and lone CR line ends.
struct CSVTokenizer {
    /// What happened when asked for the next record.
    enum Outcome: Equatable {
        /// A record ends at byte offset `end`; it spanned `lineBreaks` line breaks (including its terminator).
        case record(end: Int, lineBreaks: Int)
        /// The buffer ends inside the record: call again with more bytes from the record's start.
        case needMoreData
        /// End of input inside a quoted field.
        case unterminatedQuote
        /// One field is longer than the limit.
        case fieldTooLong
        /// More fields than the limit.
        case tooManyFields
    }

    let delimiter: UInt8
    let maxFieldBytes: Int
    let maxFields: Int
    private(set) var fieldBytes: [UInt8] = []
    private(set) var fieldEnds: [Int] = []
    /// True when the last `needMoreData` came from inside a quoted field (so a runaway quote can be named).
    private(set) var stoppedInsideQuote = false

    init(delimiter: UInt8, maxFieldBytes: Int = 1_000_000, maxFields: Int = 10_000) {
        self.delimiter = delimiter
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
        fieldBytes.reserveCapacity(4096)
        fieldEnds.reserveCapacity(64)
    }

    var fieldCount: Int { fieldEnds.count }

    /// Calls `body` with the bytes of field `index`, trimmed of surrounding spaces.
    @inline(__always)
    func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let start = index == 0 ? 0 : fieldEnds[index - 1]
        var end = fieldEnds[index]
        return try fieldBytes.withUnsafeBufferPointer { all in
            var s = start
            while s < end && all[s] == 0x20 { s += 1 }
            while end > s && all[end - 1] == 0x20 { end -= 1 }
            return try body(UnsafeBufferPointer(rebasing: all[s..<end]))
        }
    }

    /// True when the record is a blank line (one empty field).
    var isBlankRecord: Bool { fieldEnds.count == 1 && fieldEnds[0] == 0 }

    /// Reads one record starting at `start`; `atEndOfInput` says no bytes follow the buffer.
    mutating func nextRecord(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, atEndOfInput: Bool) -> Outcome {
        fieldBytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        stoppedInsideQuote = false
        let n = buffer.count
        let quote: UInt8 = 0x22, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        let delimiter = self.delimiter
        var i = start
        var lineBreaks = 0
        while true {
            let fieldStart = fieldBytes.count
            if i < n && buffer[i] == quote {
                i += 1
                while true {
                    var q = i
                    while q < n && buffer[q] != quote {
                        if buffer[q] == lf { lineBreaks += 1 }
                        q += 1
                    }
                    if q == n {
                        stoppedInsideQuote = !atEndOfInput
                        return atEndOfInput ? .unterminatedQuote : .needMoreData
                    }
                    fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<q]))
                    if q + 1 == n && !atEndOfInput { return .needMoreData }
                    if q + 1 < n && buffer[q + 1] == quote {
                        fieldBytes.append(quote)
                        i = q + 2
                        continue
                    }
                    i = q + 1
                    break
                }
                // Text after a closing quote (`"a"b`): keep it, as spreadsheet programs do.
                var j = i
                while j < n, buffer[j] != delimiter, buffer[j] != lf, buffer[j] != cr { j += 1 }
                fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<j]))
                i = j
            } else {
                var j = i
                while j < n {
                    let c = buffer[j]
                    if c == delimiter || c == lf || c == cr { break }
                    j += 1
                }
                if j - i > maxFieldBytes { return .fieldTooLong }
                fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<j]))
                i = j
            }
            if fieldBytes.count - fieldStart > maxFieldBytes { return .fieldTooLong }
            fieldEnds.append(fieldBytes.count)
            if fieldEnds.count > maxFields { return .tooManyFields }
            if i == n {
                return atEndOfInput ? .record(end: n, lineBreaks: lineBreaks) : .needMoreData
            }
            let c = buffer[i]
            if c == delimiter {
                i += 1
                if i == n {
                    if !atEndOfInput { return .needMoreData }
                    fieldEnds.append(fieldBytes.count)
                    return .record(end: n, lineBreaks: lineBreaks)
                }
                continue
            }
            if c == lf { return .record(end: i + 1, lineBreaks: lineBreaks + 1) }
            // c == cr
            if i + 1 < n { return .record(end: buffer[i + 1] == lf ? i + 2 : i + 1, lineBreaks: lineBreaks + 1) }
            return atEndOfInput ? .record(end: n, lineBreaks: lineBreaks + 1) : .needMoreData
        }
    }
}
