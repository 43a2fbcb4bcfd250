// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A condition on a point's value that a person typed to find it: "above 24", "< 0", "between 10 and 20",
/// "24以上", "10から20の間". Read by `init?(parsing:)`, tested on values by `holds`, said by `words`.
public struct ValueCondition: Sendable, Equatable {
    /// How a value compares with the typed numbers.
    public enum Relation: String, Sendable, Equatable {
        case above, atLeast, below, atMost, equal, between
    }

    public var relation: Relation
    /// The number typed, in the values' units; the lower bound for `between`.
    public var value: Double
    /// The upper bound for `between`; nil otherwise.
    public var upper: Double?

    public init(_ relation: Relation, _ value: Double, upper: Double? = nil) {
        self.relation = relation
        self.value = value
        self.upper = upper
    }

    /// Whether `y` meets the condition; a missing value (NaN) never does. Equality allows for the last bits
    /// a decimal loses in binary (a part in 10¹⁰), so "= 0.3" finds the 0.3 read from a file.
    public func holds(_ y: Double) -> Bool {
        guard y.isFinite else { return false }
        switch relation {
        case .above: return y > value
        case .atLeast: return y >= value
        case .below: return y < value
        case .atMost: return y <= value
        case .equal: return abs(y - value) <= 1e-10 * max(1, abs(value))
        case .between:
            let high = upper ?? value
            return y >= min(value, high) && y <= max(value, high)
        }
    }

    /// The condition in words with the values' unit, through `format` (`ValueFormatter.exact`): "above 24 °C",
    /// "between 10 and 20 °C".
    public func words(_ format: (Double) -> String) -> String {
        switch relation {
        case .above: return Localization.tr("above %@", format(value))
        case .atLeast: return Localization.tr("at least %@", format(value))
        case .below: return Localization.tr("below %@", format(value))
        case .atMost: return Localization.tr("at most %@", format(value))
        case .equal: return Localization.tr("equal to %@", format(value))
        case .between:
            let high = upper ?? value
            return Localization.tr("between %@ and %@", format(min(value, high)), format(max(value, high)))
        }
    }

    // MARK: Reading what was typed

    /// The condition `text` states, in English or Japanese, in words or symbols (full-width ones too); nil
    /// when it states none. A bare number means "equal to" it. Numbers may group thousands with commas and
    /// be followed by their unit ("above 24 km/L"), which is ignored.
    public init?(parsing text: String) {
        // NFKC: full-width digits and signs (＞２４), the minus sign and the wave dash become plain ones.
        let folded = text.precomposedStringWithCompatibilityMapping.lowercased()
            .replacingOccurrences(of: "\u{2212}", with: "-")
            .replacingOccurrences(of: "〜", with: "~")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let numbers = Self.numbers(in: folded)
        guard let first = numbers.first else { return nil }
        let before = String(folded[..<first.range.lowerBound]).trimmingCharacters(in: .whitespaces)
        let after = String(folded[first.range.upperBound...]).trimmingCharacters(in: .whitespaces)
        if numbers.count >= 2,
            Self.statesRange(before: before, between: folded[first.range.upperBound..<numbers[1].range.lowerBound])
        {
            self.init(.between, first.value, upper: numbers[1].value)
            return
        }
        if let relation = Self.englishPrefixes.first(where: { Self.matches(before, $0.words) })?.relation {
            self.init(relation, first.value)
            return
        }
        if before.isEmpty, let relation = Self.japaneseSuffixes.first(where: { after.hasPrefix($0.words) })?.relation {
            self.init(relation, first.value)
            return
        }
        // A bare number, perhaps with its unit.
        if before.isEmpty, numbers.count == 1, !after.contains(where: { "<>=~".contains($0) }) {
            self.init(.equal, first.value)
            return
        }
        return nil
    }

    /// Words before a number and the relation they state (read, never shown: not in the message catalog).
    private static let englishPrefixes: [(words: String, relation: Relation)] = [
        (">=", .atLeast), ("≥", .atLeast), ("=>", .atLeast), ("at least", .atLeast),  // l10n: not shown
        ("no less than", .atLeast),  // l10n: not shown
        ("not less than", .atLeast), ("<=", .atMost), ("≤", .atMost), ("=<", .atMost), ("at most", .atMost),  // l10n: not shown
        ("no more than", .atMost), ("not more than", .atMost),  // l10n: not shown
        (">", .above), ("above", .above), ("over", .above), ("more than", .above), ("greater than", .above),  // l10n: not shown
        ("higher than", .above), ("bigger than", .above), ("larger than", .above),  // l10n: not shown
        ("<", .below), ("below", .below), ("under", .below), ("less than", .below),  // l10n: not shown
        ("lower than", .below),  // l10n: not shown
        ("smaller than", .below), ("fewer than", .below),  // l10n: not shown
        ("==", .equal), ("=", .equal), ("equals", .equal), ("equal to", .equal),  // l10n: not shown
        ("equal", .equal), ("is", .equal)  // l10n: not shown
    ]

    /// Japanese words after a number and the relation they state (以上 includes the number, 超 does not).
    private static let japaneseSuffixes: [(words: String, relation: Relation)] = [
        ("以上", .atLeast), ("以下", .atMost), ("未満", .below), ("超", .above), ("を超える", .above),
        ("より上", .above), ("より大きい", .above), ("より多い", .above), ("より高い", .above),
        ("より下", .below), ("より小さい", .below), ("より少ない", .below), ("より低い", .below),
        ("と等しい", .equal), ("に等しい", .equal), ("と同じ", .equal)
    ]

    /// Whether `before` (the words before the number) is `words`, perhaps after "values" or "points".
    private static func matches(_ before: String, _ words: String) -> Bool {
        var rest = before
        for lead in ["values ", "value ", "points ", "point ", "y "] where rest.hasPrefix(lead) {
            rest = String(rest.dropFirst(lead.count)).trimmingCharacters(in: .whitespaces)
        }
        return rest == words
    }

    /// Whether the words around two numbers state a range: "between 10 and 20", "from 10 to 20", "10 to 20",
    /// "10~20", "10から20の間", "10と20の間", "10から20まで".
    private static func statesRange(before: String, between: Substring) -> Bool {
        let middle = between.trimmingCharacters(in: .whitespaces)
        let english =
            (before == "between" && middle == "and") || (before == "from" && middle == "to")
            || (before.isEmpty && (middle == "to" || middle == "~" || middle == "..." || middle == "…" || middle == ".."))
        let japanese = before.isEmpty && (middle == "から" || middle == "と" || middle == "~")
        return english || japanese
    }

    /// The numbers in `text`, with where each was written: "1,234.5", "-3", "2e6", ".5".
    private static func numbers(in text: String) -> [(value: Double, range: Range<String.Index>)] {
        let pattern = #"[-+]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)?(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            guard match.range.length > 0, let range = Range(match.range, in: text) else { return nil }
            let written = text[range].replacingOccurrences(of: ",", with: "")
            guard written.contains(where: \.isNumber), let value = Double(written), value.isFinite else { return nil }
            return (value, range)
        }
    }
}
