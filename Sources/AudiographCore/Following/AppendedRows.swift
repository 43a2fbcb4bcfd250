// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads the records appended to a followed file after its resume point, and adds them to the table's columns
/// in the types the columns were given at opening.
///
/// A value that does not read as its column's type becomes missing and is counted in a warning, as at
/// opening; a record with the wrong number of fields is skipped and counted. A last record without its line
/// break is left unread. Text values join their column's categories (new ones are added at the end).
struct AppendedRows {
    private var state: CSVStreamState
    private let rowsBefore: Int

    /// Reads on from `resume`, numbering rows after the `table`'s.
    init(after resume: CSVResumePoint, of table: Table) {
        state = CSVStreamState(continuing: resume, path: table.path, rowsSoFar: table.rowCount)
        rowsBefore = table.rowCount
    }

    /// Rows read so far.
    var rowCount: Int { state.rowCount - rowsBefore }

    /// Line number (1-based) where the next record starts.
    var line: Int { state.line }

    /// True when the last call stopped inside a quoted field (for naming a quote that is never closed).
    var stoppedInsideQuote: Bool { state.tokenizer.stoppedInsideQuote }

    /// Reads every whole record in `bytes`, the file's next bytes; returns how many bytes were used (the rest
    /// is the start of a record still being written). Throws `ImportError` for a record over the limits.
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws -> Int {
        try state.consume(bytes, atEndOfInput: false)
    }

    /// Adds the rows read to `table`, and to `resume` the line reached and what could not be read;
    /// `categories` maps each text column's categories to their indices and gains the new ones. Returns the
    /// warnings about these rows alone (the table's warnings then count everything since opening).
    func add(to table: inout Table, resume: inout CSVResumePoint, categories: inout [[String: Int32]]) -> [String] {
        var warnings = ReadWarnings.malformedRows(count: state.malformedCount, lines: state.malformedLines).map { [$0] } ?? []
        for (k, builder) in state.builders.enumerated() {
            Self.append(builder, conversion: resume.conversions[k], to: &table.columns[k].data, categories: &categories[k])
            warnings += ReadWarnings.unreadableValues(
                column: table.columns[k].header, isNumeric: builder.kind == .numeric,
                builder.unreadable)
            resume.unreadable[k].add(builder.unreadable)
        }
        table.rowCount = state.rowCount
        table.malformedRowCount += state.malformedCount
        table.malformedLines += state.malformedLines.prefix(
            max(0, CSVStreamState.malformedLinesKept - table.malformedLines.count))
        resume.line = state.line
        table.warnings = resume.warnings(for: table)
        return warnings
    }

    /// Appends a builder's values to a column in place (the column's arrays are copied only when something
    /// else, such as a chart still shown, shares them).
    private static func append(
        _ builder: ColumnBuilder, conversion: TemporalColumns.Conversion?, to data: inout ColumnData,
        categories: inout [String: Int32]
    ) {
        // Each case empties `data` before growing its arrays, so that they are not shared with it.
        let emptied = ColumnData.numeric(values: [], fractionDigits: 0)
        switch data {
        case .numeric(var values, let digits):
            data = emptied
            values += builder.numbers
            data = .numeric(
                values: values,
                fractionDigits: max(digits, SpokenDecimals.decimals(written: builder.fractionDigits, values: values)))
        case .date(var values, var precision, var offset):
            data = emptied
            if let conversion, case .date(let dates, let datesPrecision, _) = conversion.dates(builder.numbers) {
                values += dates
                precision = max(precision, datesPrecision)
            } else {
                values += builder.numbers
                if builder.sawDate {
                    precision = max(precision, builder.datePrecision)
                    if offset != builder.commonUTCOffset { offset = nil }
                }
            }
            data = .date(values: values, precision: precision, utcOffsetSeconds: offset)
        case .text(var indices, var names):
            data = emptied
            let renumbered = builder.categories.map { name -> Int32 in
                if let index = categories[name] { return index }
                let index = Int32(names.count)
                names.append(name)
                categories[name] = index
                return index
            }
            indices += builder.indices.map { $0 < 0 ? -1 : renumbered[Int($0)] }
            data = .text(indices: indices, categories: names)
        }
    }
}
