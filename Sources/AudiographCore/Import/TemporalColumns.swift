// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns numeric columns that are really times into date columns once a table is read: Unix timestamps under
/// a header that says so, and fractional years as R writes time series.
enum TemporalColumns {
    /// Converts every numeric column of `table` that is Unix time or fractional years; leaves the others.
    static func convert(_ table: inout Table) {
        for i in table.columns.indices {
            guard case .numeric(let values, _) = table.columns[i].data else { continue }
            let title = table.columns[i].title.lowercased()
            if let dates = unixTime(values, title: title) ?? fractionalYears(values, title: title) {
                table.columns[i].data = dates
            }
        }
    }

    /// True for headers that announce a timestamp: a word time, timestamp, datetime, epoch or unix (or one starting
    /// with epoch or unix), or ending in _ts; "lifetime value" is not one.
    static func namesTimestamp(_ title: String) -> Bool {
        let words = title.split(whereSeparator: { !$0.isLetter })
        return title.hasSuffix("_ts") || words.contains { word in
            ["time", "timestamp", "datetime", "ts"].contains(word) || word.hasPrefix("epoch") || word.hasPrefix("unix")
        }
    }

    /// Seconds since the epoch (precision second) when `title` names a timestamp and every value is a whole
    /// number of Unix seconds (1e8…4e9, 1973…2096) or milliseconds (1e11…4e12); nil otherwise.
    static func unixTime(_ values: [Double], title: String) -> ColumnData? {
        guard namesTimestamp(title) else { return nil }
        var lowest = Double.infinity, highest = -Double.infinity
        for v in values where !v.isNaN {
            guard v == v.rounded() else { return nil }
            lowest = min(lowest, v)
            highest = max(highest, v)
        }
        if lowest >= 1e8 && highest <= 4e9 { return .date(values: values, precision: .second, utcOffsetSeconds: nil) }
        if lowest >= 1e11 && highest <= 4e12 {
            return .date(values: values.map { $0 / 1000 }, precision: .second, utcOffsetSeconds: nil)
        }
        return nil
    }

    /// Dates from fractional years (1949.083 is February 1949) when `title` is "time" or mentions a year or date,
    /// every value lies in 1000…3000, most are not whole, and they fall on quarters (precision quarter), months
    /// (month) or regular steps (day); nil otherwise, so plain years (1950, 1951) stay numbers.
    static func fractionalYears(_ values: [Double], title: String) -> ColumnData? {
        guard title == "time" || title.contains("year") || title.contains("date") else { return nil }
        let finite = values.filter { !$0.isNaN }
        guard finite.count >= 2, finite.allSatisfy({ $0 >= 1000 && $0 <= 3000 }) else { return nil }
        let fractional = finite.filter { $0 != $0.rounded(.down) }.count
        guard fractional * 2 > finite.count else { return nil }
        func onGrid(_ partsPerYear: Double) -> Bool {
            finite.allSatisfy { let f = ($0 - $0.rounded(.down)) * partsPerYear; return abs(f - f.rounded()) < 0.01 }
        }
        let precision: DatePrecision
        if onGrid(4) { precision = .quarter } else if onGrid(12) { precision = .month }
        else if stepsAreRegular(finite) { precision = .day } else { return nil }
        let dates = values.map { value -> Double in
            guard !value.isNaN else { return .nan }
            let year = Int(value.rounded(.down)), fraction = value - value.rounded(.down)
            switch precision {
            case .quarter, .month:
                let monthsIn = Int((fraction * 12).rounded())
                return DateParsing.epochSeconds(year: year + monthsIn / 12, month: monthsIn % 12 + 1, day: 1)
            default:
                let days = (fraction * (DateParsing.isLeap(year) ? 366 : 365)).rounded()
                return DateParsing.epochSeconds(year: year, month: 1, day: 1) + days * 86_400
            }
        }
        return .date(values: dates, precision: precision, utcOffsetSeconds: nil)
    }

    /// True when the rises from one value to the next (in file order, so a long table's restarts don't count)
    /// are all the same within 1% and less than a year.
    private static func stepsAreRegular(_ values: [Double]) -> Bool {
        let rises = zip(values, values.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        guard let smallest = rises.min(), let largest = rises.max(), largest < 1 else { return false }
        return largest <= smallest * 1.01
    }
}
