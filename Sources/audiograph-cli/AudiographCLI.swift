// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

/// `audiograph-cli`: describe a CSV file's chart, render its audio graph to WAV, play it.
@main
struct AudiographCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiograph-cli",
        abstract: Localization.tr("Explore tables (CSV, TSV, JSON, .xlsx, .ods) as charts you can read and hear."),
        version: AudiographVersion.current,
        subcommands: [Describe.self, Render.self, Play.self]
    )

    /// Runs the command; usage errors are one line in the program's style (`UsageErrors`).
    static func main() {
        UsageErrors.run(Array(CommandLine.arguments.dropFirst()))
    }
}
