// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Renders a score into 48 kHz stereo float samples: wavetable oscillators, smooth envelopes, equal-power
/// panning, then loudness normalization, then the reference tones, gridline ticks and crossing marks at
/// fixed levels under the data, and a limiter.
public struct Synthesizer: Sendable {
    /// Frames per second of the output.
    public var sampleRate: Int
    /// Pitch of a gridline tick, in hertz.
    static let tickFrequency = 2_500.0
    /// Length of a gridline tick, in seconds.
    static let tickDuration = 0.006
    /// Peak of a gridline tick after normalization (about 26 dB below a tone), linear.
    static let tickLevel: Float = 0.05
    /// Frames rendered per block before the oscillator picks a new band-limited table.
    static let blockFrames = 64

    public init(sampleRate: Int = AudioBuffer.standardSampleRate) {
        self.sampleRate = sampleRate
    }

    /// The whole score as a stereo buffer `score.duration` long (a tick or mark running past the end is cut).
    public func render(_ score: Score) -> AudioBuffer {
        let rate = Double(sampleRate)
        let frames = max(0, Int((score.duration * rate).rounded(.up)))
        var samples = [Float](repeating: 0, count: frames * 2)
        let tables = Wavetables.shared
        samples.withUnsafeMutableBufferPointer { out in
            for tone in score.tones { renderTone(tone, tables: tables, into: out) }
        }
        LoudnessNormalizer.normalize(&samples)
        samples.withUnsafeMutableBufferPointer { out in
            for reference in score.references { renderReference(reference, into: out) }
            for tick in score.ticks { renderTick(at: tick.time, into: out) }
            for mark in score.crossings { renderCrossing(mark, into: out) }
        }
        Limiter.limit(&samples, sampleRate: sampleRate)
        return AudioBuffer(sampleRate: sampleRate, channels: 2, samples: samples)
    }

    /// Adds one tone to `out`: phase runs on across the path's segments, so a glide never clicks.
    private func renderTone(_ tone: Tone, tables: Wavetables, into out: UnsafeMutableBufferPointer<Float>) {
        let rate = Double(sampleRate)
        let frameCount = out.count / 2
        let first = max(0, Int((tone.start * rate).rounded()))
        let last = min(frameCount, Int((tone.end * rate).rounded()))
        guard last > first, tone.path.count >= 2 else { return }
        let total = last - first
        var attack = max(1, Int(tone.attack * rate)), release = max(1, Int(tone.release * rate))
        if attack + release > total {
            let scale = Double(total) / Double(attack + release)
            attack = max(1, Int(Double(attack) * scale)); release = max(1, total - attack)
        }
        let place = Self.panning(tone.pan)
        let leftGain = Float(tone.gain * place.left), rightGain = Float(tone.gain * place.right)
        let size = Double(Wavetables.size)
        let timbreIndex = Timbre.allCases.firstIndex(of: tone.timbre)!
        var phase = 0.0  // position in the table, 0..<size
        for k in 0..<(tone.path.count - 1) {
            let a = tone.path[k], b = tone.path[k + 1]
            let segmentStart = max(first, Int((a.time * rate).rounded()))
            let segmentEnd = min(last, Int((b.time * rate).rounded()))
            guard segmentEnd > segmentStart else { continue }
            let length = Double(segmentEnd - segmentStart)
            var increment = a.frequency / rate * size
            let ratio = b.frequency == a.frequency ? 1 : Foundation.pow(b.frequency / a.frequency, 1 / length)
            var frame = segmentStart
            while frame < segmentEnd {
                let blockEnd = min(segmentEnd, frame + Self.blockFrames)
                let highest = max(increment, increment * Foundation.pow(ratio, Double(blockEnd - frame))) * rate / size
                tables.tables[timbreIndex][Wavetables.band(for: highest)].withUnsafeBufferPointer { table in
                    for f in frame..<blockEnd {
                        let position = Int(phase)
                        let fraction = Float(phase - Double(position))
                        let s0 = table[position], s1 = table[position + 1]
                        var value = s0 + fraction * (s1 - s0)
                        let fromStart = f - first, toEnd = last - f
                        if fromStart < attack {
                            value *= Self.fade(Float(fromStart) / Float(attack))
                        } else if toEnd <= release {
                            value *= Self.fade(Float(toEnd) / Float(release))
                        }
                        out[2 * f] += value * leftGain
                        out[2 * f + 1] += value * rightGain
                        phase += increment
                        if phase >= size { phase -= size }
                        increment *= ratio
                    }
                }
                frame = blockEnd
            }
        }
    }

    /// The left and right gains (0…1) that place a sound at `pan`, -1 (left) … 1 (right), with equal power:
    /// a centred sound has 1/√2 in each channel.
    static func panning(_ pan: Double) -> (left: Double, right: Double) {
        let angle = (min(1, max(-1, pan)) + 1) * Double.pi / 4
        return (Foundation.cos(angle), Foundation.sin(angle))
    }

    /// A raised-cosine ramp from 0 (at 0) to 1 (at 1): no corner at either end, so no click.
    @inline(__always)
    static func fade(_ x: Float) -> Float {
        0.5 - 0.5 * Foundation.cos(Float.pi * x)
    }

    /// Adds a gridline tick: a few cycles of a high tone under a Hann window, centred at `time` seconds.
    private func renderTick(at time: Double, into out: UnsafeMutableBufferPointer<Float>) {
        let rate = Double(sampleRate)
        let length = Int(Self.tickDuration * rate)
        let first = Int((time * rate).rounded()) - length / 2
        for k in 0..<length {
            let f = first + k
            guard f >= 0, f < out.count / 2 else { continue }
            let window = Self.fade(
                2 * Float(k) / Float(length) > 1 ? 2 - 2 * Float(k) / Float(length) : 2 * Float(k) / Float(length))
            let value = Self.tickLevel * window * Float(Foundation.sin(2 * Double.pi * Self.tickFrequency * Double(k) / rate))
            out[2 * f] += value
            out[2 * f + 1] += value
        }
    }
}
