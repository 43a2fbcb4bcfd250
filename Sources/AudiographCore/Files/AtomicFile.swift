// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way Audiograph writes a file: whole or not at all, and on disk before it says so.
///
/// The bytes go to a new temporary file in the target's own folder (an unpredictable name, created with
/// O_CREAT|O_EXCL|O_NOFOLLOW, so nothing already there is written through), which is flushed with fsync,
/// renamed over the target in one step, and then the folder is flushed too so the rename survives a crash.
/// A reader sees the old file or the new one, never half of one; on any failure the temporary file is
/// removed and the old file is left as it was. A link at the target is replaced, never written through.
/// Audiograph writes its own files this way (sidecars, settings); a path a person named goes through
/// `OutputFile`, which follows links and streams to pipes and devices, and uses this for regular files.
public enum AtomicFile {
    /// Writes what `body` writes to `path`, replacing any file there in one step.
    ///
    /// `body` streams the contents through the `FileWriter` it is given, so a large file needs no copy in
    /// memory; an error it throws aborts the write and is rethrown as it is. The new file gets `permissions`
    /// (octal, less the umask). Throws `FileWriteError` naming the step and the system's reason otherwise.
    public static func write(
        to path: String, permissions: mode_t = 0o644,
        _ body: (FileWriter) throws -> Void
    ) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let (temporary, descriptor) = try createTemporary(beside: url, permissions: permissions, target: path)
        var renamed = false
        var isOpen = true
        defer {
            if isOpen { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        try body(FileWriter(descriptor: descriptor, path: path))
        if fsync(descriptor) != 0 { throw FileWriteError(path: path, step: .flush, errno: errno) }
        isOpen = false
        if close(descriptor) != 0 { throw FileWriteError(path: path, step: .flush, errno: errno) }
        // rename(2) replaces the target (a file, or a link itself) in one step.
        if rename(temporary, path) != 0 { throw FileWriteError(path: path, step: .replace, errno: errno) }
        renamed = true
        try syncFolder(folder, target: path)
    }

    /// Writes `data` to `path`, replacing any file there in one step (see `write(to:permissions:_:)`).
    public static func write(_ data: Data, to path: String, permissions: mode_t = 0o644) throws {
        try write(to: path, permissions: permissions) { try $0.write(data) }
    }

    /// Longest part of the target's name kept in the temporary file's name, in Unicode scalars, so the
    /// temporary name stays under NAME_MAX (255 bytes) and still says whose it is if a crash leaves it.
    private static let keptNameScalars = 40

    /// Creates a new temporary file beside `url`: ".name.<16 random hex digits>.tmp", its path and descriptor.
    private static func createTemporary(
        beside url: URL, permissions: mode_t,
        target: String
    ) throws -> (String, Int32) {
        let folder = url.deletingLastPathComponent()
        let stem = String(String.UnicodeScalarView(url.lastPathComponent.unicodeScalars.prefix(keptNameScalars)))
        var generator = SystemRandomNumberGenerator()
        // A clash with an existing name (EEXIST) is astronomically rare; a few tries cover it.
        for _ in 0..<8 {
            let random = String(generator.next() as UInt64, radix: 16)
            let name = ".\(stem).\(String(repeating: "0", count: 16 - random.count) + random).tmp"
            let temporary = folder.appendingPathComponent(name).path
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions)
            if descriptor >= 0 { return (temporary, descriptor) }
            if errno != EEXIST { throw FileWriteError(path: target, step: .create, errno: errno) }
        }
        throw FileWriteError(path: target, step: .create, errno: EEXIST)
    }

    /// Flushes `folder` so a rename in it is on disk; file systems that cannot sync a folder are let be.
    private static func syncFolder(_ folder: String, target: String) throws {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileWriteError(path: target, step: .flushFolder, errno: errno) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 && errno != EINVAL && errno != ENOTSUP {
            throw FileWriteError(path: target, step: .flushFolder, errno: errno)
        }
    }
}

/// Writes bytes to the temporary file of an `AtomicFile.write`; valid only inside its closure.
public struct FileWriter {
    let descriptor: Int32
    let path: String

    /// Writes all of `bytes`, retrying short writes and interruptions.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        var written = 0
        while written < bytes.count {
            let result = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw FileWriteError(path: path, step: .write, errno: errno)
            }
            written += result
        }
    }

    /// Writes all of `bytes` (a `Data`, a `[UInt8]`, …).
    public func write(_ bytes: some ContiguousBytes) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }
}

/// A file could not be written; names it, the step that failed and the system's reason (strerror text).
public struct FileWriteError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// What `AtomicFile.write` was doing when it failed; the raw value names the system call, for logs.
    public enum Step: String, Sendable {
        /// Creating the temporary file.
        case create = "open"
        case write = "write"
        /// Flushing the temporary file to disk (or closing it).
        case flush = "fsync"
        /// Renaming the temporary file over the target.
        case replace = "rename"
        /// Flushing the folder after the rename.
        case flushFolder = "fsync-folder"
    }

    /// The file that was to be written.
    public var path: String
    public var step: Step
    /// The errno value.
    public var code: Int32
    /// The system's reason, e.g. "Permission denied" (strerror, in the C library's language).
    public var reason: String

    /// `reason` for a person, where the system's words ("Is a directory") would not say what to do; else strerror.
    init(path: String, step: Step, errno code: Int32, reason: String? = nil) {
        self.path = path
        self.step = step
        self.code = code
        self.reason = reason ?? String(cString: strerror(code))
    }

    /// The system's reason alone, for messages that already name the file.
    public var errorDescription: String? { reason }

    /// For logs, like perror: "path: rename: Permission denied".
    public var description: String { "\(path): \(step.rawValue): \(reason)" }
}
