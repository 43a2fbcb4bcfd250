// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The character encoding a file was read in.
public enum TextEncodingName: String, Sendable, Codable {
    case utf8 = "UTF-8"
    case utf16 = "UTF-16"
    case windows1252 = "Windows-1252"
}

/// Turns field bytes into Strings in the file's encoding.
enum TextDecoding {
    /// Decodes UTF-8, falling back to Windows-1252 for a field that is not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, encoding: TextEncodingName) -> String {
        if encoding != .windows1252, let text = String(validating: bytes, as: UTF8.self) { return text }
        return windows1252(bytes)
    }

    /// Decodes Windows-1252 (a superset of Latin-1 for printable text).
    static func windows1252(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for b in bytes {
            if b >= 0x80 && b <= 0x9F, let s = Unicode.Scalar(cp1252High[Int(b - 0x80)]) {
                scalars.append(s)
            } else {
                scalars.append(Unicode.Scalar(b))
            }
        }
        return String(scalars)
    }

    /// True when `bytes` is valid UTF-8, ignoring a character cut off at the very end.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>, allowTruncatedEnd: Bool) -> Bool {
        var end = bytes.count
        if allowTruncatedEnd {
            // Step back over an incomplete trailing sequence (at most 3 bytes).
            var back = 0
            while back < 3, end - back - 1 >= 0, bytes[end - back - 1] & 0xC0 == 0x80 { back += 1 }
            if end - back - 1 >= 0, bytes[end - back - 1] >= 0xC0 {
                let lead = bytes[end - back - 1]
                let needed = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1
                if back < needed { end = end - back - 1 }
            }
        }
        return String(validating: UnsafeBufferPointer(rebasing: bytes[0..<end]), as: UTF8.self) != nil
    }

    /// Unicode code points for bytes 0x80...0x9F in Windows-1252 (undefined bytes map to themselves).
    private static let cp1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178
    ]
}

/// Turns UTF-16 text (Excel's "Unicode text") into UTF-8 a chunk at a time, so the reader streams it like
/// any UTF-8 file.
///
/// A byte or a high surrogate cut off at the end of a chunk is kept for the next one. A surrogate without its
/// partner, or an odd byte at the very end, becomes U+FFFD (the replacement character), as a UTF-8 decoder
/// does with bytes it cannot read: one damaged character does not cost the whole file.
struct UTF16Transcoder {
    /// True for UTF-16BE (BOM FE FF), false for UTF-16LE (BOM FF FE).
    let bigEndian: Bool
    private var pendingByte: UInt8?
    private var pendingHigh: UInt16?

    /// The byte order a byte-order mark at the start of `bytes` gives; nil when there is none.
    static func byteOrderMark(_ bytes: Data) -> UTF16Transcoder? {
        if bytes.starts(with: [0xFF, 0xFE]) { return UTF16Transcoder(bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return UTF16Transcoder(bigEndian: true) }
        return nil
    }

    /// Length of the byte-order mark, which is not part of the text, in bytes.
    static let byteOrderMarkLength = 2

    init(bigEndian: Bool) { self.bigEndian = bigEndian }

    /// Appends `bytes` (the next chunk) as UTF-8 to `output`; at `isLast`, flushes whatever was held back.
    mutating func append(_ bytes: Data, isLast: Bool, to output: inout [UInt8]) {
        // At most 3 UTF-8 bytes per 2 UTF-16 bytes; grow geometrically, as appending would.
        let needed = output.count + (bytes.count + 2) / 2 * 3 + 8
        if output.capacity < needed { output.reserveCapacity(max(needed, output.capacity * 2)) }
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            var i = 0
            if let first = pendingByte, raw.count > 0 {
                pendingByte = nil
                append(unit(first, raw[0]), to: &output)
                i = 1
            }
            let end = i + (raw.count - i) / 2 * 2
            if bigEndian {
                while i < end { append(UInt16(raw[i]) << 8 | UInt16(raw[i + 1]), to: &output); i += 2 }
            } else {
                while i < end { append(UInt16(raw[i]) | UInt16(raw[i + 1]) << 8, to: &output); i += 2 }
            }
            if i < raw.count { pendingByte = raw[i] }
        }
        if isLast {
            if pendingHigh != nil { pendingHigh = nil; appendReplacement(to: &output) }
            if pendingByte != nil { pendingByte = nil; appendReplacement(to: &output) }
        }
    }

    private func unit(_ first: UInt8, _ second: UInt8) -> UInt16 {
        bigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(first) | UInt16(second) << 8
    }

    /// Appends one UTF-16 code unit's share of UTF-8, pairing surrogates.
    @inline(__always)
    private mutating func append(_ unit: UInt16, to output: inout [UInt8]) {
        if unit < 0x80 && pendingHigh == nil { output.append(UInt8(truncatingIfNeeded: unit)); return }
        if let high = pendingHigh {
            pendingHigh = nil
            if (0xDC00...0xDFFF).contains(unit) {
                let scalar = 0x10000 + (UInt32(high - 0xD800) << 10 | UInt32(unit - 0xDC00))
                output.append(UInt8(0xF0 | scalar >> 18))
                output.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
                output.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
                output.append(UInt8(0x80 | scalar & 0x3F))
                return
            }
            appendReplacement(to: &output)
        }
        switch unit {
        case 0..<0x80:
            output.append(UInt8(unit))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | unit >> 6))
            output.append(UInt8(0x80 | unit & 0x3F))
        case 0xD800...0xDBFF:
            pendingHigh = unit
        case 0xDC00...0xDFFF:
            appendReplacement(to: &output)
        default:
            output.append(UInt8(0xE0 | unit >> 12))
            output.append(UInt8(0x80 | (unit >> 6) & 0x3F))
            output.append(UInt8(0x80 | unit & 0x3F))
        }
    }

    /// Appends U+FFFD, the replacement character, in UTF-8.
    private func appendReplacement(to output: inout [UInt8]) { output += [0xEF, 0xBF, 0xBD] }
}
