// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads dates that name their month in English ("Jan", "January", "Sept.", any case) or Japanese ("1月"):
/// "Jan 1 2000", "January 1, 2000", "1 Jan 2000", "01-Jan-2000", "Jan-00", "Jan 2000", optionally with a time.
enum MonthNameDates {
    private static let shortNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let fullNames = [
        "january", "february", "march", "april", "may", "june", "july", "august",
        "september", "october", "november", "december"
    ]

    /// One piece of the date part: a month named in words, or a number and how many digits it had.
    private enum Token {
        case month(Int)
        case number(Int, digits: Int)
    }

    /// Seconds since the epoch of the first of the month (precision month) or of the day (precision day), plus
    /// any time written after it.
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        guard b.count >= 5, b.count <= 40, b.contains(where: { DateParsing.isLetter($0) || $0 >= 0x80 }) else { return nil }
        let text = String(decoding: b, as: UTF8.self).lowercased()
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," })
        // A time, if any, starts at the first word with a colon and runs to the end.
        let timeStart = words.firstIndex { $0.contains(":") } ?? words.endIndex
        var tokens: [Token] = []
        for word in words[..<timeStart] {
            for piece in word.split(whereSeparator: { $0 == "-" || $0 == "/" }) {
                guard let token = token(piece) else { return nil }
                tokens.append(token)
            }
        }
        guard let (year, month, day) = fields(tokens) else { return nil }
        if let day {
            guard DateParsing.valid(year, month, day) else { return nil }
            let date = DateParsing.epochSeconds(year: year, month: month, day: day)
            if timeStart == words.endIndex { return DateParsing.Parsed(seconds: date, precision: .day) }
            let timeText = Array(words[timeStart...].joined(separator: " ").uppercased().utf8)
            return timeText.withUnsafeBufferPointer { bytes in
                var s = ByteScanner(bytes)
                guard let clock = TimesOfDay.clock(&s) else { return nil }
                return DateParsing.Parsed(
                    seconds: date + clock.seconds - Double(clock.utcOffsetSeconds ?? 0),
                    precision: clock.precision, utcOffsetSeconds: clock.utcOffsetSeconds)
            }
        }
        guard timeStart == words.endIndex else { return nil }
        return DateParsing.Parsed(seconds: DateParsing.epochSeconds(year: year, month: month, day: 1), precision: .month)
    }

    /// Year, month 1…12 and day (nil for a month alone) from the pieces in one of the orders people write:
    /// month day year, day month year, month year, year month, year month day.
    private static func fields(_ tokens: [Token]) -> (year: Int, month: Int, day: Int?)? {
        func year(_ n: Int, _ digits: Int, allowShort: Bool) -> Int? {
            if digits == 4 { return n }
            return allowShort && digits == 2 ? DateParsing.fullYear(twoDigit: n) : nil
        }
        func day(_ n: Int, _ digits: Int) -> Int? { digits <= 2 && n >= 1 ? n : nil }
        switch tokens.count {
        case 2:
            if case .month(let m) = tokens[0], case .number(let n, let digits) = tokens[1],
                let y = year(n, digits, allowShort: true)
            {
                return (y, m, nil)
            }
            if case .number(let n, let digits) = tokens[0], case .month(let m) = tokens[1],
                let y = year(n, digits, allowShort: false)
            {
                return (y, m, nil)
            }
        case 3:
            switch (tokens[0], tokens[1], tokens[2]) {
            case (.month(let m), .number(let d, let dd), .number(let y, let yd)):
                if let day = day(d, dd), let year = year(y, yd, allowShort: false) { return (year, m, day) }
            case (.number(let a, let ad), .month(let m), .number(let b, let bd)):
                if let day = day(a, ad), let year = year(b, bd, allowShort: true) { return (year, m, day) }
                if ad == 4, let day = day(b, bd) { return (a, m, day) }
            default: break
            }
        default: break
        }
        return nil
    }

    /// A month word ("jan", "sept.", "january", "1月") or a number.
    private static func token(_ piece: Substring) -> Token? {
        if piece.allSatisfy(\.isASCII), piece.allSatisfy(\.isNumber) {
            guard piece.count <= 4, let n = Int(piece) else { return nil }
            return .number(n, digits: piece.count)
        }
        return month(named: piece).map { .month($0) }
    }

    /// The month 1…12 that a lower-case word names ("jan", "january", "sept.", "1月"), or nil.
    static func month(named piece: Substring) -> Int? {
        var word = piece
        if word.hasSuffix(".") { word = word.dropLast() }
        if let i = shortNames.firstIndex(where: { $0 == word }) ?? fullNames.firstIndex(where: { $0 == word }) {
            return i + 1
        }
        if word == "sept" { return 9 }
        if word.hasSuffix("月"), let n = Int(word.dropLast()), (1...12).contains(n) { return n }
        return nil
    }
}
