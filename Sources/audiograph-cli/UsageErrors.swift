// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

/// Runs the command line and says every usage error as one line in the program's style and language.
///
/// The argument parser's own report is three to fifteen English lines ("Error: …", "Help: …", "Usage: …");
/// its known messages are read back and said from the catalog, one line, exit 64 (EX_USAGE), ending with
/// where the options are listed. Help and the version go to standard output as the parser writes them.
enum UsageErrors {
    /// The subcommands, for telling a mistyped one ("describ") from a file name.
    static let commands = ["describe", "render", "play"]

    /// Parses `arguments` (the command line less the program's name), runs the command and exits.
    static func run(_ arguments: [String]) -> Never {
        if let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first), first != "help" {
            let nearest = commands.min { distance(first, $0) < distance(first, $1) }!
            let message =
                distance(first, nearest) <= 2
                ? Localization.tr(
                    "%@ is not a command; did you mean %@? The commands are describe, render and play.", first, nearest)
                : Localization.tr("%@ is not a command. The commands are describe, render and play.", first)
            fail(message, help: "audiograph-cli")
        }
        do {
            var command = try AudiographCLI.parseAsRoot(arguments)
            try command.run()
            exit(0)
        } catch {
            let code = AudiographCLI.exitCode(for: error)
            let text = AudiographCLI.message(for: error)
            if code == .success {
                print(text)
                exit(0)
            }
            // Our own failures (ExitCode) have said their line already.
            if error is ExitCode || text.isEmpty { exit(code.rawValue) }
            let command = arguments.first.map { commands.contains($0) ? "audiograph-cli " + $0 : "audiograph-cli" }
            fail(said(text), help: command ?? "audiograph-cli", status: code == .failure ? 64 : code.rawValue)
        }
    }

    /// Prints "audiograph-cli: MESSAGE See COMMAND --help." on standard error and exits with `status`.
    private static func fail(_ message: String, help command: String, status: Int32 = 64) -> Never {
        let line = Localization.tr("%@ See %@ --help.", message, command)
        FileHandle.standardError.write(Data(("audiograph-cli: " + line + "\n").utf8))
        exit(status)
    }

    /// The parser's report as one sentence of the catalog; a message of our own (a ValidationError) as it is.
    static func said(_ report: String) -> String {
        let lines = report.split(separator: "\n").map(String.init)
        let first = lines.first ?? report
        func quoted(_ pattern: String) -> [String]? {
            guard
                let match = try? NSRegularExpression(pattern: pattern)
                    .firstMatch(in: first, range: NSRange(first.startIndex..., in: first))
            else { return nil }
            return (1..<match.numberOfRanges).map { i in
                Range(match.range(at: i), in: first).map { String(first[$0]) } ?? ""
            }
        }
        /// "--kind <kind>" → "--kind": the flag a person types.
        func flag(_ text: String) -> String { text.split(separator: " ").first.map(String.init) ?? text }
        if let parts = quoted(#"^Unknown option '([^']+)'\.?(?: Did you mean '([^']+)'\?)?"#) {  // l10n: not shown
            return parts[1].isEmpty
                ? Localization.tr("There is no option %@.", parts[0])
                : Localization.tr("There is no option %@; did you mean %@?", parts[0], parts[1])
        }
        if let parts = quoted(#"^The value '(.*)' is invalid for '([^']+)'"#) {  // l10n: not shown
            let choices = lines.dropFirst().compactMap { $0.hasPrefix("  - ") ? String($0.dropFirst(4)) : nil }
            return choices.isEmpty
                ? Localization.tr("%@ is not a value %@ takes.", parts[0], flag(parts[1]))
                : Localization.tr(
                    "%@ is not a value %@ takes; use one of %@.", parts[0], flag(parts[1]), Localization.list(choices))
        }
        if let parts = quoted(#"^Missing expected argument '([^']+)'"#) {  // l10n: not shown
            return parts[0] == "<file>"
                ? Localization.tr("Name the file to open (- reads standard input).")
                : Localization.tr("%@ is needed.", flag(parts[0]))
        }
        if let parts = quoted(#"^Missing value for '([^']+)'"#) {  // l10n: not shown
            return Localization.tr("%@ needs a value.", flag(parts[0]))
        }
        if let parts = quoted(#"^Unexpected argument '([^']+)'"#) {  // l10n: not shown
            return Localization.tr("%@ was not expected: name one file, and give each option its value.", parts[0])
        }
        if let parts = quoted(#"^\d+ unexpected arguments: (.*)$"#) {  // l10n: not shown
            let names = parts[0].components(separatedBy: "', '").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            }
            return Localization.tr(
                "%@ were not expected: name one file, and give each option its value.", Localization.list(names))
        }
        // Our own ValidationErrors are catalog messages already, one line.
        return first.hasPrefix("Error: ") ? String(first.dropFirst(7)) : first
    }

    /// Levenshtein distance between two words, in edits of one character.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
