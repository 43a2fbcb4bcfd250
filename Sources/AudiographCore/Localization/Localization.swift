import Foundation

/// The one door every user-facing string passes through.
///
/// Messages are keyed by their English text, as gettext keys them, so moving to gettext catalogs later
/// (Japanese) changes this file only. `tr` formats with `String(format:)` placeholders (%@, %d, %ld).
public enum Localization {
    /// Translated text for an English message; the English text itself while only English exists.
    public static func tr(_ message: String, _ arguments: CVarArg...) -> String {
        let template = catalog[message] ?? message
        return arguments.isEmpty ? template : String(format: template, locale: posixLocale, arguments: arguments)
    }

    /// Singular or plural form of a message for `count` (English rule: 1 is singular).
    public static func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: CVarArg...) -> String {
        let english = count == 1 ? singular : plural
        let template = catalog[english] ?? english
        return arguments.isEmpty ? template : String(format: template, locale: posixLocale, arguments: arguments)
    }

    /// Separators and list words of the interface language.
    public static var numberStyle: NumberStyle { .english }

    /// Joins items as a person would list them: "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default:
            return items.dropLast().joined(separator: ", ") + tr(" and ") + items.last!
        }
    }

    private static let posixLocale = Locale(identifier: "en_US_POSIX")
    /// Translations of the current language; empty for English.
    private static let catalog: [String: String] = [:]
}

/// Decimal and grouping separators used when writing numbers for people.
public struct NumberStyle: Sendable, Equatable {
    public var decimalSeparator: String
    public var groupingSeparator: String

    public static let english = NumberStyle(decimalSeparator: ".", groupingSeparator: ",")
}
