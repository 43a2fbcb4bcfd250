// SPDX-License-Identifier: GPL-3.0-or-later
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

    /// The package's root folder.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs `audiograph-cli` (or another built `program`) with `arguments` in `directory`, with a time limit so a
    /// hang fails instead of blocking. `environment` adds or replaces variables of this process's environment
    /// for the run; `unsetting` removes some. A `wrapper` command line runs the program through another
    /// (a shell that sets resource limits), with the program's path and `arguments` appended to it.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    unsetting: [String] = [], program: String = "audiograph-cli", wrapper: [String] = [],
                    timeout: TimeInterval = 60) throws -> Result {
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
        // Output goes to files, so a large output can never fill a pipe and stall the process.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-cli-\(UUID().uuidString)")
        let outURL = scratch.appendingPathExtension("out"), errURL = scratch.appendingPathExtension("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("\(program) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        let stdoutData = try Data(contentsOf: outURL), stderrData = try Data(contentsOf: errURL)
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
