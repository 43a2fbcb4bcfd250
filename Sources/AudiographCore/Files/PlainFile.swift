// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way Audiograph reads a small file it did not choose to trust (a sidecar, the settings file).
///
/// The file is opened first (O_RDONLY|O_NOFOLLOW|O_NONBLOCK|O_CLOEXEC) and then the open descriptor is
/// examined with fstat, so what is checked is what is read: nothing can be swapped in between. A link is
/// never followed, a pipe or device never waited on, and nothing over the size limit is read.
public enum PlainFile {
    /// Why a file was not read.
    public enum ReadError: Error, Sendable, Equatable {
        /// It is a link, a folder, a pipe, a socket or a device, not a regular file.
        case notPlainFile
        /// It holds more than the limit, in bytes.
        case tooLarge(limitBytes: Int)
        /// The system refused (e.g. permission); its reason (strerror text).
        case unreadable(reason: String)
    }

    /// The bytes of the regular file at `path`; nil when nothing is there. Throws `ReadError` for anything
    /// else that is there but is not a regular file of at most `maxBytes` bytes that can be read.
    public static func read(_ path: String, maxBytes: Int) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if descriptor < 0 {
            switch errno {
            case ENOENT, ENOTDIR: return nil
            case ELOOP: throw ReadError.notPlainFile  // O_NOFOLLOW met a link
            case let code: throw ReadError.unreadable(reason: String(cString: strerror(code)))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ReadError.unreadable(reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ReadError.notPlainFile }
        guard info.st_size <= maxBytes else { throw ReadError.tooLarge(limitBytes: maxBytes) }
        // Read one byte past the limit, so a file that grew since fstat is still refused.
        var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if result == 0 { break }
            if result < 0 {
                if errno == EINTR { continue }
                throw ReadError.unreadable(reason: String(cString: strerror(errno)))
            }
            count += result
        }
        guard count <= maxBytes else { throw ReadError.tooLarge(limitBytes: maxBytes) }
        return Data(bytes[0..<count])
    }
}
