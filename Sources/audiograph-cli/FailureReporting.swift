import ArgumentParser
import AudiographCore
import Foundation

/// Turns the core's errors into one line on standard error and the documented exit status.
enum FailureReporting {
    /// Runs `body`; on an import error prints "audiograph-cli: <message>" and exits with its status.
    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ImportError {
            FileHandle.standardError.write(Data(("audiograph-cli: " + error.message + "\n").utf8))
            throw ExitCode(error.exitCode)
        }
    }
}
