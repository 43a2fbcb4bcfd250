// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The translations of one language, read from a gettext catalog: compiled (a .mo file, made by msgfmt from
/// po/LANG.po, as installed) or its source (po/LANG.po itself, as a program in the build tree finds it).
///
/// Read here rather than through libintl's dgettext so the core stays Foundation-only and does not depend
/// on setlocale or on the system having the language's locale generated: LANGUAGE=ja works on a machine
/// with only C.UTF-8. Plural forms follow the header's Plural-Forms rule (`PluralRule`). A translation whose
/// placeholders differ from its English message's (`FormatPlaceholders`) is dropped when the catalog is
/// read, so that message stays English and formatting it can never read an argument as the wrong kind.
public struct MessageCatalog: Sendable {
    /// Translations keyed by the English message (msgid), "context\u{4}message" when it has a msgctxt.
    private(set) var messages: [String: String] = [:]
    /// Plural translations keyed like `messages` by the English singular: one entry per plural form.
    private(set) var plurals: [String: [String]] = [:]
    /// The language's plural rule, from the catalog header; English's when the header has none or a bad one.
    public private(set) var pluralRule = PluralRule.english
    /// The English messages whose translation was dropped because its placeholders differ.
    public private(set) var refused: [String] = []

    /// Number of plural forms of the language (nplurals of its Plural-Forms header).
    public var pluralFormCount: Int { pluralRule.formCount }

    /// An empty catalog: every message stays English.
    public init() {}

    /// One message of a catalog, as both file formats hold it.
    struct Entry {
        var context: String?
        var id: String
        var idPlural: String?
        /// One translation, or one per plural form.
        var translations: [String]
    }

    /// The catalog of `entries`; the one with an empty id is the header.
    init(entries: [Entry]) {
        if let header = entries.first(where: { $0.id.isEmpty && $0.context == nil }) {
            pluralRule = PluralRule(header: header.translations.first ?? "")
        }
        for entry in entries where !entry.id.isEmpty {
            let key = entry.context.map { $0 + "\u{4}" + entry.id } ?? entry.id
            let translations = entry.translations
            guard !translations.isEmpty, !translations.allSatisfy(\.isEmpty) else { continue }
            // Each translation must read what one of its English forms reads.
            let english = [entry.id, entry.idPlural].compactMap { $0 }.compactMap(FormatPlaceholders.init)
            guard translations.allSatisfy({ $0.isEmpty || FormatPlaceholders($0).map(english.contains) ?? false }) else {
                refused.append(key)
                continue
            }
            if entry.idPlural != nil {
                plurals[key] = translations
            } else {
                messages[key] = translations[0]
            }
        }
    }

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
            let translations = word(16, littleEndian: little), count < 1_000_000
        else { return nil }
        func strings(at table: Int, index: Int) -> [String]? {
            guard let length = word(table + index * 8, littleEndian: little),
                let offset = word(table + index * 8 + 4, littleEndian: little),
                offset >= 0, length >= 0, offset + length <= bytes.count
            else { return nil }
            // Plural forms are stored one after another, separated by NUL.
            return bytes[offset..<offset + length].split(separator: 0, omittingEmptySubsequences: false)
                .map { String(decoding: $0, as: UTF8.self) }
        }
        var entries: [Entry] = []
        for i in 0..<count {
            guard let keys = strings(at: originals, index: i), let values = strings(at: translations, index: i),
                let key = keys.first
            else { return nil }
            // A context is stored before the message, separated by EOT.
            let parts = key.split(separator: "\u{4}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            entries.append(
                Entry(
                    context: parts.count == 2 ? parts[0] : nil, id: parts.last!,
                    idPlural: keys.count > 1 ? keys[1] : nil, translations: values))
        }
        self.init(entries: entries)
    }

    /// Reads the text of a .po file as msgfmt would compile it: msgctxt, msgid_plural and msgstr[N],
    /// strings continued over several lines, C escapes (\n \t \" \\ \ooo \xhh …); fuzzy and obsolete
    /// (#~) entries are left out. Lines it does not understand are skipped.
    public init(poText text: String) {
        var entries: [Entry] = []
        var current = Entry(id: "", translations: [])
        var fuzzy = false
        var started = false
        /// Which string the next continuation line extends: the field's name and the plural index.
        var field: (name: String, index: Int)?
        func finish() {
            if started && (!fuzzy || current.id.isEmpty) { entries.append(current) }
            current = Entry(id: "", translations: [])
            fuzzy = false
            started = false
            field = nil
        }
        func append(_ piece: String) {
            guard let field else { return }
            switch field.name {
            case "msgctxt": current.context = (current.context ?? "") + piece
            case "msgid": current.id += piece
            case "msgid_plural": current.idPlural = (current.idPlural ?? "") + piece
            default:
                while current.translations.count <= field.index { current.translations.append("") }
                current.translations[field.index] += piece
            }
        }
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if line.hasPrefix("#") {
                // A comment after a translation starts the next entry; its flags may say "fuzzy".
                if field?.name.hasPrefix("msgstr") == true { finish() }
                if line.hasPrefix("#,") && line.contains("fuzzy") { fuzzy = true }
                continue
            }
            if line.hasPrefix("\"") {
                append(Self.unquoted(line))
                continue
            }
            let keyword = String(line.prefix { !$0.isWhitespace && $0 != "\"" })
            let rest = line.dropFirst(keyword.count).trimmingCharacters(in: .whitespaces)
            var name = keyword
            var index = 0
            if keyword.hasPrefix("msgstr["), keyword.hasSuffix("]"), let n = Int(keyword.dropFirst(7).dropLast()), n >= 0, n < 100
            {
                name = "msgstr"
                index = n
            }
            guard ["msgctxt", "msgid", "msgid_plural", "msgstr"].contains(name) else { field = nil; continue }
            // msgctxt or msgid after a translation starts the next entry.
            if name == "msgctxt" || name == "msgid", field?.name.hasPrefix("msgstr") == true { finish() }
            started = true
            field = (name, index)
            if name == "msgctxt" { current.context = "" }
            if name == "msgid_plural" { current.idPlural = "" }
            if name == "msgstr" { while current.translations.count <= index { current.translations.append("") } }
            append(Self.unquoted(rest))
        }
        finish()
        self.init(entries: entries)
    }

    /// The contents of a quoted .po string with its escapes resolved; "" when the line is not quoted.
    static func unquoted(_ line: String) -> String {
        let characters = Array(line.unicodeScalars)
        guard characters.count >= 2, characters.first == "\"" else { return "" }
        var bytes: [UInt8] = []
        var i = 1
        func hexValue(_ c: Unicode.Scalar) -> UInt8? { c.isASCII ? UInt8(String(c), radix: 16) : nil }
        while i < characters.count, characters[i] != "\"" {
            let c = characters[i]
            i += 1
            guard c == "\\", i < characters.count else {
                bytes.append(contentsOf: Array(String(c).utf8))
                continue
            }
            let e = characters[i]
            i += 1
            switch e {
            case "n": bytes.append(10)
            case "t": bytes.append(9)
            case "r": bytes.append(13)
            case "a": bytes.append(7)
            case "b": bytes.append(8)
            case "f": bytes.append(12)
            case "v": bytes.append(11)
            case "0"..."7":
                var value = Int(e.value - 48)
                var taken = 1
                while taken < 3, i < characters.count, ("0"..."7").contains(characters[i]) {
                    value = value * 8 + Int(characters[i].value - 48)
                    i += 1
                    taken += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            case "x":
                var value = 0
                while i < characters.count, let digit = hexValue(characters[i]) {
                    value = (value * 16 + Int(digit)) & 0xff
                    i += 1
                }
                bytes.append(UInt8(value))
            default: bytes.append(contentsOf: Array(String(e).utf8))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The translation of `message`, nil when the catalog has none.
    public func translation(of message: String) -> String? { messages[message] }

    /// The translation of the plural message `singular`/`plural` for `count`; nil when the catalog has none.
    public func translation(singular: String, plural: String, count: Int) -> String? {
        guard let forms = plurals[singular], !forms.isEmpty else { return nil }
        let text = forms[min(pluralRule.form(for: count), forms.count - 1)]
        return text.isEmpty ? nil : text
    }
}
