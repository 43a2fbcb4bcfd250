// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a table whose columns are times ("Country, 2000, 2001, …, 2020") as one line per row over those times.
///
/// Statistics offices, the World Bank and most spreadsheets publish a series per row with a column per year.
/// Read column by column, such a table is a wide table of 21 "series" called 2000…2020, drawn as bars of
/// 21 notes per country or as a scatter of 2001 against 2000. Excel puts the series along the smaller side;
/// here, when the times outnumber the rows (or the rows are too many for bars), the table is turned into a
/// long table of name, time and value, and each row becomes a line over the header's times.
enum WideTimeTable {
    /// The long table made from a wide one, and the settings that chart it as one line per row.
    struct Melted {
        var table: Table
        /// Column names in `table`: the rows' names, the times, the values.
        var label: String, time: String, value: String
        /// The note that says what was done.
        var note: String
    }

    /// Most rows charted as bars of one note per time column; with more, a line per row reads better.
    static let barRowLimit = 40
    /// Largest long table made (rows × time columns).
    static let cellLimit = 10_000_000

    /// The long table of `table` when its numeric columns are three or more times in order (years, or dates of
    /// one kind) named by a text column with a different value on every row, and a line per row fits better
    /// than bars: more times than rows, or more than `barRowLimit` rows. Nil otherwise.
    static func melt(_ table: Table) -> Melted? {
        let rows = table.rowCount
        guard rows >= 1 else { return nil }
        var timeColumns: [Int] = []
        for (i, column) in table.columns.enumerated() where !isEmpty(column) {
            switch column.data {
            case .numeric:
                // R's and pandas' row numbers ("rownames", an empty header) are no time of the series.
                if ColumnProfiler.isRowHeader(ColumnProfiler.headerWords(column.header).joined(separator: " ")) { continue }
                timeColumns.append(i)
            case .date: return nil
            case .text: continue
            }
        }
        guard timeColumns.count >= 3, timeColumns.count > rows || rows > barRowLimit,
            rows * timeColumns.count <= cellLimit,
            let times = headerTimes(timeColumns.map { table.columns[$0].header }),
            let labelIndex = table.columns.indices.first(where: { namesEveryRow(table.columns[$0], rows: rows) })
        else { return nil }
        let label = table.columns[labelIndex]
        guard case .text(let labelIDs, let labelNames) = label.data else { return nil }

        var timeValues: [Double] = []
        var labelValues: [Int32] = []
        var values: [Double] = []
        let count = rows * timeColumns.count
        timeValues.reserveCapacity(count)
        labelValues.reserveCapacity(count)
        values.reserveCapacity(count)
        var columnDigits: [Int] = []
        let columnValues: [[Double]] = timeColumns.map { c in
            guard case .numeric(let v, let d) = table.columns[c].data else { return [] }
            columnDigits.append(d)
            return v
        }
        // The decimals most years are written with: the World Bank writes a few regions' sums with five.
        let digits = CSVSniffer.mostCommon(columnDigits)
        for row in 0..<rows {
            for (k, column) in columnValues.enumerated() {
                labelValues.append(labelIDs[row])
                timeValues.append(times.values[k])
                values.append(column[row])
            }
        }
        let valueHeader = constantText(table, rows: rows) ?? Localization.tr("Value")
        let timeHeader = times.isYear ? Localization.tr("Year") : Localization.tr("Date")
        let timeData: ColumnData =
            times.isYear
            ? .numeric(values: timeValues, fractionDigits: 0)
            : .date(values: timeValues, precision: times.precision, utcOffsetSeconds: nil)
        var long = table
        long.columns = [
            Column(header: label.header, data: .text(indices: labelValues, categories: labelNames)),
            Column(header: timeHeader, data: timeData),
            Column(header: valueHeader, data: .numeric(values: values, fractionDigits: digits))
        ]
        long.rowCount = count
        let headers = timeColumns.map { table.columns[$0].header }
        let note = Localization.tr(
            "The columns %@ to %@ are times, so each row is drawn as a line over them.",
            headers.first!, headers.last!)
        long.warnings = table.warnings + [note]
        return Melted(table: long, label: label.header, time: timeHeader, value: valueHeader, note: note)
    }

    /// The times the headers name, all years or all dates of one precision, strictly rising or falling.
    private static func headerTimes(_ headers: [String]) -> (values: [Double], isYear: Bool, precision: DatePrecision)? {
        // Years written after one shared prefix ("year_1960", R's "X1960", "pop1960") are years.
        let prefix = sharedPrefix(headers)
        if !prefix.isEmpty {
            let years = headers.compactMap {
                TimeHeaders.year(String($0.trimmingCharacters(in: .whitespaces).dropFirst(prefix.count)))
            }
            if years.count == headers.count, zip(years, years.dropFirst()).allSatisfy({ $0 < $1 }) {
                return (years.map(Double.init), true, .day)
            }
        }
        var values: [Double] = []
        var isYear = true
        var precision: DatePrecision?
        for header in headers {
            let text = header.trimmingCharacters(in: .whitespaces)
            if let year = TimeHeaders.year(text) {
                values.append(Double(year))
                continue
            }
            isYear = false
            let bytes = Array(text.utf8)
            let parsed: DateParsing.Parsed? = bytes.withUnsafeBufferPointer { b in
                guard let format = DateParsing.detect(b) else { return nil }
                return DateParsing.parse(b, format: format)
            }
            guard let parsed, precision == nil || precision == parsed.precision else { return nil }
            precision = parsed.precision
            values.append(parsed.seconds)
        }
        // Years mixed with dates are not one kind of time.
        if !isYear, headers.contains(where: { TimeHeaders.year($0.trimmingCharacters(in: .whitespaces)) != nil }) {
            return nil
        }
        let rising = zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
        let falling = zip(values, values.dropFirst()).allSatisfy { $0 > $1 }
        guard rising || falling else { return nil }
        return (values, isYear, precision ?? .day)
    }

    /// The letters and separators every header starts with before its first digit ("year_" of "year_1960",
    /// "year_1961"), or "" when they differ or a header starts with a digit.
    private static func sharedPrefix(_ headers: [String]) -> String {
        let prefixes = Set(headers.map { String($0.trimmingCharacters(in: .whitespaces).prefix { !$0.isNumber }) })
        guard prefixes.count == 1, let prefix = prefixes.first, !prefix.isEmpty, prefix.count <= 12 else { return "" }
        return prefix
    }

    /// Whether `column` holds no value at all (the empty last column of lines that end with a delimiter).
    private static func isEmpty(_ column: Column) -> Bool {
        switch column.data {
        case .numeric(let v, _), .date(let v, _, _): return !v.contains { !$0.isNaN }
        case .text(_, let names): return names.isEmpty
        }
    }

    /// Whether `column` is text with a value on every row, each different.
    private static func namesEveryRow(_ column: Column, rows: Int) -> Bool {
        guard case .text(let ids, let names) = column.data, names.count == rows else { return false }
        return !ids.contains(-1)
    }

    /// The value of a text column that says the same on every row (the World Bank's "Indicator Name"), to name
    /// the values; nil when none does.
    private static func constantText(_ table: Table, rows: Int) -> String? {
        guard rows >= 2 else { return nil }
        for column in table.columns {
            if case .text(let ids, let names) = column.data, names.count == 1, !ids.contains(-1) { return names[0] }
        }
        return nil
    }
}
