// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Reads .xlsx (Office Open XML) and .ods (OpenDocument) workbooks into the same `Table` a CSV file gives: the
/// chosen sheet's table is written out as CSV text and read by `CSVReader`, so every guess downstream is the
/// one a CSV of the same data gets. Never writes to the file.
public struct SpreadsheetReader: TableFileReader {
    public init() {}

    /// Claims every zip file; one that holds no workbook is refused with a message saying so.
    public func reads(head: [UInt8], path: String) -> Bool {
        head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    public func read(
        path: String, sheet: String?, options: CSVReadOptions, progress: ((ImportProgress) -> Void)?,
        cancellation: CancellationFlag?
    ) throws -> Table {
        let total = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value ?? 0
        let report = { (fraction: Double, rows: Int) -> Void in
            progress?(ImportProgress(bytesRead: Int64(Double(total) * fraction), totalBytes: total, rows: rows))
        }
        report(0, 0)
        return try read(
            try WorkbookArchive(path: path), sheet: sheet, options: options, cancellation: cancellation,
            report: report)
    }

    /// Reads a workbook held in memory as if it were the file `name` (which names it in messages); for tests and
    /// the fuzzer. The bytes go through a private temporary file and the same reading as a file's:
    /// ZIPFoundation 0.9.20's in-memory archives crash on some damaged zips (a range past the end, in
    /// `MemoryFile.readData`) and leak when they find no directory, which its file archives do not.
    public func read(data: Data, name: String, sheet: String? = nil, options: CSVReadOptions = CSVReadOptions()) throws -> Table {
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("audiograph-workbook-\(UUID().uuidString)")
        try data.write(to: temporary)
        defer { try? FileManager.default.removeItem(at: temporary) }
        return try read(
            try WorkbookArchive(path: temporary.path, naming: name), sheet: sheet, options: options,
            cancellation: nil, report: { _, _ in })
    }

    /// Reads the workbook in `archive`; `report` gets the share done (0...1) and the rows read.
    private func read(
        _ archive: WorkbookArchive, sheet: String?, options: CSVReadOptions,
        cancellation: CancellationFlag?, report: (Double, Int) -> Void
    ) throws -> Table {
        let path = archive.path
        let sheets: [NamedSheet]
        if archive.has("content.xml") && (archive.has("mimetype") || archive.has("META-INF/manifest.xml")) {
            sheets = try Self.odsSheets(archive, options: options, cancellation: cancellation)
        } else if let workbookPart = try XLSXWorkbook.workbookPart(archive) {
            sheets = try Self.xlsxSheets(
                archive, workbookPart: workbookPart, options: options,
                cancellation: cancellation)
        } else {
            throw ImportError.unsupportedArchive(path: path)
        }
        report(0.3, 0)
        let names = sheets.map(\.name)
        var chosen: (index: Int, grid: SheetGrid, table: SheetTableFinding?)
        if let sheet {
            guard let index = WorkbookSheets.index(of: sheet, in: names) else {
                throw ImportError.unknownSheet(path: path, name: sheet, available: names)
            }
            let grid = try sheets[index].grid()
            chosen = (index, grid, SheetTableFinding(grid))
        } else {
            var found: (Int, SheetGrid, SheetTableFinding?)?
            for (index, named) in sheets.enumerated() {
                let grid = try named.grid()
                if let table = SheetTableFinding(grid) { found = (index, grid, table); break }
            }
            guard let found else { throw ImportError.noSheetWithTable(path: path) }
            chosen = found
        }
        report(0.7, chosen.table?.rows.count ?? 0)
        guard let table = chosen.table else { throw ImportError.noNumericColumn(path: path) }
        var readOptions = options
        readOptions.delimiter = ","
        var result = try CSVReader.read(
            data: CSVText.data(header: table.header, rows: table.rows), name: path,
            options: readOptions)
        result.workbook = WorkbookSheets(
            sheets: sheets.enumerated().map { index, named in
                let size = index == chosen.index ? chosen.grid.usedSize : named.size()
                return SheetSummary(name: named.name, rows: size.rows, columns: size.columns)
            }, chosen: chosen.index)
        result.warnings = Self.notes(table, grid: chosen.grid) + result.warnings
        report(1, result.rowCount)
        return result
    }

    /// A visible sheet by name, read on demand (a workbook's other sheets are only sized, not read).
    struct NamedSheet {
        var name: String
        var grid: () throws -> SheetGrid
        /// Rows and columns of its used range.
        var size: () -> (rows: Int, columns: Int)
    }

    /// The visible sheets of an OpenDocument spreadsheet (all read from content.xml at once).
    static func odsSheets(
        _ archive: WorkbookArchive, options: CSVReadOptions,
        cancellation: CancellationFlag?
    ) throws -> [NamedSheet] {
        if let manifest = try archive.part("META-INF/manifest.xml"),
            String(decoding: manifest, as: UTF8.self).contains("encryption-data")
        {
            throw ImportError.encryptedWorkbook(path: archive.path)
        }
        guard let content = try archive.part("content.xml", cancellation: cancellation) else {
            throw ImportError.unsupportedArchive(path: archive.path)
        }
        let sheets = try ODSContentReading.read(
            content, limits: options.limits, path: archive.path,
            pieceBytes: options.pieceBytes, parallelism: options.parallelism,
            cancellation: cancellation)
        return sheets.filter { !$0.hidden }.map { sheet in
            NamedSheet(name: sheet.name, grid: { sheet.grid }, size: { sheet.grid.usedSize })
        }
    }

    /// The visible worksheets of an Office Open XML workbook, each read when asked for.
    static func xlsxSheets(
        _ archive: WorkbookArchive, workbookPart: String, options: CSVReadOptions,
        cancellation: CancellationFlag?
    ) throws -> [NamedSheet] {
        let workbook = try XLSXWorkbook(archive: archive, workbookPart: workbookPart, cancellation: cancellation)
        return workbook.sheets.filter { !$0.hidden }.compactMap { sheet -> NamedSheet? in
            guard let part = sheet.part else { return nil }
            let read = {
                guard let data = try archive.part(part, cancellation: cancellation) else {
                    throw ImportError.damagedWorkbook(
                        path: archive.path,
                        reason: Localization.tr("the part %@ is missing", part))
                }
                return try XLSXSheetReading.read(
                    data, part: part, workbook: workbook, limits: options.limits,
                    path: archive.path, pieceBytes: options.pieceBytes,
                    parallelism: options.parallelism, cancellation: cancellation)
            }
            return NamedSheet(
                name: sheet.name, grid: { try read().grid },
                size: {
                    if let head = archive.prefix(of: part, count: 4096), let size = declaredSize(head) { return size }
                    return (try? read().grid.usedSize) ?? (0, 0)
                })
        }
    }

    /// The size a worksheet's `<dimension ref="A1:C25"/>` declares, read from the part's first bytes.
    static func declaredSize(_ head: Data) -> (rows: Int, columns: Int)? {
        let text = String(decoding: head, as: UTF8.self)
        guard let start = text.range(of: "<dimension ref=\"") ?? text.range(of: ":dimension ref=\""),  // l10n: not shown
            let end = text[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        let ends = text[start.upperBound..<end].split(separator: ":")
        guard let first = ends.first.flatMap({ CellReference.parse($0) }) else { return nil }
        let last = ends.count > 1 ? CellReference.parse(ends[1]) ?? first : first
        if ends.count == 1 { return (1, 1) }
        return (last.row - first.row + 1, last.column - first.column + 1)
    }

    /// Sentences about what was left out of the sheet, for the table's warnings.
    static func notes(_ table: SheetTableFinding, grid: SheetGrid) -> [String] {
        var notes: [String] = []
        if table.hiddenRows > 0 || table.hiddenColumns > 0 {
            let rows = Localization.trn("%ld hidden row", "%ld hidden rows", table.hiddenRows, table.hiddenRows)
            let columns = Localization.trn("%ld hidden column", "%ld hidden columns", table.hiddenColumns, table.hiddenColumns)
            let what = table.hiddenRows == 0 ? columns : table.hiddenColumns == 0 ? rows : Localization.list([rows, columns])
            notes.append(Localization.tr("Left out %@, as the sheet hides them.", what))
        }
        if table.titleRows > 0, let title = table.title {
            notes.append(ReadWarnings.skippedAboveTable(count: table.titleRows, first: title))
        }
        if !table.otherTables.isEmpty {
            notes.append(
                Localization.trn(
                    "This sheet holds %ld more table (at %@); only the first, at %@, is charted. Move another to a sheet of its own to chart it.",
                    "This sheet holds %ld more tables (at %@); only the first, at %@, is charted. Move another to a sheet of its own to chart it.",
                    table.otherTables.count, table.otherTables.count, Localization.list(table.otherTables), table.origin))
        }
        if table.errorCells > 0 {
            notes.append(
                Localization.trn(
                    "%ld cell holds a formula error (such as #DIV/0!) and is charted as missing.",
                    "%ld cells hold a formula error (such as #DIV/0!) and are charted as missing.",
                    table.errorCells, table.errorCells))
        }
        if grid.uncalculatedFormulas > 0 {
            notes.append(
                Localization.trn(
                    "%ld cell holds a formula that was never calculated (the program that wrote the file does not calculate), so it is charted as missing. Open the file in a spreadsheet program and save it to fill it in.",
                    "%ld cells hold formulas that were never calculated (the program that wrote the file does not calculate), so they are charted as missing. Open the file in a spreadsheet program and save it to fill them in.",
                    grid.uncalculatedFormulas, grid.uncalculatedFormulas))
        }
        if grid.impossibleDates > 0 {
            notes.append(
                Localization.trn(
                    "%ld cell holds a date that never existed (29 February 1900, a mistake Excel keeps, or a day before 1900) and is charted as missing.",
                    "%ld cells hold a date that never existed (29 February 1900, a mistake Excel keeps, or a day before 1900) and are charted as missing.",
                    grid.impossibleDates, grid.impossibleDates))
        }
        return notes
    }
}
