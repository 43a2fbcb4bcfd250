// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a path a person typed or chose leads, and so how it is written (`OutputFile.write`).
public enum OutputTarget: Equatable, Sendable {
    /// "-", or a path that is the process's own standard output (/dev/stdout): streamed to it.
    case standardOutput
    /// A FIFO, a character device or a socket: opened and written to, never replaced.
    case stream(path: String)
    /// A regular file or a new name, after following links: replaced atomically (`AtomicFile`).
    case file(path: String)
}

/// The one way Audiograph writes a file a person named (exports, Save Table As, `render --output`).
///
/// The target's kind decides how: a regular file or a new name is replaced in one step by `AtomicFile`; a
/// link is followed and its target replaced the same way, beside the target, so the link stays (a link owned
/// by someone else in a sticky, world-writable folder such as /tmp is refused, as the kernel's
/// protected_symlinks refuses it); standard output, a FIFO, a character device or a socket is written in
/// place; a folder, or a path whose folder is missing, is an error naming it. Audiograph's own files
/// (settings, sidecars) use `AtomicFile`, which replaces a link instead of following it.
public enum OutputFile {
    /// Most links followed before giving up, as the kernel's MAXSYMLINKS.
    private static let maxLinks = 40

    /// Where `path` leads; throws `FileWriteError` for a folder, a missing folder, a refused link, the file
    /// `sparing` (the data being read, through any link or spelling) or a path that cannot be looked at.
    /// `standardOutput` is the descriptor of the process's standard output.
    public static func target(
        of path: String, sparing: String? = nil,
        standardOutput: Int32 = STDOUT_FILENO
    ) throws -> OutputTarget {
        if path == "-" { return .standardOutput }
        if let sparing, isSameFile(sparing, path) {
            throw FileWriteError(
                path: path, step: .create, errno: EEXIST,
                reason: Localization.tr("it is the data file being read, which Audiograph never writes to"))
        }
        var status = stat()
        if stat(path, &status) == 0 {
            var out = stat()
            if fstat(standardOutput, &out) == 0, out.st_dev == status.st_dev, out.st_ino == status.st_ino {
                return .standardOutput
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw FileWriteError(
                    path: path, step: .create, errno: EISDIR,
                    reason: Localization.tr("it is a folder; add a file name to it"))
            case S_IFIFO, S_IFCHR, S_IFSOCK:
                _ = try followedLinks(path)  // refuses a link someone else planted in /tmp
                return .stream(path: path)
            default:
                return .file(path: try followedLinks(path))
            }
        }
        guard errno == ENOENT else { throw FileWriteError(path: path, step: .create, errno: errno) }
        let resolved = try followedLinks(path)  // a dangling link names the file to make
        let folder = folderOf(resolved)
        var folderStatus = stat()
        if stat(folder, &folderStatus) != 0 || folderStatus.st_mode & S_IFMT != S_IFDIR {
            throw FileWriteError(
                path: path, step: .create, errno: ENOENT,
                reason: Localization.tr("the folder %@ does not exist", folder))
        }
        return .file(path: resolved)
    }

    /// Writes what `body` writes to `path` as its kind asks (see the type's comment) and returns the kind;
    /// never over `sparing`, the file being read.
    ///
    /// Throws `FileWriteError` naming the step and the reason (ENOSPC on /dev/full, EPIPE when a pipe's reader
    /// has gone); an error `body` throws is rethrown as it is. A regular file gets `permissions` less the umask.
    @discardableResult
    public static func write(
        to path: String, permissions: mode_t = 0o644, sparing: String? = nil,
        standardOutput: Int32 = STDOUT_FILENO,
        _ body: (FileWriter) throws -> Void
    ) throws -> OutputTarget {
        let target = try target(of: path, sparing: sparing, standardOutput: standardOutput)
        switch target {
        case .file(let resolved):
            try AtomicFile.write(to: resolved, permissions: permissions, body)
        case .standardOutput:
            try withoutBrokenPipeSignal { try body(FileWriter(descriptor: standardOutput, path: path)) }
        case .stream(let streamPath):
            let descriptor = try openStream(streamPath)
            defer { close(descriptor) }
            try withoutBrokenPipeSignal { try body(FileWriter(descriptor: descriptor, path: path)) }
        }
        return target
    }

    /// Writes `data` to `path` as its kind asks (see `write(to:permissions:standardOutput:_:)`).
    @discardableResult
    public static func write(
        _ data: Data, to path: String, permissions: mode_t = 0o644,
        sparing: String? = nil
    ) throws -> OutputTarget {
        try write(to: path, permissions: permissions, sparing: sparing) { try $0.write(data) }
    }

    /// Whether `a` and `b` are one file (the same device and inode, through links, hard links and relative
    /// paths); false when either does not exist.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// `path` with every link in its last component followed (relative targets read from the link's folder),
    /// refusing a link in a sticky, world-writable folder that neither we nor the folder's owner own.
    private static func followedLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<maxLinks {
            var link = stat()
            guard lstat(current, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return current }
            let folder = folderOf(current)
            var folderStatus = stat()
            if stat(folder, &folderStatus) == 0,
                folderStatus.st_mode & S_ISVTX != 0, folderStatus.st_mode & S_IWOTH != 0,
                link.st_uid != geteuid(), link.st_uid != folderStatus.st_uid
            {
                throw FileWriteError(
                    path: path, step: .create, errno: EACCES,
                    reason: Localization.tr(
                        "it is a link owned by someone else in the shared folder %@, which is not followed; choose another name",
                        folder))
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw FileWriteError(path: path, step: .create, errno: errno) }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : (folder as NSString).appendingPathComponent(destination)
        }
        throw FileWriteError(path: path, step: .create, errno: ELOOP)
    }

    /// The folder holding `path`: "." for a bare name.
    private static func folderOf(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// Opens a FIFO or a character device for writing (waiting, as `cat > fifo` does, for a FIFO's reader),
    /// or connects to a Unix socket; returns the descriptor.
    private static func openStream(_ path: String) throws -> Int32 {
        var status = stat()
        if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { throw FileWriteError(path: path, step: .create, errno: errno) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
                close(descriptor)
                throw FileWriteError(path: path, step: .create, errno: ENAMETOOLONG)
            }
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in bytes.enumerated() { raw[i] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if connected != 0 {
                let code = errno
                close(descriptor)
                throw FileWriteError(path: path, step: .create, errno: code)
            }
            return descriptor
        }
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileWriteError(path: path, step: .create, errno: errno) }
        return descriptor
    }

    /// Runs `body` with SIGPIPE blocked on this thread, so a reader that goes away is an EPIPE error from
    /// write(2), not the end of the process; a SIGPIPE raised meanwhile is taken off before unblocking.
    private static func withoutBrokenPipeSignal(_ body: () throws -> Void) throws {
        var pipeOnly = sigset_t(), previous = sigset_t()
        sigemptyset(&pipeOnly)
        sigaddset(&pipeOnly, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeOnly, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
                var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeOnly, nil, &noWait)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        try body()
    }
}
