// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The written forms of dates Audiograph recognises; each column is read in one of them.
public enum DateFormat: String, Sendable, CaseIterable, Codable {
    /// 2024-01-31 or 2024-1-31, optionally with a time: 2024-01-31T12:30:00Z, 2024-01-31 12:30, 1:45 PM, +02:00.
    case isoDate
    /// 2024-01
    case isoYearMonth
    /// 2024/01/31 or 2024/1/31, optionally with a time.
    case slashYearMonthDay
    /// 1/31/2024, 01-31-2024, 1.31.2024 (month first), optionally with a time.
    case monthDayYear
    /// 31/01/2024, 31.01.2024, 31-1-2024 (day first), optionally with a time.
    case dayMonthYear
    /// 03/04/2024 where every value read so far could be either order; decided when the whole column is read.
    case dayOrMonthFirst
    /// Jan 1 2000, January 1, 2000, 1 Jan 2000, 01-Jan-2000, Jan-00, Jan 2000, January 2000.
    case monthName
    /// 2000年1月31日, 2000年1月, 令和6年1月31日, 平成31年4月, 令和元年5月1日.
    case japanese
    /// R6.1.31, H31.4.30, S64.1.7 (Japanese era initial, year of the era, month, day).
    case japaneseEraInitial
    /// 2000 Q1, Q1 2000, 2000-Q1, 2000Q1.
    case quarter
    /// 2000-W05, 2000-W05-3 (ISO 8601 week, optionally its day 1…7 from Monday).
    case isoWeek
    /// 13:45, 13:45:10, 13:45:10.5, 1:45 PM, 1:45pm: a time of day without a date.
    case timeOfDay
}

/// Parses dates and times from UTF-8 bytes into seconds since 1970-01-01T00:00:00Z (dates without a zone are UTC).
enum DateParsing {
    /// A parsed date: seconds since the epoch, how precisely it was written, and the UTC offset it was
    /// written in (seconds east of Greenwich; nil when it names no zone).
    struct Parsed: Equatable {
        var seconds: Double
        var precision: DatePrecision
        var utcOffsetSeconds: Int? = nil
    }

    /// Tries `format` on a trimmed field.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, format: DateFormat) -> Parsed? {
        guard b.count > 0, b.count <= 48 else { return nil }
        switch format {
        case .isoDate: return NumericDates.yearMonthDay(b, separator: UInt8(ascii: "-"))
        case .slashYearMonthDay: return NumericDates.yearMonthDay(b, separator: UInt8(ascii: "/"))
        case .isoYearMonth: return NumericDates.isoYearMonth(b)
        case .monthDayYear: return NumericDates.dayAndMonth(b, monthFirst: true)
        case .dayMonthYear: return NumericDates.dayAndMonth(b, monthFirst: false)
        case .dayOrMonthFirst:
            return NumericDates.dayAndMonth(b, monthFirst: true)
                ?? NumericDates.dayAndMonth(b, monthFirst: false)
        case .monthName: return MonthNameDates.parse(b)
        case .japanese: return JapaneseDates.parse(b)
        case .japaneseEraInitial: return JapaneseDates.parseEraInitial(b)
        case .quarter: return NumericDates.quarter(b)
        case .isoWeek: return NumericDates.isoWeek(b)
        case .timeOfDay: return TimesOfDay.parseTimeOfDay(b)
        }
    }

    /// The format that reads this field; for day/month orders, the order its own fields show
    /// (`.dayOrMonthFirst` when both readings are valid).
    static func detect(_ b: UnsafeBufferPointer<UInt8>) -> DateFormat? {
        guard b.count >= 4, b.count <= 48 else { return nil }
        let first = b[0]
        if b.contains(where: { $0 >= 0x80 }) {
            if JapaneseDates.parse(b) != nil { return .japanese }
            return MonthNameDates.parse(b) != nil ? .monthName : nil
        }
        if isDigit(first) {
            for format in [DateFormat.isoDate, .isoYearMonth, .slashYearMonthDay, .isoWeek, .quarter, .timeOfDay]
            where parse(b, format: format) != nil { return format }
            if let order = NumericDates.dayMonthOrder(b) { return order }
            return MonthNameDates.parse(b) != nil ? .monthName : nil
        }
        if isLetter(first) {
            if parse(b, format: .quarter) != nil { return .quarter }
            if parse(b, format: .japaneseEraInitial) != nil { return .japaneseEraInitial }
            return MonthNameDates.parse(b) != nil ? .monthName : nil
        }
        return nil
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    @inline(__always) static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }

    static func valid(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1...12).contains(m), d >= 1 else { return false }
        return d <= daysIn(month: m, year: y)
    }

    /// Days in a month of the proleptic Gregorian calendar, 28…31.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// Two-digit years as Excel reads them: 00…29 are 2000…2029, 30…99 are 1930…1999.
    static func fullYear(twoDigit: Int) -> Int { twoDigit < 30 ? 2000 + twoDigit : 1900 + twoDigit }
}

/// Reads unsigned numbers and single bytes from the front of a field, for the byte-based date parsers.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    var isAtEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// A run of 1…`maxDigits` ASCII digits and how many there were; nil (consuming nothing) when none.
    mutating func number(maxDigits: Int) -> (value: Int, digits: Int)? {
        var value = 0, count = 0
        while index + count < bytes.count, count < maxDigits, DateParsing.isDigit(bytes[index + count]) {
            value = value * 10 + Int(bytes[index + count] - 0x30)
            count += 1
        }
        if count == 0 { return nil }
        if index + count < bytes.count, DateParsing.isDigit(bytes[index + count]) { return nil }  // too many digits
        index += count
        return (value, count)
    }

    /// Exactly `digits` ASCII digits.
    mutating func number(exactly digits: Int) -> Int? {
        let start = index
        guard let n = number(maxDigits: digits), n.digits == digits else { index = start; return nil }
        return n.value
    }

    /// Consumes `byte` when it comes next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Consumes any spaces; true when there was at least one.
    @discardableResult mutating func skipSpaces() -> Bool {
        let start = index
        while current == 0x20 { index += 1 }
        return index > start
    }
}
