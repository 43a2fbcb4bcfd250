// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Whole numbers that are years, read from the values whatever the header says (`period`, `time`, `x`, `Jahr`):
/// written without a thousands separator ("1993", never "1,993") wherever the x axis writes them.
///
/// The header used to decide (`year`, `yr`, `年`): `period,sales` with 1990 … 1994 was said "1,990 to 1,994, a
/// peak of 9 in 1,993". A column of whole numbers from 1000 to 2200 on x is years when it runs as years run along
/// an axis: rising or falling in file order, evenly stepped once sorted (every fifth year, in any order), or
/// repeated row after row (a long table's years, once per group; people's years of birth). A dose of 1,000 to
/// 2,000 mg in that shape would be written "1500 mg": the cost of that reading is one missing comma.
enum YearValues {
    /// The years a column of numbers may hold (a plausible span of years in data people open).
    static let span: ClosedRange<Double> = 1000...2200

    /// True when `values` (NaN where missing) are years by the rule above.
    static func areYears(_ values: [Double]) -> Bool {
        var present = 0, rises = false, falls = false
        var previous = Double.nan
        for v in values where !v.isNaN {
            guard span.contains(v), v == v.rounded() else { return false }
            present += 1
            if v > previous { rises = true }
            if v < previous { falls = true }
            previous = v
        }
        guard present >= 2, rises || falls else { return false }
        if rises != falls { return true }  // in file order, one way
        let distinct = Array(Set(values.filter { !$0.isNaN })).sorted()
        if distinct.count >= 3 {
            let step = distinct[1] - distinct[0]
            if zip(distinct, distinct.dropFirst()).allSatisfy({ $1 - $0 == step }) { return true }
        }
        // Repeated: most rows share their year with another row.
        return (present - distinct.count) * 2 >= present
    }
}
