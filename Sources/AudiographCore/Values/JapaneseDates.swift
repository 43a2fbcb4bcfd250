// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads Japanese dates: "2000年1月31日", "2000年1月", "2000年", era dates "令和6年1月31日", "平成31年4月", "令和元年5月1日"
/// (元 is year 1), and era initials "R6.1.31", "H31.4.30", "S64.1.7"; full-width digits are read too.
enum JapaneseDates {
    /// A Japanese era: its name, its initial in Latin letters, the Gregorian year it began and its last year.
    struct Era {
        var name: String
        var initial: UInt8
        var startYear: Int
        var lastYearOfEra: Int?
    }

    /// The modern eras, from Meiji (1868) to Reiwa (2019); year N of an era is start year + N − 1.
    static let eras = [
        Era(name: "明治", initial: UInt8(ascii: "M"), startYear: 1868, lastYearOfEra: 45),
        Era(name: "大正", initial: UInt8(ascii: "T"), startYear: 1912, lastYearOfEra: 15),
        Era(name: "昭和", initial: UInt8(ascii: "S"), startYear: 1926, lastYearOfEra: 64),
        Era(name: "平成", initial: UInt8(ascii: "H"), startYear: 1989, lastYearOfEra: 31),
        Era(name: "令和", initial: UInt8(ascii: "R"), startYear: 2019, lastYearOfEra: nil)
    ]

    /// "2000年1月31日", "令和6年1月31日", "平成31年4月", "平成31年", optionally followed by a time: precision year, month,
    /// day or the time's.
    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        guard b.count >= 5, b.count <= 48 else { return nil }
        var text = Substring(halfWidthDigits(String(decoding: b, as: UTF8.self)))
        var era: Era?
        if let e = eras.first(where: { text.hasPrefix($0.name) }) {
            era = e
            text = text.dropFirst(e.name.count)
        }
        guard let yearMark = text.firstIndex(of: "年") else { return nil }
        let yearText = text[..<yearMark]
        var year: Int
        if let era {
            guard let n = yearText == "元" ? 1 : Int(yearText), n >= 1, n <= (era.lastYearOfEra ?? 999) else { return nil }
            year = era.startYear + n - 1
        } else {
            guard yearText.count == 4, let n = Int(yearText) else { return nil }
            year = n
        }
        text = text[text.index(after: yearMark)...]
        guard !text.isEmpty else {
            return DateParsing.Parsed(seconds: DateParsing.epochSeconds(year: year, month: 1, day: 1), precision: .year)
        }
        guard let monthMark = text.firstIndex(of: "月"), let month = Int(text[..<monthMark]), (1...12).contains(month)
        else { return nil }
        text = text[text.index(after: monthMark)...]
        guard !text.isEmpty else {
            return DateParsing.Parsed(seconds: DateParsing.epochSeconds(year: year, month: month, day: 1), precision: .month)
        }
        guard let dayMark = text.firstIndex(of: "日"), let day = Int(text[..<dayMark]), DateParsing.valid(year, month, day)
        else { return nil }
        let date = DateParsing.epochSeconds(year: year, month: month, day: day)
        let rest = text[text.index(after: dayMark)...].trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return DateParsing.Parsed(seconds: date, precision: .day) }
        let timeBytes = Array(rest.utf8)
        return timeBytes.withUnsafeBufferPointer { bytes in
            var s = ByteScanner(bytes)
            guard let clock = TimesOfDay.clock(&s) else { return nil }
            return DateParsing.Parsed(
                seconds: date + clock.seconds - Double(clock.utcOffsetSeconds ?? 0),
                precision: clock.precision, utcOffsetSeconds: clock.utcOffsetSeconds)
        }
    }

    /// "R6.1.31", "H31.4.30", "S64/1/7": an era initial, the year of the era, month and day (precision day).
    static func parseEraInitial(_ b: UnsafeBufferPointer<UInt8>) -> DateParsing.Parsed? {
        guard let initial = b.first, let era = eras.first(where: { $0.initial == initial }) else { return nil }
        var s = ByteScanner(b, from: 1)
        guard let n = s.number(maxDigits: 2), n.value >= 1, n.value <= (era.lastYearOfEra ?? 99),
            let separator = s.current,
            separator == UInt8(ascii: ".") || separator == UInt8(ascii: "/")
                || separator == UInt8(ascii: "-")
        else { return nil }
        s.index += 1
        let year = era.startYear + n.value - 1
        guard let m = s.number(maxDigits: 2), s.skip(separator), let d = s.number(maxDigits: 2), s.isAtEnd,
            DateParsing.valid(year, m.value, d.value)
        else { return nil }
        return DateParsing.Parsed(seconds: DateParsing.epochSeconds(year: year, month: m.value, day: d.value), precision: .day)
    }

    /// The text with full-width digits ０…９ replaced by ASCII ones, as Japanese spreadsheets sometimes write them.
    private static func halfWidthDigits(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xFF10...0xFF19).contains($0.value) }) else { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    (0xFF10...0xFF19).contains($0.value) ? Unicode.Scalar($0.value - 0xFF10 + 0x30)! : $0
                }))
    }
}
