// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A value read from a JSON table file, small enough to hold whole: one record, one row, or one column of a
/// file of columns (describe's output has its own `JSONValue`).
enum JSONInputValue {
    case null
    case bool(Bool)
    /// A number as written ("1.5e3"), kept as text so it is read exactly as the same text in a CSV file.
    case number(String)
    case string(String)
    case array([JSONInputValue])
    case object([(key: String, value: JSONInputValue)])

    /// Whether the value is a number, text, true, false or null (not an array or object).
    var isScalar: Bool {
        switch self {
        case .null, .bool, .number, .string: return true
        case .array, .object: return false
        }
    }

    /// The value written back as compact JSON text (for an array inside a record, kept as its text).
    var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s):
            let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"" + escaped + "\""
        case .array(let items): return "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { JSONInputValue.string($0.key).jsonText + ":" + $0.value.jsonText }.joined(separator: ",")
                + "}"
        }
    }
}

/// Reads JSON text from a file (or memory) in chunks, one value at a time, so a file of records never has to be
/// held whole; every error names the line and column where the text stops being JSON and what was expected.
/// Besides RFC 8259 it accepts what Python's json module writes for numbers that are not finite (NaN,
/// Infinity, -Infinity).
final class JSONStreamParser {
    /// Deepest nesting of arrays and objects read (deeper is refused, so a hostile file cannot exhaust the stack).
    static let maxDepth = 512

    private let input: ChunkedInput
    private let path: String
    private let chunkBytes: Int
    private let maxStringBytes: Int
    private let cancellation: CancellationFlag?
    // The parser's state is read for every byte, by one thread: without `@exclusivity(unchecked)` each access
    // of a class's property is checked at run time, which took a sixth of the time of reading a file of records.
    /// Bytes read from the input and not yet consumed start at `position`.
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    @exclusivity(unchecked) private var position = 0
    /// Where the parser is, for messages: line and column (in characters) of the next byte, from 1.
    @exclusivity(unchecked) private(set) var line = 1
    @exclusivity(unchecked) private(set) var column = 1
    /// Bytes read from the input so far, for progress.
    private(set) var bytesRead: Int64 = 0
    /// Called after each chunk is read.
    var onChunk: (() -> Void)?

    /// A parser of `input`; one that takes over from another starts with that one's unread bytes, `pending`, at
    /// `line` and `column` of the file, with `bytesRead` bytes of it read so far.
    init(
        input: ChunkedInput, path: String, chunkBytes: Int, maxStringBytes: Int, cancellation: CancellationFlag?,
        pending: [UInt8] = [], line: Int = 1, column: Int = 1, bytesRead: Int64 = 0
    ) {
        self.input = input
        self.path = path
        self.chunkBytes = chunkBytes
        self.maxStringBytes = maxStringBytes
        self.cancellation = cancellation
        self.buffer = pending
        self.line = line
        self.column = column
        self.bytesRead = bytesRead
    }

    /// The bytes read and not yet consumed.
    var unreadBytes: ArraySlice<UInt8> { buffer[position...] }

    // MARK: Blocks of elements

    /// How the values of a table follow one another in the file.
    enum Sequence {
        /// The elements of an array, or the members of an object ("key": value), separated by commas.
        case arrayElements
        /// Values one after another (JSON Lines): a value that is an object or array ends at its closing bracket.
        case lines
    }

    /// Whole values of a table, as one block of bytes for pieces to parse side by side.
    struct ValueBlock {
        /// The bytes, from the first value's start to the end of the last one: just before the comma after it, the
        /// array's closing bracket (or the object's brace), or the end of the input.
        var bytes: [UInt8]
        /// Where in `bytes` the block may be cut between two values: at a comma between two elements (left out of
        /// both pieces), or just after a value of JSON Lines.
        var cuts: [Int]
        /// Where `bytes` starts in the file, for messages.
        var line: Int, column: Int
    }

    /// Takes the next values (the parser stands at a value's start, or a member's) as a block of at least
    /// `minimumBytes` unless the array (or object) or the input ends first, leaving the parser at the comma after
    /// the block, the closing bracket or brace, the next line's value, or the end. The cuts are found by nesting and quotes alone: the block's own
    /// parse checks the JSON.
    func takeValues(_ sequence: Sequence, minimumBytes: Int) throws -> ValueBlock {
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        buffer.reserveCapacity(minimumBytes + chunkBytes)  // read into without growing by copies
        let (startLine, startColumn) = (line, column)
        let lines = sequence == .lines
        var cuts: [Int] = []
        var depth = 0, inString = false, escaped = false
        var scanned = 0
        var end: Int?
        scanning: while true {
            if scanned == buffer.count {
                if cancellation?.isCancelled == true { throw ImportError.cancelled(path: path) }
                let got = try input.read(chunkBytes, appendingTo: &buffer)
                bytesRead += Int64(got)
                if got == 0 { break scanning }
                onChunk?()
            }
            let found: Int? = buffer.withUnsafeBufferPointer { b -> Int? in
                var k = scanned
                defer { scanned = k }
                while k < b.count {
                    let byte = b[k]
                    if inString {
                        if escaped {
                            escaped = false
                        } else if byte == 0x5C {
                            escaped = true
                        } else if byte == 0x22 {
                            inString = false
                        }
                    } else {
                        switch byte {
                        case 0x22: inString = true
                        case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                        case UInt8(ascii: "}"), UInt8(ascii: "]"):
                            if depth == 0 { return k }
                            depth -= 1
                            if lines && depth == 0 {
                                if k + 1 >= minimumBytes { return k + 1 }
                                cuts.append(k + 1)
                            }
                        case UInt8(ascii: ",") where depth == 0 && !lines:
                            if k >= minimumBytes { return k }
                            cuts.append(k)
                        default: break
                        }
                    }
                    k += 1
                    // Lines of plain values (numbers, text) have no brackets to cut after: the block ends anywhere, and
                    // its parse, which wants records, hands it to the one-value-at-a-time reading.
                    if lines && cuts.isEmpty && k >= minimumBytes && depth == 0 { return k }
                }
                return nil
            }
            if let found {
                end = found
                break scanning
            }
        }
        // The block is the buffer itself, given up (copying megabytes each block was a tenth of the one-thread
        // part); what follows it, at most a chunk, starts the next buffer, with room for the next block.
        let cut = end ?? buffer.count
        var rest = Array(buffer[cut...])
        rest.reserveCapacity(minimumBytes + chunkBytes)
        buffer.removeSubrange(cut...)
        let taken = ValueBlock(bytes: buffer, cuts: cuts, line: startLine, column: startColumn)
        buffer = rest
        position = 0
        (line, column) = Self.position(after: taken.bytes[...], line: line, column: column)
        return taken
    }

    /// Line and column (in characters, from 1) after `bytes` that start at `line` and `column`: counted in passes
    /// the compiler can vectorise, since a block of a file of records written on one line is megabytes long.
    static func position(after bytes: ArraySlice<UInt8>, line: Int, column: Int) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { b in
            var breaks = 0
            for byte in b { breaks &+= byte == 0x0A ? 1 : 0 }
            var lastBreak = b.count
            if breaks > 0 { while lastBreak > 0 && b[lastBreak - 1] != 0x0A { lastBreak -= 1 } }
            var characters = 0
            for byte in b[(breaks > 0 ? lastBreak : 0)...] { characters &+= byte & 0xC0 != 0x80 ? 1 : 0 }
            return breaks > 0 ? (line + breaks, 1 + characters) : (line, column + characters)
        }
    }

    // MARK: Bytes

    /// The next byte without consuming it; nil at the end of the input.
    func peek() throws -> UInt8? {
        if position < buffer.count { return buffer[position] }
        try refill()
        return position < buffer.count ? buffer[position] : nil
    }

    /// Reads the next chunk in place of the consumed bytes; leaves the buffer empty at the end of the input.
    private func refill() throws {
        if cancellation?.isCancelled == true { throw ImportError.cancelled(path: path) }
        buffer.removeAll(keepingCapacity: true)
        position = 0
        let got = try input.read(chunkBytes, appendingTo: &buffer)
        bytesRead += Int64(got)
        if got > 0 { onChunk?() }
    }

    /// Consumes the byte `peek` gave, keeping the line and column.
    private func advance(_ byte: UInt8) {
        position += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// The next byte that is not JSON whitespace, not consumed; nil at the end. Skips a UTF-8 byte-order mark
    /// at the very start.
    func nextSignificantByte() throws -> UInt8? {
        while let byte = try peek() {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: advance(byte)
            case 0xEF where line == 1 && column == 1 && bytesRead == Int64(buffer.count - position):
                // A byte-order mark (EF BB BF), which JSON forbids but Windows programs write: as the file's
                // first bytes only (nothing consumed yet), so that a second one is refused in any chunk size.
                advance(byte)
                for expected: UInt8 in [0xBB, 0xBF] {
                    guard try peek() == expected else { throw broken(Self.problemValueExpected) }
                    position += 1
                }
                column = 1
            default: return byte
            }
        }
        return nil
    }

    /// Consumes `byte`, which must come next (after whitespace); else the error says `problem`.
    func expect(_ byte: UInt8, _ problem: @autoclosure () -> String) throws {
        guard try nextSignificantByte() == byte else { throw broken(problem()) }
        advance(byte)
    }

    /// Consumes the next significant byte, which the caller has seen with `nextSignificantByte`.
    func consume(_ byte: UInt8) { advance(byte) }

    // MARK: Values

    /// Reads one whole value (after whitespace).
    func parseValue(depth: Int = 0) throws -> JSONInputValue {
        guard let byte = try nextSignificantByte() else { throw broken(Self.problemEndInsideValue) }
        switch byte {
        case UInt8(ascii: "{"):
            if depth >= Self.maxDepth { throw broken(Self.problemTooDeep) }
            advance(byte)
            var members: [(key: String, value: JSONInputValue)] = []
            if try nextSignificantByte() == UInt8(ascii: "}") {
                advance(UInt8(ascii: "}"))
                return .object(members)
            }
            while true {
                guard try nextSignificantByte() == UInt8(ascii: "\"") else { throw broken(Self.problemKeyExpected) }
                let key = try parseString()
                try expect(UInt8(ascii: ":"), Self.problemColonExpected)
                members.append((key, try parseValue(depth: depth + 1)))
                switch try nextSignificantByte() {
                case UInt8(ascii: ","): advance(UInt8(ascii: ","))
                case UInt8(ascii: "}"):
                    advance(UInt8(ascii: "}"))
                    return .object(members)
                case nil: throw broken(Self.problemEndInsideValue)
                default: throw broken(Self.problemCommaOrBraceExpected)
                }
            }
        case UInt8(ascii: "["):
            if depth >= Self.maxDepth { throw broken(Self.problemTooDeep) }
            advance(byte)
            var items: [JSONInputValue] = []
            if try nextSignificantByte() == UInt8(ascii: "]") {
                advance(UInt8(ascii: "]"))
                return .array(items)
            }
            while true {
                items.append(try parseValue(depth: depth + 1))
                switch try nextSignificantByte() {
                case UInt8(ascii: ","): advance(UInt8(ascii: ","))
                case UInt8(ascii: "]"):
                    advance(UInt8(ascii: "]"))
                    return .array(items)
                case nil: throw broken(Self.problemEndInsideValue)
                default: throw broken(Self.problemCommaOrBracketExpected)
                }
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "N"):
            try literal("NaN")
            return .null
        case UInt8(ascii: "I"):
            try literal("Infinity")
            return .number("inf")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        default:
            throw broken(Self.problemValueExpected)
        }
    }

    /// Consumes the word `word` (true, false, null, NaN, Infinity), which must come next whole.
    private func literal(_ word: String) throws {
        for expected in word.utf8 {
            guard let byte = try peek(), byte == expected else { throw broken(Self.problemValueExpected) }
            advance(byte)
        }
    }

    /// Reads a number as written, checking JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    /// (and -Infinity).
    private func parseNumber() throws -> JSONInputValue {
        if let number = numberInBuffer() { return number }
        var text: [UInt8] = []
        func take() throws -> UInt8? {
            guard let byte = try peek() else { return nil }
            text.append(byte)
            advance(byte)
            return byte
        }
        func digits() throws -> Int {
            var count = 0
            while let byte = try peek(), byte >= 0x30 && byte <= 0x39 {
                _ = try take()
                count += 1
            }
            return count
        }
        if try peek() == UInt8(ascii: "-") {
            _ = try take()
            if try peek() == UInt8(ascii: "I") {
                try literal("Infinity")
                return .number("-inf")
            }
        }
        if try peek() == UInt8(ascii: "0") {
            _ = try take()
        } else if try digits() == 0 {
            throw broken(Self.problemMalformedNumber)
        }
        if try peek() == UInt8(ascii: ".") {
            _ = try take()
            if try digits() == 0 { throw broken(Self.problemMalformedNumber) }
        }
        if let e = try peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            _ = try take()
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { _ = try take() }
            if try digits() == 0 { throw broken(Self.problemMalformedNumber) }
        }
        // A number runs into the next token only when letters, digits or a point follow ("1.2.3", "12abc").
        if let next = try peek(),
            (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: ".")
                || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A)
        {
            throw broken(Self.problemMalformedNumber)
        }
        return .number(String(decoding: text, as: UTF8.self))
    }

    /// `parseNumber` for a number that is well written and ends inside the buffer (the byte after it is there too),
    /// read where it lies; nil leaves everything else (a number cut by the buffer's end, -Infinity, a mistake, whose
    /// message needs its column) to `parseNumber`'s byte-by-byte reading.
    private func numberInBuffer() -> JSONInputValue? {
        buffer.withUnsafeBufferPointer { b -> JSONInputValue? in
            var j = position
            @inline(__always) func isDigit(_ k: Int) -> Bool { k < b.count && b[k] >= 0x30 && b[k] <= 0x39 }
            @inline(__always) func digits() -> Int {
                let start = j
                while isDigit(j) { j += 1 }
                return j - start
            }
            if j < b.count && b[j] == UInt8(ascii: "-") { j += 1 }
            if j < b.count && b[j] == UInt8(ascii: "0") {
                j += 1
            } else if digits() == 0 {
                return nil
            }
            if j < b.count && b[j] == UInt8(ascii: ".") {
                j += 1
                if digits() == 0 { return nil }
            }
            if j < b.count && (b[j] == UInt8(ascii: "e") || b[j] == UInt8(ascii: "E")) {
                j += 1
                if j < b.count && (b[j] == UInt8(ascii: "+") || b[j] == UInt8(ascii: "-")) { j += 1 }
                if digits() == 0 { return nil }
            }
            guard j < b.count else { return nil }
            let next = b[j]
            if (next >= 0x30 && next <= 0x39) || next == UInt8(ascii: ".") || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) {
                return nil
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: b[position..<j]), as: UTF8.self)
            column += j - position  // digits, signs, points and e: one character each
            position = j
            return .number(text)
        }
    }

    /// Reads a string (the next byte is its opening quote), decoding its escapes.
    func parseString() throws -> String {
        advance(UInt8(ascii: "\""))
        var text: [UInt8] = []
        while true {
            // Too long is said just after the first byte over the limit (an escape's last byte), wherever the
            // chunks or pieces the file is read in end.
            if text.count > maxStringBytes { throw broken(Self.problemTextTooLong(maxStringBytes)) }
            if position >= buffer.count { try refill() }
            if position >= buffer.count { throw broken(Self.problemUnclosedText) }
            // The plain run up to the next quote, backslash or control character, copied at once.
            var end = position
            let room = maxStringBytes - text.count  // at least 0 here
            let limit = buffer.count - position > room ? position + room + 1 : buffer.count
            while end < limit, buffer[end] != 0x22, buffer[end] != 0x5C, buffer[end] >= 0x20 { end += 1 }
            if end > position {
                text.append(contentsOf: buffer[position..<end])
                for byte in buffer[position..<end] where byte & 0xC0 != 0x80 { column += 1 }
                position = end
                if text.count > maxStringBytes { throw broken(Self.problemTextTooLong(maxStringBytes)) }
                continue
            }
            let byte = buffer[position]
            if byte == 0x22 {
                advance(byte)
                return String(decoding: text, as: UTF8.self)
            }
            if byte < 0x20 { throw broken(byte == 0x0A ? Self.problemUnclosedText : Self.problemControlInText) }
            advance(byte)  // the backslash
            guard let escaped = try peek() else { throw broken(Self.problemUnclosedText) }
            guard Self.escapes.contains(escaped) else { throw broken(Self.problemBadEscape) }
            advance(escaped)
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hexQuad()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A surrogate pair: the low half must follow as another \u escape.
                    if try peek() == UInt8(ascii: "\\") {
                        advance(UInt8(ascii: "\\"))
                        guard try peek() == UInt8(ascii: "u") else { throw broken(Self.problemBadEscape) }
                        advance(UInt8(ascii: "u"))
                        let low = try hexQuad()
                        scalar =
                            (0xDC00..<0xE000).contains(low)
                            ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            : 0xFFFD
                    } else {
                        scalar = 0xFFFD
                    }
                } else if (0xDC00..<0xE000).contains(scalar) {
                    scalar = 0xFFFD
                }
                text.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
            default:
                throw broken(Self.problemBadEscape)
            }
        }
    }

    /// The letters that may follow a backslash in a string.
    private static let escapes: Set<UInt8> = Set("\"\\/bfnrtu".utf8)

    /// Four hexadecimal digits of a \u escape, as a number.
    private func hexQuad() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try peek(), let digit = Self.hexValue(byte) else { throw broken(Self.problemBadEscape) }
            advance(byte)
            value = value << 4 | digit
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: return UInt32(byte - 0x30)
        case 0x41...0x46: return UInt32(byte - 0x41 + 10)
        case 0x61...0x66: return UInt32(byte - 0x61 + 10)
        default: return nil
        }
    }

    // MARK: Errors

    /// The error for JSON that stops being JSON here: the file, this line and column, and what was expected.
    func broken(_ problem: String) -> ImportError {
        .brokenJSON(path: path, line: line, column: column, problem: problem)
    }

    static var problemValueExpected: String {
        Localization.tr("a value was expected (a number, text in quotes, true, false, null, [ or {)")
    }
    static var problemEndInsideValue: String { Localization.tr("the file ends in the middle of a value") }
    static var problemKeyExpected: String { Localization.tr("a name in quotes was expected") }
    static var problemColonExpected: String { Localization.tr("a colon was expected after the name") }
    static var problemCommaOrBraceExpected: String { Localization.tr("a comma or } was expected") }
    static var problemCommaOrBracketExpected: String { Localization.tr("a comma or ] was expected") }
    static var problemMalformedNumber: String { Localization.tr("a number is written wrongly") }
    static var problemUnclosedText: String { Localization.tr("a text value has no closing quote") }
    static var problemControlInText: String { Localization.tr("a text value holds a control character") }
    static var problemBadEscape: String { Localization.tr("a text value holds an unknown escape after a backslash") }
    static var problemTooDeep: String {
        Localization.tr("arrays and objects are nested more than %ld deep", maxDepth)
    }
    static func problemTextTooLong(_ limit: Int) -> String {
        Localization.tr("a text value is longer than %@", ByteCount.text(Int64(limit)))
    }
}
