// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Rendered sound: interleaved 32-bit float samples in -1...1 at a fixed rate, ready for a WAV file or a device.
public struct AudioBuffer: Sendable, Equatable {
    /// The rate every part of Audiograph renders and plays at, in frames per second.
    public static let standardSampleRate = 48_000

    /// Frames per second.
    public var sampleRate: Int
    /// Samples per frame (2 for stereo).
    public var channels: Int
    /// Interleaved samples, `channels` per frame, nominally in -1...1.
    public var samples: [Float]

    public init(sampleRate: Int = AudioBuffer.standardSampleRate, channels: Int = 2, samples: [Float]) {
        precondition(channels > 0 && samples.count % channels == 0, "samples must hold whole frames")  // l10n: not shown
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
    }

    /// A silent buffer `frames` frames long.
    public init(silentFrames frames: Int, sampleRate: Int = AudioBuffer.standardSampleRate, channels: Int = 2) {
        self.init(sampleRate: sampleRate, channels: channels, samples: [Float](repeating: 0, count: frames * channels))
    }

    /// Number of frames (one sample per channel each).
    public var frameCount: Int { samples.count / channels }

    /// Length in seconds.
    public var duration: Double { Double(frameCount) / Double(sampleRate) }

    /// The frame index that starts at `seconds` (clamped to the buffer).
    public func frame(atSeconds seconds: Double) -> Int {
        min(frameCount, max(0, Int((seconds * Double(sampleRate)).rounded())))
    }
}
