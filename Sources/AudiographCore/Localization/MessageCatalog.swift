// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The translations of one language, read from a compiled gettext catalog (a .mo file, made by msgfmt from
/// po/LANG.po).
///
/// Read here rather than through libintl's dgettext so the core stays Foundation-only and does not depend
/// on setlocale or on the system having the language's locale generated: LANGUAGE=ja works on a machine
/// with only C.UTF-8. Supports what Audiograph's catalogs use: singular messages, and plural messages for
/// languages with one form (Japanese) or two with "n != 1" (English-like).
public struct MessageCatalog: Sendable {
    /// Translations keyed by the English message (msgid).
    private var messages: [String: String] = [:]
    /// Plural translations keyed by the English singular: one entry per plural form.
    private var plurals: [String: [String]] = [:]
    /// Number of plural forms of the language (its Plural-Forms header); 2 when not given.
    public private(set) var pluralFormCount = 2

    /// An empty catalog: every message stays English.
    public init() {}

    /// Reads a .mo file's bytes; nil when they are not one (wrong magic number, offsets out of range).
    public init?(moData data: Data) {
        let bytes = [UInt8](data)
        guard bytes.count >= 28 else { return nil }
        func word(_ at: Int, littleEndian: Bool) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<at + 4].map(UInt32.init)
            return Int(littleEndian ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24)
        }
        let little: Bool
        switch word(0, littleEndian: true) {
        case 0x950412de: little = true
        case 0xde120495: little = false
        default: return nil
        }
        guard let count = word(8, littleEndian: little), let originals = word(12, littleEndian: little),
              let translations = word(16, littleEndian: little), count < 1_000_000 else { return nil }
        func strings(at table: Int, index: Int) -> [String]? {
            guard let length = word(table + index * 8, littleEndian: little),
                  let offset = word(table + index * 8 + 4, littleEndian: little),
                  offset >= 0, length >= 0, offset + length <= bytes.count else { return nil }
            // Plural forms are stored one after another, separated by NUL.
            return bytes[offset..<offset + length].split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        for i in 0..<count {
            guard let keys = strings(at: originals, index: i), let values = strings(at: translations, index: i),
                  let key = keys.first else { return nil }
            if key.isEmpty {
                pluralFormCount = Self.pluralFormCount(header: values.first ?? "")
            } else if keys.count > 1 {
                plurals[key] = values
            } else if let value = values.first, !value.isEmpty {
                messages[key] = value
            }
        }
    }

    /// The translation of `message`, nil when the catalog has none.
    public func translation(of message: String) -> String? { messages[message] }

    /// The translation of the plural message `singular`/`plural` for `count`; nil when the catalog has none.
    public func translation(singular: String, plural: String, count: Int) -> String? {
        guard let forms = plurals[singular], !forms.isEmpty else { return nil }
        let form = pluralFormCount == 1 ? 0 : (count == 1 ? 0 : 1)
        let text = forms[min(form, forms.count - 1)]
        return text.isEmpty ? nil : text
    }

    /// nplurals of a catalog header's "Plural-Forms: nplurals=1; plural=0;" line; 2 when absent.
    static func pluralFormCount(header: String) -> Int {
        guard let line = header.split(separator: "\n").first(where: { $0.hasPrefix("Plural-Forms:") }),
              let range = line.range(of: "nplurals="),
              let count = Int(line[range.upperBound...].prefix { $0.isNumber }) else { return 2 }
        return max(1, count)
    }
}
