// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Converts float samples to the 16-bit integers that WAV files and sound devices take.
///
/// The WAV writer and the ALSA player both use this one conversion, so a file and a played sound hold the
/// same numbers sample for sample (the end-to-end test relies on it).
public enum PCMConversion {
    /// `sample` (nominally -1...1) as a signed 16-bit value, rounded to nearest and clamped so nothing wraps.
    @inlinable
    public static func int16(_ sample: Float) -> Int16 {
        let scaled = (sample * 32767).rounded()
        if !(scaled >= -32768) { return scaled.isNaN ? 0 : -32768 }
        if scaled > 32767 { return 32767 }
        return Int16(scaled)
    }

    /// `samples[range]` converted into little-endian 16-bit bytes, appended to `bytes`.
    public static func appendInt16LittleEndian(_ samples: ArraySlice<Float>, to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples {
            let value = UInt16(bitPattern: int16(sample))
            bytes.append(UInt8(truncatingIfNeeded: value))
            bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        }
    }
}
