// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Every command-line example in README.md's code blocks is run, so README and program cannot drift apart
/// (issue 47): an example on a file in data/ must succeed, and the output README shows after it must be what
/// the program prints (wrapping aside; "…" or "..." stands for lines left out); an example on a file of the
/// reader's own (station.csv, mtcars.csv) must get past the flags to "can't be read" (66), so its flags exist.
/// `play` is run as `render` to a file (the same flags and chart, no sound device, no ten seconds of waiting);
/// outputs go to a temporary folder, and `-o -` into the captured standard output.
final class ReadmeExamplesTests: XCTestCase {
    /// One example: the words after `audiograph-cli`, the environment before it, and what README shows after it.
    struct Example {
        var line: Int
        var arguments: [String]
        var environment: [String: String]
        var shown: [String]
    }

    /// The examples of README.md, in order: code lines (fenced, or indented four spaces after a blank line)
    /// that run `audiograph-cli`; the code lines under one, up to the next, are what README shows it prints,
    /// and a block that prose introduces with "Example output:" is the output of the block before's first.
    static func examples() throws -> [Example] {
        let text = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
        var examples: [Example] = []
        var inFence = false, inIndented = false, previousBlank = true
        var collecting: Int?  // the example the code lines now belong to
        var blockFirst: Int?, lastBlockFirst: Int?
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let blank = raw.trimmingCharacters(in: .whitespaces).isEmpty
            defer { previousBlank = blank }
            if raw.hasPrefix("```") {
                inFence.toggle()
                if !inFence { collecting = nil; lastBlockFirst = blockFirst ?? lastBlockFirst; blockFirst = nil }
                continue
            }
            if !inFence {
                if raw.hasPrefix("    ") && (inIndented || previousBlank) {
                    inIndented = true
                } else if !blank {
                    if inIndented { lastBlockFirst = blockFirst ?? lastBlockFirst; blockFirst = nil }
                    inIndented = false
                    collecting = raw.hasSuffix("Example output:") ? lastBlockFirst : nil
                    continue
                } else {
                    continue
                }
            }
            let line = inFence ? raw : String(raw.dropFirst(4))
            if let example = parse(line, at: index + 1) {
                examples.append(example)
                collecting = examples.count - 1
                if blockFirst == nil { blockFirst = examples.count - 1 }
            } else if let owner = collecting {
                examples[owner].shown.append(line)
            }
        }
        return examples
    }

    /// The example on a code line, or nil when the line is no command of ours (output, other programs).
    static func parse(_ line: String, at number: Int) -> Example? {
        var words = split(line)
        if words.first == "$" { words.removeFirst() }
        var environment: [String: String] = [:]
        while let first = words.first, first.contains("="), !first.hasPrefix("-") {
            let pair = first.split(separator: "=", maxSplits: 1).map(String.init)
            environment[pair[0]] = pair.count > 1 ? pair[1] : ""
            words.removeFirst()
        }
        if words.starts(with: ["swift", "run"]) { words.removeFirst(2) }
        guard words.first == "audiograph-cli", words.count > 1 else { return nil }
        // What follows a pipe or a comment is another program's or a remark.
        var arguments: [String] = []
        for word in words.dropFirst() {
            if word == "|" || word.hasPrefix("#") || word == ">" { break }
            arguments.append(word)
        }
        return Example(line: number, arguments: arguments, environment: environment, shown: [])
    }

    /// A command line's words, with "double" and 'single' quotes.
    static func split(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, started = false
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                started = true
            } else if c == " " {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }

    /// Whitespace made one space, so README's wrapping does not count.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    func testTheExamplesAreFound() throws {
        let examples = try Self.examples()
        XCTAssertGreaterThanOrEqual(examples.count, 35, "\(examples.map(\.line))")
        let at = try XCTUnwrap(examples.first { $0.arguments.contains("--at") })
        XCTAssertEqual(at.arguments, ["describe", "data/births.csv", "--at", "1950.4"])
        XCTAssertEqual(at.shown, ["Birth rate: Nearest to 1950.4: 1950, 242 births per 10,000 people, point 34 of 59"])
        let first = try XCTUnwrap(examples.first { $0.arguments == ["describe", "data/births.csv"] })
        XCTAssertTrue(first.shown.contains("Chart: line chart, 1 series"), "\(first.shown)")
        XCTAssertEqual(examples.first { $0.environment["LANGUAGE"] == "ja" }?.arguments, ["describe", "data/births.csv"])
    }

    func testEveryExampleRunsAndPrintsWhatREADMEShows() throws {
        let folder = TemporaryFolder(prefix: "readme")
        var checked = 0, ownFiles = 0
        for example in try Self.examples() {
            var arguments = example.arguments
            if arguments.first == "play" {
                arguments[0] = "render"
                // play's own flags have no meaning for a file; the rest are render's.
                arguments = dropping(
                    ["--device", "--follow-seconds"], withValue: true,
                    from: dropping(["--follow"], withValue: false, from: arguments))
                arguments += ["-o", folder.url.appendingPathComponent("played.wav").path]
            }
            if let o = arguments.firstIndex(where: { $0 == "-o" || $0 == "--output" }), o + 1 < arguments.count,
                arguments[o + 1] != "-"
            {
                arguments[o + 1] = folder.url.appendingPathComponent((arguments[o + 1] as NSString).lastPathComponent).path
            }
            // A bare name of one of data/'s files is run in data/ (README's "births.csv" after `cd data`).
            let files = arguments.dropFirst().filter { $0.hasSuffix(".csv") || $0.hasSuffix(".json") }
            let inData =
                files.allSatisfy { !$0.hasPrefix("data/") }
                && files.contains { FileManager.default.fileExists(atPath: Repository.data.appendingPathComponent($0).path) }
            let directory = inData ? Repository.data : Repository.root
            let own =
                files.contains { !FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path) }
                || (arguments.contains("-") && !arguments.contains("-o"))
            let environment = example.environment.merging(["AUDIOGRAPH_LOCALEDIR": localeFolder()]) { a, _ in a }
            let result = try CLIRunner.run(
                arguments, in: directory, environment: example.environment.isEmpty ? [:] : environment,
                unsetting: example.environment.isEmpty ? [] : ["LC_ALL", "LC_MESSAGES", "LANG"])
            let described = "README.md:\(example.line): audiograph-cli \(arguments.joined(separator: " "))"
            if own {
                // A file of the reader's own (or a table piped in): the flags were read, then the file was looked for.
                XCTAssertTrue([65, 66].contains(result.status), "\(described): \(result.status) \(result.stderr)")
                ownFiles += 1
                continue
            }
            XCTAssertEqual(result.status, 0, "\(described): \(result.stderr)")
            checked += 1
            let output = Self.normalized(result.stdout)
            var from = output.startIndex
            for chunk in chunks(example.shown) {
                guard let found = output.range(of: chunk, range: from..<output.endIndex) else {
                    XCTFail("\(described) printed something else than README shows:\n\(chunk)\n--- printed:\n\(result.stdout)")
                    break
                }
                from = found.upperBound
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 25)
        XCTAssertGreaterThanOrEqual(ownFiles, 5)
    }

    /// The shown lines as whole runs between the "…" or "..." that stand for lines left out, normalized.
    private func chunks(_ shown: [String]) -> [String] {
        var chunks: [String] = [], current: [String] = []
        for line in shown {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "…" || trimmed == "..." {
                chunks.append(Self.normalized(current.joined(separator: " ")))
                current = []
            } else {
                current.append(line)
            }
        }
        chunks.append(Self.normalized(current.joined(separator: " ")))
        return chunks.filter { !$0.isEmpty }
    }

    private func dropping(_ flags: [String], withValue: Bool, from arguments: [String]) -> [String] {
        var kept: [String] = [], skip = false
        for word in arguments {
            if skip { skip = false; continue }
            if flags.contains(word) { skip = withValue; continue }
            kept.append(word)
        }
        return kept
    }

    private var compiledLocale: URL?

    /// The Japanese catalog compiled once for this test (as JapaneseTests does), for README's LANGUAGE=ja example.
    private func localeFolder() -> String {
        if let compiledLocale { return compiledLocale.path }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ag-readme-locale-\(UUID().uuidString)")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/bin/bash")
        compile.arguments = [Repository.root.appendingPathComponent("scripts/compile-po.sh").path, folder.path]
        try? compile.run()
        compile.waitUntilExit()
        compiledLocale = folder
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.path
    }
}
