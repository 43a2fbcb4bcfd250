// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The values of one column, typed.
public enum ColumnData: Sendable {
    /// Numbers (NaN where missing); `fractionDigits` is the most decimals written in the file.
    case numeric(values: [Double], fractionDigits: Int)
    /// Seconds since the epoch (NaN where missing), with the finest precision written and the UTC offset in
    /// seconds that every value was written in (nil when none or several were).
    case date(values: [Double], precision: DatePrecision, utcOffsetSeconds: Int?)
    /// Category indices into `categories` in order of first appearance; -1 where missing.
    case text(indices: [Int32], categories: [String])

    public var count: Int {
        switch self {
        case .numeric(let v, _), .date(let v, _, _): return v.count
        case .text(let i, _): return i.count
        }
    }

    /// "number", "date" or "text".
    public var typeName: String {
        switch self {
        case .numeric: return "number"
        case .date: return "date"
        case .text: return "text"
        }
    }
}

/// One column of a table: its header as written, the title and unit read from it, and its values.
public struct Column: Sendable {
    /// The header exactly as in the file (or "Column N" when the file has none).
    public var header: String
    /// The header without its unit: "Temperature" for "Temperature (°C)".
    public var title: String
    /// The unit in brackets at the end of the header, if any: "°C".
    public var unit: String?
    public var data: ColumnData

    public init(header: String, data: ColumnData) {
        self.header = header
        let parsed = HeaderParsing.titleAndUnit(header)
        self.title = parsed.title
        self.unit = parsed.unit
        self.data = data
    }

    public var isNumeric: Bool { if case .numeric = data { return true } else { return false } }
    public var isDate: Bool { if case .date = data { return true } else { return false } }
    public var isText: Bool { if case .text = data { return true } else { return false } }

    /// The column as categories: a text column's own, or for numbers each distinct value in ascending order,
    /// named with the title ("cylinders 4"); -1 where missing. For a code column (diet 1–4) used as a grouping.
    public var asCategories: (ids: [Int32], names: [String])? {
        switch data {
        case .text(let ids, let categories): return (ids, categories)
        case .date: return nil
        case .numeric(let values, let digits):
            let distinct = Set(values.filter { $0.isFinite }).sorted()
            guard distinct.count <= 1_000 else { return nil }
            var index: [Double: Int32] = [:]
            for (i, v) in distinct.enumerated() { index[v] = Int32(i) }
            let names = distinct.map {
                Localization.tr("%@ %@", title, ValueFormatter.format($0, fractionDigits: digits, grouping: false))
            }
            return (values.map { $0.isFinite ? index[$0]! : -1 }, names)
        }
    }

    /// Number of distinct non-missing values of a text column, else nil.
    public var categoryCount: Int? { if case .text(_, let c) = data { return c.count } else { return nil } }
}

/// A CSV file read into typed columns, with what was skipped and why.
public struct Table: Sendable {
    /// The path the table was read from.
    public var path: String
    public var columns: [Column]
    public var rowCount: Int
    /// How the file was written.
    public var encoding: TextEncodingName
    public var delimiter: Character
    public var decimalStyle: DecimalStyle
    public var hasHeader: Bool
    /// Line numbers of rows skipped as malformed (at most the first 20 are kept) and their total count.
    public var malformedLines: [Int]
    public var malformedRowCount: Int
    /// Sentences for a person about what was odd in the file (skipped rows, values that were not numbers).
    public var warnings: [String]
    /// For a table read from a workbook (.xlsx, .ods): its sheets and which one this is; nil for CSV.
    public var workbook: WorkbookSheets? = nil

    /// The column whose header or title is `name` (as written, else ignoring case: "class" finds "class" before
    /// "Class"), or whose 1-based number it is.
    public func columnIndex(named name: String) -> Int? {
        let exact = name.trimmingCharacters(in: .whitespaces)
        if let i = columns.firstIndex(where: { $0.header == exact }) { return i }
        if let i = columns.firstIndex(where: { $0.title == exact }) { return i }
        let wanted = exact.lowercased()
        if let i = columns.firstIndex(where: { $0.header.lowercased() == wanted }) { return i }
        if let i = columns.firstIndex(where: { $0.title.lowercased() == wanted }) { return i }
        if let number = Int(wanted), number >= 1, number <= columns.count { return number - 1 }
        return nil
    }
}

/// Reads titles and units out of headers.
public enum HeaderParsing {
    /// Splits "Temperature (°C)" or "Price [USD]" into title and unit; other headers have no unit.
    public static func titleAndUnit(_ header: String) -> (title: String, unit: String?) {
        let trimmed = header.trimmingCharacters(in: .whitespacesAndNewlines)
        for (open, close) in [("(", ")"), ("[", "]")] where trimmed.hasSuffix(close) {
            guard let openIndex = trimmed.range(of: open, options: .backwards)?.lowerBound,
                openIndex > trimmed.startIndex
            else { continue }
            let unit = trimmed[trimmed.index(after: openIndex)..<trimmed.index(before: trimmed.endIndex)]
                .trimmingCharacters(in: .whitespaces)
            let title = trimmed[..<openIndex].trimmingCharacters(in: .whitespaces)
            if !unit.isEmpty && !title.isEmpty { return (spoken(title), unit) }
        }
        return (spoken(trimmed), nil)
    }

    /// A header as it is said and shown: as written, with runs of spaces and line breaks made one space.
    ///
    /// Underscores and dots stay ("temp_max", "mean.median"): the name is the one a person types back into
    /// `--y` or finds in the file, and how punctuation is spoken is the screen reader's setting, not ours.
    static func spoken(_ header: String) -> String {
        let collapsed = header.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return collapsed.isEmpty ? header : collapsed
    }
}
