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
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
