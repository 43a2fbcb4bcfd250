// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Limits that keep an untrusted file from exhausting memory or time.
public struct ImportLimits: Sendable {
    /// Longest field, in bytes.
    public var maxFieldBytes = 1_000_000
    /// Longest record (one row, possibly over several lines), in bytes.
    public var maxRecordBytes = 8_000_000
    public var maxColumns = 10_000
    public var maxRows = 100_000_000

    public init() {}
}

/// How far a read has got, for a progress bar.
public struct ImportProgress: Sendable, Equatable {
    public var bytesRead: Int64
    public var totalBytes: Int64
    public var rows: Int

    public init(bytesRead: Int64, totalBytes: Int64, rows: Int) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.rows = rows
    }

    /// Share done, 0...1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 1 }
}

/// Options for reading a CSV file.
public struct CSVReadOptions: Sendable {
    /// Forces the delimiter (",", ";", "\t", "|"); nil guesses it.
    public var delimiter: Character?
    public var limits = ImportLimits()
    /// Bytes read per step, which is also how often progress is reported and cancellation checked.
    public var chunkBytes = 1 << 20
    /// How to read "03/04/2000"-style dates when neither their column nor another date column of the file shows
    /// the order: true for month/day, false for day/month; nil follows the interface locale
    /// (`DayMonthOrder.localePrefersMonthFirst`).
    public var monthFirstWhenUndecided: Bool?
    /// How many pieces of the file are parsed at once (1 reads it in one thread); the cores this process may use.
    public var parallelism = ProcessInfo.processInfo.activeProcessorCount
    /// Bytes of whole records in one piece parsed on its own (at least; a piece ends at a record's end).
    public var pieceBytes = 4 << 20

    /// The text is CSV that Audiograph wrote itself (from JSON, a pasted HTML table): comma-separated, its first
    /// record the header, decimal points, nothing above the header. Nothing about its layout is guessed.
    var writtenByAudiograph = false

    public init(delimiter: Character? = nil) { self.delimiter = delimiter }
}

/// Reads a CSV or TSV file into typed columns, streaming it in chunks. Never writes to the file.
public enum CSVReader {
    /// Reads the file at `path`. Calls `progress` after each chunk; stops early when `cancellation` is set.
    public static func read(
        path: String, options: CSVReadOptions = CSVReadOptions(),
        progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> Table {
        try read(
            ChunkedInput(path: path), path: path, options: options, progress: progress, cancellation: cancellation,
            following: false
        ).table
    }

    /// Reads the file at `path` to follow it as it grows: as `read(path:…)` does, except that a last line without
    /// its line break is left unread (a writer may be half-way through it) and growth while reading is no
    /// warning (the rest is read later). Returns where the read stopped and how to read on from there.
    static func readForFollowing(
        path: String, options: CSVReadOptions, progress: ((ImportProgress) -> Void)?,
        cancellation: CancellationFlag?
    ) throws -> (table: Table, resume: CSVResumePoint) {
        let input = try ChunkedInput(path: path)
        let (table, resume) = try read(
            input, path: path, options: options, progress: progress,
            cancellation: cancellation, following: true)
        guard let resume else { preconditionFailure("a file read always has a resume point") }  // l10n: not shown
        return (table, resume)
    }

    /// Reads CSV text held in memory as if it were the file `name` (which names it in messages and decides
    /// .tsv handling); for tests and the fuzzer.
    public static func read(data: Data, name: String, options: CSVReadOptions = CSVReadOptions()) throws -> Table {
        try read(
            ChunkedInput(data: data, path: name), path: name, options: options, progress: nil, cancellation: nil,
            following: false
        ).table
    }

    /// Reads the CSV text of `input` (standard input), named `name` in messages, in chunks as a file is read.
    static func read(
        _ input: ChunkedInput, name: String, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws -> Table {
        try read(
            input, path: name, options: options, progress: progress, cancellation: cancellation,
            following: false
        ).table
    }

    /// Reads `input`; when `following`, a last record without its line break stays unread, and the resume point
    /// says where (nil for input that is no file).
    private static func read(
        _ input: ChunkedInput, path: String, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?,
        following: Bool
    ) throws -> (table: Table, resume: CSVResumePoint?) {
        let firstChunk = try input.read(options.chunkBytes)
        if firstChunk.isEmpty { throw ImportError.empty(path: path) }

        var encoding = TextEncodingName.utf8
        var sample = firstChunk
        // UTF-16 (Excel's "Unicode text") is transcoded chunk by chunk into the same UTF-8 stream.
        var utf16 = UTF16Transcoder.byteOrderMark(firstChunk)
        if utf16 != nil {
            var text: [UInt8] = []
            utf16!.append(firstChunk.dropFirst(UTF16Transcoder.byteOrderMarkLength), isLast: input.isAtEnd, to: &text)
            sample = Data(text)
            encoding = .utf16
        }
        var bomLength = 0
        if sample.starts(with: [0xEF, 0xBB, 0xBF]) { bomLength = 3 }
        let body = sample.dropFirst(bomLength)
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) && input.isAtEnd {
            throw ImportError.empty(path: path)
        }
        if looksBinary(body) { throw ImportError.binary(path: path) }

        let isWholeFile = input.isAtEnd
        let forcedDelimiter = options.delimiter.flatMap { $0.asciiValue }
        let preferTab = path.lowercased().hasSuffix(".tsv") || path.lowercased().hasSuffix(".tab")
        let guess: CSVSniffer.Guess = body.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if encoding == .utf8 && !TextDecoding.isValidUTF8(bytes, allowTruncatedEnd: !isWholeFile) {
                encoding = .windows1252
            }
            return CSVSniffer.guess(
                sample: bytes, isWholeFile: isWholeFile, forcedDelimiter: forcedDelimiter,
                preferTab: preferTab, limits: options.limits,
                knownLayout: options.writtenByAudiograph)
        }
        // The text is longer or shorter than the file when transcoded; the first chunk tells by how much.
        let textBytes = Double(input.totalBytes) * Double(sample.count) / Double(firstChunk.count)
        let expectedRows = Int(textBytes / guess.averageRecordBytes * 1.05) + 16
        var carry = [UInt8](body.dropFirst(guess.preamble.bytes))
        var bytesRead = Int64(firstChunk.count)
        // Transcoded text and a followed file are read in one thread, by the loop below; everything else on
        // every core.
        let inParallel = options.parallelism > 1 && utf16 == nil && !following
        var state =
            inParallel
            ? try CSVParallelReading.read(
                input, body: carry, bytesRead: bytesRead, path: path, guess: guess,
                encoding: encoding, expectedRows: expectedRows, options: options,
                progress: progress, cancellation: cancellation)
            : CSVStreamState(
                path: path, guess: guess, encoding: encoding, limits: options.limits,
                expectedRows: expectedRows)
        while !inParallel {
            if cancellation?.isCancelled == true { throw ImportError.cancelled(path: path) }
            let atEnd = input.isAtEnd
            let consumed = try carry.withUnsafeBufferPointer { try state.consume($0, atEndOfInput: atEnd && !following) }
            carry.removeSubrange(0..<consumed)
            if carry.count > options.limits.maxRecordBytes {
                if state.tokenizer.stoppedInsideQuote {
                    throw ImportError.unterminatedQuote(path: path, line: state.line)
                }
                throw ImportError.lineTooLong(path: path, line: state.line, limitBytes: options.limits.maxRecordBytes)
            }
            progress?(ImportProgress(bytesRead: bytesRead, totalBytes: input.totalBytes, rows: state.rowCount))
            if atEnd { break }
            let chunk = try input.read(options.chunkBytes)
            bytesRead += Int64(chunk.count)
            if utf16 != nil {
                utf16!.append(chunk, isLast: input.isAtEnd, to: &carry)
            } else {
                carry.append(contentsOf: chunk)
            }
        }
        if input.shrank { throw ImportError.changedWhileReading(path: path) }
        var table = try state.finish(
            encoding: encoding,
            monthFirstWhenUndecided: options.monthFirstWhenUndecided
                ?? DayMonthOrder.localePrefersMonthFirst())
        let conversions = TemporalColumns.convert(&table)
        guard following else {
            if let change = input.changeSinceOpening() { table.warnings.append(change) }
            return (table, nil)
        }
        guard let identity = input.identity else { return (table, nil) }
        var format = guess
        format.kinds = state.builders.map(\.settledKind)
        format.preamble = CSVSniffer.Preamble()  // behind the resume point, and said once
        let resume = CSVResumePoint(
            identity: identity, offset: bytesRead - Int64(carry.count), line: state.line,
            format: format, encoding: encoding, isTranscoded: utf16 != nil,
            conversions: conversions, unreadable: state.builders.map(\.unreadable),
            orderWarnings: state.orderWarnings, limits: options.limits)
        return (table, resume)
    }

    /// True when the bytes hold NUL or many control characters, as binary files do and text never does.
    static func looksBinary(_ bytes: Data.SubSequence) -> Bool {
        var controls = 0
        for b in bytes.prefix(65_536) {
            if b == 0 { return true }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D && b != 0x0C { controls += 1 }
        }
        return controls > max(8, min(bytes.count, 65_536) / 20)
    }
}
