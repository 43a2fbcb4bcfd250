// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why a file could not be turned into a chart; each case becomes one line naming the file and what to do.
public enum ImportError: Error, Sendable, Equatable {
    case fileMissing(path: String)
    case notAFile(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case headerOnly(path: String)
    case binary(path: String)
    case unterminatedQuote(path: String, line: Int)
    case lineTooLong(path: String, line: Int, limitBytes: Int)
    case tooManyColumns(path: String, count: Int, limit: Int)
    case tooManyRows(path: String, limit: Int)
    case noNumericColumn(path: String)
    /// Numbers, but only row numbers, ids, codes or times (named), with nothing measured against them.
    case nothingMeasured(path: String, columns: [String])
    case mostlyMalformed(path: String, skipped: Int, total: Int, firstLine: Int)
    case unknownColumn(path: String, name: String, available: [String])
    case columnNotNumeric(path: String, name: String)
    case histogramOfText(path: String, name: String)
    case boxPlotWithoutGroups(path: String, name: String?)
    case candlestickWithoutPrices(path: String)
    case heatmapWithoutRows(path: String)
    case invalidSettings(path: String, reason: String)
    case cancelled(path: String)
    /// The file got shorter while it was read (rewritten or truncated by another program).
    case changedWhileReading(path: String)
    /// A workbook saved with a password (Office's encrypted package, or an encrypted OpenDocument file).
    case encryptedWorkbook(path: String)
    /// An Excel 97–2003 workbook (.xls, BIFF in a compound file).
    case legacyWorkbook(path: String)
    /// A zip archive that is not a workbook Audiograph reads (no workbook part in it).
    case unsupportedArchive(path: String)
    /// A zip archive or compound file (a workbook, most likely) given in memory or through a pipe: workbooks are
    /// read from files only.
    case archiveNotInAFile(path: String)
    /// A workbook whose zip or XML cannot be read; `reason` says what (in a few words).
    case damagedWorkbook(path: String, reason: String)
    /// A workbook part that would unpack to more than `limitBytes`, or is packed far more tightly than XML is.
    case workbookTooLarge(path: String, limitBytes: Int64)
    /// A workbook part that declares a DTD or entities, which spreadsheets never do (entity-expansion attacks).
    case workbookDeclaresEntities(path: String)
    /// A workbook none of whose visible sheets holds a table with a number in it.
    case noSheetWithTable(path: String)
    /// `--sheet` (or the sidecar) names a sheet the workbook does not have.
    case unknownSheet(path: String, name: String, available: [String])
    /// A workbook cell holding more text than a field may (`ImportLimits.maxFieldBytes`); `cell` is its name, "B12".
    case cellTooLong(path: String, cell: String, limitBytes: Int)
    /// Following (`--follow`) was asked of a workbook, which is rewritten whole on every save.
    case followingWorkbook(path: String)
    /// A JSON file that stops being JSON at `line`, `column` (from 1); `problem` says what was expected there.
    case brokenJSON(path: String, line: Int, column: Int, problem: String)
    /// A JSON file that is valid but holds no table: no records, rows or columns of values.
    case jsonHoldsNoTable(path: String)
    /// Following (`--follow`) was asked of a JSON file.
    case followingJSON(path: String)

    /// Exit status for command-line tools: 66 when the file can't be read at all, 65 for bad data, 64 misuse.
    public var exitCode: Int32 {
        switch self {
        case .fileMissing, .notAFile, .unreadable, .changedWhileReading: return 66
        case .unknownColumn, .unknownSheet, .followingWorkbook, .followingJSON, .columnNotNumeric, .histogramOfText,
            .boxPlotWithoutGroups, .candlestickWithoutPrices, .heatmapWithoutRows:
            return 64
        case .cancelled: return 130
        default: return 65
        }
    }

    /// The file the problem is about.
    public var path: String {
        switch self {
        case .fileMissing(let p), .notAFile(let p), .unreadable(let p, _), .empty(let p), .headerOnly(let p),
            .binary(let p), .unterminatedQuote(let p, _), .lineTooLong(let p, _, _), .tooManyColumns(let p, _, _),
            .tooManyRows(let p, _), .noNumericColumn(let p), .nothingMeasured(let p, _), .mostlyMalformed(let p, _, _, _),
            .unknownColumn(let p, _, _), .columnNotNumeric(let p, _), .histogramOfText(let p, _), .boxPlotWithoutGroups(let p, _),
            .candlestickWithoutPrices(let p), .heatmapWithoutRows(let p), .invalidSettings(let p, _), .cancelled(let p),
            .changedWhileReading(let p), .encryptedWorkbook(let p), .legacyWorkbook(let p),
            .unsupportedArchive(let p), .archiveNotInAFile(let p), .damagedWorkbook(let p, _), .workbookTooLarge(let p, _),
            .workbookDeclaresEntities(let p), .noSheetWithTable(let p), .unknownSheet(let p, _, _),
            .followingWorkbook(let p), .cellTooLong(let p, _, _), .brokenJSON(let p, _, _, _), .jsonHoldsNoTable(let p),
            .followingJSON(let p):
            return p
        }
    }

    /// One line for a person: the file, where, what went wrong and what to do.
    public var message: String {
        let file = (path as NSString).lastPathComponent
        switch self {
        case .fileMissing:
            return Localization.tr("%@: no such file. Check the name and folder.", path)
        case .notAFile:
            return Localization.tr("%@: is a folder, not a file. Choose a CSV file inside it.", path)
        case .unreadable(_, let reason):
            return Localization.tr("%@: cannot be read (%@). Check that you have permission to read it.", path, reason)
        case .empty:
            return Localization.tr(
                "%@: the file is empty. Choose a CSV file with a header row and at least one row of data.", file)
        case .headerOnly:
            return Localization.tr("%@: has a header row but no data rows. Add rows of data below the header.", file)
        case .binary:
            return Localization.tr("%@: does not look like a text table (it contains binary data). Export it as CSV first.", file)
        case .unterminatedQuote(_, let line):
            return Localization.tr(
                "%@: line %ld: a quoted field is never closed. Check the quotation marks on that line.", file, line)
        case .lineTooLong(_, let line, let limit):
            return Localization.tr(
                "%@: line %ld is longer than %@ without a line break; this does not look like a CSV table.",
                file, line, ByteCount.text(Int64(limit)))
        case .tooManyColumns(_, let count, let limit):
            return Localization.tr(
                "%@: has %ld columns, more than the %ld Audiograph can chart. Remove columns you don't need.",
                file, count, limit)
        case .tooManyRows(_, let limit):
            return Localization.tr(
                "%@: has more than %ld rows, more than Audiograph can chart. Split the file or aggregate it.",
                file, limit)
        case .noNumericColumn:
            return Localization.tr(
                "%@: no column contains numbers, so there is nothing to plot. A chart needs at least one numeric column.", file)
        case .nothingMeasured(_, let columns):
            return Localization.tr(
                "%@: its only numbers are row numbers, ids or times (%@), so there is nothing measured to plot. A chart needs a column of measured values; to plot one of these anyway, name it with --y.",
                file,
                Localization.list(columns.prefix(4).map { $0 })
                    + (columns.count > 4 ? Localization.tr(" and %ld more", columns.count - 4) : ""))
        case .mostlyMalformed(_, let skipped, let total, let firstLine):
            return Localization.tr(
                "%@: %ld of %ld rows do not have the same number of fields as the header (first at line %ld). Check the delimiter and quoting.",
                file, skipped, total, firstLine)
        case .unknownColumn(_, let name, let available):
            return Localization.tr(
                "%@: has no column named \"%@\". Columns: %@.", file, name, available.joined(separator: Localization.tr(", ")))
        case .columnNotNumeric(_, let name):
            return Localization.tr("%@: column \"%@\" does not contain numbers, so it cannot be plotted as a value.", file, name)
        case .histogramOfText(_, let name):
            return Localization.tr(
                "%@: column \"%@\" holds text, not numbers, so it has no histogram. Choose a numeric column for x.",
                file, name)
        case .boxPlotWithoutGroups(_, let name?):
            return Localization.tr(
                "%@: column \"%@\" has too many different values to split the rows into groups for a box plot. Choose a text column with a few repeating values for x.",
                file, name)
        case .boxPlotWithoutGroups(_, nil):
            return Localization.tr(
                "%@: a box plot needs a column that splits the rows into groups, and none was found. Name one for x (a text column with a few repeating values).",
                file)
        case .candlestickWithoutPrices:
            return Localization.tr(
                "%@: a candlestick chart needs number columns named Open, High, Low and Close (and Volume if you have it); rename the headers to these words.",
                file)
        case .heatmapWithoutRows:
            return Localization.tr(
                "%@: a heatmap needs a text column naming the rows and two or more number columns, or, for a long table, --x, --y and --z (the columns' names, the rows' names and the values).",
                file)
        case .invalidSettings(_, let reason):
            return Localization.tr("%@: %@", file, reason)
        case .cancelled:
            return Localization.tr("%@: opening was cancelled.", file)
        case .changedWhileReading:
            return Localization.tr(
                "%@: the file got shorter while it was read (another program is changing it). Wait until it is saved, then open it again.",
                file)
        case .encryptedWorkbook:
            return Localization.tr(
                "%@: this workbook is protected by a password, so Audiograph cannot read it. Open it in your spreadsheet program and save a copy without a password.",
                file)
        case .legacyWorkbook:
            return Localization.tr(
                "%@: this is an Excel 97-2003 workbook (.xls), which Audiograph cannot read. Save it as an Excel Workbook (.xlsx) or an OpenDocument spreadsheet (.ods) and open that.",
                file)
        case .unsupportedArchive:
            return Localization.tr(
                "%@: is a zip archive but not a spreadsheet (no .xlsx or .ods workbook inside). Open a CSV, .xlsx or .ods file.",
                file)
        case .archiveNotInAFile:
            return Localization.tr(
                "%@: looks like a workbook or another archive, which Audiograph reads only from a file. Save it as a file and open that, or export the sheet as CSV.",
                file)
        case .damagedWorkbook(_, let reason):
            return Localization.tr(
                "%@: this workbook is damaged or incomplete (%@). Open it in your spreadsheet program and save it again.", file,
                reason)
        case .workbookTooLarge(_, let limit):
            return Localization.tr(
                "%@: a part of this workbook would unpack to more than %@, or is packed far more tightly than a spreadsheet is; Audiograph does not open it.",
                file, ByteCount.text(limit))
        case .workbookDeclaresEntities:
            return Localization.tr(
                "%@: this workbook declares XML entities, which spreadsheets never do; Audiograph does not open it. Save it again from your spreadsheet program.",
                file)
        case .noSheetWithTable:
            return Localization.tr(
                "%@: no sheet of this workbook holds a table with numbers, so there is nothing to plot. A chart needs a header row and a column of numbers.",
                file)
        case .unknownSheet(_, let name, let available):
            return Localization.tr(
                "%@: has no sheet named \"%@\". Sheets: %@.", file, name, available.joined(separator: Localization.tr(", ")))
        case .cellTooLong(_, let cell, let limit):
            return Localization.tr(
                "%@: cell %@ holds more than %@ of text, more than Audiograph reads from one cell. Shorten that cell or remove it.",
                file, cell, ByteCount.text(Int64(limit)))
        case .followingWorkbook:
            return Localization.tr(
                "%@: only CSV files can be followed as they grow; a workbook is saved whole each time. Open it without following.",
                file)
        case .brokenJSON(_, let line, let column, let problem):
            return Localization.tr(
                "%@: is not valid JSON at line %ld, column %ld: %@. Correct it there, or write the file again from the program that made it.",
                file, line, column, problem)
        case .followingJSON:
            return Localization.tr(
                "%@: only CSV files can be followed as they grow; open this JSON file without following.", file)
        case .jsonHoldsNoTable:
            return Localization.tr(
                "%@: this JSON holds no table. Audiograph reads an array of records ([{\"year\": 2020, \"sales\": 5}, …]), one record per line, an object of columns, or an array of rows with a header row.",
                file)
        }
    }
}

extension ImportError: LocalizedError {
    public var errorDescription: String? { message }
}
