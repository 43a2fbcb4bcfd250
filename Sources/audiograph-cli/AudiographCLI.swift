// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

/// `audiograph-cli`: describe a CSV file's chart, render its audio graph to WAV, play it.
@main
struct AudiographCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiograph-cli",
        abstract: Localization.tr("Explore CSV data as charts you can read and hear."),
        version: AudiographVersion.current,
        subcommands: [Describe.self, Render.self, Play.self]
    )
}
