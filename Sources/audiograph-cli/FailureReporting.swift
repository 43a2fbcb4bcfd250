// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

/// Turns the core's errors into one line on standard error and the documented exit status.
enum FailureReporting {
    /// Exit status when no sound device can be opened (EX_UNAVAILABLE).
    static let soundUnavailable: Int32 = 69
    /// Exit status when the sound device fails while playing (EX_IOERR).
    static let soundFailed: Int32 = 74
    /// Exit status of a command used wrongly (EX_USAGE).
    static let badUsage: Int32 = 64
    /// Exit status when the output file cannot be written (EX_CANTCREAT).
    static let cannotWriteOutput: Int32 = 73

    /// Runs `body`; on an import or sound-device error prints "audiograph-cli: <message>" and exits with
    /// its status (an unopenable sound device is 69).
    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ImportError {
            throw fail(error.message, status: error.exitCode)
        } catch let error as AudioOutputError {
            throw fail(error.message, status: soundUnavailable)
        }
    }

    /// Prints "audiograph-cli: <message>" on standard error, for a flag left out; the command goes on.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data(("audiograph-cli: " + message + "\n").utf8))
    }

    /// Prints "audiograph-cli: <message>" on standard error; returns the exit to throw with `status`.
    static func fail(_ message: String, status: Int32) -> ExitCode {
        FileHandle.standardError.write(Data(("audiograph-cli: " + message + "\n").utf8))
        return ExitCode(status)
    }
}
