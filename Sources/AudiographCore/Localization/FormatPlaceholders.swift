// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The arguments a `String(format:)` template reads: for each argument number (1, 2, …) the kind of value
/// it must be. A translation is safe to format with the English message's arguments only when it reads the
/// same arguments as the same kinds, in any order (%2$@ %1$ld for %ld %@); `MessageCatalog` refuses others.
struct FormatPlaceholders: Equatable {
    /// Argument number → kind ("@" object, "d32"/"d64" signed, "u32"/"u64" unsigned, "f" double, "s" C string…).
    let arguments: [Int: String]

    /// The placeholders of `template`; nil when it cannot be read as a format (an unknown conversion, a
    /// '*' width, numbered and unnumbered placeholders mixed, or one argument read as two kinds).
    init?(_ template: String) {
        var arguments: [Int: String] = [:]
        var numbered: Bool?
        var next = 1
        var scalars = Array(template.unicodeScalars)[...]
        while let percent = scalars.firstIndex(of: "%") {
            scalars = scalars[(percent + 1)...]
            if scalars.first == "%" { scalars = scalars.dropFirst(); continue }
            // %[N$][flags][width][.precision][length]conversion
            let digits = scalars.prefix { $0.properties.numericType != nil && $0.isASCII }
            var number: Int?
            if !digits.isEmpty, scalars.dropFirst(digits.count).first == "$" {
                guard let value = Int(String(String.UnicodeScalarView(digits))), value > 0, value <= 99 else { return nil }
                number = value
                scalars = scalars.dropFirst(digits.count + 1)
            }
            if numbered == nil { numbered = number != nil } else if numbered != (number != nil) { return nil }
            scalars = scalars.drop { "-+ #0'".unicodeScalars.contains($0) }
            scalars = scalars.drop { $0.properties.numericType != nil && $0.isASCII }
            if scalars.first == "." {
                scalars = scalars.dropFirst().drop { $0.properties.numericType != nil && $0.isASCII }
            }
            let length = String(String.UnicodeScalarView(scalars.prefix { "hlqLzjt".unicodeScalars.contains($0) }))
            scalars = scalars.dropFirst(length.count)
            guard let conversion = scalars.first, let kind = Self.kind(conversion, length: length) else { return nil }
            scalars = scalars.dropFirst()
            let index = number ?? next
            next += 1
            if let earlier = arguments[index], earlier != kind { return nil }
            arguments[index] = kind
        }
        self.arguments = arguments
    }

    /// The kind of value a conversion with a length modifier reads; nil for conversions String(format:)
    /// cannot be trusted with here.
    private static func kind(_ conversion: Unicode.Scalar, length: String) -> String? {
        let wide = ["l", "ll", "q", "z", "j", "t"].contains(length)
        guard ["", "h", "hh", "L"].contains(length) || wide else { return nil }
        switch conversion {
        case "d", "i": return length == "L" ? nil : (wide ? "d64" : "d32")
        case "u", "o", "x", "X": return length == "L" ? nil : (wide ? "u64" : "u32")
        case "f", "F", "e", "E", "g", "G", "a", "A": return length == "L" ? "Lf" : "f"
        case "@": return length.isEmpty ? "@" : nil
        case "s": return length.isEmpty ? "s" : nil
        case "c": return length.isEmpty ? "c" : nil
        default: return nil
        }
    }
}
