// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The one door every user-facing string passes through.
///
/// Messages are keyed by their English text, as gettext keys them; translations come from the gettext
/// catalog of the interface language (po/LANG.po, compiled by msgfmt or read as it is, by `MessageCatalog`;
/// where from: `InterfaceLanguage.sources`), chosen
/// once per process by `InterfaceLanguage` from LANGUAGE, LC_ALL, LC_MESSAGES and LANG. `tr` formats with
/// `String(format:)` placeholders (%@, %d, %ld; translations may number them, %2$@, to reorder).
public enum Localization {
    /// Translated text for an English message; the English text itself while only English exists.
    /// Whole numbers are written grouped ("2,000,000 rows"); a date's year goes through `trc` instead.
    public static func tr(_ message: String, _ arguments: CVarArg...) -> String {
        let template = loaded.catalog.translation(of: message) ?? message
        return formatGrouped(template, arguments)
    }

    /// Translated text for a message whose English is shared by different meanings, told apart by
    /// `context` (gettext's msgctxt): "%@ %ld" is "March 2023" in context "month year" and "March 31" in
    /// context "month day", which other languages write differently. Whole numbers are written as they are,
    /// without grouping: the contexts hold dates ("2023", not "2,023").
    public static func trc(_ context: String, _ message: String, _ arguments: CVarArg...) -> String {
        let template = loaded.catalog.translation(of: context + "\u{4}" + message) ?? message
        return arguments.isEmpty ? template : String(format: template, locale: posixLocale, arguments: arguments)
    }

    /// Singular or plural form of a message for `count` (English rule: 1 is singular).
    public static func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: CVarArg...) -> String {
        let template =
            loaded.catalog.translation(singular: singular, plural: plural, count: count)
            ?? (count == 1 ? singular : plural)
        return formatGrouped(template, arguments)
    }

    /// `template` formatted with `arguments`, its plain whole-number conversions grouped (`GroupedCounts`).
    private static func formatGrouped(_ template: String, _ arguments: [CVarArg]) -> String {
        guard !arguments.isEmpty else { return template }
        let grouped = GroupedCounts.apply(template, arguments)
        return String(format: grouped.template, locale: posixLocale, arguments: grouped.arguments)
    }

    /// Separators of numbers in the interface language, from its catalog (a language with a decimal comma
    /// translates them); English's "." and "," otherwise, which Japanese uses too.
    public static let numberStyle = NumberStyle(
        // TRANSLATORS: the decimal separator of numbers in your language ("," in German, "." in Japanese).
        decimalSeparator: trc("decimal separator", "."),
        // TRANSLATORS: the separator between groups of three digits ("." in German, "," in Japanese).
        groupingSeparator: trc("grouping separator", ","))

    /// Whole sentences, each ending in its full stop, as one text, joined as the language joins them: a
    /// space in English; nothing after 。 in Japanese (its catalog gives a zero-width space, since an empty
    /// translation would count as none). Empty parts are left out. The one way to put sentences together:
    /// a message is never cut apart again, so keep the parts apart where they are made (`AudioOutputError`).
    public static func sentences(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: betweenSentences)
    }

    /// What goes between two sentences; the catalog's zero-width space stands for nothing, so that no
    /// invisible character is left in text a person searches or copies.
    private static let betweenSentences: String = {
        let between = trc("between sentences", " ")
        return between == "\u{200B}" ? "" : between
    }()

    /// `statement`, written without its full stop so that it can also sit inside another message
    /// ("No sound: %@."), ended as a sentence with the language's full stop ("." or "。").
    public static func sentence(_ statement: String) -> String {
        statement + tr(".")
    }

    /// Joins items as a person would list them: "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default:
            return items.dropLast().joined(separator: tr(", ")) + tr(" and ") + items.last!
        }
    }

    /// Whether a column's title is lower-cased inside a sentence ("Birth rate by year"), as English does;
    /// languages without letter case, or that keep nouns capitalised, answer "no" in their catalog.
    public static let lowercasesTitlesInSentences =
        // TRANSLATORS: answer "no" if your language does not lower-case a title such as "Year" inside a
        // sentence ("Birth rate by year"); keep "yes" otherwise. Not shown to anyone.
        trc("lower-case titles inside sentences", "yes") == "yes"

    /// A column title as it reads inside a sentence, where the language lower-cases titles: "Year" → "year",
    /// "Sepal Length" → "sepal length" (every word capitalised: title case), "Birth rate" → "birth rate". A name
    /// is otherwise kept as written: acronyms ("GDP", "US employment", "CO2"), names in camel case
    /// ("NumMedicare", "StClair", "numMDs") and a capitalised word before another ("New York population").
    public static func titleInSentence(_ title: String) -> String {
        guard lowercasesTitlesInSentences else { return title }
        /// A capital, then only lower-case letters (and marks, digits or punctuation): "Year", not "NumMDs".
        func isCapitalised(_ word: Substring) -> Bool {
            guard let first = word.first, first.isUppercase, word.count > 1 else { return false }
            return word.dropFirst().allSatisfy { !$0.isUppercase } && word.dropFirst().contains { $0.isLowercase }
        }
        func lowered(_ word: Substring) -> String {
            isCapitalised(word) ? word.prefix(1).lowercased() + word.dropFirst() : String(word)
        }
        let words = title.split(separator: " ", omittingEmptySubsequences: false)
        let letterWords = words.filter { $0.first?.isLetter == true && $0.count > 1 }
        if letterWords.count > 1 && letterWords.allSatisfy({ isCapitalised($0) || $0.allSatisfy(\.isUppercase) }) {
            return words.map(lowered).joined(separator: " ")
        }
        guard let first = words.first else { return title }
        if words.count > 1, let next = words.dropFirst().first, next.first?.isUppercase == true { return title }
        return ([lowered(first)] + words.dropFirst().map(String.init)).joined(separator: " ")
    }

    /// `text` as the start of a sentence: its first letter capitalised when its first word is a common word
    /// (lower-case letters with a vowel: "rises", "income"), else as written, since a name that starts the
    /// sentence keeps its spelling ("numMDs", "temp_max", "v", "gdp", "x2").
    public static func startingSentence(_ text: String) -> String {
        let firstWord = text.prefix { $0 != " " }
        guard let first = firstWord.first, firstWord.count > 1,
            firstWord.allSatisfy({ $0.isLetter && $0.isLowercase }),
            firstWord.contains(where: { "aeiouy".contains($0) })
        else { return text }
        return first.uppercased() + text.dropFirst()
    }

    /// The interface language ("ja"), or nil for English (also when its catalog could not be found).
    public static var language: String? { loaded.language }

    private static let posixLocale = Locale(identifier: "en_US_POSIX")
    /// The chosen language and its catalog, read once.
    private static let loaded: (language: String?, catalog: MessageCatalog) = {
        guard let language = InterfaceLanguage.choose(),
            let catalog = InterfaceLanguage.loadCatalog(language, sources: InterfaceLanguage.sources())
        else { return (nil, MessageCatalog()) }
        return (language, catalog)
    }()
}

/// Decimal and grouping separators used when writing numbers for people.
public struct NumberStyle: Sendable, Equatable {
    public var decimalSeparator: String
    public var groupingSeparator: String

    public static let english = NumberStyle(decimalSeparator: ".", groupingSeparator: ",")
}

/// Marks `message` for translation without translating it (gettext's N_): for messages kept in tables and
/// translated where they are shown with `Localization.tr(variable)`. xgettext extracts them by this name.
// swift-format-ignore: AlwaysUseLowerCamelCase
// gettext's name for it, which xgettext looks for (scripts/update-po.sh).
public func N_(_ message: String) -> String { message }
