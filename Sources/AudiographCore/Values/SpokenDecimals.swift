// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How many decimals a number column's values are said with: the decimals the file wrote, less trailing zeros
/// and float noise that every value has (`carried`), and no more than the significant digits such data carries.
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
        let kept = carried(written: written, values: values)
        guard written >= significantDigits else { return kept }
        var largest = 0.0
        for v in values where v.isFinite { largest = max(largest, abs(v)) }
        guard largest > 0 else { return min(kept, ValueFormatter.maximumFractionDigits) }
        let magnitude = Int(floor(log10(largest)))
        let needed = significantDigits - 1 - magnitude
        // A long-written column keeps at least one decimal unless every value is whole.
        return min(kept, max(1, min(written, needed, ValueFormatter.maximumFractionDigits)))
    }

    /// The fewest decimals (0…`written`) every finite value is written with once trailing zeros and float
    /// noise are left off: "18.0" and "25.0" carry none (pandas writes a whole column with a gap as floats),
    /// "2.50" beside "100" keeps two (one or two decimals are kept unless every value is whole), "3.2500" carries two, and a float32 "1.33000004" two (in a column written with six decimals or more, a
    /// value within a ten-millionth of itself rounded counts as rounded). Stops at the first value that needs every
    /// written decimal, so a column written at its precision costs a few values; one of trailing zeros, a pass.
    static func carried(written: Int, values: [Double]) -> Int {
        guard written > 0 else { return 0 }
        let powers = (0...written).map { pow(10.0, Double($0)) }
        // Float noise shows as long decimals ("1.33000004"): only then is a value within a ten-millionth of
        // itself rounded taken as rounded; shorter ones are compared to the double's own precision, so that
        // cents of 1,234,567.89 are kept.
        let tolerance = written >= 6 ? 1e-7 : 1e-12
        // One or two decimals are a precision people write on purpose ("2.50" of a price), kept unless every
        // value is whole; three or more are trimmed to what the values need.
        let floor = written <= 2 ? written : 0
        var needed = 0, seen = false
        for v in values where v.isFinite {
            seen = true
            if needed == 0, v == v.rounded() { continue }
            needed = max(needed, floor)
            while needed < written {
                let scaled = (v * powers[needed]).rounded() / powers[needed]
                if abs(v - scaled) <= max(tolerance * abs(v), 1e-12) { break }
                needed += 1
            }
            if needed == written { break }
        }
        return seen ? needed : written
    }
}
