// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// What an Excel number format makes of a number: the format decides whether a stored serial is a date.
enum NumberFormatKind: Equatable {
    case plain
    case date
    case time
    case dateTime
    /// Elapsed time ("[h]:mm"): kept as the stored number of days.
    case duration
    /// A percentage ("0.0%"): the stored fraction shown times 100.
    case percent

    /// The kind of built-in format `id` (ECMA-376 Part 1, 18.8.30); nil for an id with no built-in meaning.
    static func builtIn(_ id: Int) -> NumberFormatKind? {
        switch id {
        case 14...17, 27...31, 34...36, 50...58: return .date
        case 18...21, 32, 33, 45, 47: return .time
        case 22: return .dateTime
        case 46: return .duration
        case 9, 10: return .percent
        case 0...8, 11...13, 37...44, 48, 49: return .plain
        default: return nil
        }
    }

    /// The kind of a format code such as "yyyy-mm-dd", "h:mm AM/PM" or "0.00%": a date when its first section
    /// has day, month or year parts outside quotes and brackets, a time when it has hours or seconds.
    static func of(code: String) -> NumberFormatKind {
        let section = firstSection(code)
        var hasDate = false, hasTime = false, elapsed = false, hasMonthOrMinute = false, hasPercent = false
        let chars = Array(section.lowercased().unicodeScalars)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            i += 1
            switch c {
            case "\"":
                while i < chars.count && chars[i] != "\"" { i += 1 }
                i += 1
            case "\\", "_", "*": i += 1
            case "[":
                var inside = ""
                while i < chars.count && chars[i] != "]" { inside.unicodeScalars.append(chars[i]); i += 1 }
                i += 1
                if ["h", "hh", "m", "mm", "s", "ss"].contains(inside) { elapsed = true }
            case "e" where i < chars.count && (chars[i] == "+" || chars[i] == "-"):
                i += 1  // the exponent of a scientific format, "0.00E+00"
            case "y", "d", "e", "g", "b": hasDate = true
            case "h", "s": hasTime = true
            case "m": hasMonthOrMinute = true
            case "%": hasPercent = true
            default: break
            }
        }
        if elapsed { return .duration }
        if hasMonthOrMinute && !hasTime { hasDate = true }
        switch (hasDate, hasTime) {
        case (true, true): return .dateTime
        case (true, false): return .date
        case (false, true): return .time
        default: return hasPercent ? .percent : .plain
        }
    }

    /// The part of a format code before its first unquoted ";" (the format for positive numbers).
    private static func firstSection(_ code: String) -> String {
        var inQuote = false
        var result = ""
        for c in code {
            if c == "\"" { inQuote.toggle() }
            if c == ";" && !inQuote { break }
            result.append(c)
        }
        // "General" holds the letters e and l, which are no date parts.
        return result.caseInsensitiveCompare("General") == .orderedSame ? "" : result
    }
}

/// Excel's serial day numbers as dates: the 1900 system (with its phantom 29 February 1900) and the 1904 system.
enum ExcelDates {
    /// The ISO 8601 text of `serial` shown with a format of `kind`: "2024-01-31", "13:45:00" or
    /// "2024-01-31T13:45:00"; nil for a serial no real date has (negative, beyond 9999, or 29 February 1900).
    static func text(serial: Double, kind: NumberFormatKind, uses1904: Bool) -> String? {
        guard serial.isFinite, serial >= 0, serial < 2_958_466 else { return nil }
        var days = Int(serial.rounded(.down))
        var seconds = Int(((serial - Double(days)) * 86_400).rounded())
        if seconds >= 86_400 { days += 1; seconds -= 86_400 }
        let time = padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":" + padded(seconds % 60, 2)
        if kind == .time && days == 0 && !uses1904 { return time }
        let unixDays: Int
        if uses1904 {
            unixDays = days - 24_107
        } else if days >= 61 {
            unixDays = days - 25_569
        } else if days >= 1 && days <= 59 {
            unixDays = days - 25_568
        } else {
            return nil  // 0 is "1900-01-00", 60 is 29 February 1900: neither day existed.
        }
        if kind == .time && uses1904 && days == 0 { return time }
        let day = CalendarFields.of(epochSeconds: Double(unixDays) * 86_400)
        let date = padded(day.year, 4) + "-" + padded(day.month, 2) + "-" + padded(day.day, 2)
        switch kind {
        case .date: return seconds == 0 ? date : date + "T" + time
        default: return date + "T" + time
        }
    }

    /// `n` (0 or more) in decimal with zeros before it to `width` digits, as "%0*d" writes it: a workbook's dates
    /// are written a hundred thousand at a time, and `String(format:)` cost a microsecond each.
    static func padded(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
