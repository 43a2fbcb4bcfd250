// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import AudiographReport
import AudiographSpreadsheet
import Foundation

/// `audiograph-cli describe FILE`: the chart's title, summary, axes and each series' description.
struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: Localization.tr(
            "Describe a table's chart (CSV, TSV, JSON, .xlsx or .ods): summary, axes, trend, shape, outliers."),
        discussion: Localization.tr(
            "Exit status: 0 done, 1 --at or --find reached no point, 64 bad usage, 65 the file's data can't be charted, 66 the file can't be read."
        )
    )

    @OptionGroup var chart: ChartOptions

    @Flag(help: ArgumentHelp(Localization.tr("Print JSON for programs instead of text.")))
    var json = false

    @Flag(help: ArgumentHelp(Localization.tr("List the charts this file can make, best first, with the flags for each.")))
    var suggest = false

    @Flag(
        help: ArgumentHelp(
            Localization.tr(
                "Print each series as one line of Unicode braille: a sparkline for a braille display, lowest value on the bottom row."
            )))
    var braille = false

    @Option(help: ArgumentHelp(Localization.tr("Cells in each braille line (with --braille)."), valueName: "N"))
    var width = BrailleLine.defaultWidth

    @Flag(help: ArgumentHelp(Localization.tr("Print what the viewer says at each point of each series, one per line.")))
    var points = false

    @Option(
        help: ArgumentHelp(
            Localization.tr("With --points: minimal (the value), standard, or detailed (with trend and series)."),
            valueName: "preset"))
    var verbosity: PointWording.Preset = .standard

    @Option(
        help: ArgumentHelp(
            Localization.tr(
                "Print the point at this x value in each series (or the nearest), as the viewer's Go To reaches it: 1935, 2008-09-15, Sep 2008, a category or the start of a label."
            ), valueName: "x"))
    var at: String?

    @Option(
        help: ArgumentHelp(
            Localization.tr(
                "List the points whose values meet a condition, as the viewer's Find Value does: \"above 24\", \"< 0\", \"between 10 and 20\"."
            ), valueName: "condition"))
    var find: String?

    func validate() throws {
        if at != nil, find != nil {
            throw ValidationError(Localization.tr("--at and --find can't be used together; run describe once for each."))
        }
        if let find, ValueCondition(parsing: find) == nil {
            throw ValidationError(
                Localization.tr("--find takes a condition such as \"above 24\", \"< 0\" or \"between 10 and 20\"."))
        }
        if verbosity != .standard, !points {
            FailureReporting.warn(Localization.tr("--verbosity was left out: it sets what --points prints."))
        }
        if verbosity == .custom {
            throw ValidationError(
                Localization.tr("--verbosity is minimal, standard or detailed; the viewer's Preferences hold a custom set."))
        }
        guard (1...1000).contains(width) else {
            throw ValidationError(Localization.tr("--width must be a number of braille cells from 1 to 1000, e.g. --width 40."))
        }
    }

    func run() throws {
        var document = try chart.openDocument()
        if let part = try chart.part(of: document.chart, refitting: true) { document.chart = part.chart }
        if suggest {
            let suggestions = ChartSuggestions.list(for: document)
            print(
                json ? try SuggestionReport.json(suggestions) : SuggestionReport.text(suggestions), terminator: json ? "\n" : "")
            return
        }
        if braille {
            print(ChartBraille(chart: document.chart, width: width).text, terminator: "")
            return
        }
        if let at {
            let report = PointSearchReport(chart: document.chart)
            print(json ? try report.atJSON(at) : report.atText(at), terminator: json ? "\n" : "")
            if !report.anyPoint(at: at) { throw ExitCode(1) }
            return
        }
        if let find, let condition = ValueCondition(parsing: find) {
            let report = PointSearchReport(chart: document.chart)
            print(json ? try report.findJSON(find, condition) : report.findText(condition), terminator: json ? "\n" : "")
            if !report.anyPoint(meeting: condition) { throw ExitCode(1) }
            return
        }
        if points {
            print(Self.pointNames(document.chart, wording: PointWording.of(verbosity, custom: .standard)), terminator: "")
            return
        }
        let report = DescribeReport(document: document)
        if json {
            print(try report.json())
        } else {
            print(report.text(), terminator: "")
        }
    }

    /// Every element's spoken name, series by series: the series' name, then one indented line per element.
    static func pointNames(_ chart: ChartDescriptor, wording: PointWording) -> String {
        let names = ElementNames(chart: chart, wording: wording)
        return chart.series.indices.map { s -> String in
            let elements = SeriesElements(series: chart.series[s], index: s)
            let lines = (0..<elements.count).map { "  " + names.name($0, of: elements) + "\n" }
            return chart.series[s].name + "\n" + lines.joined()
        }.joined()
    }
}

extension PointWording.Preset: ExpressibleByArgument {
    /// The presets a command line can name; "custom" is the viewer's own set, so --help does not offer it.
    public static var allValueStrings: [String] { [minimal, standard, detailed].map(\.rawValue) }
}
