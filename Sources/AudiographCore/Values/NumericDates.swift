// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads dates written only in digits and separators, straight from the bytes: 2000-01-31, 2000/1/31, 1/31/2000,
/// 31.01.2000, 2000-01, 2000 Q1, 2000-W05, each optionally followed by a time.
enum NumericDates {
    private static let dash = UInt8(ascii: "-"), slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")

    /// "2000-01-31", "2000-1-1" (or with `separator` "/"), optionally with " 13:45", "T13:45:10.5+09:00", " 1:45 PM".
    static func yearMonthDay(_ b: UnsafeBufferPointer<UInt8>, separator: UInt8) -> DateParsing.Parsed? {
        var s = ByteScanner(b)
        guard let y = s.number(exactly: 4), s.skip(separator), let m = s.number(maxDigits: 2), s.skip(separator),
            let d = s.number(maxDigits: 2), DateParsing.valid(y, m.value, d.value)
        else { return nil }
        return withOptionalTime(&s, date: DateParsing.epochSeconds(year: y, month: m.value, day: d.value))
    }

    /// "1/31/2000" (`monthFirst`) or "31/1/2000", with "/", "-" or "." between fields, optionally with a time.
    static func dayAndMonth(_ b: UnsafeBufferPointer<UInt8>, monthFirst: Bool) -> DateParsing.Parsed? {
        var s = ByteScanner(b)
        guard let fields = dayMonthFields(&s) else { return nil }
        let (month, day) = monthFirst ? (fields.first, fields.second) : (fields.second, fields.first)
        guard DateParsing.valid(fields.year, month, day) else { return nil }
        return withOptionalTime(&s, date: DateParsing.epochSeconds(year: fields.year, month: month, day: day))
    }

    /// The order a "03/04/2000"-style field's own numbers allow: `.monthDayYear` when its second number is
    /// above 12, `.dayMonthYear` when its first is (or when dots separate them, as only day-first writers
    /// do), `.dayOrMonthFirst` when both readings are valid; nil when neither is.
    static func dayMonthOrder(_ b: UnsafeBufferPointer<UInt8>) -> DateFormat? {
        var s = ByteScanner(b)
        guard let fields = dayMonthFields(&s) else { return nil }
        let monthFirst = DateParsing.valid(fields.year, fields.first, fields.second)
        let dayFirst = DateParsing.valid(fields.year, fields.second, fields.first)
        guard monthFirst || dayFirst, dayAndMonth(b, monthFirst: monthFirst) != nil else { return nil }
        if monthFirst && dayFirst { return fields.separator == dot ? .dayMonthYear : .dayOrMonthFirst }
        return monthFirst ? .monthDayYear : .dayMonthYear
    }

    /// The two 1–2 digit numbers and 4-digit year of "03/04/2000", and the separator used (twice).
    private static func dayMonthFields(_ s: inout ByteScanner) -> (first: Int, second: Int, year: Int, separator: UInt8)? {
        guard let a = s.number(maxDigits: 2), let separator = s.current,
            separator == slash || separator == dash || separator == dot
        else { return nil }
        s.index += 1
        guard let b = s.number(maxDigits: 2), s.skip(separator), let y = s.number(exactly: 4) else { return nil }
        return (a.value, b.value, y, separator)
    }

    /// "2000-01": the first of the month.
    static func isoYearMonth(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        var s = ByteScanner(b)
        guard b.count == 7, let y = s.number(exactly: 4), s.skip(dash), let m = s.number(exactly: 2), (1...12).contains(m)
        else { return nil }
        return DateParsing.Parsed(seconds: DateParsing.epochSeconds(year: y, month: m, day: 1), precision: .month)
    }

    /// "2000 Q1", "2000-Q1", "2000Q1", "Q1 2000", "Q1-2000" (any case): the first day of the quarter.
    static func quarter(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        var s = ByteScanner(b)
        let year: Int, quarter: Int
        if let first = s.current, DateParsing.isDigit(first) {
            guard let y = s.number(exactly: 4) else { return nil }
            if !s.skipSpaces() { _ = s.skip(dash) }
            guard let q = s.current, q | 0x20 == UInt8(ascii: "q") else { return nil }
            s.index += 1
            guard let n = s.number(exactly: 1) else { return nil }
            (year, quarter) = (y, n)
        } else {
            guard let q = s.current, q | 0x20 == UInt8(ascii: "q") else { return nil }
            s.index += 1
            guard let n = s.number(exactly: 1), s.skipSpaces() || s.skip(dash), let y = s.number(exactly: 4) else { return nil }
            (year, quarter) = (y, n)
        }
        guard s.isAtEnd, (1...4).contains(quarter) else { return nil }
        return DateParsing.Parsed(
            seconds: DateParsing.epochSeconds(year: year, month: (quarter - 1) * 3 + 1, day: 1),
            precision: .quarter)
    }

    /// "2000-W05" (the Monday that starts ISO week 5 of 2000, precision week) or "2000-W05-3" (its Wednesday).
    static func isoWeek(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        var s = ByteScanner(b)
        guard let y = s.number(exactly: 4), s.skip(dash), s.skip(UInt8(ascii: "W")), let w = s.number(exactly: 2),
            w >= 1, w <= DateParsing.isoWeeksIn(weekYear: y)
        else { return nil }
        let monday = DateParsing.epochSeconds(weekYear: y, week: w)
        if s.isAtEnd { return DateParsing.Parsed(seconds: monday, precision: .week) }
        guard s.skip(dash), let d = s.number(exactly: 1), (1...7).contains(d), s.isAtEnd else { return nil }
        return DateParsing.Parsed(seconds: monday + Double(d - 1) * 86_400, precision: .day)
    }

    /// The date alone (precision day) when the field ends, else the date plus the time after "T" or spaces.
    static func withOptionalTime(_ s: inout ByteScanner, date: Double) -> DateParsing.Parsed? {
        if s.isAtEnd { return DateParsing.Parsed(seconds: date, precision: .day) }
        guard s.skip(UInt8(ascii: "T")) || s.skipSpaces(), let clock = TimesOfDay.clock(&s) else { return nil }
        return DateParsing.Parsed(
            seconds: date + clock.seconds - Double(clock.utcOffsetSeconds ?? 0),
            precision: clock.precision, utcOffsetSeconds: clock.utcOffsetSeconds)
    }
}
