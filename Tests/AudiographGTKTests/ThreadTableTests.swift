// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// The threads table of docs/architecture.md against the code: every thread or lane the code names is listed,
/// every listed name is still started somewhere, and nothing leaves the main loop except through
/// `BackgroundJob` (or the ALSA player's own thread, which cannot use it).
final class ThreadTableTests: XCTestCase {
    private let root = Repository.root

    /// Every Swift source file under Sources/, with its path relative to the repository.
    private func sources() throws -> [(path: String, text: String)] {
        let sources = root.appendingPathComponent("Sources")
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        var found: [(String, String)] = []
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            found.append((String(url.path.dropFirst(root.path.count + 1)), try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The quoted names in `text` that follow a match of `prefix`, a pattern (`BackgroundJob\(\s*name:\s*`), with any
    /// white space (a line break that swift-format put there) before the quote.
    private func names(after prefix: String, in text: String) throws -> [String] {
        let pattern = try NSRegularExpression(pattern: prefix + #"\s*"([^"]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// The names in back-quotes in the first column of the threads table.
    private func tableNames() throws -> Set<String> {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = doc.range(of: "## Threads: who owns what") else { return [] }
        let section = doc[start.upperBound...]
        var names = Set<String>()
        for line in section.split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| "), let first = line.split(separator: "|").first else { continue }
            names.formUnion(first.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element))
        }
        return names
    }

    func testEveryThreadTheCodeNamesIsInTheTable() throws {
        let table = try tableNames()
        XCTAssertTrue(table.contains("audiograph-load"), "the table was not found: \(table)")
        var named: [String: String] = [:]
        for (path, text) in try sources() {
            // BackgroundJob's own, a lane's, a thread's name, and a session's job through `JobRunning`.
            for prefix in [
                #"BackgroundJob\(\s*name:"#, #"Lane\(\s*name:"#, #"\.name ="#, #"jobs\.start\("#, #"lane:"#, #"laneName ="#
            ] {
                for name in try names(after: prefix, in: text) { named[name] = path }
            }
        }
        XCTAssertGreaterThanOrEqual(named.count, 12, "the scan found too few names: \(named.keys.sorted())")
        for (name, path) in named.sorted(by: { $0.key < $1.key }) {
            XCTAssertTrue(
                table.contains(name), "\(path) starts the thread \"\(name)\", missing from docs/architecture.md's threads table")
        }
        for name in table.subtracting(named.keys) {
            XCTFail("docs/architecture.md lists the thread \"\(name)\", which no code starts any more")
        }
    }

    /// Every way of starting a thread or a queue, as a whole word (`engine.startThread()` is not `Thread(`).
    private static let ways = [
        "Thread(", "Thread {", "Thread.detachNewThread", "DispatchQueue(label", "DispatchQueue.global",
        ".global(", "Task.detached", "Task {", "pthread_create", "g_thread_new", "DispatchSource.make"
    ]

    /// The ways `text` starts a thread or queue, outside comments.
    private func threadStarts(in text: String) throws -> [String] {
        let code = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
        return try Self.ways.filter { way in
            let pattern = try NSRegularExpression(pattern: "(?<![A-Za-z0-9_])" + NSRegularExpression.escapedPattern(for: way))
            return pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
        }
    }

    func testEveryFormOfStartingAThreadIsCaught() throws {
        XCTAssertEqual(try threadStarts(in: "let t = Thread { work() }"), ["Thread {"])
        XCTAssertEqual(
            try threadStarts(in: "DispatchSource.makeSignalSource(signal: 2, queue: .global())"),
            [".global(", "DispatchSource.make"])
        XCTAssertEqual(try threadStarts(in: "Task { await x() }"), ["Task {"])
        XCTAssertEqual(try threadStarts(in: "/// `Task { @MainActor in }` would not do\nengine.startThread()"), [])
    }

    func testNothingLeavesTheMainLoopButThroughBackgroundJob() throws {
        // The ALSA player cannot use BackgroundJob (AudiographALSA does not depend on the GTK target); the CLI's signal
        // source is Dispatch's (listed in the threads table).
        let allowed = [
            "Sources/AudiographGTK/GLibSupport/BackgroundJob.swift", "Sources/AudiographALSA/PlaybackEngine.swift",
            "Sources/audiograph-cli/StopRequest.swift"
        ]
        for (path, text) in try sources() where !allowed.contains(path) {
            for way in try threadStarts(in: text) {
                XCTFail("\(path) starts a thread with \(way); use BackgroundJob (docs/architecture.md, Threads)")
            }
        }
    }

    func testOnlyMainLoopTimerRemovesAGLibSource() throws {
        for (path, text) in try sources() where !path.hasSuffix("GLibSupport/MainLoopTimer.swift") {
            XCTAssertFalse(text.contains("g_source_remove"), "\(path) removes a GLib source by its id; keep a MainLoopTimer")
        }
    }
}
