// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A table piped in on standard input (`audiograph-cli describe -`, `audiograph -`): read in chunks until
/// the pipe ends, then read as CSV, TSV or JSON by its bytes.
public enum StandardInput {
    /// The file name that stands for standard input on a command line.
    public static let argument = "-"

    /// How standard input is named in messages and titles.
    public static var name: String { Localization.tr("standard input") }

    /// Whether standard input is a terminal (nothing piped in): reading then waits for a person to type.
    public static var isTerminal: Bool { isatty(FileHandle.standardInput.fileDescriptor) == 1 }

    /// Everything on standard input, read in chunks of `chunkBytes` until it ends; `progress` gets the bytes
    /// read so far after each chunk. Stops with `ImportError.cancelled` when `cancellation` is set.
    public static func readAll(
        chunkBytes: Int = 1 << 20, progress: ((Int64) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> Data {
        var data = Data()
        let input = FileHandle.standardInput
        while true {
            if cancellation?.isCancelled == true { throw ImportError.cancelled(path: name) }
            let chunk: Data
            do {
                chunk = try input.read(upToCount: chunkBytes) ?? Data()
            } catch {
                throw ImportError.unreadable(path: name, reason: error.localizedDescription)
            }
            if chunk.isEmpty { break }
            data.append(chunk)
            progress?(Int64(data.count))
        }
        if data.isEmpty { throw ImportError.empty(path: name) }
        return data
    }
}
