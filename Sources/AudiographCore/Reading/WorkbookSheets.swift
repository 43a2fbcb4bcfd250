// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One visible sheet of a workbook, as the sheet chooser names it.
public struct SheetSummary: Sendable, Equatable {
    /// The sheet's name as written on its tab.
    public var name: String
    /// Rows and columns holding values (the used range; title and hidden rows included).
    public var rows: Int
    public var columns: Int

    public init(name: String, rows: Int, columns: Int) {
        self.name = name
        self.rows = rows
        self.columns = columns
    }
}

/// The sheets of the workbook a table was read from, and which of them it is.
public struct WorkbookSheets: Sendable, Equatable {
    /// The visible sheets in tab order (hidden sheets are left out).
    public var sheets: [SheetSummary]
    /// Index into `sheets` of the sheet the table holds.
    public var chosen: Int

    public init(sheets: [SheetSummary], chosen: Int) {
        self.sheets = sheets
        self.chosen = chosen
    }

    /// The chosen sheet's name.
    public var chosenName: String { sheets[chosen].name }

    /// The index of the sheet `wanted` names: a sheet's name (case-insensitive) or its 1-based number; nil if none.
    public static func index(of wanted: String, in names: [String]) -> Int? {
        let key = wanted.trimmingCharacters(in: .whitespaces)
        if let i = names.firstIndex(where: { $0 == key }) { return i }
        if let i = names.firstIndex(where: { $0.lowercased() == key.lowercased() }) { return i }
        if let number = Int(key), number >= 1, number <= names.count { return number - 1 }
        return nil
    }
}

/// How a sheet is named to a person.
public enum SheetWording {
    /// "Sales, 13 rows by 2 columns".
    public static func nameAndSize(_ sheet: SheetSummary) -> String {
        return Localization.tr(
            "%@, %@ by %@", sheet.name, Localization.trn("%ld row", "%ld rows", sheet.rows, sheet.rows),
            Localization.trn("%ld column", "%ld columns", sheet.columns, sheet.columns))
    }
}
