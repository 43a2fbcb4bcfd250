// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A reader for a kind of file other than CSV (a workbook), handed to `ChartDocument.open` by the front ends.
/// The core knows only this protocol, so it needs no zip or XML package.
public protocol TableFileReader: Sendable {
    /// Whether this reader reads a file that starts with `head` (its first bytes, up to 64) and is named `path`.
    func reads(head: [UInt8], path: String) -> Bool
    /// Reads the file at `path` into a table; `sheet` names the sheet (`ChartSettings.sheet`), nil for the
    /// first that holds a table. Throws `ImportError` for anything a person must be told.
    func read(
        path: String, sheet: String?, options: CSVReadOptions, progress: ((ImportProgress) -> Void)?,
        cancellation: CancellationFlag?
    ) throws -> Table
}

/// Reads any file a person may open into a table: a workbook through the reader that claims it, else CSV.
public enum TableFiles {
    /// What the first bytes of a file say it is.
    enum Kind: Equatable {
        /// A zip archive (.xlsx, .ods, .docx and others).
        case zip
        /// An OLE compound file: an Excel 97–2003 workbook, or (with an EncryptedPackage stream) a workbook
        /// saved with a password.
        case compoundFile
        case other
    }

    /// The kind of file whose first bytes are `head`.
    static func kind(head: [UInt8]) -> Kind {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .zip }
        if head.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) { return .compoundFile }
        return .other
    }

    /// Reads `path` with the first of `readers` that claims it, refusing old and password-protected workbooks and
    /// other archives with a message that says so; anything else is read as CSV.
    public static func read(
        path: String, sheet: String?, options: CSVReadOptions, readers: [any TableFileReader],
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws -> Table {
        let head = try firstBytes(path)
        if let reader = readers.first(where: { $0.reads(head: head, path: path) }) {
            return try reader.read(
                path: path, sheet: sheet, options: options, progress: progress,
                cancellation: cancellation)
        }
        switch kind(head: head) {
        case .compoundFile:
            throw try holdsEncryptedPackage(path)
                ? ImportError.encryptedWorkbook(path: path)
                : ImportError.legacyWorkbook(path: path)
        case .zip:
            throw ImportError.unsupportedArchive(path: path)
        case .other:
            if JSONTableReader.isJSON(head: head, path: path) {
                return try JSONTableReader.read(
                    ChunkedInput(path: path), path: path, options: options,
                    progress: progress, cancellation: cancellation)
            }
            return try CSVReader.read(path: path, options: options, progress: progress, cancellation: cancellation)
        }
    }

    /// Reads a table held in memory (a held table, a test) as if it were the file `name`: JSON when the name or
    /// the first bytes say so, else CSV. A workbook cannot be read from memory and is refused with a message that
    /// says so.
    public static func read(
        data: Data, name: String, options: CSVReadOptions = CSVReadOptions(),
        progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> Table {
        try read(
            ChunkedInput(data: data, path: name), head: [UInt8](data.prefix(headBytes)), name: name,
            options: options, progress: progress, cancellation: cancellation)
    }

    /// Reads the table piped in on standard input (`-` on a command line) as it arrives, never holding the text
    /// whole: JSON when its first bytes say so, else CSV or TSV. A workbook cannot be read from a pipe and is
    /// refused with a message that says so.
    public static func readStandardInput(
        options: CSVReadOptions = CSVReadOptions(),
        progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> Table {
        try read(
            stream: FileHandle.standardInput.fileDescriptor, name: StandardInput.name, options: options,
            progress: progress, cancellation: cancellation)
    }

    /// Reads the table in the pipe open as `descriptor` (named `name` in messages) as it arrives; see
    /// `readStandardInput`.
    static func read(
        stream descriptor: Int32, name: String, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws -> Table {
        let input = ChunkedInput(stream: descriptor, name: name)
        return try read(
            input, head: try input.head(headBytes), name: name, options: options, progress: progress,
            cancellation: cancellation)
    }

    /// Reads `input`, held in memory or a pipe, whose first bytes are `head`: JSON or CSV, a workbook refused.
    private static func read(
        _ input: ChunkedInput, head: [UInt8], name: String, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws -> Table {
        switch kind(head: head) {
        case .compoundFile, .zip:
            throw ImportError.archiveNotInAFile(path: name)
        case .other:
            if JSONTableReader.isJSON(head: head, path: name) {
                return try JSONTableReader.read(
                    input, path: name, options: options, progress: progress,
                    cancellation: cancellation)
            }
            return try CSVReader.read(input, name: name, options: options, progress: progress, cancellation: cancellation)
        }
    }

    /// Throws `ImportError.followingWorkbook` when `path` is a workbook (or any zip or compound file), and
    /// `followingJSON` when it is JSON: only CSV tables grow by appended rows.
    public static func checkFollowable(path: String) throws {
        let head = try firstBytes(path)
        if kind(head: head) != .other { throw ImportError.followingWorkbook(path: path) }
        if JSONTableReader.isJSON(head: head, path: path) { throw ImportError.followingJSON(path: path) }
    }

    /// How many of a file's first bytes say what it is (a zip's or compound file's signature, JSON's first
    /// bracket after some white space).
    static let headBytes = 64

    /// Up to the first `headBytes` bytes of the file (fewer for a shorter one); throws as opening it would.
    static func firstBytes(_ path: String) throws -> [UInt8] {
        let file = try ChunkedInput(path: path)
        return [UInt8](try file.read(headBytes))
    }

    /// Whether a compound file holds a stream named "EncryptedPackage", which is how Office stores a workbook
    /// saved with a password (MS-OFFCRYPTO); its name is in the directory, written in UTF-16LE.
    static func holdsEncryptedPackage(_ path: String) throws -> Bool {
        let name = Array("EncryptedPackage".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let file = try ChunkedInput(path: path)
        var carry: [UInt8] = []
        // The directory can sit anywhere; the first 64 MiB hold it in any workbook Audiograph would open.
        for _ in 0..<64 {
            let chunk = try file.read(1 << 20)
            if chunk.isEmpty { break }
            carry.append(contentsOf: chunk)
            if carry.count >= name.count {
                for start in 0...(carry.count - name.count) where carry[start] == name[0] {
                    if carry[start..<(start + name.count)].elementsEqual(name) { return true }
                }
                carry = Array(carry.suffix(name.count - 1))
            }
            if file.isAtEnd { break }
        }
        return false
    }
}
