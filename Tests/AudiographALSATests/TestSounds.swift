// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Buffers whose samples say where they came from, so a test can check every frame that was played.
enum TestSounds {
    /// A stereo buffer of `frames` frames whose left sample converts to the frame number modulo 30000 and
    /// whose right sample to its negation: any skipped, repeated or swapped frame shows.
    static func numbered(frames: Int) -> AudioBuffer {
        var samples: [Float] = []
        samples.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let value = Float(frame % 30_000) / 32_767
            samples.append(value)
            samples.append(-value)
        }
        return AudioBuffer(samples: samples)
    }

    /// A stereo sine: 440 Hz at half scale on the left, 660 Hz at quarter scale on the right.
    static func stereoSine(frames: Int) -> AudioBuffer {
        var samples: [Float] = []
        samples.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let t = Double(frame) / Double(AudioBuffer.standardSampleRate)
            samples.append(Float(0.5 * sin(2 * .pi * 440 * t)))
            samples.append(Float(0.25 * sin(2 * .pi * 660 * t)))
        }
        return AudioBuffer(samples: samples)
    }

    /// The 16-bit samples a device must receive for frames `range` of `buffer`.
    static func int16(_ buffer: AudioBuffer, frames range: Range<Int>) -> [Int16] {
        buffer.samples[range.lowerBound * buffer.channels..<range.upperBound * buffer.channels].map(PCMConversion.int16)
    }

    /// All of `buffer` as 16-bit samples.
    static func int16(_ buffer: AudioBuffer) -> [Int16] {
        int16(buffer, frames: 0..<buffer.frameCount)
    }
}
