// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Finds the table on a sheet the way a person sees it: hidden rows and columns left out, merged cells filled,
/// title rows above the header skipped, group headers over merged cells joined to the header below, and only the
/// first of several tables separated by empty rows or columns.
struct SheetTableFinding {
    /// A cell of the visible sheet; `filled` when its value came from a merged range's first cell.
    typealias Cell = (column: Int, value: SheetCell, filled: Bool)
    typealias Row = (index: Int, cells: [Cell])

    /// The table found: header (nil when the first row is already data) and data rows, as text.
    var header: [String]?
    var rows: [[String]] = []
    /// Where the table starts, "A4", and how wide it is.
    var origin = "A1"
    /// Hidden rows and columns that held values, left out.
    var hiddenRows = 0
    var hiddenColumns = 0
    /// Rows above the table without numbers (titles, notes), left out; the first one's text.
    var titleRows = 0
    var title: String?
    /// Where the sheet's other tables start ("A13"), left out.
    var otherTables: [String] = []
    /// Cells holding a formula error ("#DIV/0!"), charted as missing.
    var errorCells = 0

    /// The table of `grid`; nil when no part of it holds a table (a header and a row with a number or date).
    init?(_ grid: SheetGrid) {
        let visible = Self.visibleRows(grid, hiddenRows: &hiddenRows, hiddenColumns: &hiddenColumns)
        let blocks = Self.rowBlocks(visible, hidden: grid.hiddenRows)
        var candidates: [(rows: [Row], columns: ClosedRange<Int>)] = []
        for block in blocks {
            for columns in Self.columnBlocks(block, hidden: grid.hiddenColumns) {
                let rows = block.compactMap { row -> Row? in
                    let cells = row.cells.filter { columns.contains($0.column) }
                    return cells.isEmpty ? nil : (row.index, cells)
                }
                candidates.append((rows, columns))
            }
        }
        guard let chosen = candidates.firstIndex(where: { Self.holdsTable($0.rows) }) else { return nil }
        let table = candidates[chosen]
        for (i, other) in candidates.enumerated() where i != chosen {
            if Self.holdsTable(other.rows) {
                otherTables.append(CellReference.name(row: other.rows[0].index, column: other.columns.lowerBound))
            } else if i < chosen && other.rows[0].index < table.rows[0].index {
                titleRows += other.rows.count
                if title == nil { title = Self.text(other.rows[0].cells[0].value, errors: &errorCells) }
            }
        }
        shape(table.rows, columns: table.columns.filter { !grid.hiddenColumns.contains($0) })
    }

    /// Splits the table's rows into title rows, group-header rows, the header and the data, as text.
    /// `columns` are the table's visible columns, left to right.
    private mutating func shape(_ tableRows: [Row], columns: [Int]) {
        let width = columns.count
        let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        func dense(_ row: Row, errors: inout Int) -> [String] {
            var out = Array(repeating: "", count: width)
            for cell in row.cells {
                if let i = position[cell.column] { out[i] = Self.text(cell.value, errors: &errors) }
            }
            return out
        }
        func dense(_ row: Row) -> [String] { dense(row, errors: &errorCells) }
        func look(_ row: Row) -> [String] {
            var uncounted = 0
            return dense(row, errors: &uncounted)
        }
        var firstData = tableRows.firstIndex(where: { row in row.cells.contains { Self.isMeasure($0.value) } }) ?? 0
        if firstData + 1 < tableRows.count,
            TimeHeaders.isHeaderOfYears(look(tableRows[firstData]), below: tableRows[(firstData + 1)...].prefix(100).map(look))
        {
            firstData += 1
        }
        origin = CellReference.name(row: tableRows[0].index, column: columns[0])
        if firstData > 0 {
            var combined = dense(tableRows[firstData - 1])
            var groups: [[String]] = []
            for row in tableRows[..<(firstData - 1)] {
                let values = Set(row.cells.map { Self.text($0.value, errors: &errorCells) })
                let real = row.cells.filter { !$0.filled }.count
                if values.count == 1 && (real == 1 || row.cells.count == width) {
                    titleRows += 1
                    if title == nil { title = values.first }
                } else {
                    groups.append(dense(row))
                }
            }
            for group in groups.reversed() {
                combined = zip(group, combined).map { above, below in
                    above.isEmpty || above == below ? below : below.isEmpty ? above : above + " " + below
                }
            }
            header = combined
        }
        rows = tableRows[firstData...].map(dense)
    }

    /// The sheet's rows without hidden rows and columns, with merged ranges filled from their first cell.
    private static func visibleRows(_ grid: SheetGrid, hiddenRows: inout Int, hiddenColumns: inout Int) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(grid.rows.count)
        var columnsWithHiddenValues = Set<Int>()
        for row in grid.rows {
            if grid.hiddenRows.contains(row.index) { hiddenRows += 1; continue }
            var cells: [Cell] = []
            cells.reserveCapacity(row.cells.count)
            for cell in row.cells {
                if grid.hiddenColumns.contains(cell.column) { columnsWithHiddenValues.insert(cell.column); continue }
                cells.append((cell.column, cell.value, false))
            }
            if !cells.isEmpty { rows.append((row.index, cells)) }
        }
        hiddenColumns = columnsWithHiddenValues.count
        guard !grid.merged.isEmpty else { return rows }
        var byIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.index, $0) })
        for range in grid.merged {
            guard let top = byIndex[range.top],
                let first = rows[top].cells.first(where: { $0.column == range.left })
            else { continue }
            for r in range.top...min(range.bottom, range.top + 10_000) where !grid.hiddenRows.contains(r) {
                if byIndex[r] == nil {
                    rows.append((r, []))
                    byIndex[r] = rows.count - 1
                }
                let i = byIndex[r]!
                for c in range.left...min(range.right, range.left + 10_000) where !grid.hiddenColumns.contains(c) {
                    if !rows[i].cells.contains(where: { $0.column == c }) { rows[i].cells.append((c, first.value, true)) }
                }
                rows[i].cells.sort { $0.column < $1.column }
            }
        }
        return rows.sorted { $0.index < $1.index }
    }

    /// Runs of rows with no empty visible row between them (hidden rows join what they separate).
    private static func rowBlocks(_ rows: [Row], hidden: Set<Int>) -> [[Row]] {
        var blocks: [[Row]] = []
        for row in rows {
            if let last = blocks.last?.last, (last.index + 1..<row.index).allSatisfy({ hidden.contains($0) }) {
                blocks[blocks.count - 1].append(row)
            } else {
                blocks.append([row])
            }
        }
        return blocks
    }

    /// The column ranges of a block with no empty visible column inside them.
    private static func columnBlocks(_ block: [Row], hidden: Set<Int>) -> [ClosedRange<Int>] {
        let used = Set(block.flatMap { $0.cells.map(\.column) }).sorted()
        var ranges: [ClosedRange<Int>] = []
        for c in used {
            if let last = ranges.last, (last.upperBound + 1..<c).allSatisfy({ hidden.contains($0) }) {
                ranges[ranges.count - 1] = last.lowerBound...c
            } else {
                ranges.append(c...c)
            }
        }
        return ranges
    }

    /// Whether rows look like a table: at least two rows, and a number or date below the first.
    private static func holdsTable(_ rows: [Row]) -> Bool {
        rows.count >= 2 && rows.dropFirst().contains { $0.cells.contains { isMeasure($0.value) } }
    }

    /// Whether a cell holds a number or a date (what a data row has and a header does not).
    private static func isMeasure(_ value: SheetCell) -> Bool {
        switch value {
        case .number, .percent, .date: return true
        default: return false
        }
    }

    /// A cell as the text a CSV file would hold: numbers to 15 significant digits (as Excel shows them), a
    /// percentage as shown ("12.5%", read back as 12.5 in %), dates as ISO 8601, TRUE/FALSE, and nothing for an
    /// error (counted in `errors`).
    static func text(_ value: SheetCell, errors: inout Int) -> String {
        switch value {
        case .number(let v):
            return numberText(v)
        case .percent(let fraction):
            return numberText(fraction * 100) + "%"
        case .date(let text), .text(let text): return text
        case .boolean(let b): return b ? "TRUE" : "FALSE"
        case .error:
            errors += 1
            return ""
        }
    }

    /// A number as Excel shows it at most: whole numbers without decimals, others to 15 significant digits.
    static func numberText(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int64(v)) }
        // Swift's shortest spelling is what "%.15g" writes whenever it has at most 15 significant digits (the
        // 15-digit decimal nearest a normal double is then that spelling; the unit test compares millions):
        // `String(format:)` took a microsecond a number, a fifth of a million-cell workbook's reading.
        if v.isNormal {
            let shortest = v.description
            var digits = 0, leading = true
            for byte in shortest.utf8 {
                if byte == UInt8(ascii: "e") { break }
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), !(leading && byte == UInt8(ascii: "0")) else {
                    continue
                }
                leading = false
                digits += 1
            }
            if digits <= 15 { return shortest }
        }
        return String(format: "%.15g", v)
    }
}
