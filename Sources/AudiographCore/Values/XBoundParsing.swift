// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads an x value a person typed (`--from 1930`, `--to 2012-03`) the way the x axis writes its values.
extension XAxis {
    /// The x value `text` names on this axis (a number; a date in any spelling the files may use, or a bare
    /// year; a category's name), or nil when it names none. A date that stands for a whole period ("1945",
    /// "2012-03") means its first instant, or its last with `asEnd`, so `--to 1945` keeps all of 1945.
    public func value(parsing text: String, asEnd: Bool) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        switch self {
        case .numeric:
            var bytes = Array(trimmed.utf8)
            let parsed = bytes.withUnsafeMutableBufferPointer { NumberParsing.parse(UnsafeBufferPointer($0), style: .dot) }
            if case .number(let value, _) = parsed { return value }
            return nil
        case .categorical(let axis):
            if let exact = axis.categories.firstIndex(of: trimmed) { return Double(exact) }
            return axis.categories.firstIndex { $0.caseInsensitiveCompare(trimmed) == .orderedSame }.map(Double.init)
        case .date(let axis):
            guard let parsed = Self.date(trimmed) else { return nil }
            // A date written without a zone is the file's own local date, as its values were written.
            let shift = parsed.utcOffsetSeconds == nil ? Double(axis.utcOffsetSeconds ?? 0) : 0
            let start = parsed.seconds - shift
            return asEnd ? Self.endOfPeriod(start: parsed.seconds, precision: parsed.precision) - shift : start
        }
    }

    /// A date in any spelling `DateParsing` reads, or a bare year ("1945").
    private static func date(_ text: String) -> DateParsing.Parsed? {
        if text.count == 4, let year = Int(text), year > 0 {
            return DateParsing.Parsed(seconds: DateParsing.epochSeconds(year: year, month: 1, day: 1), precision: .year)
        }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> DateParsing.Parsed? in
            let b = UnsafeBufferPointer(buffer)
            guard let format = DateParsing.detect(b) else { return nil }
            return DateParsing.parse(b, format: format)
        }
    }

    /// The last second of the period that starts at `start` and is as long as `precision` says (a year, a
    /// quarter, a month, a week, a day); `start` itself for a time written to the minute or second.
    private static func endOfPeriod(start: Double, precision: DatePrecision) -> Double {
        let c = DateParsing.components(start)
        let next: Double
        switch precision {
        case .year: next = DateParsing.epochSeconds(year: c.year + 1, month: 1, day: 1)
        case .quarter: next = DateParsing.epochSeconds(year: c.year + (c.month + 2) / 12, month: (c.month + 2) % 12 + 1, day: 1)
        case .month: next = DateParsing.epochSeconds(year: c.year + c.month / 12, month: c.month % 12 + 1, day: 1)
        case .week: next = start + 7 * 86_400
        case .day: next = start + 86_400
        case .minute, .second, .timeOfDay: return start
        }
        return next - 1
    }
}
