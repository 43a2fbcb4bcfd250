// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A file, a pipe (standard input), or, for tests and the fuzzer, a block of memory, read in chunks.
final class ChunkedInput {
    private let handle: FileHandle?
    private var data: Data?
    private var offset: Int64 = 0
    private let path: String
    /// The file's size when opened (bytes); 0 for a pipe, whose length is known only at its end.
    let totalBytes: Int64
    /// Whether this is a pipe: read until it ends, never closed here (it is the process's standard input).
    let isStream: Bool
    /// Bytes of a pipe read ahead by `head` and not yet given out.
    private var readAhead: [UInt8] = []
    /// Whether a pipe has ended.
    private var streamEnded = false
    private var openedModification: Date?
    /// The file opened (nil for a block of memory or a pipe).
    let identity: FileIdentity?

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
        isStream = false
        guard let identity = FileIdentity(descriptor: handle.fileDescriptor) else {
            throw ImportError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        self.identity = identity
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        totalBytes = (attributes?[.size] as? NSNumber)?.int64Value ?? 0
        openedModification = attributes?[.modificationDate] as? Date
    }

    init(data: Data, path: String) {
        handle = nil
        identity = nil
        isStream = false
        self.path = path
        self.data = data
        totalBytes = Int64(data.count)
    }

    /// The pipe (or terminal, or file) open as `descriptor`, named `name` in messages: read until it ends, and
    /// left open.
    init(stream descriptor: Int32, name: String) {
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        identity = nil
        isStream = true
        path = name
        totalBytes = 0
    }

    deinit { if !isStream { try? handle?.close() } }

    /// True once everything has been read (a file that grows while read is cut at its opening size; a pipe is at
    /// its end once a read found it ended).
    var isAtEnd: Bool { isStream ? streamEnded && readAhead.isEmpty : offset >= totalBytes }

    /// Whether the input may hold more than `bytes` bytes: a file larger than that, or a pipe (its length is
    /// unknown until its end).
    func mayHoldMore(than bytes: Int) -> Bool { isStream || totalBytes > Int64(bytes) }

    /// Up to `count` more bytes; empty at the end.
    func read(_ count: Int) throws -> Data {
        var bytes: [UInt8] = []
        _ = try read(count, appendingTo: &bytes)
        return Data(bytes)
    }

    /// Up to the first `count` bytes of a pipe, which the reads after this give out again (a file's or a block's
    /// first bytes are read from the start instead).
    func head(_ count: Int) throws -> [UInt8] {
        precondition(isStream && offset == 0, "a pipe's head is read before the rest")  // l10n: not shown
        if readAhead.count < count && !streamEnded {
            let wanted = count - readAhead.count
            if try readFromHandle(wanted, appendingTo: &readAhead) < wanted { streamEnded = true }
        }
        try lookForTheEnd()
        return Array(readAhead.prefix(count))
    }

    /// Reads up to `count` more bytes onto the end of `buffer`, straight from the file into the array's memory;
    /// returns how many (0 at the end).
    func read(_ count: Int, appendingTo buffer: inout [UInt8]) throws -> Int {
        if isStream { return try readStream(count, appendingTo: &buffer) }
        let wanted = Int(min(Int64(count), max(0, totalBytes - offset)))
        guard wanted > 0 else { return 0 }
        var got = 0
        if let data {
            buffer.append(contentsOf: data[Int(offset)..<Int(offset) + wanted])
            got = wanted
        } else {
            got = try readFromHandle(wanted, appendingTo: &buffer)
        }
        if got == 0 {
            shrank = true  // the file ended before its opening size: it was cut short while read
            offset = totalBytes
        } else {
            offset += Int64(got)
        }
        return got
    }

    /// A pipe's next bytes: first those `head` read ahead, then from the pipe until `count` or its end.
    private func readStream(_ count: Int, appendingTo buffer: inout [UInt8]) throws -> Int {
        let ahead = min(count, readAhead.count)
        buffer.append(contentsOf: readAhead.prefix(ahead))
        readAhead.removeFirst(ahead)
        var got = ahead
        if got < count && !streamEnded {
            let wanted = count - got
            let more = try readFromHandle(wanted, appendingTo: &buffer)
            if more < wanted { streamEnded = true }
            got += more
        }
        try lookForTheEnd()
        offset += Int64(got)
        return got
    }

    /// Reads one byte ahead when none is waiting and the pipe has not ended, so that `isAtEnd` turns true with the
    /// read that took its last byte, as it does for a file: the sniffer treats a first chunk that is the whole
    /// input differently (its last record may lack a line break). One small read per chunk at most.
    private func lookForTheEnd() throws {
        guard isStream, readAhead.isEmpty, !streamEnded else { return }
        if try readFromHandle(1, appendingTo: &readAhead) == 0 { streamEnded = true }
    }

    /// Reads from the handle until `wanted` bytes or the end, onto `buffer`; returns how many.
    private func readFromHandle(_ wanted: Int, appendingTo buffer: inout [UInt8]) throws -> Int {
        guard let handle, wanted > 0 else { return 0 }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: wanted))
        var got = 0
        var failure: Int32 = 0
        buffer.withUnsafeMutableBytes { raw in
            while got < wanted {
                let n = Glibc.read(handle.fileDescriptor, raw.baseAddress! + start + got, wanted - got)
                if n > 0 { got += n; continue }
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failure = errno }
                break
            }
        }
        buffer.removeLast(wanted - got)
        if failure != 0 { throw ImportError.unreadable(path: path, reason: String(cString: strerror(failure))) }
        return got
    }

    /// True once the file turned out shorter than when it was opened.
    private(set) var shrank = false

    /// What happened to the file since it was opened, as a warning for the person; nil when nothing did (and
    /// for a pipe or a block of memory).
    /// It is read up to its opening size, so a file that grows gives the rows it had.
    func changeSinceOpening() -> String? {
        guard handle != nil, !isStream else { return nil }
        let file = (path as NSString).lastPathComponent
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            return Localization.tr("%@ was deleted or moved while it was read; the chart shows what was read.", file)
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? totalBytes
        if size != totalBytes || (attributes[.modificationDate] as? Date).map({ $0 != openedModification }) == true {
            return Localization.tr(
                "%@ changed while it was read; the chart shows it as it was when opening began. Open it again to see the changes.",
                file)
        }
        return nil
    }
}
