// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds start tags in a workbook part's bytes, skipping its prolog, comments and processing instructions: where
/// `XLSXSheetPieces` and `ODSContentPieces` may cut a part.
struct TagScanner {
    /// A start tag: its qualified name, the offsets of its `<` and just after its `>`, and whether it ends `/>`.
    struct Tag {
        var name: String
        var start: Int
        var end: Int
        var selfClosing: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    /// The next start tag from `position`; nil at the end, or at a CDATA section or document type (which the
    /// scanner does not read through).
    mutating func nextStartTag() -> Tag? {
        while let open = Self.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: position) {
            if Self.matches("<!--", in: bytes, at: open) {
                guard let close = Self.firstStart(of: Array("-->".utf8), in: bytes, from: open + 4, before: bytes.count)
                else { return nil }
                position = close + 3
            } else if Self.matches("<?", in: bytes, at: open) {
                guard let close = Self.firstStart(of: Array("?>".utf8), in: bytes, from: open + 2, before: bytes.count)
                else { return nil }
                position = close + 2
            } else if Self.matches("<!", in: bytes, at: open) {
                return nil
            } else if Self.matches("</", in: bytes, at: open) {
                position = open + 2
            } else {
                var i = open + 1
                while i < bytes.count, !Self.endsName(bytes[i]) { i += 1 }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<i]), as: UTF8.self)
                // The tag's end: the first `>` outside quotes (an attribute's value may hold `>`).
                var quote: UInt8 = 0
                while i < bytes.count {
                    let b = bytes[i]
                    if quote != 0 {
                        if b == quote { quote = 0 }
                    } else if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                        quote = b
                    } else if b == UInt8(ascii: ">") {
                        break
                    }
                    i += 1
                }
                guard i < bytes.count, !name.isEmpty else { return nil }
                position = i + 1
                return Tag(name: name, start: open, end: i + 1, selfClosing: bytes[i - 1] == UInt8(ascii: "/"))
            }
        }
        return nil
    }

    /// The next start tag whose local name is `localName`, from `position`.
    mutating func startTag(named localName: String) -> Tag? {
        while let tag = nextStartTag() {
            if tag.name == localName || tag.name.hasSuffix(":" + localName) { return tag }
        }
        return nil
    }

    /// Whether `byte` ends an element's name: white space, `/` or `>`.
    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private static func matches(_ text: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let t = text.utf8Start
        for k in 0..<count where bytes[offset + k] != t[k] { return false }
        return true
    }

    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + from, Int32(byte), bytes.count - from)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The first offset in `from..<before` where `pattern` starts and is followed by the end of a name (for a
    /// tag's name, so `<row` is not found in `<rowBreaks`); nil when there is none.
    static func firstStart(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int, before: Int) -> Int? {
        var i = from
        let needsNameEnd = pattern.first == UInt8(ascii: "<")
        while i + pattern.count <= before, let at = firstIndex(of: pattern[0], in: bytes, from: i), at + pattern.count <= before {
            var same = true
            for k in 1..<pattern.count where bytes[at + k] != pattern[k] {
                same = false
                break
            }
            if same, !needsNameEnd || (at + pattern.count < bytes.count && endsName(bytes[at + pattern.count])) {
                return at
            }
            i = at + 1
        }
        return nil
    }

    /// Whether `data` is UTF-8 as far as its start says: no UTF-16 byte-order mark, and an XML declaration, if it has
    /// one, that names no encoding or UTF-8.
    static func declaresUTF8(_ data: Data) -> Bool {
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]) { return false }
        let start = data.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let head = data.dropFirst(start).prefix(200)
        guard head.starts(with: Array("<?xml".utf8)), let end = head.firstRange(of: Array("?>".utf8)) else { return true }
        let declaration = String(decoding: head[head.startIndex..<end.lowerBound], as: UTF8.self).lowercased()
        guard let name = declaration.range(of: "encoding") else { return true }
        let value = declaration[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
        return value.hasPrefix("utf-8") || value.hasPrefix("utf8")
    }

    /// Whether `from..<before` holds a comment, CDATA section, processing instruction or declaration (`<!`, `<?`).
    static func holdsMarkup(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, before: Int) -> Bool {
        var i = from
        while let open = firstIndex(of: UInt8(ascii: "<"), in: bytes, from: i), open + 1 < before {
            let next = bytes[open + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return true }
            i = open + 1
        }
        return false
    }

    /// The last offset where `pattern` starts in `bytes`; nil when it is not there.
    static func lastRange(of pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = bytes.count - pattern.count
        while i >= 0 {
            if bytes[i] == pattern[0] {
                var same = true
                for k in 1..<pattern.count where bytes[i + k] != pattern[k] {
                    same = false
                    break
                }
                if same { return i }
            }
            i -= 1
        }
        return nil
    }
}
