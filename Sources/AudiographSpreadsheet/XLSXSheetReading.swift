// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Reads one worksheet part of an .xlsx file into a `SheetGrid`: cell values (cached values for formulas), hidden
/// rows and columns, and merged ranges.
final class XLSXSheetReading: XMLPartHandler {
    private let workbook: XLSXWorkbook
    private let limits: ImportLimits
    private let path: String
    private(set) var grid = SheetGrid()
    /// The used range the sheet declares (`<dimension ref="A1:C25">`): rows, columns; nil when absent.
    private(set) var declaredSize: (rows: Int, columns: Int)?
    private(set) var failure: ImportError?
    /// Rows that did not say their number (`r`), numbered from the row before.
    private(set) var rowsWithoutNumber = 0

    private var row = -1
    private var column = -1
    private var cellType = "n"
    private var cellStyle = 0
    private var value = ""
    private var collecting = false
    private var inInlineString = false
    private var phonetic = 0
    private var hasFormula = false

    init(workbook: XLSXWorkbook, limits: ImportLimits, path: String) {
        self.workbook = workbook
        self.limits = limits
        self.path = path
    }

    /// Reads the sheet held in `data` (part `part`): in pieces of about `pieceBytes` on `parallelism` cores when
    /// it is big (`XLSXSheetPieces`), else whole.
    static func read(
        _ data: Data, part: String, workbook: XLSXWorkbook, limits: ImportLimits, path: String,
        pieceBytes: Int = 4 << 20, parallelism: Int = 1,
        cancellation: CancellationFlag?
    ) throws -> XLSXSheetReading {
        if let pieces = try XLSXSheetPieces.read(
            data, part: part, workbook: workbook, limits: limits, path: path,
            pieceBytes: pieceBytes, parallelism: parallelism,
            cancellation: cancellation)
        {
            return pieces
        }
        let reading = XLSXSheetReading(workbook: workbook, limits: limits, path: path)
        try SafeXMLParsing.parse(data, part: part, path: path, into: reading, cancellation: cancellation)
        reading.finish()
        return reading
    }

    /// Adds what `next`, the reading of the part's next piece, found: its rows after these (a row cut in two
    /// joined again), hidden rows and columns, merged ranges and counts.
    func append(_ next: XLSXSheetReading) {
        for row in next.grid.rows {
            if grid.rows.last?.index == row.index {
                grid.rows[grid.rows.count - 1].cells += row.cells
            } else {
                grid.rows.append(row)
            }
        }
        grid.hiddenRows.formUnion(next.grid.hiddenRows)
        grid.hiddenColumns.formUnion(next.grid.hiddenColumns)
        grid.merged += next.grid.merged
        grid.impossibleDates += next.grid.impossibleDates
        grid.uncalculatedFormulas += next.grid.uncalculatedFormulas
        if let size = next.declaredSize { declaredSize = size }
        next.grid = SheetGrid()  // its rows are these now: not held twice while the rest are joined
    }

    /// Puts the rows and cells read in order, once the whole part is read.
    func finish() {
        grid.normalise()
    }

    func start(_ name: Substring, _ attributes: XMLAttributes) {
        switch name {
        case "dimension":
            if let ref = attributes["ref"] {
                let ends = ref.split(separator: ":")
                if let first = ends.first.flatMap({ CellReference.parse($0) }) {
                    let last = ends.count > 1 ? CellReference.parse(ends[1]) ?? first : first
                    declaredSize = (last.row - first.row + 1, last.column - first.column + 1)
                }
            }
        case "col":
            guard attributes["hidden"] == "1" || attributes["hidden"] == "true",
                let low = attributes["min"].flatMap({ Int($0) }), let high = attributes["max"].flatMap({ Int($0) }),
                low >= 1, low <= 16_384, high >= low
            else { return }
            for c in low...min(high, 16_384) { grid.hiddenColumns.insert(c - 1) }
        case "row":
            // Rows number from 1 to 1,048,576; a damaged number is kept in range so no sum overflows.
            if let number = attributes["r"].flatMap({ Int($0) }) {
                row = min(max(number, 1), 1 << 31) - 1
            } else {
                row += 1
                rowsWithoutNumber += 1
            }
            column = -1
            if row >= limits.maxRows + 1 { failure = .tooManyRows(path: path, limit: limits.maxRows) }
            if attributes["hidden"] == "1" || attributes["hidden"] == "true" { grid.hiddenRows.insert(row) }
        case "c":
            if let reference = attributes["r"].flatMap({ CellReference.parse($0[...]) }) {
                column = reference.column
                if reference.row != row { row = reference.row }
            } else {
                column += 1
            }
            if column >= limits.maxColumns {
                failure = .tooManyColumns(path: path, count: column + 1, limit: limits.maxColumns)
            }
            cellType = attributes["t"] ?? "n"
            cellStyle = attributes["s"].flatMap { Int($0) } ?? 0
            value = ""
            hasFormula = false
        case "f":
            hasFormula = true
        case "v":
            collecting = true
        case "is":
            inInlineString = true
        case "t" where inInlineString:
            collecting = phonetic == 0
        case "rPh":
            phonetic += 1
        case "mergeCell":
            let ends = (attributes["ref"] ?? "").split(separator: ":")
            if ends.count == 2, let a = CellReference.parse(ends[0]), let b = CellReference.parse(ends[1]) {
                grid.merged.append(
                    MergedRange(
                        top: min(a.row, b.row), left: min(a.column, b.column),
                        bottom: max(a.row, b.row), right: max(a.column, b.column)))
            }
        default: break
        }
    }

    func end(_ name: Substring) {
        switch name {
        case "v", "t": collecting = false
        case "is": inInlineString = false
        case "rPh": phonetic -= 1
        case "c": finishCell()
        default: break
        }
    }

    func text(_ text: String) {
        guard collecting else { return }
        value += text
        if value.utf8.count > limits.maxFieldBytes {
            failure = .cellTooLong(
                path: path, cell: CellReference.name(row: max(row, 0), column: max(column, 0)),
                limitBytes: limits.maxFieldBytes)
            collecting = false
        }
    }

    /// Adds the cell just closed to the grid, typed by its `t` attribute and, for numbers, its style's format.
    private func finishCell() {
        guard failure == nil, row >= 0, column >= 0 else { return }
        if hasFormula && value.isEmpty && cellType != "inlineStr" {
            grid.uncalculatedFormulas += 1
            return
        }
        let cell: SheetCell?
        switch cellType {
        case "s":
            if let index = Int(value.trimmingCharacters(in: .whitespaces)), workbook.sharedStrings.indices.contains(index) {
                let text = workbook.sharedStrings[index]
                cell = text.isEmpty ? nil : .text(text)
            } else {
                cell = nil
            }
        case "inlineStr", "str":
            cell = value.isEmpty ? nil : .text(value)
        case "b":
            cell = value.isEmpty ? nil : .boolean(value == "1" || value.lowercased() == "true")
        case "e":
            cell = .error(value)
        case "d":
            cell = value.isEmpty ? nil : .date(Self.isoDateTime(value))
        default:
            guard let number = Double(value.trimmingCharacters(in: .whitespaces)) else { cell = nil; break }
            let kind = workbook.styleKinds.indices.contains(cellStyle) ? workbook.styleKinds[cellStyle] : .plain
            switch kind {
            case .plain, .duration:
                cell = .number(number)
            case .percent:
                cell = .percent(number)
            case .date, .time, .dateTime:
                if let text = ExcelDates.text(serial: number, kind: kind, uses1904: workbook.uses1904) {
                    cell = .date(text)
                } else {
                    grid.impossibleDates += 1
                    cell = nil
                }
            }
        }
        if let cell { grid.add(row: row, column: column, value: cell) }
    }

    /// An ISO 8601 date-time as the table's date parser reads it: seconds kept, fractions and "Z" dropped.
    static func isoDateTime(_ text: String) -> String {
        var result = text
        if result.hasSuffix("Z") { result.removeLast() }
        if let dot = result.firstIndex(of: "."), result.contains("T") { result = String(result[..<dot]) }
        if result.hasSuffix("T00:00:00") { result.removeLast(9) }
        return result
    }
}
