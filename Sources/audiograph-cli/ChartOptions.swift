// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import AudiographSpreadsheet
import Foundation

/// The chart-choosing flags every subcommand shares; each overrides the guess and the sidecar file.
struct ChartOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            Localization.tr("The CSV, TSV, JSON, .xlsx or .ods file to open; - reads CSV, TSV or JSON from standard input.")))
    var file: String

    @Option(help: ArgumentHelp(Localization.tr("Column for the x axis (header, title or 1-based number).")))
    var x: String?

    @Option(help: ArgumentHelp(Localization.tr("Column to plot as a series; repeat for several.")))
    var y: [String] = []

    @Option(
        name: .customLong("series-by"),
        help: ArgumentHelp(Localization.tr("Text column whose values split rows into series (long tables).")))
    var seriesBy: String?

    @Option(help: ArgumentHelp(Localization.tr("Numeric column for marker size and note length.")))
    var size: String?

    @Option(help: ArgumentHelp(Localization.tr("Text column for colour, marker shape and timbre.")))
    var category: String?

    @Option(help: ArgumentHelp(Localization.tr("Text column that names each point.")))
    var label: String?

    @Option(
        help: ArgumentHelp(
            Localization.tr(
                "Chart kind: line, area, stacked-area, bar, grouped-bar, stacked-bar, scatter, histogram, box, candlestick or heatmap."
            )))
    var kind: ChartKind?

    @Option(
        help: ArgumentHelp(Localization.tr("Number of equal bins of a histogram (1 to 200; chosen from the data when omitted).")))
    var bins: Int?

    @Option(
        help: ArgumentHelp(
            Localization.tr("A long table's heatmap: the value column (with --x the columns' and --y the rows' names).")))
    var z: String?

    @Option(help: ArgumentHelp(Localization.tr("Chart title.")))
    var title: String?

    @Option(help: ArgumentHelp(Localization.tr("One or two sentences summarising the chart.")))
    var summary: String?

    @Option(help: ArgumentHelp(Localization.tr("Unit of the y values, e.g. \"°C\" or \"births per 10,000\".")))
    var unit: String?

    @Option(
        help: ArgumentHelp(
            Localization.tr(
                "Rows that share an x: mean (one point each, their average), sum (one point each, their total), count (one bar each, how many rows; no --y) or none (every row a point)."
            )))
    var aggregate: Aggregation?

    @Flag(name: .customLong("log-y"), help: ArgumentHelp(Localization.tr("Plot y on a logarithmic scale.")))
    var logY = false

    @Option(
        help: ArgumentHelp(
            Localization.tr(
                "Only the points from this x value on, written as the x axis writes it: 1930, 2012-03, a category's name."),
            valueName: "x"))
    var from: String?

    @Option(
        help: ArgumentHelp(
            Localization.tr("Only the points up to this x value; a date keeps its whole period (--to 1945 keeps all of 1945)."),
            valueName: "x"))
    var to: String?

    @Option(help: ArgumentHelp(Localization.tr("Field delimiter: , ; tab or | (guessed when omitted).")))
    var delimiter: String?

    @Option(
        help: ArgumentHelp(
            Localization.tr(
                "A workbook's sheet: its name or its number among the visible sheets (the first sheet holding a table when omitted)."
            ), valueName: "name|N"))
    var sheet: String?

    /// The flags as settings; unset flags stay nil so the sidecar and the guess fill them.
    var settings: ChartSettings {
        ChartSettings(
            x: x, y: y.isEmpty ? nil : y, seriesBy: seriesBy, size: size, category: category, label: label,
            kind: kind, title: title, summary: summary, unit: unit, logY: logY ? true : nil,
            aggregate: aggregate, bins: bins, z: z, sheet: sheet)
    }

    var readOptions: CSVReadOptions {
        switch delimiter?.lowercased() {
        case "tab", "\\t", "\t": return CSVReadOptions(delimiter: "\t")
        case let d? where d.count == 1: return CSVReadOptions(delimiter: Character(d))
        default: return CSVReadOptions()
        }
    }

    func validate() throws {
        if let bins, !(1...HistogramBinning.maximumBins).contains(bins) {
            throw ValidationError(Localization.tr("--bins must be a whole number from 1 to %ld.", HistogramBinning.maximumBins))
        }
        if let d = delimiter, !["tab", "\\t", "\t", ",", ";", "|"].contains(d.lowercased()) {
            throw ValidationError(Localization.tr("--delimiter must be one of: , ; tab |"))
        }
    }
}

extension ChartOptions {
    /// The part of `chart` between --from and --to; nil when neither is given. With `refitting` its axes fit
    /// the part (describe); without, it sounds as in the whole (render, play). Exits with status 64 and a
    /// sentence saying what to type when a bound is not on the x axis or nothing lies between them.
    func part(of chart: ChartDescriptor, refitting: Bool) throws -> ChartPart? {
        guard from != nil || to != nil else { return nil }
        let usage: Int32 = 64
        guard chart.canRestrictX else {
            throw FailureReporting.fail(
                Localization.tr(
                    "A histogram cannot be cut along x: each bin counts values of the whole column. Leave out --from and --to, or choose another --kind."
                ), status: usage)
        }
        let values = chart.series.flatMap { $0.x.filter(\.isFinite) }
        guard let first = values.min(), let last = values.max() else { return nil }
        let format = XValueFormatting(axis: chart.xAxis)
        func bound(_ text: String?, flag: String, asEnd: Bool) throws -> Double? {
            guard let text else { return nil }
            guard let value = chart.xAxis.value(parsing: text, asEnd: asEnd) else {
                throw FailureReporting.fail(
                    Localization.tr(
                        "%@ \"%@\" is not a value of the x axis (%@). Write it as the axis does, e.g. %@ %@.",
                        flag, text, chart.xAxis.title, flag, Self.example(format, first)), status: usage)
            }
            return value
        }
        let asked = (low: try bound(from, flag: "--from", asEnd: false), high: try bound(to, flag: "--to", asEnd: true))
        if let low = asked.low, let high = asked.high, low > high {
            throw FailureReporting.fail(
                Localization.tr("--from must not come after --to on the x axis (%@).", chart.xAxis.title), status: usage)
        }
        let low = asked.low ?? Swift.min(first, asked.high ?? first), high = asked.high ?? Swift.max(last, asked.low ?? last)
        guard let part = ChartPart(of: chart, span: low...high, series: 0, refitting: refitting) else {
            let axis = Localization.tr(
                "The x axis (%@) runs from %@ to %@.", chart.xAxis.title, format.string(first), format.string(last))
            let nothing: String
            switch (asked.low, asked.high) {
            case (let low?, nil): nothing = Localization.tr("No point lies from %@ on.", format.string(low))
            case (nil, let high?): nothing = Localization.tr("No point lies up to %@.", format.string(high))
            default: nothing = Localization.tr("No point lies from %@ to %@.", format.string(low), format.string(high))
            }
            throw FailureReporting.fail(nothing + " " + axis, status: usage)
        }
        return part
    }

    /// An x value written so that `--from` reads it back: the number, the ISO date, or the category's name.
    private static func example(_ format: XValueFormatting, _ x: Double) -> String {
        switch format.jsonValue(x) {
        case .string(let text): return text.contains(" ") ? "\"\(text)\"" : text
        default: return format.string(x).replacingOccurrences(of: ",", with: "")
        }
    }
}

extension ChartKind: ExpressibleByArgument {}
extension Aggregation: ExpressibleByArgument {}

extension ChartOptions {
    /// Opens the file (or, for "-", the table on standard input) with these options; a failure ends the program
    /// with its message (FailureReporting).
    func openDocument() throws -> ChartDocument {
        let document = try FailureReporting.run {
            guard file == StandardInput.argument else {
                return try ChartDocument.open(
                    path: file, overrides: settings, options: readOptions,
                    readers: [SpreadsheetReader()])
            }
            if StandardInput.isTerminal {
                FileHandle.standardError.write(
                    Data((Localization.tr("Reading a table from standard input; end it with Ctrl+D.") + "\n").utf8))
            }
            return try ChartDocument.openStandardInput(settings: settings, options: readOptions)
        }
        // A flag that does nothing for this file is said, not silently ignored.
        if sheet != nil, document.table.workbook == nil {
            FailureReporting.warn(
                Localization.tr(
                    "--sheet was left out: %@ is not a workbook (.xlsx or .ods).",
                    (file as NSString).lastPathComponent))
        }
        if z != nil, document.chart.kind != .heatmap {
            FailureReporting.warn(
                Localization.tr("--z was left out: it names the values of a heatmap's cells, and this chart is not a heatmap."))
        }
        return document
    }
}
