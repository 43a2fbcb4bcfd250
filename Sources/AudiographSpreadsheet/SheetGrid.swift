// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// One cell's value as a workbook stores it (formulas as their cached value).
enum SheetCell: Equatable {
    case number(Double)
    /// A number shown as a percentage: the stored fraction (0.125 for "12.5%").
    case percent(Double)
    /// A date, time of day or both, already written as ISO 8601 text ("2024-01-31", "13:45:00",
    /// "2024-01-31T13:45:00").
    case date(String)
    case text(String)
    case boolean(Bool)
    /// A formula's error ("#DIV/0!"): charted as missing.
    case error(String)
}

/// A rectangle of merged cells, 0-based and inclusive.
struct MergedRange: Equatable {
    var top: Int, left: Int, bottom: Int, right: Int
}

/// The cells of one sheet that hold values, sparse, with its hidden rows and columns and merged ranges.
struct SheetGrid {
    /// Rows that hold at least one value, in row order; each row's cells in column order.
    var rows: [(index: Int, cells: [(column: Int, value: SheetCell)])] = []
    var hiddenRows = Set<Int>()
    var hiddenColumns = Set<Int>()
    var merged: [MergedRange] = []
    /// Cells whose value is a date Excel cannot have meant (29 February 1900, before its epoch), left out.
    var impossibleDates = 0
    /// Formula cells saved without a calculated value (openpyxl and other writers that do not calculate).
    var uncalculatedFormulas = 0

    /// Rows and columns of the used range (from the first to the last row and column holding a value).
    var usedSize: (rows: Int, columns: Int) {
        guard let first = rows.first, let last = rows.last else { return (0, 0) }
        var low = Int.max, high = Int.min
        for row in rows {
            if let l = row.cells.first?.column { low = min(low, l) }
            if let h = row.cells.last?.column { high = max(high, h) }
        }
        return (last.index - first.index + 1, high >= low ? high - low + 1 : 0)
    }

    /// Adds a cell to the row being built (rows arrive in order; a row may arrive in pieces).
    mutating func add(row: Int, column: Int, value: SheetCell) {
        if rows.last?.index != row { rows.append((row, [])) }
        rows[rows.count - 1].cells.append((column, value))
    }

    /// Sorts rows and cells (writers almost always write them in order; this makes sure) and keeps the last value
    /// written to a cell.
    mutating func normalise() {
        let inOrder =
            zip(rows, rows.dropFirst()).allSatisfy { $0.index < $1.index }
            && rows.allSatisfy { row in zip(row.cells, row.cells.dropFirst()).allSatisfy { $0.column < $1.column } }
        guard !inOrder else { return }
        var byRow: [Int: [Int: SheetCell]] = [:]
        for row in rows { for cell in row.cells { byRow[row.index, default: [:]][cell.column] = cell.value } }
        rows = byRow.keys.sorted().map { index in
            (index, byRow[index]!.keys.sorted().map { ($0, byRow[index]![$0]!) })
        }
    }
}

/// Spreadsheet cell references: "B12" ↔ (row 11, column 1).
enum CellReference {
    /// The 0-based (row, column) of a reference such as "AB12" or "$AB$12"; nil when it is not one.
    static func parse(_ text: Substring) -> (row: Int, column: Int)? {
        var column = 0, row = 0, letters = 0, digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "$"): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z") where digits == 0:
                column = column * 26 + Int(byte - UInt8(ascii: "A")) + 1
                letters += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z") where digits == 0:
                column = column * 26 + Int(byte - UInt8(ascii: "a")) + 1
                letters += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9") where letters > 0:
                row = row * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            default: return nil
            }
            if letters > 3 || digits > 7 { return nil }
        }
        guard letters > 0, digits > 0, row > 0 else { return nil }
        return (row - 1, column - 1)
    }

    /// The 0-based column of column letters alone ("AB" → 27); nil when they are not letters.
    static func column(_ letters: Substring) -> Int? {
        parse(letters + "1").map(\.column)
    }

    /// "B12" for row 11, column 1 (0-based).
    static func name(row: Int, column: Int) -> String {
        var letters = ""
        var c = column + 1
        while c > 0 {
            let r = (c - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + r))) + letters
            c = (c - 1) / 26
        }
        return letters + String(row + 1)
    }
}
