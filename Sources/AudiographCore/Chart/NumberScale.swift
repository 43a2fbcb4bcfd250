// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Very large and very small numbers with a scale word, as people say them: "27 million", "2.86 trillion",
/// "2.1 millionths"; in Japanese by myriads ("2,700万", "2.86兆").
///
/// Heard digit by digit, "26,969,373" is eight words before the listener knows its size, and
/// "0.0000021" is a count of zeros. The scales are the language's: its catalog lists the powers of ten
/// it names ("6 9 12" in English, "4 8 12" in Japanese), each with its own message.
enum NumberScale {
    /// The smallest magnitude said with a scale word: a million.
    static let largeFrom = 1e6
    /// Magnitudes under a thousandth are said in millionths or billionths.
    static let smallBelow = 1e-3

    /// `value` with a scale word and `significant` significant digits (trailing zeros dropped), or nil when it
    /// is neither large nor small enough for one.
    static func words(_ value: Double, significant: Int, grouping: Bool) -> String? {
        guard value.isFinite, value != 0 else { return nil }
        let size = abs(value)
        let exponent: Int
        if size >= largeFrom {
            guard let e = largeExponents.last(where: { size >= pow(10, Double($0)) }) else { return nil }
            exponent = e
        } else if size < smallBelow {
            exponent = size >= 1e-6 ? -6 : -9
        } else {
            return nil
        }
        let scaled = value / pow(10, Double(exponent))
        let magnitude = Int(floor(log10(abs(scaled))))
        let digits = max(0, significant - 1 - magnitude)
        let number = ValueFormatter.trimmingZeros(
            ValueFormatter.format(scaled, fractionDigits: digits, grouping: grouping),
            keeping: 0)
        return phrase(number, exponent)
    }

    /// The powers of ten the interface language names, smallest first.
    private static let largeExponents: [Int] = {
        // TRANSLATORS: the powers of ten your language names large numbers by, smallest first, separated by
        // spaces: "6 9 12" for million, billion, trillion; "4 8 12" for 万, 億, 兆. Each needs its message
        // below ("%@ million" for 6, "%@ ten thousand" for 4, "%@ hundred million" for 8).
        let listed = Localization.trc("number scales", "6 9 12").split(separator: " ").compactMap { Int($0) }
        let known = listed.filter { [4, 6, 8, 9, 12].contains($0) }.sorted()
        return known.isEmpty ? [6, 9, 12] : known
    }()

    private static func phrase(_ number: String, _ exponent: Int) -> String {
        switch exponent {
        // TRANSLATORS: a number of ten thousands (10^4), for languages that name it ("2,700万").
        case 4: return Localization.trc("number scale", "%@ ten thousand", number)
        case 6: return Localization.trc("number scale", "%@ million", number)
        // TRANSLATORS: a number of hundred millions (10^8), for languages that name it ("3.2億").
        case 8: return Localization.trc("number scale", "%@ hundred million", number)
        case 9: return Localization.trc("number scale", "%@ billion", number)
        case 12: return Localization.trc("number scale", "%@ trillion", number)
        // TRANSLATORS: a number of millionths (10^-6): "2.1 millionths".
        case -6: return Localization.trc("number scale", "%@ millionths", number)
        default: return Localization.trc("number scale", "%@ billionths", number)
        }
    }
}
