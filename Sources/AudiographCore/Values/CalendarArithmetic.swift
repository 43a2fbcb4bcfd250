// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Converts between calendar fields and seconds since 1970-01-01T00:00:00Z, and writes instants as ISO 8601 text.
extension DateParsing {
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

    /// Seconds since the epoch at 00:00 UTC of the Monday that starts ISO 8601 week `week` of `weekYear`.
    static func epochSeconds(weekYear: Int, week: Int) -> Double {
        let january4 = epochSeconds(year: weekYear, month: 1, day: 4)
        let days = Int((january4 / 86_400).rounded(.down))
        let daysSinceMonday = ((days + 3) % 7 + 7) % 7  // 1970-01-01 was a Thursday
        return january4 - Double(daysSinceMonday) * 86_400 + Double(week - 1) * 7 * 86_400
    }

    /// Number of ISO 8601 weeks in a week-year, 52 or 53.
    static func isoWeeksIn(weekYear: Int) -> Int {
        Int(((epochSeconds(weekYear: weekYear + 1, week: 1) - epochSeconds(weekYear: weekYear, week: 1)) / 604_800).rounded())
    }

    /// The ISO 8601 week-year and week 1…53 a UTC instant falls in.
    static func isoWeek(_ seconds: Double) -> (weekYear: Int, week: Int) {
        let year = components(seconds).year
        for weekYear in [year + 1, year, year - 1] {
            let start = epochSeconds(weekYear: weekYear, week: 1)
            if seconds >= start { return (weekYear, Int((seconds - start) / 604_800) + 1) }
        }
        return (year, 1)
    }

    /// ISO 8601 text of an instant at a precision: "1960", "1960-Q1", "2024-01", "2000-W05", "2024-01-31",
    /// "2024-01-31T12:30Z", "…:05Z", "13:45"; times are written in `utcOffsetSeconds` when given ("…T21:30+09:00").
    static func iso8601(_ seconds: Double, precision: DatePrecision, utcOffsetSeconds: Int? = nil) -> String {
        let offset = utcOffsetSeconds ?? 0
        let c = components(seconds + Double(offset))
        let y = String(format: "%04d", c.year)
        let zone = offset == 0 ? "Z" : zoneText(offset)
        switch precision {
        case .year: return y
        case .quarter: return String(format: "%@-Q%d", y, (c.month - 1) / 3 + 1)
        case .month: return String(format: "%@-%02d", y, c.month)
        case .week:
            let w = isoWeek(seconds + Double(offset))
            return String(format: "%04d-W%02d", w.weekYear, w.week)
        case .day: return String(format: "%@-%02d-%02d", y, c.month, c.day)
        case .minute: return String(format: "%@-%02d-%02dT%02d:%02d", y, c.month, c.day, c.hour, c.minute) + zone
        case .second:
            return String(format: "%@-%02d-%02dT%02d:%02d:%02d", y, c.month, c.day, c.hour, c.minute, Int(c.second)) + zone
        case .timeOfDay: return clockText(seconds + Double(offset))
        }
    }

    /// "+09:00" or "-05:30" for an offset in seconds east of Greenwich.
    static func zoneText(_ offsetSeconds: Int) -> String {
        let minutes = abs(offsetSeconds) / 60
        return String(format: "%@%02d:%02d", offsetSeconds < 0 ? "-" : "+", minutes / 60, minutes % 60)
    }

    /// The 24-hour clock time of an instant: "13:45", or "13:45:10" and "13:45:10.5" when it has seconds.
    static func clockText(_ seconds: Double) -> String {
        let c = components(seconds)
        let whole = Int(c.second)
        let fraction = c.second - Double(whole)
        if fraction > 0.0005 {
            var text = String(format: "%02d:%02d:%06.3f", c.hour, c.minute, c.second)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        }
        if whole > 0 { return String(format: "%02d:%02d:%02d", c.hour, c.minute, whole) }
        return String(format: "%02d:%02d", c.hour, c.minute)
    }
}

/// Calendar fields of a UTC instant for code outside the core (the workbook readers' serial dates), so the
/// Gregorian arithmetic stays in one place (`DateParsing.components`).
public enum CalendarFields {
    public static func of(epochSeconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double) {
        DateParsing.components(epochSeconds)
    }
}
