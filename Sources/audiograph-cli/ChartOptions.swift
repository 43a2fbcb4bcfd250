import ArgumentParser
import AudiographCore

/// The chart-choosing flags every subcommand shares; each overrides the guess and the sidecar file.
struct ChartOptions: ParsableArguments {
    @Argument(help: "The CSV or TSV file to open.")
    var file: String

    @Option(help: "Column for the x axis (header, title or 1-based number).")
    var x: String?

    @Option(help: "Column to plot as a series; repeat for several.")
    var y: [String] = []

    @Option(name: .customLong("series-by"), help: "Text column whose values split rows into series (long tables).")
    var seriesBy: String?

    @Option(help: "Numeric column for marker size and note length.")
    var size: String?

    @Option(help: "Text column for colour, marker shape and timbre.")
    var category: String?

    @Option(help: "Text column that names each point.")
    var label: String?

    @Option(help: "Chart kind: line, bar or scatter.")
    var kind: ChartKind?

    @Option(help: "Chart title.")
    var title: String?

    @Option(help: "One or two sentences summarising the chart.")
    var summary: String?

    @Option(help: "Unit of the y values, e.g. \"°C\" or \"births per 10,000\".")
    var unit: String?

    @Flag(name: .customLong("log-y"), help: "Plot y on a logarithmic scale.")
    var logY = false

    @Option(help: "Field delimiter: , ; tab or | (guessed when omitted).")
    var delimiter: String?

    /// The flags as settings; unset flags stay nil so the sidecar and the guess fill them.
    var settings: ChartSettings {
        ChartSettings(x: x, y: y.isEmpty ? nil : y, seriesBy: seriesBy, size: size, category: category, label: label,
                      kind: kind, title: title, summary: summary, unit: unit, logY: logY ? true : nil)
    }

    var readOptions: CSVReadOptions {
        switch delimiter?.lowercased() {
        case "tab", "\\t", "\t": return CSVReadOptions(delimiter: "\t")
        case let d? where d.count == 1: return CSVReadOptions(delimiter: Character(d))
        default: return CSVReadOptions()
        }
    }

    func validate() throws {
        if let d = delimiter, !["tab", "\\t", "\t", ",", ";", "|"].contains(d.lowercased()) {
            throw ValidationError("--delimiter must be one of: , ; tab |")
        }
    }
}

extension ChartKind: ExpressibleByArgument {}
