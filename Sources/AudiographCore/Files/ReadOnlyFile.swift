// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which file a name leads to: its device and inode. Another file put under the same name (renamed over
/// it, or deleted and created again) has another identity; the same file that grew or shrank keeps its own.
struct FileIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// The identity of the file open on `descriptor`; nil when fstat fails.
    init?(descriptor: Int32) {
        guard let info = ReadOnlyFile.status(of: descriptor) else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// A file opened for reading only, examined through its descriptor: its identity, size and bytes all come
/// from the one file opened, even if another file takes its name meanwhile. Closed on deinit.
///
/// Opened O_RDONLY|O_NONBLOCK|O_CLOEXEC, so a pipe or device named by mistake is never waited on; only a
/// regular file is kept. Nothing is ever written.
final class ReadOnlyFile {
    /// Why a file could not be opened and examined.
    enum OpenError: Error, Equatable {
        /// Nothing has that name (or a folder on its way is missing).
        case missing
        /// A folder, a pipe, a socket or a device, not a regular file.
        case notPlainFile
        /// The system refused (e.g. permission); its reason (strerror text).
        case unreadable(reason: String)
    }

    let identity: FileIdentity
    /// Size in bytes when it was opened.
    let size: Int64
    private let descriptor: Int32

    /// Opens the regular file at `path`; throws `OpenError` when it is not there or not one.
    init(path: String) throws(OpenError) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            switch errno {
            case ENOENT, ENOTDIR: throw .missing
            case let code: throw .unreadable(reason: String(cString: strerror(code)))
            }
        }
        guard let info = Self.status(of: descriptor) else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason: reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notPlainFile
        }
        self.descriptor = descriptor
        identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        size = Int64(info.st_size)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from byte `offset` on; fewer only where the file ends. Throws the system's reason.
    func read(from offset: Int64, count: Int) throws(OpenError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let result = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
            }
            if result == 0 { break }
            if result < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            filled += result
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// fstat of `descriptor`; nil when it fails (errno says why).
    static func status(of descriptor: Int32) -> stat? {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? info : nil
    }
}
