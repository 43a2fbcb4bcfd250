// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes and reads standard 16-bit PCM WAV files (RIFF/WAVE), the format sox, aplay and every player read.
public enum WAVFile {
    /// The whole file for `buffer` as bytes: a 44-byte header followed by 16-bit little-endian samples.
    public static func encode(_ buffer: AudioBuffer) -> [UInt8] {
        let dataBytes = buffer.samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataBytes)
        func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        append("fmt "); append32(16)
        append16(1)                                          // PCM
        append16(buffer.channels)
        append32(buffer.sampleRate)
        append32(buffer.sampleRate * buffer.channels * 2)    // bytes per second
        append16(buffer.channels * 2)                        // bytes per frame
        append16(16)                                         // bits per sample
        append("data"); append32(dataBytes)
        PCMConversion.appendInt16LittleEndian(buffer.samples[...], to: &bytes)
        return bytes
    }

    /// Writes `buffer` to `path` through a temporary file in the same folder renamed into place, so a reader
    /// never sees half a file and a failed write leaves any earlier file untouched.
    public static func write(_ buffer: AudioBuffer, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        if let reason = writeNewFile(temporary.path, bytes: encode(buffer)) {
            unlink(temporary.path)
            throw WAVWriteError(path: path, reason: reason)
        }
        // rename(2) replaces any earlier file in one step.
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw WAVWriteError(path: path, reason: reason)
        }
    }

    /// Creates `path` (which must not exist) holding `bytes`; the system's reason when that fails, else nil.
    private static func writeNewFile(_ path: String, bytes: [UInt8]) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            written += result
        }
        return fsync(descriptor) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The 16-bit samples, rate and channel count of a PCM WAV file's bytes; nil when they are not one.
    public static func decodeInt16(_ bytes: [UInt8]) -> (sampleRate: Int, channels: Int, samples: [Int16])? {
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<12]) == Array("WAVE".utf8)
        else { return nil }
        var offset = 12
        var rate = 0, channels = 0, bits = 0
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = u32(offset + 4)
            let body = offset + 8
            if id == "fmt " && body + 16 <= bytes.count {
                guard u16(body) == 1 else { return nil }
                channels = u16(body + 2); rate = u32(body + 4); bits = u16(body + 14)
            } else if id == "data" {
                guard bits == 16, channels > 0 else { return nil }
                let end = min(bytes.count, body + size)
                var samples = [Int16](); samples.reserveCapacity((end - body) / 2)
                var i = body
                while i + 1 < end { samples.append(Int16(bitPattern: UInt16(u16(i)))); i += 2 }
                return (rate, channels, samples)
            }
            offset = body + size + (size & 1)
        }
        return nil
    }
}

/// A WAV file could not be written; names the file and the system's reason.
public struct WAVWriteError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
        Localization.tr("Could not write the sound file %@: %@. Choose another folder or file name.", path, reason)
    }
}
