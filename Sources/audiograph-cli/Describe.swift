// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

/// `audiograph-cli describe FILE`: the chart's title, summary, axes and each series' description.
struct Describe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: Localization.tr("Describe a CSV file's chart: summary, axes, trend, shape, outliers."),
        discussion: Localization.tr("Exit status: 0 done, 64 bad usage, 65 the file's data can't be charted, 66 the file can't be read.")
    )

    @OptionGroup var chart: ChartOptions

    @Flag(help: ArgumentHelp(Localization.tr("Print JSON for programs instead of text.")))
    var json = false

    @Flag(help: ArgumentHelp(Localization.tr("List the charts this file can make, best first, with the flags for each.")))
    var suggest = false

    func run() throws {
        let document = try FailureReporting.run {
            try ChartDocument.open(path: chart.file, overrides: chart.settings, options: chart.readOptions)
        }
        if suggest {
            let suggestions = ChartSuggestions.list(for: document)
            print(json ? try SuggestionReport.json(suggestions) : SuggestionReport.text(suggestions), terminator: json ? "\n" : "")
            return
        }
        let report = DescribeReport(document: document)
        if json {
            print(try report.json())
        } else {
            print(report.text(), terminator: "")
        }
    }
}
