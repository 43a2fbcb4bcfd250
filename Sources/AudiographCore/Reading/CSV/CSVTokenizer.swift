// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Splits CSV bytes into records of fields (RFC 4180 plus what real files do), one record at a time.
///
/// A field is read where it lies in the input, unless it was quoted: then it is copied, unquoted and unescaped,
/// into `fieldBytes`. So the fields of the last record can be read (`withField`) only while the buffer given to
/// `nextRecord` is still alive, as it is in every caller's loop.
/// Handles quoted fields with delimiters, line breaks and doubled quotes; CRLF, LF and lone CR line ends.
struct CSVTokenizer {
    /// Where one field's bytes are: in the input buffer, or (quoted fields) in `fieldBytes`.
    private struct FieldSpan {
        var start: Int
        var end: Int
        var isCopied: Bool
    }

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
    private var fieldBytes: [UInt8] = []
    /// The last record's fields are `spans[0..<fieldCount]`; later entries are kept for the next record, so
    /// that starting a record is one store, not an array's `removeAll`.
    private var spans: [FieldSpan] = []
    private(set) var fieldCount = 0
    /// The buffer of the last `nextRecord` call; valid only while the caller's buffer is.
    private var input = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// True when the last `needMoreData` came from inside a quoted field (so a runaway quote can be named).
    private(set) var stoppedInsideQuote = false

    init(delimiter: UInt8, maxFieldBytes: Int = 1_000_000, maxFields: Int = 10_000) {
        self.delimiter = delimiter
        self.maxFieldBytes = maxFieldBytes
        self.maxFields = maxFields
        fieldBytes.reserveCapacity(4096)
        spans.reserveCapacity(64)
    }

    /// Calls `body` with the bytes of field `index` of the last record, trimmed of surrounding spaces.
    @inline(__always)
    func withField<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let span = spans[index]
        if span.isCopied {
            return try fieldBytes.withUnsafeBufferPointer { try body(Self.trimmed($0, span.start, span.end)) }
        }
        return try body(Self.trimmed(input, span.start, span.end))
    }

    /// Adds the next field of the record.
    @inline(__always)
    private mutating func add(_ span: FieldSpan) {
        if fieldCount < spans.count { spans[fieldCount] = span } else { spans.append(span) }
        fieldCount += 1
    }

    /// `all[start..<end]` without spaces at either end.
    @inline(__always)
    private static func trimmed(_ all: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        var s = start, e = end
        while s < e && all[s] == 0x20 { s += 1 }
        while e > s && all[e - 1] == 0x20 { e -= 1 }
        return UnsafeBufferPointer(rebasing: all[s..<e])
    }

    /// True when the record is a blank line (one empty field).
    var isBlankRecord: Bool { fieldCount == 1 && spans[0].start == spans[0].end }

    /// Reads one record starting at `start`; `atEndOfInput` says no bytes follow the buffer.
    mutating func nextRecord(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, atEndOfInput: Bool) -> Outcome {
        if !fieldBytes.isEmpty { fieldBytes.removeAll(keepingCapacity: true) }
        fieldCount = 0
        input = buffer
        stoppedInsideQuote = false
        let n = buffer.count
        let quote: UInt8 = 0x22, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D
        let delimiter = self.delimiter
        var i = start
        var lineBreaks = 0
        while true {
            let fieldStart = fieldBytes.count
            var span: FieldSpan
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
                if fieldBytes.count - fieldStart > maxFieldBytes { return .fieldTooLong }
                span = FieldSpan(start: fieldStart, end: fieldBytes.count, isCopied: true)
            } else {
                var j = i
                while j < n {
                    let c = buffer[j]
                    if c == delimiter || c == lf || c == cr { break }
                    j += 1
                }
                if j - i > maxFieldBytes { return .fieldTooLong }
                span = FieldSpan(start: i, end: j, isCopied: false)
                i = j
            }
            add(span)
            if fieldCount > maxFields { return .tooManyFields }
            if i == n {
                return atEndOfInput ? .record(end: n, lineBreaks: lineBreaks) : .needMoreData
            }
            let c = buffer[i]
            if c == delimiter {
                i += 1
                if i == n {
                    if !atEndOfInput { return .needMoreData }
                    add(FieldSpan(start: n, end: n, isCopied: false))
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
