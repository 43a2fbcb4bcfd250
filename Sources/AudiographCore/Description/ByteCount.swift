// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// File sizes for people, in the interface language ("12.4 MB"); Foundation's ByteCountFormatter speaks
/// the system's language, not Audiograph's, and would mix two languages on one screen.
public enum ByteCount {
    /// `bytes` in decimal units (1 kB = 1,000 bytes, as file managers show them), three significant digits.
    public static func text(_ bytes: Int64) -> String {
        let value = Double(max(0, bytes))
        let (amount, unit): (Double, String) =
            value >= 1e9
            ? (value / 1e9, Localization.tr("%@ GB"))
            : value >= 1e6
                ? (value / 1e6, Localization.tr("%@ MB"))
                : value >= 1e3
                    ? (value / 1e3, Localization.tr("%@ kB"))
                    : (value, Localization.tr("%@ bytes"))
        let digits = value < 1e3 ? 0 : amount < 10 ? 2 : amount < 100 ? 1 : 0
        var number = ValueFormatter.format(amount, fractionDigits: digits, grouping: true)
        // "1.00 MB" reads as "1 MB", "1.50 MB" as "1.5 MB".
        let decimal = Localization.numberStyle.decimalSeparator
        if digits > 0, number.contains(decimal) {
            while number.hasSuffix("0") { number.removeLast() }
            if number.hasSuffix(decimal) { number.removeLast(decimal.count) }
        }
        return String(format: unit, number)
    }
}
