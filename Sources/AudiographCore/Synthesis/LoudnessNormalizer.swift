// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Scales rendered tones to one loudness, so a chart of short notes and a chart of one long line sound
/// about as loud as each other.
enum LoudnessNormalizer {
    /// Root-mean-square level of the sounding part after scaling, linear (about -14 dBFS).
    static let targetRMS: Float = 0.2
    /// Largest boost applied, so near-silence is not blown up into noise.
    static let maximumGain: Float = 16
    /// A frame counts as sounding above this absolute level.
    static let soundingThreshold: Float = 1e-4

    /// Multiplies `samples` so the frames that sound have `targetRMS`.
    static func normalize(_ samples: inout [Float]) {
        var sum = 0.0
        var sounding = 0
        samples.withUnsafeBufferPointer { s in
            var i = 0
            while i + 1 < s.count {
                let l = s[i], r = s[i + 1]
                if abs(l) > soundingThreshold || abs(r) > soundingThreshold {
                    sum += Double(l * l + r * r)
                    sounding += 2
                }
                i += 2
            }
        }
        guard sounding > 0, sum > 0 else { return }
        let rms = Float((sum / Double(sounding)).squareRoot())
        let gain = min(maximumGain, targetRMS / rms)
        samples.withUnsafeMutableBufferPointer { s in
            for i in s.indices { s[i] *= gain }
        }
    }
}
