// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes and reads standard 16-bit PCM WAV files (RIFF/WAVE), the format sox, aplay and every player read.
public enum WAVFile {
    /// The whole file for `buffer` as bytes: the 44-byte header followed by 16-bit little-endian samples.
    public static func encode(_ buffer: AudioBuffer) -> [UInt8] {
        var bytes = header(buffer)
        PCMConversion.appendInt16LittleEndian(buffer.samples[...], to: &bytes)
        return bytes
    }

    /// The 44-byte RIFF/WAVE header for `buffer`'s samples as 16-bit PCM.
    static func header(_ buffer: AudioBuffer) -> [UInt8] {
        let dataBytes = buffer.samples.count * 2
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44)
        func append(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        append("RIFF"); append32(36 + dataBytes); append("WAVE")
        append("fmt "); append32(16)
        append16(1)  // PCM
        append16(buffer.channels)
        append32(buffer.sampleRate)
        append32(buffer.sampleRate * buffer.channels * 2)  // bytes per second
        append16(buffer.channels * 2)  // bytes per frame
        append16(16)  // bits per sample
        append("data"); append32(dataBytes)
        return bytes
    }

    /// Samples converted and written per step by `write`: 64 Ki samples, a 128 KiB block.
    static let samplesPerBlock = 1 << 16

    /// Writes `buffer` to `path` with `OutputFile` (a file whole or not at all, an earlier one staying until the
    /// new one is complete; standard output, a pipe or a device written in place), converting the samples block by block so no second copy of the sound is made.
    /// Once `cancellation` is set (checked per block) it stops, leaves nothing behind and throws
    /// `WAVWriteCancelled`. `sparing` is the data file, which is never written over.
    public static func write(
        _ buffer: AudioBuffer, to path: String, sparing: String? = nil,
        cancellation: CancellationFlag? = nil
    ) throws {
        do {
            try OutputFile.write(to: path, sparing: sparing) { file in
                try file.write(header(buffer))
                var block: [UInt8] = []
                block.reserveCapacity(samplesPerBlock * 2)
                var start = 0
                while start < buffer.samples.count {
                    if cancellation?.isCancelled == true { throw WAVWriteCancelled() }
                    let end = min(start + samplesPerBlock, buffer.samples.count)
                    block.removeAll(keepingCapacity: true)
                    PCMConversion.appendInt16LittleEndian(buffer.samples[start..<end], to: &block)
                    try file.write(block)
                    start = end
                }
            }
        } catch let error as FileWriteError {
            throw WAVWriteError(path: path, reason: error.reason)
        }
    }

    /// The 16-bit samples, rate and channel count of a PCM WAV file's bytes; nil when they are not one.
    public static func decodeInt16(_ bytes: [UInt8]) -> (sampleRate: Int, channels: Int, samples: [Int16])? {
        func u32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
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

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        Localization.tr("Could not write the sound file %@: %@. Choose another folder or file name.", path, reason)
    }
}

/// A WAV write stopped by its cancellation flag before the file was complete; nothing was left behind.
public struct WAVWriteCancelled: Error, Sendable {}
