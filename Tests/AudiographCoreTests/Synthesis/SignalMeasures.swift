// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Measurements of rendered sound, the way a person with a meter would judge it.
enum SignalMeasures {
    /// The left channel of interleaved stereo samples.
    static func left(_ buffer: AudioBuffer) -> [Float] {
        stride(from: 0, to: buffer.samples.count, by: 2).map { buffer.samples[$0] }
    }

    /// Largest absolute sample.
    static func peak(_ samples: [Float]) -> Float { samples.map(abs).max() ?? 0 }

    /// Largest difference between neighbouring samples of one channel.
    static func largestJump(_ buffer: AudioBuffer) -> Float {
        var jump: Float = 0
        for c in 0..<buffer.channels {
            var previous: Float = 0
            for i in stride(from: c, to: buffer.samples.count, by: buffer.channels) {
                jump = max(jump, abs(buffer.samples[i] - previous))
                previous = buffer.samples[i]
            }
        }
        return max(jump, abs(buffer.samples.last ?? 0))
    }

    /// The most a sine of `peak` amplitude at `frequency` Hz can move between two samples.
    static func sineJumpLimit(peak: Float, frequency: Double, sampleRate: Int) -> Float {
        2 * peak * Float(sin(Double.pi * frequency / Double(sampleRate)))
    }

    /// Magnitude of `frequency` Hz in `samples` (Goertzel), normalized by length.
    static func magnitude(of frequency: Double, in samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        let w = 2 * Double.pi * frequency / Double(sampleRate)
        let coefficient = 2 * cos(w)
        var s1 = 0.0, s2 = 0.0
        for x in samples {
            let s0 = Double(x) + coefficient * s1 - s2
            s2 = s1; s1 = s0
        }
        let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
        return power.squareRoot() / Double(samples.count)
    }

    /// Frequency of a steady tone from its upward zero crossings, in hertz.
    static func zeroCrossingFrequency(_ samples: ArraySlice<Float>, sampleRate: Int) -> Double {
        var crossings: [Double] = []
        var i = samples.startIndex + 1
        while i < samples.endIndex {
            let a = samples[i - 1], b = samples[i]
            if a < 0 && b >= 0 { crossings.append(Double(i - 1) + Double(-a / (b - a))) }
            i += 1
        }
        guard crossings.count > 2 else { return 0 }
        return Double(crossings.count - 1) / ((crossings.last! - crossings.first!) / Double(sampleRate))
    }

    /// Root-mean-square level of the samples above a small threshold.
    static func soundingRMS(_ samples: [Float]) -> Double {
        let sounding = samples.filter { abs($0) > 1e-3 }
        guard !sounding.isEmpty else { return 0 }
        return (sounding.reduce(0.0) { $0 + Double($1 * $1) } / Double(sounding.count)).squareRoot()
    }

    /// How many separate notes `samples` (48 kHz) hold, in 5 ms frames: a note is sound above a quarter of the
    /// loudest frame for at least 20 ms, after at least 10 ms below it (as Tests/gui/sound_measures.py counts).
    static func noteOnsets(_ samples: [Float]) -> Int {
        let frame = 240
        let levels = stride(from: 0, to: samples.count - frame, by: frame).map { start in
            (samples[start..<start + frame].map { Double($0 * $0) }.reduce(0, +) / Double(frame)).squareRoot()
        }
        let loud = (levels.max() ?? 0) * 0.25
        var runs: [(first: Int, last: Int)] = []
        for (i, level) in levels.enumerated() where level > loud {
            if let last = runs.last?.last, i - last <= 2 { runs[runs.count - 1].last = i } else { runs.append((i, i)) }
        }
        return runs.filter { $0.last - $0.first + 1 >= 4 }.count
    }
}
