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

    /// Share done, 0...1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytesRead) / Double(totalBytes)) : 1 }
}

/// A flag another thread sets to stop a read; the reader checks it between chunks.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }
    public var isCancelled: Bool { lock.withLock { cancelled } }
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

    public init(delimiter: Character? = nil) { self.delimiter = delimiter }
}

/// Reads a CSV or TSV file into typed columns, streaming it in chunks. Never writes to the file.
public enum CSVReader {
    /// Reads the file at `path`. Calls `progress` after each chunk; stops early when `cancellation` is set.
    public static func read(path: String, options: CSVReadOptions = CSVReadOptions(),
                            progress: ((ImportProgress) -> Void)? = nil,
                            cancellation: CancellationFlag? = nil) throws -> Table {
        try read(ChunkedInput(path: path), path: path, options: options, progress: progress, cancellation: cancellation)
    }

    /// Reads CSV text held in memory as if it were the file `name` (which names it in messages and decides
    /// .tsv handling); for tests and the fuzzer.
    public static func read(data: Data, name: String, options: CSVReadOptions = CSVReadOptions()) throws -> Table {
        try read(ChunkedInput(data: data, path: name), path: name, options: options, progress: nil, cancellation: nil)
    }

    private static func read(_ input: ChunkedInput, path: String, options: CSVReadOptions,
                             progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?) throws -> Table {
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
            return CSVSniffer.guess(sample: bytes, isWholeFile: isWholeFile, forcedDelimiter: forcedDelimiter,
                                    preferTab: preferTab, limits: options.limits)
        }
        // The text is longer or shorter than the file when transcoded; the first chunk tells by how much.
        let textBytes = Double(input.totalBytes) * Double(sample.count) / Double(firstChunk.count)
        var state = StreamState(path: path, guess: guess, encoding: encoding, limits: options.limits,
                                expectedRows: Int(textBytes / guess.averageRecordBytes * 1.05) + 16)
        var carry = [UInt8](body)
        var bytesRead = Int64(firstChunk.count)
        while true {
            if cancellation?.isCancelled == true { throw ImportError.cancelled(path: path) }
            let atEnd = input.isAtEnd
            let consumed = try carry.withUnsafeBufferPointer { try state.consume($0, atEndOfInput: atEnd) }
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
        var table = try state.finish(encoding: encoding, monthFirstWhenUndecided: options.monthFirstWhenUndecided
                                        ?? DayMonthOrder.localePrefersMonthFirst())
        TemporalColumns.convert(&table)
        if let change = input.changeSinceOpening() { table.warnings.append(change) }
        return table
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

/// The reader's state while records stream past: header, column builders, counts and skipped lines.
private struct StreamState {
    let path: String
    let guess: CSVSniffer.Guess
    let limits: ImportLimits
    var tokenizer: CSVTokenizer
    var builders: [ColumnBuilder]
    var headers: [String] = []
    var needHeader: Bool
    /// Line number where the next record starts (1-based).
    var line = 1
    var rowCount = 0
    var malformedLines: [Int] = []
    var malformedCount = 0
    let encoding: TextEncodingName

    init(path: String, guess: CSVSniffer.Guess, encoding: TextEncodingName, limits: ImportLimits, expectedRows: Int) {
        self.path = path
        self.guess = guess
        self.limits = limits
        self.encoding = encoding
        tokenizer = CSVTokenizer(delimiter: guess.delimiter, maxFieldBytes: limits.maxFieldBytes, maxFields: limits.maxColumns)
        builders = guess.kinds.map {
            ColumnBuilder(kind: $0, decimalStyle: guess.decimalStyle, encoding: encoding,
                          expectedRows: min(expectedRows, 50_000_000))
        }
        needHeader = guess.hasHeader
        if !guess.hasHeader {
            headers = (1...max(guess.columnCount, 1)).map { Localization.tr("Column %ld", $0) }
        }
    }

    /// Reads every whole record in `buffer`; returns how many bytes were used.
    mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, atEndOfInput: Bool) throws -> Int {
        var pos = 0
        while pos < buffer.count {
            switch tokenizer.nextRecord(in: buffer, from: pos, atEndOfInput: atEndOfInput) {
            case .record(let end, let lineBreaks):
                try handleRecord()
                pos = end
                line += lineBreaks
            case .needMoreData:
                return pos
            case .unterminatedQuote:
                throw ImportError.unterminatedQuote(path: path, line: line)
            case .fieldTooLong:
                throw ImportError.lineTooLong(path: path, line: line, limitBytes: limits.maxFieldBytes)
            case .tooManyFields:
                throw ImportError.tooManyColumns(path: path, count: limits.maxColumns + 1, limit: limits.maxColumns)
            }
        }
        return pos
    }

    private mutating func handleRecord() throws {
        if tokenizer.isBlankRecord { return }
        if needHeader {
            needHeader = false
            headers = (0..<tokenizer.fieldCount).map { k in
                tokenizer.withField(k) { TextDecoding.string($0, encoding: encoding) }
            }
            if headers.count > limits.maxColumns {
                throw ImportError.tooManyColumns(path: path, count: headers.count, limit: limits.maxColumns)
            }
            return
        }
        let columnCount = builders.count
        var fields = tokenizer.fieldCount
        if fields > columnCount {
            // Trailing empty fields (a delimiter at the end of every row) are harmless.
            var extraAreEmpty = true
            for k in columnCount..<fields where tokenizer.withField(k, { $0.count != 0 }) { extraAreEmpty = false; break }
            if extraAreEmpty { fields = columnCount }
        }
        if fields != columnCount {
            malformedCount += 1
            if malformedLines.count < 20 { malformedLines.append(line) }
            return
        }
        for k in 0..<columnCount {
            let builder = builders[k]
            let currentLine = line
            tokenizer.withField(k) { builder.append($0, line: currentLine) }
        }
        rowCount += 1
        if rowCount > limits.maxRows { throw ImportError.tooManyRows(path: path, limit: limits.maxRows) }
    }

    /// Turns the builders into a table, or explains why there is no usable data. "03/04/2000"-style columns that
    /// nothing in the file decides are read month/day when `monthFirstWhenUndecided`, else day/month.
    func finish(encoding: TextEncodingName, monthFirstWhenUndecided: Bool) throws -> Table {
        if rowCount == 0 {
            if malformedCount > 0 {
                throw ImportError.mostlyMalformed(path: path, skipped: malformedCount, total: malformedCount,
                                                  firstLine: malformedLines.first ?? 1)
            }
            if guess.hasHeader && !needHeader { throw ImportError.headerOnly(path: path) }
            throw ImportError.empty(path: path)
        }
        if malformedCount > rowCount {
            throw ImportError.mostlyMalformed(path: path, skipped: malformedCount, total: malformedCount + rowCount,
                                              firstLine: malformedLines.first ?? 1)
        }
        var names = headers
        var seen: [String: Int] = [:]
        for i in names.indices {
            var name = names[i].trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { name = Localization.tr("Column %ld", i + 1) }
            let key = name.lowercased()
            if let n = seen[key] {
                seen[key] = n + 1
                name = "\(name) (\(n + 1))"
            } else {
                seen[key] = 1
            }
            names[i] = name
        }
        let orderWarnings = DayMonthOrder.resolve(builders, names: names, monthFirstWhenUndecided: monthFirstWhenUndecided)
        let columns = zip(names, builders).map { Column(header: $0.0, data: $0.1.finish()) }
        var warnings: [String] = []
        if malformedCount > 0 {
            let lines = malformedLines.map(String.init).joined(separator: ", ") + (malformedCount > malformedLines.count ? ", …" : "")
            warnings.append(Localization.trn("Skipped %ld malformed row: line %@.", "Skipped %ld malformed rows: lines %@.",
                                             malformedCount, malformedCount, lines))
        }
        for (column, builder) in zip(columns, builders) {
            if builder.badValueCount > 0 {
                let lines = builder.badValueLines.map(String.init).joined(separator: ", ")
                    + (builder.badValueCount > builder.badValueLines.count ? ", …" : "")
                if builder.kind == .numeric {
                    warnings.append(Localization.trn(
                        "Column \"%@\": %ld value is not a number (line %@); it is treated as missing.",
                        "Column \"%@\": %ld values are not numbers (lines %@); they are treated as missing.",
                        builder.badValueCount, column.header, builder.badValueCount, lines))
                } else {
                    warnings.append(Localization.trn(
                        "Column \"%@\": %ld value is not a date (line %@); it is treated as missing.",
                        "Column \"%@\": %ld values are not dates (lines %@); they are treated as missing.",
                        builder.badValueCount, column.header, builder.badValueCount, lines))
                }
            }
            if builder.nonFiniteCount > 0 {
                warnings.append(Localization.trn(
                    "Column \"%@\": %ld value is infinite or too large; it is treated as missing.",
                    "Column \"%@\": %ld values are infinite or too large; they are treated as missing.",
                    builder.nonFiniteCount, column.header, builder.nonFiniteCount))
            }
        }
        warnings += orderWarnings
        return Table(path: path, columns: columns, rowCount: rowCount, encoding: encoding,
                     delimiter: Character(Unicode.Scalar(guess.delimiter)), decimalStyle: guess.decimalStyle,
                     hasHeader: guess.hasHeader, malformedLines: malformedLines, malformedRowCount: malformedCount,
                     warnings: warnings)
    }
}

/// A file (or, for tests and the fuzzer, a block of memory) read in chunks.
final class ChunkedInput {
    private let handle: FileHandle?
    private var data: Data?
    private var offset: Int64 = 0
    private let path: String
    let totalBytes: Int64
    private var openedModification: Date?

    /// Opens a file for reading only, with messages for the usual reasons it can't be.
    init(path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError.fileMissing(path: path)
        }
        if isDirectory.boolValue { throw ImportError.notAFile(path: path) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError.unreadable(path: path, reason: Localization.tr("permission denied"))
        }
        self.handle = handle
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        totalBytes = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        openedModification = attributes?[.modificationDate] as? Date
    }

    init(data: Data, path: String) {
        handle = nil
        self.path = path
        self.data = data
        totalBytes = Int64(data.count)
    }

    deinit { try? handle?.close() }

    /// True once everything has been read (a file that grows while read is cut at its opening size).
    var isAtEnd: Bool { offset >= totalBytes }

    /// Up to `count` more bytes; empty at the end.
    func read(_ count: Int) throws -> Data {
        let wanted = Int(min(Int64(count), max(0, totalBytes - offset)))
        guard wanted > 0 else { return Data() }
        let chunk: Data
        if let data {
            chunk = data.subdata(in: Int(offset)..<Int(offset) + wanted)
        } else {
            do {
                chunk = try handle?.read(upToCount: wanted) ?? Data()
            } catch {
                throw ImportError.unreadable(path: path, reason: error.localizedDescription)
            }
        }
        if chunk.isEmpty {
            shrank = true  // the file ended before its opening size: it was cut short while read
            offset = totalBytes
        } else {
            offset += Int64(chunk.count)
        }
        return chunk
    }

    /// True once the file turned out shorter than when it was opened.
    private(set) var shrank = false

    /// What happened to the file since it was opened, as a warning for the person; nil when nothing did.
    /// It is read up to its opening size, so a file that grows gives the rows it had.
    func changeSinceOpening() -> String? {
        guard handle != nil else { return nil }
        let file = (path as NSString).lastPathComponent
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return Localization.tr("%@ was deleted or moved while it was read; the chart shows what was read.", file)
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? totalBytes
        if size != totalBytes || (attributes[.modificationDate] as? Date).map({ $0 != openedModification }) == true {
            return Localization.tr("%@ changed while it was read; the chart shows it as it was when opening began. Open it again to see the changes.", file)
        }
        return nil
    }
}
