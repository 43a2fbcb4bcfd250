// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How many decimals a number column's values are said with: the decimals the file wrote, but no more than
/// the significant digits such data carries.
///
/// Programs write floats with every digit they hold: pandas "18.197285", R "0.0123456789012345". Said aloud,
/// "a low of 18.197285" is noise. A column written with five decimals or more is said to five significant
/// digits of its largest value ("18.197"), and a column of tiny values keeps the decimals that reach its
/// first significant digits ("0.0000123"), never "0.000000". Fewer than five written decimals are kept as
/// written: "1,234,567.89" is an amount to the cent.
enum SpokenDecimals {
    /// Significant digits of the column's largest value that are said.
    static let significantDigits = 5

    /// Decimals (0…`ValueFormatter.maximumFractionDigits`) for a column written with `written` decimals
    /// holding `values` (NaN where missing).
    static func decimals(written: Int, values: [Double]) -> Int {
        guard written >= significantDigits else { return written }
        var largest = 0.0
        for v in values where v.isFinite { largest = max(largest, abs(v)) }
        guard largest > 0 else { return min(written, ValueFormatter.maximumFractionDigits) }
        let magnitude = Int(floor(log10(largest)))
        let needed = significantDigits - 1 - magnitude
        return max(1, min(written, needed, ValueFormatter.maximumFractionDigits))
    }
}
