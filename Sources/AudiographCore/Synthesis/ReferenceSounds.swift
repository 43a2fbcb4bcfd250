// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The sounds of a reference level: the steady tone at the level and the mark where the data crosses it.
///
/// Both are added after the data's loudness is set, at fixed levels under it, so they never change how
/// loud the data is and the data stays the loudest thing. Neither sounds like the data: the data's tones
/// hold steady in loudness with harmonic colours, the reference tone pulses gently, and the crossing mark
/// is two struck, quickly dying taps with an inharmonic overtone, at pitches set apart from the level.
extension Synthesizer {
    /// Strength of the reference tone's octave against its fundamental: a plain colour none of the six
    /// timbres has (pure has no octave, the others more harmonics).
    static let referenceOctave = 0.3
    /// How often the reference tone's loudness swells, in hertz, and how deep (0.3: down to 70%).
    static let referenceTremolo = (rate: 2.0, depth: 0.3)
    /// Fade-in and fade-out of the reference tone, in seconds.
    static let referenceFade = 0.05
    /// Peak amplitude of the reference tone that puts its root-mean-square level `ReferenceTone.loudness`
    /// decibels under the data's (`LoudnessNormalizer.targetRMS`, over both channels), for its octave and
    /// swell; √2 undoes the equal-power pan law, which leaves each channel of a centred tone at 1/√2.
    static let referenceAmplitude: Double = {
        let depth = referenceTremolo.depth
        let swell = (1 - depth / 2) * (1 - depth / 2) + depth * depth / 8  // mean square of the swell
        let shape = (1 + referenceOctave * referenceOctave) / 2  // mean square of the waveform
        return 2.0.squareRoot() * Double(LoudnessNormalizer.targetRMS) * pow(10, ReferenceTone.loudness / 20)
            / (swell * shape).squareRoot()
    }()

    /// Pitches of the crossing mark's two taps, in hertz: a fifth apart, low then high for an upward
    /// crossing, high then low for a downward one.
    static let crossingPitches = (low: 1_000.0, high: 1_500.0)
    /// Length of one tap, and time from the first tap's start to the second's, in seconds.
    static let crossingTap = (length: 0.03, spacing: 0.045)
    /// Length of a whole crossing mark, in seconds.
    static let crossingDuration = crossingTap.spacing + crossingTap.length
    /// Time constant of a tap's decay, in seconds.
    static let crossingDecay = 0.008
    /// A tap's inharmonic overtone (a struck bar's second mode, 2.76 times the pitch) and its strength.
    static let crossingOvertone = (ratio: 2.76, strength: 0.4)
    /// Peak amplitude of a tap's pitch after normalization, linear (under a tone's peak, and brief).
    static let crossingLevel = 0.12

    /// Adds a reference tone to `out`: a sine and its octave at a steady pitch, swelling gently, faded in
    /// and out.
    func renderReference(_ reference: ReferenceTone, into out: UnsafeMutableBufferPointer<Float>) {
        let rate = Double(sampleRate)
        let first = max(0, Int((reference.start * rate).rounded()))
        let last = min(out.count / 2, Int((reference.end * rate).rounded()))
        guard last > first, reference.frequency > 0 else { return }
        let fade = max(1, min(Int(Self.referenceFade * rate), (last - first) / 2))
        let place = Self.panning(reference.pan)
        let left = Self.referenceAmplitude * place.left, right = Self.referenceAmplitude * place.right
        // The octave only while it stays under the wavetables' band limit.
        let octave = 2 * reference.frequency < Wavetables.harmonicLimit ? Self.referenceOctave : 0
        let step = 2 * Double.pi * reference.frequency / rate
        let swellStep = 2 * Double.pi * Self.referenceTremolo.rate / rate
        let depth = Self.referenceTremolo.depth
        for f in first..<last {
            let k = Double(f - first)
            var value = (sin(step * k) + octave * sin(2 * step * k)) * (1 - depth * (1 - cos(swellStep * k)) / 2)
            let edge = min(f - first, last - 1 - f)
            if edge < fade { value *= Double(Self.fade(Float(edge) / Float(fade))) }
            out[2 * f] += Float(value * left)
            out[2 * f + 1] += Float(value * right)
        }
    }

    /// Adds a crossing mark to `out` from `mark.time`: two short struck taps, rising or falling.
    func renderCrossing(_ mark: CrossingMark, into out: UnsafeMutableBufferPointer<Float>) {
        let rate = Double(sampleRate)
        let pitches =
            mark.direction == .upward
            ? [Self.crossingPitches.low, Self.crossingPitches.high]
            : [Self.crossingPitches.high, Self.crossingPitches.low]
        let place = Self.panning(mark.pan)
        let left = Self.crossingLevel * place.left, right = Self.crossingLevel * place.right
        let length = Int(Self.crossingTap.length * rate)
        let attack = max(1, Int(0.001 * rate)), tail = max(1, Int(0.003 * rate))
        for (k, pitch) in pitches.enumerated() {
            let first = Int(((mark.time + Double(k) * Self.crossingTap.spacing) * rate).rounded())
            for n in 0..<length {
                let f = first + n
                guard f >= 0, f < out.count / 2 else { continue }
                let t = Double(n) / rate
                var value =
                    (sin(2 * Double.pi * pitch * t)
                        + Self.crossingOvertone.strength * sin(2 * Double.pi * pitch * Self.crossingOvertone.ratio * t))
                    * exp(-t / Self.crossingDecay)
                if n < attack { value *= Double(Self.fade(Float(n) / Float(attack))) }
                if length - 1 - n < tail { value *= Double(Self.fade(Float(length - 1 - n) / Float(tail))) }
                out[2 * f] += Float(value * left)
                out[2 * f + 1] += Float(value * right)
            }
        }
    }
}
