// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a CSV file on every core: the calling thread reads it in `chunkBytes` steps (as the one-thread reader
/// does, so progress, cancellation and the runaway-record check happen at the same places), cuts it at record
/// ends into pieces of about `pieceBytes`, parses a wave of pieces at once, each into its own column builders,
/// and joins them in file order. The result is the one-thread reader's, value for value and line for line.
enum CSVParallelReading {
    /// Reads the rest of `input` after `body` (the file's first text, which starts at a record's start), and
    /// returns the state holding every record.
    static func read(
        _ input: ChunkedInput, body: [UInt8], bytesRead alreadyRead: Int64, path: String,
        guess: CSVSniffer.Guess, encoding: TextEncodingName, expectedRows: Int,
        options: CSVReadOptions, progress: ((ImportProgress) -> Void)?,
        cancellation: CancellationFlag?
    ) throws -> CSVStreamState {
        let piecesPerWave = max(2, options.parallelism * 2)
        var joined: CSVStreamState?
        var waiting: [[UInt8]] = []
        var carry = body
        carry.reserveCapacity(options.pieceBytes + options.chunkBytes + body.count)
        var bytesRead = alreadyRead
        var boundaries = CSVRecordBoundaries(delimiter: guess.delimiter)
        let recordBytes = max(1, guess.averageRecordBytes)
        var tokenizer = CSVTokenizer(
            delimiter: guess.delimiter, maxFieldBytes: options.limits.maxFieldBytes,
            maxFields: options.limits.maxColumns)

        // Buffers of parsed pieces, emptied, for the next ones: memory the process already has, where fresh
        // memory would cost a page fault per 4 KiB (a third of the time at a hundred million rows).
        var spareBuffers: [[UInt8]] = []
        let spareColumns = SpareColumns()

        /// Parses the waiting pieces in parallel and joins them onto `joined`, in order.
        func parseWaiting() throws {
            guard !waiting.isEmpty else { return }
            var pieces: [[UInt8]] = []
            swap(&pieces, &waiting)
            let results = parse(pieces, isFirst: joined == nil)
            for result in results {
                let linesBefore = joined.map { $0.line - 1 } ?? 0
                let rowsBefore = joined?.rowCount ?? 0
                if let failure = result.failure {
                    if rowsBefore + result.state.rowCount > options.limits.maxRows {
                        throw ImportError.tooManyRows(path: path, limit: options.limits.maxRows)
                    }
                    throw moved(failure, down: linesBefore)
                }
                if joined == nil {
                    joined = result.state
                } else {
                    try joined!.absorb(result.state)
                    spareColumns.put(result.state.builders.map { $0.givingUpStorage() })
                }
            }
            while var buffer = pieces.popLast() {
                buffer.removeAll(keepingCapacity: true)
                spareBuffers.append(buffer)
            }
        }

        /// Each piece parsed into its own state, side by side; the first of the file reads the header.
        func parse(_ pieces: [[UInt8]], isFirst: Bool) -> [PieceResult] {
            ParallelMap.map(pieces.count) { k -> PieceResult in
                let opensFile = isFirst && k == 0
                let rows = opensFile ? expectedRows : Int(Double(pieces[k].count) / recordBytes * 1.1) + 16
                var storage = opensFile ? [] : spareColumns.take()
                var state = CSVStreamState(
                    path: path, guess: guess, encoding: encoding, limits: options.limits,
                    expectedRows: rows, storage: &storage)
                if !opensFile {
                    state.needHeader = false
                    state.line = 1
                }
                var failure: ImportError?
                do {
                    _ = try pieces[k].withUnsafeBufferPointer { try state.consume($0, atEndOfInput: true) }
                } catch let error as ImportError {
                    failure = error
                } catch {
                    failure = .unreadable(path: path, reason: error.localizedDescription)
                }
                return PieceResult(state: state, failure: failure)
            }!
        }

        while true {
            if cancellation?.isCancelled == true { throw ImportError.cancelled(path: path) }
            let atEnd = input.isAtEnd
            carry.withUnsafeBufferPointer { boundaries.scan($0, atEndOfInput: atEnd) }
            let cut = atEnd ? carry.count : boundaries.lastRecordEnd
            // The first piece reads the header, so it must hold a record that is not blank.
            let mayCut =
                atEnd || joined != nil || !waiting.isEmpty || !guess.hasHeader
                || carry.prefix(cut).contains { $0 != 0x0A && $0 != 0x0D && $0 != 0x22 }
            if cut > 0 && mayCut && (cut >= options.pieceBytes || atEnd) {
                // The piece keeps the buffer (no copy); the unfinished record moves to a new one.
                var rest = spareBuffers.popLast() ?? []
                rest.reserveCapacity(options.pieceBytes + options.chunkBytes + (carry.count - cut))
                rest.append(contentsOf: carry[cut...])
                carry.removeLast(carry.count - cut)
                waiting.append(carry)
                carry = rest
                if !atEnd { boundaries.dropFirst(cut) }
            }
            if !atEnd && carry.count > boundaries.lastRecordEnd,
                let failure = unfinishedRecordFailure(
                    carry, from: boundaries.lastRecordEnd, tokenizer: &tokenizer,
                    path: path, limits: options.limits)
            {
                // Said at the unfinished record's line, once the records before it are read.
                if boundaries.lastRecordEnd > 0 { waiting.append(Array(carry.prefix(boundaries.lastRecordEnd))) }
                try parseWaiting()
                throw moved(failure, down: joined.map { $0.line - 1 } ?? guess.preamble.lines)
            }
            if atEnd {
                // The last wave reuses nothing after it: what is spare now would only add to the peak.
                spareBuffers = []
                spareColumns.removeAll()
            }
            if waiting.count >= piecesPerWave || atEnd { try parseWaiting() }
            progress?(ImportProgress(bytesRead: bytesRead, totalBytes: input.totalBytes, rows: joined?.rowCount ?? 0))
            if atEnd { break }
            bytesRead += Int64(try input.read(options.chunkBytes, appendingTo: &carry))
        }
        guard let joined else { preconditionFailure("a file that is not empty makes a piece") }  // l10n: not shown
        return joined
    }

    /// What the one-thread reader says of the record still unfinished at `start` after the same read step (a
    /// field or the record past its limit, too many fields), as an error at line 1; nil when it reads on.
    private static func unfinishedRecordFailure(
        _ carry: [UInt8], from start: Int, tokenizer: inout CSVTokenizer,
        path: String, limits: ImportLimits
    ) -> ImportError? {
        let outcome = carry.withUnsafeBufferPointer { tokenizer.nextRecord(in: $0, from: start, atEndOfInput: false) }
        if let failure = CSVStreamState.failure(outcome, path: path, line: 1, limits: limits) { return failure }
        guard carry.count - start > limits.maxRecordBytes else { return nil }
        if tokenizer.stoppedInsideQuote { return .unterminatedQuote(path: path, line: 1) }
        return .lineTooLong(path: path, line: 1, limitBytes: limits.maxRecordBytes)
    }

    /// `error` with its line number moved down by `lines` (a piece counts its lines from 1).
    private static func moved(_ error: ImportError, down lines: Int) -> ImportError {
        switch error {
        case .unterminatedQuote(let path, let line): return .unterminatedQuote(path: path, line: line + lines)
        case .lineTooLong(let path, let line, let limit): return .lineTooLong(path: path, line: line + lines, limitBytes: limit)
        default: return error
        }
    }
}

/// What one piece read, and the error that stopped it, if one did.
private struct PieceResult {
    var state: CSVStreamState
    var failure: ImportError?
}

/// Emptied column arrays of joined pieces, handed to the next pieces' builders (one set per piece).
private final class SpareColumns: @unchecked Sendable {
    private let lock = NSLock()
    private var sets: [[[Double]]] = []

    func put(_ columns: [[Double]]) { lock.withLock { sets.append(columns) } }

    /// One piece's arrays (moved out, so the piece holds the only reference), or none.
    func take() -> [[Double]] { lock.withLock { sets.popLast() ?? [] } }

    /// Frees every spare array.
    func removeAll() { lock.withLock { sets = [] } }
}
