// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore

/// The chart-choosing flags every subcommand shares; each overrides the guess and the sidecar file.
struct ChartOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(Localization.tr("The CSV or TSV file to open.")))
    var file: String

    @Option(help: ArgumentHelp(Localization.tr("Column for the x axis (header, title or 1-based number).")))
    var x: String?

    @Option(help: ArgumentHelp(Localization.tr("Column to plot as a series; repeat for several.")))
    var y: [String] = []

    @Option(name: .customLong("series-by"), help: ArgumentHelp(Localization.tr("Text column whose values split rows into series (long tables).")))
    var seriesBy: String?

    @Option(help: ArgumentHelp(Localization.tr("Numeric column for marker size and note length.")))
    var size: String?

    @Option(help: ArgumentHelp(Localization.tr("Text column for colour, marker shape and timbre.")))
    var category: String?

    @Option(help: ArgumentHelp(Localization.tr("Text column that names each point.")))
    var label: String?

    @Option(help: ArgumentHelp(Localization.tr("Chart kind: line, area, stacked-area, bar, grouped-bar, stacked-bar, scatter, histogram, box, candlestick or heatmap.")))
    var kind: ChartKind?

    @Option(help: ArgumentHelp(Localization.tr("Number of equal bins of a histogram (1 to 200; chosen from the data when omitted).")))
    var bins: Int?

    @Option(help: ArgumentHelp(Localization.tr("A long table's heatmap: the value column (with --x the columns' and --y the rows' names).")))
    var z: String?

    @Option(help: ArgumentHelp(Localization.tr("Chart title.")))
    var title: String?

    @Option(help: ArgumentHelp(Localization.tr("One or two sentences summarising the chart.")))
    var summary: String?

    @Option(help: ArgumentHelp(Localization.tr("Unit of the y values, e.g. \"°C\" or \"births per 10,000\".")))
    var unit: String?

    @Option(help: ArgumentHelp(Localization.tr("Rows that share an x: mean (one point each, their average) or none (every row a point).")))
    var aggregate: Aggregation?

    @Flag(name: .customLong("log-y"), help: ArgumentHelp(Localization.tr("Plot y on a logarithmic scale.")))
    var logY = false

    @Option(help: ArgumentHelp(Localization.tr("Field delimiter: , ; tab or | (guessed when omitted).")))
    var delimiter: String?

    /// The flags as settings; unset flags stay nil so the sidecar and the guess fill them.
    var settings: ChartSettings {
        ChartSettings(x: x, y: y.isEmpty ? nil : y, seriesBy: seriesBy, size: size, category: category, label: label,
                      kind: kind, title: title, summary: summary, unit: unit, logY: logY ? true : nil,
                      aggregate: aggregate, bins: bins, z: z)
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

extension ChartKind: ExpressibleByArgument {}
extension Aggregation: ExpressibleByArgument {}
