// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns numeric columns that are really times into date columns once a table is read: Unix timestamps under
/// a header that says so, fractional years as R writes time series, and dates written as whole numbers
/// (20240131, 202401) as Stata, SAS, banks and loggers write them.
enum TemporalColumns {
    /// How a numeric column's numbers were read as dates; the same reading serves rows appended later.
    enum Conversion: Sendable, Equatable {
        /// Whole seconds since the epoch.
        case unixSeconds
        /// Whole milliseconds since the epoch.
        case unixMilliseconds
        /// Years with a fraction (1949.083 is February 1949), written on a grid of this precision.
        case fractionalYears(DatePrecision)
        /// Dates written as yyyymmdd (20240131) or, at month precision, yyyymm (202401).
        case digitDates(DatePrecision)

        /// `values` (NaN where missing) as a date column.
        func dates(_ values: [Double]) -> ColumnData {
            switch self {
            case .unixSeconds: return .date(values: values, precision: .second, utcOffsetSeconds: nil)
            case .unixMilliseconds: return .date(values: values.map { $0 / 1000 }, precision: .second, utcOffsetSeconds: nil)
            case .fractionalYears(let precision):
                return .date(
                    values: values.map { TemporalColumns.date(fractionalYear: $0, precision: precision) },
                    precision: precision, utcOffsetSeconds: nil)
            case .digitDates(let precision):
                return .date(
                    values: values.map { TemporalColumns.date(digits: $0, precision: precision) ?? .nan },
                    precision: precision, utcOffsetSeconds: nil)
            }
        }
    }

    /// Converts every numeric column of `table` that is Unix time or fractional years; leaves the others.
    /// Returns each column's conversion (nil for a column left as it was).
    @discardableResult
    static func convert(_ table: inout Table) -> [Conversion?] {
        table.columns.indices.map { i -> Conversion? in
            guard case .numeric(let values, _) = table.columns[i].data else { return nil }
            let title = table.columns[i].title.lowercased()
            let digits = digitDates(values, title: title)
            if let odd = digits.notADate {
                table.warnings.append(
                    Localization.tr(
                        "%@ looks like dates written as digits (%@), but %@ is not a date, so its values are read as numbers.",
                        table.columns[i].header, plainDigits(digits.example), plainDigits(odd)))
            }
            guard let conversion = unixTime(values, title: title) ?? fractionalYears(values, title: title) ?? digits.conversion
            else { return nil }
            table.columns[i].data = conversion.dates(values)
            return conversion
        }
    }

    /// A whole number as its digits, without grouping: "20240131".
    private static func plainDigits(_ value: Double) -> String { String(Int64(value)) }

    /// Dates written as whole numbers: every value an 8-digit yyyymmdd (day precision) or every value a 6-digit
    /// yyyymm (month precision) that is a real date from 1800 to 2200, three values or more (or any number under a
    /// header that names a time). A column that is such dates but for one value (`notADate`) stays numbers; with
    /// more than one misfit it is some other number that happens to have eight digits.
    static func digitDates(_ values: [Double], title: String) -> (conversion: Conversion?, example: Double, notADate: Double?) {
        var eight = 0, six = 0, present = 0
        var example = Double.nan, misfit = Double.nan, misfits = 0
        for v in values where !v.isNaN {
            present += 1
            guard v == v.rounded(), v > 0 else { misfits += 1; misfit = v; if misfits > 1 { return (nil, .nan, nil) }; continue }
            if v >= 18_000_101 && v <= 22_001_231 && date(digits: v, precision: .day) != nil {
                eight += 1; example = v
            } else if v >= 180_001 && v <= 220_012 && date(digits: v, precision: .month) != nil {
                six += 1; example = v
            } else {
                misfits += 1; misfit = v
            }
            if misfits > 1 { return (nil, .nan, nil) }
        }
        let namesTime = ColumnProfiler.headerWords(title).contains { ColumnProfiler.timeWords.contains($0) }
        guard present >= 3 || (present >= 1 && namesTime), eight == 0 || six == 0 else { return (nil, .nan, nil) }
        let precision: DatePrecision = eight > 0 ? .day : .month
        if misfits == 0 { return (.digitDates(precision), example, nil) }
        // One value off among dates of one spelling: said, and the column read as numbers.
        let fits = eight + six
        return fits >= 3 ? (nil, example, misfit) : (nil, .nan, nil)
    }

    /// Seconds since the epoch of 20240131 (day precision) or 202401 (month precision); nil when no such date.
    static func date(digits value: Double, precision: DatePrecision) -> Double? {
        guard value.isFinite, value == value.rounded(), value > 0 else { return nil }
        let n = Int(value)
        let (year, month, day) = precision == .day ? (n / 10_000, n / 100 % 100, n % 100) : (n / 100, n % 100, 1)
        guard (1800...2200).contains(year), DateParsing.valid(year, month, day) else { return nil }
        return DateParsing.epochSeconds(year: year, month: month, day: day)
    }

    /// True for headers that announce a timestamp: a word time, timestamp, datetime, date, created, updated,
    /// modified, epoch or unix (or one starting with epoch or unix), or ending in _ts; "lifetime value" is not
    /// one. pandas' default `to_json()` writes a date column as epoch milliseconds under its own header ("date").
    static func namesTimestamp(_ title: String) -> Bool {
        let words = ColumnProfiler.headerWords(title)
        return title.hasSuffix("_ts")
            || words.contains { word in
                ["time", "timestamp", "datetime", "ts", "date", "dt", "created", "updated", "modified"].contains(word)
                    || word.hasPrefix("epoch") || word.hasPrefix("unix")
            }
    }

    /// Unix seconds or milliseconds when `title` names a timestamp and every value is a whole number of Unix
    /// seconds (1e8…4e9, 1973…2096) or milliseconds (1e11…4e12); nil otherwise.
    static func unixTime(_ values: [Double], title: String) -> Conversion? {
        guard namesTimestamp(title) else { return nil }
        var lowest = Double.infinity, highest = -Double.infinity
        for v in values where !v.isNaN {
            guard v == v.rounded() else { return nil }
            lowest = min(lowest, v)
            highest = max(highest, v)
        }
        if lowest >= 1e8 && highest <= 4e9 { return .unixSeconds }
        if lowest >= 1e11 && highest <= 4e12 { return .unixMilliseconds }
        return nil
    }

    /// Fractional years (1949.083 is February 1949) when `title` is "time" or mentions a year or date, every
    /// value lies in 1000…3000, most are not whole, and they fall on quarters (precision quarter), months
    /// (month) or regular steps (day); nil otherwise, so plain years (1950, 1951) stay numbers.
    static func fractionalYears(_ values: [Double], title: String) -> Conversion? {
        guard title == "time" || title.contains("year") || title.contains("date") else { return nil }
        let finite = values.filter { !$0.isNaN }
        guard finite.count >= 2, finite.allSatisfy({ $0 >= 1000 && $0 <= 3000 }) else { return nil }
        let fractional = finite.filter { $0 != $0.rounded(.down) }.count
        guard fractional * 2 > finite.count else { return nil }
        func onGrid(_ partsPerYear: Double) -> Bool {
            finite.allSatisfy {
                let f = ($0 - $0.rounded(.down)) * partsPerYear; return abs(f - f.rounded()) < 0.01
            }
        }
        let precision: DatePrecision
        if onGrid(4) {
            precision = .quarter
        } else if onGrid(12) {
            precision = .month
        } else if stepsAreRegular(finite) {
            precision = .day
        } else {
            return nil
        }
        return .fractionalYears(precision)
    }

    /// Seconds since the epoch of a fractional year (NaN stays NaN): the first of its quarter or month, or its day.
    static func date(fractionalYear value: Double, precision: DatePrecision) -> Double {
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

    /// True when the rises from one value to the next (in file order, so a long table's restarts don't count)
    /// are all the same within 1% and less than a year.
    private static func stepsAreRegular(_ values: [Double]) -> Bool {
        let rises = zip(values, values.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        guard let smallest = rises.min(), let largest = rises.max(), largest < 1 else { return false }
        return largest <= smallest * 1.01
    }
}
