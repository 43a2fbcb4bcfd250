// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Headers that name times: a row of years over data ("Region, 2019, 2020, 2021"), and columns named by
/// year, quarter or month ("Q1, Q2, Q3", "Jan, Feb, Mar").
///
/// Every cell of a header of years but its labels is a number, so the rule "a header holds no number" read
/// it as data: a CSV with an empty corner charted its years as values, and a sheet with a title above took
/// the title for the header. Excel and LibreOffice read these rows as series names; so does Audiograph.
public enum TimeHeaders {
    /// Whether `row` names columns by year: two or more cells written as four-digit years (1000 to 2999),
    /// distinct and in order, every other cell empty or text, over `below` rows whose cells under those
    /// years are mostly numbers that are not years themselves.
    public static func isHeaderOfYears(_ row: [String], below: [[String]]) -> Bool {
        var yearColumns: [Int] = []
        var years: [Int] = []
        for (column, cell) in row.enumerated() {
            let text = cell.trimmingCharacters(in: .whitespaces)
            if let year = year(text) {
                yearColumns.append(column)
                years.append(year)
            } else if isNumber(text) {
                return false
            }
        }
        guard years.count >= 2, Set(years).count == years.count else { return false }
        let rising = zip(years, years.dropFirst()).allSatisfy { $0 < $1 }
        let falling = zip(years, years.dropFirst()).allSatisfy { $0 > $1 }
        guard rising || falling else { return false }
        var numbers = 0, yearLike = 0
        for cells in below.prefix(100) {
            for column in yearColumns where column < cells.count {
                let text = cells[column].trimmingCharacters(in: .whitespaces)
                guard isNumber(text) else { continue }
                numbers += 1
                if year(text) != nil { yearLike += 1 }
            }
        }
        return numbers > 0 && yearLike * 2 < numbers
    }

    /// Whether a column's header names a time: a year ("2019"), a quarter ("Q1", "2023 Q1"), a month
    /// ("Jan", "September", "1月") or a date Audiograph reads ("2023-01", "Jan 2023").
    public static func namesATime(_ header: String) -> Bool {
        let text = header.trimmingCharacters(in: .whitespaces)
        if year(text) != nil { return true }
        let lower = text.lowercased()
        if lower.count == 2, lower.first == "q", let n = Int(lower.dropFirst()), (1...4).contains(n) { return true }
        if MonthNameDates.month(named: Substring(lower)) != nil { return true }
        return Array(text.utf8).withUnsafeBufferPointer { DateParsing.detect($0) } != nil
    }

    /// Whether `text` is a finite number as the reader reads a cell, with a decimal point or a decimal comma
    /// ("1,234.5", "1.234,5", "$12", "12%").
    private static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            NumberParsing.parse(bytes, style: .dot).isNumber || NumberParsing.parse(bytes, style: .comma).isNumber
        }
    }

    /// The year `text` is when written as four digits from 1000 to 2999 ("2019"; not "2019.0").
    static func year(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 4, bytes[0] == UInt8(ascii: "1") || bytes[0] == UInt8(ascii: "2"),
            bytes.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)
    }
}
