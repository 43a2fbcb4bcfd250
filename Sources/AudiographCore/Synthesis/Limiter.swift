// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A look-ahead peak limiter: lowers the gain smoothly just before any peak above the ceiling, so nothing
/// clips and no corner is added to the waveform.
enum Limiter {
    /// Highest sample magnitude let through, linear (-1 dBFS).
    static let ceiling: Float = 0.891
    /// Look-ahead and attack length, in seconds.
    static let lookAhead = 0.002
    /// Time for the gain to recover fully after a peak, in seconds.
    static let recovery = 0.05

    /// Limits interleaved stereo `samples` in place; both channels share one gain so the stereo image holds.
    static func limit(_ samples: inout [Float], sampleRate: Int) {
        let frames = samples.count / 2
        guard frames > 0 else { return }
        var needed = [Float](repeating: 1, count: frames)
        var any = false
        for f in 0..<frames {
            let peak = max(abs(samples[2 * f]), abs(samples[2 * f + 1]))
            if peak > ceiling { needed[f] = ceiling / peak; any = true }
        }
        guard any else { return }
        let window = max(1, Int(lookAhead * Double(sampleRate)))
        // Forward window minimum: ahead[f] = min(needed[f ..< f + window]), via a monotonic queue.
        var ahead = [Float](repeating: 1, count: frames)
        var queue = [Int](); queue.reserveCapacity(window + 1)
        var head = 0
        for f in stride(from: frames - 1, through: 0, by: -1) {
            while queue.count > head, needed[queue[queue.count - 1]] >= needed[f] { queue.removeLast() }
            queue.append(f)
            while queue[head] >= f + window { head += 1 }
            ahead[f] = needed[queue[head]]
            if head > 4096 { queue.removeFirst(head); head = 0 }
        }
        // Slow recovery, then a moving average over the window: the gain at a peak is never above what it
        // needs, and every change is spread over `window` frames.
        let step = Float(1 / (recovery * Double(sampleRate)))
        var held = ahead[0]
        var history = [Float](repeating: held, count: window)
        var sum = Double(held) * Double(window)
        for f in 0..<frames {
            held = min(ahead[f], held + step)
            sum += Double(held - history[f % window])
            history[f % window] = held
            let gain = min(1, Float(sum / Double(window)))
            samples[2 * f] *= gain
            samples[2 * f + 1] *= gain
        }
    }
}
