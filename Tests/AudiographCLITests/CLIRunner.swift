// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Runs the built `audiograph-cli` binary the way a person would, capturing its output and exit status.
enum CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The folder holding the built products (the test bundle sits beside them).
    static var productsDirectory: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// Runs `audiograph-cli` (or another built `program`) with `arguments` in `directory`, with a time limit so a
    /// hang fails instead of blocking. `environment` adds or replaces variables of this process's environment
    /// for the run; `unsetting` removes some. A `wrapper` command line runs the program through another
    /// (a shell that sets resource limits), with the program's path and `arguments` appended to it.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        unsetting: [String] = [], program: String = "audiograph-cli", wrapper: [String] = [],
        timeout: TimeInterval = 60
    ) throws -> Result {
        try start(
            arguments, in: directory, environment: environment, unsetting: unsetting, program: program,
            wrapper: wrapper
        ).finish(timeout: timeout)
    }

    /// Starts the program as `run` does and returns at once, for a test that acts while it runs.
    static func start(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        unsetting: [String] = [], program: String = "audiograph-cli",
        wrapper: [String] = []
    ) throws -> RunningProgram {
        let process = Process()
        let programURL = productsDirectory.appendingPathComponent(program)
        if let launcher = wrapper.first {
            process.executableURL = URL(fileURLWithPath: launcher)
            process.arguments = Array(wrapper.dropFirst()) + [programURL.path] + arguments
        } else {
            process.executableURL = programURL
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty || !unsetting.isEmpty {
            var merged = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            for name in unsetting { merged[name] = nil }
            process.environment = merged
        }
        return try RunningProgram(process, describedAs: ([program] + arguments).joined(separator: " "))
    }
}

/// A started program whose output goes to files, so a large output can never fill a pipe and stall it, and
/// a test can read what it has written so far.
final class RunningProgram {
    let process: Process
    /// The command line, for failure messages.
    let description: String
    private let outURL: URL, errURL: URL

    /// Starts `process` with its standard output and error sent to new temporary files.
    init(_ process: Process, describedAs description: String) throws {
        self.process = process
        self.description = description
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-cli-\(UUID().uuidString)")
        outURL = scratch.appendingPathExtension("out")
        errURL = scratch.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }

    /// What the program has written on standard error so far.
    var standardError: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    /// Polls `condition` every few milliseconds until it holds; false after `timeout` seconds.
    func waitUntil(timeout: TimeInterval = 30, _ condition: () -> Bool) -> Bool {
        Waiting.until(timeout: timeout, interval: 0.005, condition)
    }

    /// Waits for the program to end (terminating it, and failing the test, after `timeout` seconds) and
    /// returns its status and output.
    func finish(timeout: TimeInterval = 60) throws -> CLIRunner.Result {
        if !waitUntil(timeout: timeout, { !process.isRunning }) {
            process.terminate()
            XCTFail("\(description) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let stdoutData = try Data(contentsOf: outURL), stderrData = try Data(contentsOf: errURL)
        return CLIRunner.Result(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
