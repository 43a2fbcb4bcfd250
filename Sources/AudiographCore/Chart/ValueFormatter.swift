// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes an axis's numbers for people, with the axis's unit: "268 births per 10,000", "21.5 °C", "35%".
public struct ValueFormatter: Sendable, Equatable {
    /// Unit shown with values, or nil.
    public var unit: String?
    /// Digits after the decimal point for data values, 0…`maximumFractionDigits`.
    public var fractionDigits: Int
    /// Most decimals a value is written with: enough for the first significant digits of a column of tiny
    /// values (0.0000123), never so many that floating-point noise is said.
    public static let maximumFractionDigits = 9
    /// Whether to group thousands ("12,345"); off for year-like integers ("1960").
    public var usesGrouping: Bool

    public init(unit: String? = nil, fractionDigits: Int = 0, usesGrouping: Bool = true) {
        self.unit = unit
        self.fractionDigits = max(0, min(ValueFormatter.maximumFractionDigits, fractionDigits))
        self.usesGrouping = usesGrouping
    }

    /// The value with its unit, as spoken and shown: "268 births per 10,000".
    public func string(_ value: Double, extraDigits: Int = 0) -> String {
        attachUnit(plain(value, extraDigits: extraDigits))
    }

    /// The value without unit: "268", "1,234.5"; a column said with three decimals or more drops trailing
    /// zeros ("58.6" of a column said as "2.033"), which such long-written data never meant; a billion or
    /// more has its scale word ("2.857 trillion").
    public func plain(_ value: Double, extraDigits: Int = 0) -> String {
        // A billion or more is said with its scale and four significant digits: "2.857 trillion".
        if usesGrouping, abs(value) >= 1e9, let words = NumberScale.words(value, significant: 4, grouping: true) {
            return words
        }
        let digits = fractionDigits + extraDigits
        let text = ValueFormatter.format(value, fractionDigits: digits, grouping: usesGrouping)
        return digits >= 3 ? ValueFormatter.trimmingZeros(text, keeping: 0) : text
    }

    /// Two values as a span with the unit said once: "1.5 to 2.0 minutes", "$10 to $20" (a unit written
    /// before the number stays on both).
    public func span(_ low: Double, _ high: Double) -> String {
        let prefixed = unit.map { ValueFormatter.prefixUnits.contains($0) } ?? false
        return Localization.tr("%@ to %@", prefixed ? string(low) : plain(low), string(high))
    }

    /// A statistic of the values, such as a mean, a median or a difference: about three significant digits,
    /// at most one decimal past the data's (but enough for its first significant digit), and no trailing
    /// zeros past the data's decimals: "80" (not "80.0") of whole numbers, "3.12" (not "3.1200"); a million
    /// or more, or under a thousandth, with a scale word ("27 million", "2.1 millionths": `NumberScale`).
    public func derived(_ value: Double) -> String {
        attachUnit(plainDerived(value))
    }

    /// A statistic without its unit, as the first of a span: "312.75" of "312.75 to 340.25 g".
    public func plainDerived(_ value: Double) -> String {
        if usesGrouping, let words = NumberScale.words(value, significant: 3, grouping: true) { return words }
        return trimmedPastData(value, digits: ValueFormatter.digitsForStatistic(value, base: fractionDigits))
    }

    /// A rate such as a slope per year, with its unit: about three significant digits however far they are
    /// past the data's decimals ("0.0062" of whole numbers), without trailing zeros past the data's.
    public func rate(_ value: Double) -> String {
        if usesGrouping, let words = NumberScale.words(value, significant: 3, grouping: true) { return attachUnit(words) }
        return attachUnit(trimmedPastData(value, digits: ValueFormatter.digitsForDerived(value, base: fractionDigits)))
    }

    /// `value` with `digits` decimals, less trailing zeros past the data's decimals (all of them when the data
    /// is said with three or more, whose decimals are a writer's, not a precision).
    private func trimmedPastData(_ value: Double, digits: Int) -> String {
        ValueFormatter.trimmingZeros(
            ValueFormatter.format(value, fractionDigits: digits, grouping: usesGrouping),
            keeping: fractionDigits >= 3 ? 0 : fractionDigits)
    }

    /// A value a person typed or chose, with its unit and every decimal it needs (up to six, at least the
    /// data's): "200 births per 10,000", "202.5 births per 10,000".
    public func exact(_ value: Double) -> String {
        attachUnit(
            ValueFormatter.format(
                value, fractionDigits: max(fractionDigits, ValueFormatter.decimalsNeeded(value)),
                grouping: usesGrouping))
    }

    /// Adds the unit in the place a reader expects: "$12", "35%", "21.5 °C", "268 births per 10,000".
    public func attachUnit(_ number: String) -> String {
        guard let unit, !unit.isEmpty else { return number }
        if ValueFormatter.prefixUnits.contains(unit) {
            return number.hasPrefix("-") ? "-" + unit + number.dropFirst() : unit + number
        }
        if unit == "%" || unit == "‰" { return number + unit }
        return number + " " + unit
    }

    /// Decimal digits for a derived value: at least the data's, and about three significant digits.
    static func digitsForDerived(_ value: Double, base: Int) -> Int {
        guard value.isFinite, value != 0 else { return base }
        let magnitude = Int(floor(log10(abs(value))))
        return max(base, min(ValueFormatter.maximumFractionDigits, 2 - magnitude))
    }

    /// Decimal digits for a statistic of the values: those of a derived value, but at most one past the
    /// data's `base`, unless more are needed to reach the value's first significant digit (0.004 of counts).
    static func digitsForStatistic(_ value: Double, base: Int) -> Int {
        let derived = digitsForDerived(value, base: base)
        guard value.isFinite, value != 0 else { return derived }
        let firstSignificant = -Int(floor(log10(abs(value))))
        return min(derived, max(base + 1, firstSignificant))
    }

    /// `text` without trailing zeros after its decimal separator beyond `keeping` decimals ("58.600" → "58.6",
    /// "0.000" → "0"); the separator goes when no decimal is left.
    static func trimmingZeros(_ text: String, keeping: Int) -> String {
        let separator = Localization.numberStyle.decimalSeparator
        guard let dot = text.range(of: separator, options: .backwards) else { return text }
        var decimals = Array(text[dot.upperBound...])
        guard decimals.allSatisfy(\.isNumber) else { return text }
        while decimals.count > keeping, decimals.last == "0" { decimals.removeLast() }
        let whole = String(text[..<dot.lowerBound])
        let trimmed = decimals.isEmpty ? whole : whole + separator + String(decimals)
        // "-0.000" trimmed is "-0": a zero has no sign.
        return trimmed == "-0" ? "0" : trimmed
    }

    /// Decimals needed to write `value` exactly, 0…6 (2.5 needs 1, 0.05 needs 2, a value with more needs 6).
    static func decimalsNeeded(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return (0...6).first { d in
            let scaled = value * pow(10, Double(d))
            return abs(scaled.rounded() - scaled) < 1e-6 * max(1, abs(scaled))
        } ?? 6
    }

    static let prefixUnits: Set<String> = ["$", "US$", "€", "£", "¥", "₹", "₩"]

    /// Formats `value` rounded to `fractionDigits`, with the interface language's separators.
    public static func format(_ value: Double, fractionDigits: Int, grouping: Bool) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        let style = Localization.numberStyle
        // Halves round away from zero, as people round (138.5 is 139); printf alone rounds them to even.
        let places = max(0, min(12, fractionDigits))
        let scale = pow(10, Double(places))
        let scaled = value * scale
        let rounded = abs(scaled) < 1e15 ? scaled.rounded(.toNearestOrAwayFromZero) / scale : value
        var text = String(format: "%.\(places)f", rounded)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            text.removeFirst()  // no "-0"
        }
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        var integerPart = Substring(text)
        var fraction: Substring = ""
        if let dot = text.firstIndex(of: ".") {
            integerPart = text[..<dot]
            fraction = text[text.index(after: dot)...]
        }
        var grouped = ""
        if grouping && integerPart.count > 3 {
            let digits = Array(integerPart)
            for (offset, digit) in digits.enumerated() {
                if offset > 0 && (digits.count - offset) % 3 == 0 { grouped += style.groupingSeparator }
                grouped.append(digit)
            }
        } else {
            grouped = String(integerPart)
        }
        var result = negative ? "-" + grouped : grouped
        if !fraction.isEmpty { result += style.decimalSeparator + fraction }
        return result
    }
}
