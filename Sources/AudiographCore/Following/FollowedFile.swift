// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A CSV file that another program appends to (a logger, a sensor), charted once and then read a little
/// further at each `poll()`. Never writes to the file.
///
/// Opening reads the file as `ChartDocument.open` does (the same guesses of delimiter, encoding, decimal
/// style and column types, the sidecar's settings, the same chart), but stops after the last whole line.
/// It remembers that byte offset and the file's identity (device and inode). Each poll opens the file by
/// name, and from that one descriptor:
/// - the same file, no longer than the offset: nothing new;
/// - the same file, longer: only the bytes after the offset are read; every whole line becomes a row of
///   the existing columns, in the types decided at opening, and the chart is built again with the same
///   layout and settings. A last line without its line break is left until its break arrives; a file whose
///   last line never gets one keeps that line unshown (a line being written and a line that will never end
///   look the same);
/// - shorter than the offset, another file under the name, or the line read last no longer ending where it
///   did: read again from the start, as if opened anew (the layout is guessed again);
/// - gone or unreadable: the last chart stays and the file is looked for again at every poll.
///
/// Costs: a poll with nothing new is an open, an fstat and a close (under 0.1 ms). New lines cost their own
/// bytes to read and parse, plus `ChartDocument.rebuilt` over all rows and one copy of the columns the
/// previous chart shares: about 18 ms per poll on a million-row file (release build, `audiograph-bench
/// follow`). Memory grows with the rows only: the bytes already read are never read again.
///
/// Threads: every method may read the file and build a chart, so it can block; call them on a worker thread,
/// never on a GLib main loop. One poll runs at a time (a second caller waits for the first). The viewer
/// hands each `FollowUpdate` (a value) back to its main loop and keeps nothing else from here.
public final class FollowedFile: @unchecked Sendable {
    /// The file's path, as given.
    public let path: String
    private let overrides: ChartSettings
    private let readingSidecar: Bool
    private let options: CSVReadOptions
    /// Guards everything below.
    private let lock = NSLock()
    private var current: ChartDocument
    /// Where reading goes on; nil while the file is gone or could not be read again.
    private var resume: CSVResumePoint?
    /// For each text column, its categories' indices (empty for the other columns).
    private var categories: [[String: Int32]]
    /// Why the file is unavailable now, and which file (and size) failed, so it is read again only once changed.
    private var failure: (message: String, identity: FileIdentity?, size: Int64)?
    /// Why the file was being read again when it could not be (cut short, replaced, rewritten), so that the
    /// reading that succeeds says that, not "can be read again": a logger that empties its file and then
    /// writes it was heard as readable again without ever having been said to be unreadable.
    private var interruptedReload: ReloadReason?
    private var appendedBytes: Int64 = 0

    private init(
        path: String, overrides: ChartSettings, readingSidecar: Bool, options: CSVReadOptions,
        opened: (document: ChartDocument, resume: CSVResumePoint, categories: [[String: Int32]])
    ) {
        self.path = path
        self.overrides = overrides
        self.readingSidecar = readingSidecar
        self.options = options
        current = opened.document
        resume = opened.resume
        categories = opened.categories
    }

    /// Opens `path` to follow it: reads it to its last whole line, applies its sidecar settings and then
    /// `overrides` (none read with `readingSidecar` false), and builds the chart. Throws `ImportError` as
    /// `ChartDocument.open` does, including for a file with no whole data row yet.
    public static func open(
        path: String, overrides: ChartSettings = ChartSettings(), readingSidecar: Bool = true,
        options: CSVReadOptions = CSVReadOptions(),
        progress: ((ImportProgress) -> Void)? = nil,
        cancellation: CancellationFlag? = nil
    ) throws -> FollowedFile {
        FollowedFile(
            path: path, overrides: overrides, readingSidecar: readingSidecar, options: options,
            opened: try load(
                path: path, overrides: overrides, readingSidecar: readingSidecar, options: options,
                progress: progress, cancellation: cancellation))
    }

    /// The table and chart as of the last poll. Waits while a poll runs.
    public var document: ChartDocument { lock.withLock { current } }

    /// Bytes the polls have read to find appended lines since opening (reading again from the start not
    /// counted): the appended bytes, the byte before them (checked to be the line break read last), and a
    /// line still being written once more when it is finished.
    public var appendedBytesRead: Int64 { lock.withLock { appendedBytes } }

    /// Looks at the file once and reads what was added, reads it again from the start when it was cut or
    /// replaced, or says that it is gone. Blocks for as long as the reading and charting take; `cancellation`
    /// stops a long reload (the file is then looked at again at the next poll).
    public func poll(cancellation: CancellationFlag? = nil) -> FollowUpdate {
        lock.withLock {
            let change = look(cancellation: cancellation)
            return FollowUpdate(change: change, document: current)
        }
    }

    // MARK: Under the lock

    private func look(cancellation: CancellationFlag?) -> FollowChange {
        let file: ReadOnlyFile
        do throws(ReadOnlyFile.OpenError) {
            file = try ReadOnlyFile(path: path)
        } catch {
            interruptedReload = nil  // gone or unreadable: when it is back, it is read again, and said so
            return unavailable(message(for: error), file: nil)
        }
        guard let resume else {
            if let failure, failure.identity == file.identity, failure.size == file.size { return .nothingNew }
            return reload(interruptedReload ?? .readableAgain, file: file, cancellation: cancellation)
        }
        if file.identity != resume.identity { return reload(.replaced, file: file, cancellation: cancellation) }
        if file.size < resume.offset { return reload(.truncated, file: file, cancellation: cancellation) }
        if file.size == resume.offset { return .nothingNew }
        if resume.isTranscoded { return reload(.grewAsUTF16, file: file, cancellation: cancellation) }
        do {
            return try readAppended(file, from: resume, cancellation: cancellation)
        } catch let error as ReadOnlyFile.OpenError {
            return unavailable(message(for: error), file: file)
        } catch {
            return unavailable((error as? ImportError)?.message ?? error.localizedDescription, file: file)
        }
    }

    /// "data.csv: the file is gone; waiting for it to come back.", or why it cannot be read.
    private func message(for error: ReadOnlyFile.OpenError) -> String {
        switch error {
        case .missing:
            return Localization.tr("%@: the file is gone; waiting for it to come back.", path)
        case .notPlainFile:
            return Localization.tr("%@: cannot be read (%@); waiting until it can.", path, Localization.tr("not a regular file"))
        case .unreadable(let reason):
            return Localization.tr("%@: cannot be read (%@); waiting until it can.", path, reason)
        }
    }

    /// Reads the whole lines after `resume.offset` in chunks, adds them to the table and builds the chart again.
    private func readAppended(
        _ file: ReadOnlyFile, from start: CSVResumePoint,
        cancellation: CancellationFlag?
    ) throws -> FollowChange {
        var resume = start
        let lineBreakBefore = try file.read(from: resume.offset - 1, count: 1)
        appendedBytes += Int64(lineBreakBefore.count)
        guard let last = lineBreakBefore.first, last == 0x0A || last == 0x0D else {
            return reload(.rewritten, file: file, cancellation: cancellation)
        }
        var rows = AppendedRows(after: resume, of: current.table)
        var wanted = options.chunkBytes
        while resume.offset < file.size {
            if cancellation?.isCancelled == true { return .nothingNew }
            let available = file.size - resume.offset
            let bytes = try file.read(from: resume.offset, count: Int(min(Int64(wanted), available)))
            appendedBytes += Int64(bytes.count)
            if bytes.isEmpty { break }  // cut short since fstat: the next poll sees it
            let used = try bytes.withUnsafeBufferPointer { try rows.consume($0) }
            resume.offset += Int64(used)
            if used > 0 { wanted = options.chunkBytes; continue }
            // Not one whole record in these bytes: the rest of a line still being written, or a record longer
            // than a chunk, read again in a larger piece up to the limit.
            if Int64(bytes.count) == available { break }
            if wanted >= resume.limits.maxRecordBytes {
                if rows.stoppedInsideQuote { throw ImportError.unterminatedQuote(path: path, line: rows.line) }
                throw ImportError.lineTooLong(path: path, line: rows.line, limitBytes: resume.limits.maxRecordBytes)
            }
            wanted = min(wanted * 2, resume.limits.maxRecordBytes + 1)
        }
        guard resume.offset > start.offset else { return .nothingNew }
        var table = current.table
        let warnings = rows.add(to: &table, resume: &resume, categories: &categories)
        current = current.rebuilt(with: table)
        self.resume = resume
        return rows.rowCount == 0 && warnings.isEmpty ? .nothingNew : .appended(rows: rows.rowCount, warnings: warnings)
    }

    /// Reads the file again from the start, as opening does; on failure keeps the last chart and says why.
    private func reload(_ reason: ReloadReason, file: ReadOnlyFile, cancellation: CancellationFlag?) -> FollowChange {
        do {
            let opened = try Self.load(
                path: path, overrides: overrides, readingSidecar: readingSidecar, options: options,
                progress: nil, cancellation: cancellation)
            current = opened.document
            resume = opened.resume
            categories = opened.categories
            failure = nil
            interruptedReload = nil
            return .reloaded(reason, warnings: current.warnings)
        } catch ImportError.cancelled {
            return .nothingNew
        } catch {
            if reason != .readableAgain { interruptedReload = reason }
            return unavailable(Self.followingMessage(error), file: file)
        }
    }

    /// What to say when the followed file can't be charted now: a file emptied or cut back to its header (a
    /// logger starting a new file) is waited for, so it says so rather than to choose another file.
    private static func followingMessage(_ error: Error) -> String {
        switch error as? ImportError {
        case .empty(let path)?:
            return Localization.tr(
                "%@ is empty now; the last chart stays until rows arrive.", (path as NSString).lastPathComponent)
        case .headerOnly(let path)?:
            return Localization.tr(
                "%@ has only its header now; the last chart stays until rows arrive.",
                (path as NSString).lastPathComponent)
        case let other?:
            return other.message
        case nil:
            return error.localizedDescription
        }
    }

    /// Notes that the file cannot be read now (`file` is what was found, if anything); says so unless the
    /// last poll said the same.
    private func unavailable(_ message: String, file: ReadOnlyFile?) -> FollowChange {
        let isNews = failure?.message != message
        failure = (message, file?.identity, file?.size ?? -1)
        resume = nil
        return isNews ? .unavailable(message: message) : .nothingNew
    }

    /// Reads and charts the file to its last whole line.
    private static func load(
        path: String, overrides: ChartSettings, readingSidecar: Bool, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws
        -> (document: ChartDocument, resume: CSVResumePoint, categories: [[String: Int32]])
    {
        try TableFiles.checkFollowable(path: path)
        let (table, resume) = try CSVReader.readForFollowing(
            path: path, options: options, progress: progress,
            cancellation: cancellation)
        let settings = try ChartDocument.settings(forFile: path, overrides: overrides, readingSidecar: readingSidecar)
        let document = try ChartDocument.chart(table, settings: settings, fileName: path)
        let categories = table.columns.map { column -> [String: Int32] in
            guard case .text(_, let names) = column.data else { return [:] }
            return Dictionary(names.enumerated().map { ($0.element, Int32($0.offset)) }, uniquingKeysWith: { first, _ in first })
        }
        return (document, resume, categories)
    }
}
