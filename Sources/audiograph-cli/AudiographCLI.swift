import ArgumentParser
import AudiographCore
import Foundation

/// `audiograph-cli`: describe a CSV file's chart (and, later, render and play its audio graph).
@main
struct AudiographCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiograph-cli",
        abstract: "Explore CSV data as charts you can read and hear.",
        subcommands: [Describe.self]
    )
}
