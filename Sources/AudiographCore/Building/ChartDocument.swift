// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A CSV file opened as a chart: the table, the chart made from it and anything a person should know.
public struct ChartDocument: Sendable {
    public var table: Table
    public var chart: ChartDescriptor
    /// The settings used: the sidecar's, overridden by the caller's.
    public var settings: ChartSettings
    /// The column roles the chart was made with (settings and guesses together), e.g. to show them in a picker.
    public var layout: ChartInference.Layout
    /// Sentences about skipped rows, unreadable values and ignored settings.
    public var warnings: [String]
    /// Why this chart, and which columns it leaves out and why, in one sentence (`ChartReason`).
    public var reason: String = ""
    /// The headers of the table as read, before a total was left out or a wide table of years turned long: what
    /// a remembered choice is kept under (`ColumnSetChoices`).
    public var readHeaders: [String] = []

    /// Reads `path`, applies its sidecar settings and then `overrides`, and builds the chart.
    /// With `readingSidecar` false the sidecar is not read and `overrides` are all the settings. `readers` read
    /// files other than CSV (workbooks); without them such a file is refused with a message.
    /// `remembered` gives the chart a person chose for tables with the same columns (`ColumnSetChoices`), used when
    /// neither the sidecar nor `overrides` choose anything.
    public static func open(
        path: String, overrides: ChartSettings = ChartSettings(), readingSidecar: Bool = true,
        options: CSVReadOptions = CSVReadOptions(), readers: [any TableFileReader] = [],
        remembered: ColumnSetChoices? = nil,
        progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> ChartDocument {
        let settings = try settings(forFile: path, overrides: overrides, readingSidecar: readingSidecar)
        let table = try TableFiles.read(
            path: path, sheet: settings.sheet, options: options, readers: readers,
            progress: progress, cancellation: cancellation)
        if settings == ChartSettings() || settings == ChartSettings(sheet: settings.sheet),
            let chosen = remembered?.choice(forHeaders: table.columns.map(\.header)),
            var document = try? chartRead(table, settings: chosen.overridden(by: settings), fileName: path)
        {
            document.warnings.append(Localization.tr("Opened as you chose for files with these columns."))
            return document
        }
        return try chartRead(table, settings: settings, fileName: path)
    }

    /// Charts a table just read: a last row and a column that add up the others are left out
    /// (`TotalsLeftOut`), a column of days and one of clock times become one of instants (`DateAndTimeColumns`;
    /// not when following a file, which charts the file's columns as they are), and a table whose columns are
    /// times is then turned into one line per row (`WideTimeTable`). Settings that name a column only one of the two tables has choose that table (the
    /// viewer's column picker names the long table's "Year" and "Value"); otherwise the long table is taken
    /// unless the settings ask for a kind other than lines or bars, or put the rows' names along x with no y
    /// (bars of each row, as written).
    static func chartRead(_ table: Table, settings: ChartSettings, fileName: String) throws -> ChartDocument {
        var document = try chartReadAsIs(table, settings: settings, fileName: fileName)
        document.readHeaders = table.columns.map(\.header)
        return document
    }

    private static func chartReadAsIs(_ table: Table, settings: ChartSettings, fileName: String) throws -> ChartDocument {
        let named =
            ([settings.x, settings.seriesBy, settings.size, settings.category, settings.label, settings.z]
            .compactMap { $0 } + (settings.y ?? [])).filter { $0 != ChartSettings.noColumn }
        let table = DateAndTimeColumns.joined(TotalsLeftOut.leavingOut(table, keeping: named), keeping: named)
        guard let melted = WideTimeTable.melt(table) else { return try chart(table, settings: settings, fileName: fileName) }
        let inLong = named.allSatisfy { melted.table.columnIndex(named: $0) != nil }
        let inWritten = named.allSatisfy { table.columnIndex(named: $0) != nil }
        let labelIndex = melted.table.columnIndex(named: melted.label)
        let xIsLabel = settings.x.map { melted.table.columnIndex(named: $0) == labelIndex } ?? false
        let linesOrBars: [ChartKind] = [.line, .bar, .groupedBar, .stackedBar, .area, .stackedArea]
        let long = inLong && (!inWritten || (settings.kind.map(linesOrBars.contains) ?? true) && !(xIsLabel && settings.y == nil))
        guard long else { return try chart(table, settings: settings, fileName: fileName) }
        // With no column chosen, one line per row over the times; a choice of columns is taken as it is.
        var pinned = settings
        if settings.x == nil && settings.y == nil && settings.seriesBy == nil {
            pinned.x = melted.time
            pinned.y = [melted.value]
            pinned.seriesBy = melted.label
        }
        return try chart(melted.table, settings: pinned, fileName: fileName)
    }

    /// The settings for the file at `path`: its sidecar's (when `readingSidecar`), overridden by `overrides`.
    static func settings(forFile path: String, overrides: ChartSettings, readingSidecar: Bool) throws -> ChartSettings {
        let sidecar = readingSidecar ? try SidecarSettings.load(for: path) ?? ChartSettings() : ChartSettings()
        return sidecar.overridden(by: overrides)
    }

    /// Charts a table held in memory (CSV, TSV or JSON: a held table, tests, the fuzzer) as if it were the file
    /// `name`; no sidecar is read.
    public static func open(
        data: Data, name: String, settings: ChartSettings = ChartSettings(),
        options: CSVReadOptions = CSVReadOptions(), progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> ChartDocument {
        let table = try TableFiles.read(
            data: data, name: name, options: options, progress: progress,
            cancellation: cancellation)
        return try chartRead(table, settings: settings, fileName: name)
    }

    /// Opens the table piped in on standard input, read as it arrives (`TableFiles.readStandardInput`), with
    /// `settings`.
    public static func openStandardInput(
        settings: ChartSettings = ChartSettings(),
        options: CSVReadOptions = CSVReadOptions(),
        progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> ChartDocument {
        let table = try TableFiles.readStandardInput(options: options, progress: progress, cancellation: cancellation)
        return try chartRead(table, settings: settings, fileName: StandardInput.name)
    }

    /// Charts a table read from `fileName` with `settings`: the layout guessed, the chart built.
    static func chart(_ table: Table, settings: ChartSettings, fileName: String) throws -> ChartDocument {
        let profile = TableProfile(table)
        let layout = try ChartInference.inferLayout(table, settings: settings, profile: profile)
        var (chart, chartWarnings) = ChartInference.build(
            table, layout: layout, settings: settings,
            fileTitle: title(of: table, fileName: fileName))
        chartWarnings += StrayMarking.mark(&chart)
        // Columns the guess left out, and why, unless the person chose the measures.
        let leftOut = settings.y == nil ? SetAsideWording.notes(profile, layout: layout, table: table) : []
        let chosen = settings.y != nil || settings.kind != nil || (settings.x.map { !$0.isEmpty } ?? false)
        return ChartDocument(
            table: table, chart: chart, settings: settings, layout: layout,
            warnings: table.warnings + chartWarnings + leftOut,
            reason: ChartReason.sentence(layout, profile: profile, table: table, chosen: chosen))
    }

    /// The same chart made again from `table`, the document's table with rows added: the same layout and settings,
    /// nothing guessed again. Costs a pass over every row (a sort too when x is out of order), as opening does
    /// after reading: about 18 ms for a million-row line chart (release build, `audiograph-bench follow`).
    func rebuilt(with table: Table) -> ChartDocument {
        var (chart, chartWarnings) = ChartInference.build(
            table, layout: layout, settings: settings,
            fileTitle: Self.title(of: table, fileName: table.path))
        chartWarnings += StrayMarking.mark(&chart)
        return ChartDocument(
            table: table, chart: chart, settings: settings, layout: layout,
            warnings: table.warnings + chartWarnings, reason: reason, readHeaders: readHeaders)
    }

    /// The title a chart gets when the settings give none: the file's, and for a workbook of several sheets the
    /// sheet's name after it ("Shop 2024, Sales").
    static func title(of table: Table, fileName: String) -> String {
        let file = humanTitle(forFile: fileName)
        guard let workbook = table.workbook, workbook.sheets.count > 1 else { return file }
        return Localization.tr("%@, %@", file, workbook.chosenName)
    }

    /// "monthly_rainfall-2023.csv" → "Monthly rainfall 2023".
    public static func humanTitle(forFile path: String) -> String {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let words = base.replacingOccurrences(of: "_", with: " ").replacingOccurrences(of: "-", with: " ")
            .split(separator: " ").joined(separator: " ")
        guard let first = words.first else { return base }
        return first.uppercased() + words.dropFirst()
    }
}
