// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Leaves out a last row and a column that add up the others ("Total", "Grand total", "合計"), as spreadsheets
/// and reports end their tables.
///
/// Charted, a total is the highest bar by far and the loudest note: "highest is Total (42)" is true of the
/// table and says nothing of the data. A row or column is left out only when its name says total and its
/// numbers are the sums of the others, and a note names it.
enum TotalsLeftOut {
    /// Names of a total, lower-cased, without a trailing colon.
    static let names: Set<String> = [
        "total", "totals", "grand total", "sum", "overall", "all", "合計", "総計", "計"  // l10n: not shown
    ]

    /// Relative difference allowed between a total and the sum it should be (rounded figures).
    static let tolerance = 0.005

    /// `table` without its total row and total column, with a note for each left out; `keeping` are column
    /// names the settings ask for, never left out.
    static func leavingOut(_ table: Table, keeping: [String]) -> Table {
        var table = table
        if let row = totalRow(table) {
            let label = labelText(table, row: row.index, column: row.labelColumn)
            table = removingLastRow(table)
            table.warnings.append(Localization.tr("Left out the row \"%@\": it adds up the rows above.", label))
        }
        if let column = totalColumn(table), !keeping.contains(where: { table.columnIndex(named: $0) == column }) {
            let header = table.columns[column].header
            table.columns.remove(at: column)
            table.warnings.append(Localization.tr("Left out the column \"%@\": it adds up the others on each row.", header))
        }
        return table
    }

    /// The last row when the first text column names it a total and, in at least half of the numeric columns
    /// it has a value in (one at least), it is the sum of the rows above (two or more).
    private static func totalRow(_ table: Table) -> (index: Int, labelColumn: Int)? {
        let last = table.rowCount - 1
        guard last >= 2, let labelColumn = table.columns.firstIndex(where: \.isText),
            isTotalName(labelText(table, row: last, column: labelColumn))
        else { return nil }
        var checked = 0, sums = 0
        for column in table.columns {
            guard case .numeric(let values, _) = column.data, values[last].isFinite else { continue }
            checked += 1
            let sum = values[..<last].reduce(0) { $0 + ($1.isFinite ? $1 : 0) }
            if isClose(values[last], sum) { sums += 1 }
        }
        return sums >= 1 && sums * 2 >= checked ? (last, labelColumn) : nil
    }

    /// A numeric column named a total that, on nine rows in ten with a value (two at least), is the sum of the
    /// other numeric columns, or of all of them but the first (a year or an id before the figures).
    private static func totalColumn(_ table: Table) -> Int? {
        let numeric = table.columns.indices.filter { table.columns[$0].isNumeric }
        guard numeric.count >= 3 else { return nil }
        for candidate in numeric where isTotalName(table.columns[candidate].title) {
            let others = numeric.filter { $0 != candidate }
            for parts in [others, Array(others.dropFirst())] where parts.count >= 2 {
                if addsUp(table, total: candidate, parts: parts) { return candidate }
            }
        }
        return nil
    }

    /// Whether column `total` is the sum of `parts` on nine rows in ten where it has a value (two at least).
    private static func addsUp(_ table: Table, total: Int, parts: [Int]) -> Bool {
        guard case .numeric(let totals, _) = table.columns[total].data else { return false }
        let columns: [[Double]] = parts.map { c in
            if case .numeric(let v, _) = table.columns[c].data { return v } else { return [] }
        }
        var rows = 0, sums = 0
        for row in 0..<table.rowCount where totals[row].isFinite {
            rows += 1
            let sum = columns.reduce(0) { $0 + ($1[row].isFinite ? $1[row] : 0) }
            if isClose(totals[row], sum) { sums += 1 }
        }
        return rows >= 2 && sums * 10 >= rows * 9
    }

    private static func isClose(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= max(1e-9, tolerance * max(abs(a), abs(b)))
    }

    private static func isTotalName(_ text: String) -> Bool {
        var name = text.trimmingCharacters(in: .whitespaces).lowercased()
        if name.hasSuffix(":") { name.removeLast() }
        return names.contains(name)
    }

    /// The text in `column` on `row`, "" where missing.
    private static func labelText(_ table: Table, row: Int, column: Int) -> String {
        guard case .text(let ids, let names) = table.columns[column].data, ids[row] >= 0 else { return "" }
        return names[Int(ids[row])]
    }

    /// `table` without its last row; a category only that row had is dropped from its column.
    private static func removingLastRow(_ table: Table) -> Table {
        var table = table
        let last = table.rowCount - 1
        for c in table.columns.indices {
            switch table.columns[c].data {
            case .numeric(var values, let digits):
                values.removeLast()
                table.columns[c].data = .numeric(values: values, fractionDigits: digits)
            case .date(var values, let precision, let offset):
                values.removeLast()
                table.columns[c].data = .date(values: values, precision: precision, utcOffsetSeconds: offset)
            case .text(var ids, var names):
                let id = ids.removeLast()
                // Categories are numbered in order of first appearance: one first seen on the last row is the last.
                if id >= 0, Int(id) == names.count - 1, !ids.contains(id) { names.removeLast() }
                table.columns[c].data = .text(indices: ids, categories: names)
            }
        }
        table.rowCount = last
        return table
    }
}
