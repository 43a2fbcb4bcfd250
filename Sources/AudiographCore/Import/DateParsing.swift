import Foundation

/// The written forms of dates Audiograph recognises in a column.
public enum DateFormat: String, Sendable, CaseIterable, Codable {
    /// 2024-01-31, optionally with a time: 2024-01-31T12:30:00Z, 2024-01-31 12:30, +02:00 offsets.
    case isoDate
    /// 2024-01
    case isoYearMonth
    /// 2024/01/31
    case slashYearMonthDay
    /// 31.01.2024
    case dottedDayMonthYear
    /// Jan 2024, January 2024
    case monthNameYear
}

/// Parses dates and times from UTF-8 bytes into seconds since 1970-01-01T00:00:00Z (dates without a zone are UTC).
enum DateParsing {
    /// A parsed date: seconds since the epoch and how precisely it was written.
    struct Parsed: Equatable {
        var seconds: Double
        var precision: DatePrecision
    }

    /// Tries `format` on a trimmed field.
    static func parse(_ b: UnsafeBufferPointer<UInt8>, format: DateFormat) -> Parsed? {
        switch format {
        case .isoDate: return parseYMD(b, separator: 0x2D, allowTime: true)
        case .slashYearMonthDay: return parseYMD(b, separator: 0x2F, allowTime: true)
        case .isoYearMonth:
            guard b.count == 7, b[4] == 0x2D, let y = digits(b, 0, 4), let m = digits(b, 5, 2), (1...12).contains(m)
            else { return nil }
            return Parsed(seconds: epochSeconds(year: y, month: m, day: 1), precision: .month)
        case .dottedDayMonthYear:
            guard b.count == 10, b[2] == 0x2E, b[5] == 0x2E, let d = digits(b, 0, 2), let m = digits(b, 3, 2),
                  let y = digits(b, 6, 4), valid(y, m, d) else { return nil }
            return Parsed(seconds: epochSeconds(year: y, month: m, day: d), precision: .day)
        case .monthNameYear:
            return parseMonthNameYear(b)
        }
    }

    /// The first format that reads this field, trying the most specific first.
    static func detect(_ b: UnsafeBufferPointer<UInt8>) -> DateFormat? {
        guard b.count >= 7, b.count <= 40 else { return nil }
        for format in DateFormat.allCases where parse(b, format: format) != nil { return format }
        return nil
    }

    private static func parseYMD(_ b: UnsafeBufferPointer<UInt8>, separator: UInt8, allowTime: Bool) -> Parsed? {
        guard b.count >= 10, b[4] == separator, b[7] == separator, let y = digits(b, 0, 4), let m = digits(b, 5, 2),
              let d = digits(b, 8, 2), valid(y, m, d) else { return nil }
        var seconds = epochSeconds(year: y, month: m, day: d)
        if b.count == 10 { return Parsed(seconds: seconds, precision: .day) }
        guard allowTime, b[10] == 0x54 || b[10] == 0x20, b.count >= 16, b[13] == 0x3A,
              let hh = digits(b, 11, 2), let mm = digits(b, 14, 2), hh < 24, mm < 60 else { return nil }
        seconds += Double(hh * 3600 + mm * 60)
        var precision = DatePrecision.minute
        var i = 16
        if i < b.count, b[i] == 0x3A {
            guard let ss = digits(b, i + 1, 2), ss < 61 else { return nil }
            seconds += Double(ss)
            precision = .second
            i += 3
            if i < b.count, b[i] == 0x2E || b[i] == 0x2C {
                i += 1
                var scale = 0.1
                let start = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                    seconds += Double(b[i] - 0x30) * scale
                    scale /= 10
                    i += 1
                }
                if i == start { return nil }
            }
        }
        if i == b.count { return Parsed(seconds: seconds, precision: precision) }
        if b[i] == 0x5A, i + 1 == b.count { return Parsed(seconds: seconds, precision: precision) }  // Z
        if b[i] == 0x2B || b[i] == 0x2D {
            let sign: Double = b[i] == 0x2B ? 1 : -1
            let rest = b.count - i - 1
            let oh: Int?, om: Int?
            if rest == 5, b[i + 3] == 0x3A { oh = digits(b, i + 1, 2); om = digits(b, i + 4, 2) }
            else if rest == 4 { oh = digits(b, i + 1, 2); om = digits(b, i + 3, 2) }
            else if rest == 2 { oh = digits(b, i + 1, 2); om = 0 }
            else { return nil }
            guard let oh, let om, oh < 24, om < 60 else { return nil }
            return Parsed(seconds: seconds - sign * Double(oh * 3600 + om * 60), precision: precision)
        }
        return nil
    }

    private static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let fullMonthNames = ["january", "february", "march", "april", "may", "june", "july", "august",
                                         "september", "october", "november", "december"]

    private static func parseMonthNameYear(_ b: UnsafeBufferPointer<UInt8>) -> Parsed? {
        guard b.count >= 8, b.count <= 14 else { return nil }
        let text = String(decoding: b, as: UTF8.self).lowercased()
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "-" })
        guard parts.count == 2, parts[1].count == 4, let year = Int(parts[1]) else { return nil }
        var word = String(parts[0])
        if word.hasSuffix(".") { word.removeLast() }
        guard let month = monthNames.firstIndex(of: word) ?? fullMonthNames.firstIndex(of: word)
                ?? (word == "sept" ? 8 : nil) else { return nil }
        return Parsed(seconds: epochSeconds(year: year, month: month + 1, day: 1), precision: .month)
    }

    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= b.count else { return nil }
        var value = 0
        for i in start..<(start + count) {
            let c = b[i]
            guard c >= 0x30 && c <= 0x39 else { return nil }
            value = value * 10 + Int(c - 0x30)
        }
        return value
    }

    private static func valid(_ y: Int, _ m: Int, _ d: Int) -> Bool {
        guard (1...12).contains(m), d >= 1 else { return false }
        return d <= daysIn(month: m, year: y)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Seconds since the epoch at 00:00 UTC of a proleptic Gregorian date (Howard Hinnant's days-from-civil).
    static func epochSeconds(year: Int, month: Int, day: Int) -> Double {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days) * 86_400
    }

    /// Calendar fields of a UTC instant, the inverse of `epochSeconds` (civil-from-days).
    static func components(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) {
        let days = Int((seconds / 86_400).rounded(.down))
        var rest = seconds - Double(days) * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        let hour = Int(rest / 3600); rest -= Double(hour * 3600)
        let minute = Int(rest / 60); rest -= Double(minute * 60)
        return (year, month, day, hour, minute, rest)
    }

    /// ISO 8601 text of an instant at a precision: "1960", "2024-01", "2024-01-31", "2024-01-31T12:30Z", "…:05Z".
    static func iso8601(_ seconds: Double, precision: DatePrecision) -> String {
        let c = components(seconds)
        let y = String(format: "%04d", c.year)
        switch precision {
        case .year: return y
        case .month: return String(format: "%@-%02d", y, c.month)
        case .day: return String(format: "%@-%02d-%02d", y, c.month, c.day)
        case .minute: return String(format: "%@-%02d-%02dT%02d:%02dZ", y, c.month, c.day, c.hour, c.minute)
        case .second: return String(format: "%@-%02d-%02dT%02d:%02d:%02dZ", y, c.month, c.day, c.hour, c.minute, Int(c.second))
        }
    }
}
