// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// A reference level as heard: measured in rendered samples, the way a person with a meter would judge it.
final class ReferenceSoundTests: XCTestCase {
    let rate = AudioBuffer.standardSampleRate

    func settings(_ level: ReferenceLevel?, ticks: Bool = true) -> SonificationSettings {
        var settings = SonificationSettings()
        settings.referenceLevel = level
        settings.playsGridlineTicks = ticks
        return settings
    }

    /// `a − b`, sample by sample (left channel).
    func difference(_ a: AudioBuffer, _ b: AudioBuffer) -> [Float] {
        zip(SignalMeasures.left(a), SignalMeasures.left(b)).map { $0 - $1 }
    }

    /// Root-mean-square level of `samples`.
    func rms(_ samples: ArraySlice<Float>) -> Double {
        (samples.reduce(0.0) { $0 + Double($1 * $1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// `frequency` Hz's magnitude in 5 ms Hann-windowed frames of `samples`, one value per frame.
    func frames(of frequency: Double, in samples: [Float]) -> [Double] {
        let size = 240
        let window = (0..<size).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(size))) }
        return stride(from: 0, to: samples.count - size, by: size).map { start in
            SignalMeasures.magnitude(
                of: frequency, in: ArraySlice(zip(samples[start..<start + size], window).map { $0 * $1 }),
                sampleRate: rate)
        }
    }

    /// Start times (seconds) of bursts in `levels` (5 ms frames) above `threshold`, a burst ending after 40 ms below.
    func bursts(_ levels: [Double], above threshold: Double) -> [Double] {
        var starts: [Double] = []
        var lastLoud = -100
        for (i, level) in levels.enumerated() where level > threshold {
            if i - lastLoud > 8 { starts.append(Double(i) * 0.005) }
            lastLoud = i
        }
        return starts
    }

    func testTheReferenceIsASteadyToneAtTheLevelsPitchEighteenDecibelsUnderTheData() throws {
        // Five notes with gaps between them: in a gap, only the reference sounds.
        let chart = ChartMaking.chart(kind: .scatter, ys: [1, 5, 2, 6, 3])
        let sonifier = Sonifier(chart: chart, settings: settings(.mean))
        let score = sonifier.score(.single(0))
        let frequency = try XCTUnwrap(score.references.first?.frequency)
        XCTAssertEqual(frequency, try XCTUnwrap(sonifier.pitch.frequency(of: 3.4)), accuracy: 1e-9)
        let full = Synthesizer().render(score)
        var unmarked = score
        unmarked.crossings = []
        let plain = Synthesizer().render(Sonifier(chart: chart).score(.single(0)))
        let reference = difference(Synthesizer().render(unmarked), plain)

        // Between the first two notes (0.85–1.15 s) the whole sound is the reference, at the level's pitch.
        let gap = SignalMeasures.left(full)[Int(0.88 * Double(rate))..<Int(1.12 * Double(rate))]
        XCTAssertEqual(SignalMeasures.zeroCrossingFrequency(gap, sampleRate: rate), frequency, accuracy: frequency * 0.005)
        // Over the whole chart it stays at that pitch and level: adding it left the data's samples alone.
        let middle = reference[Int(0.5 * Double(rate))..<Int(4.5 * Double(rate))]
        XCTAssertEqual(SignalMeasures.zeroCrossingFrequency(middle, sampleRate: rate), frequency, accuracy: frequency * 0.002)
        let data = SignalMeasures.soundingRMS(SignalMeasures.left(plain))
        XCTAssertEqual(20 * log10(rms(middle) / data), -18, accuracy: 1, "clearly quieter than the data")
        XCTAssertLessThan(SignalMeasures.peak(Array(middle)), SignalMeasures.peak(SignalMeasures.left(plain)) / 4)
        let quarters = stride(from: 0.5, to: 4.5, by: 0.5).map { t in
            rms(reference[Int(t * Double(rate))..<Int((t + 0.5) * Double(rate))])
        }
        XCTAssertLessThan(quarters.max()! / quarters.min()!, 1.05, "steady: every half second at the same level")
    }

    func testEveryCrossingOfBirthsIsHeardAsOneMarkWhenItCrosses() throws {
        // births.csv against its mean: 3 crossings. The mark's overtone at 1,500 × 2.76 Hz is in no data tone,
        // reference tone or gridline tick, so the marks are counted in the finished sound.
        let births = try ChartMaking.births()
        let mean = try XCTUnwrap(ReferenceLevel.mean.value(inSeries: 0, of: births))
        let crossings = LevelCrossings.find(in: births.series[0], level: mean)
        XCTAssertEqual(crossings.map(\.direction), [.downward, .upward, .downward])
        let score = Sonifier(chart: births, settings: settings(.mean)).score(.single(0))
        XCTAssertFalse(score.ticks.isEmpty, "the gridline ticks sound too")
        XCTAssertEqual(score.crossings.count, crossings.count)
        let left = SignalMeasures.left(Synthesizer().render(score))
        let heard = bursts(frames(of: 1_500 * 2.76, in: left), above: 0.001)
        XCTAssertEqual(heard.count, crossings.count, "one mark per crossing: \(heard)")
        for (burst, mark) in zip(heard, score.crossings) {
            // The 1,500 Hz tap is the second of a rising mark, the first of a falling one.
            let expected = mark.time + (mark.direction == .upward ? 0.045 : 0)
            XCTAssertEqual(burst, expected, accuracy: 0.006, "\(mark)")
        }
        let unmarked = bursts(
            frames(
                of: 1_500 * 2.76,
                in: SignalMeasures.left(
                    Synthesizer().render(Sonifier(chart: births, settings: settings(nil)).score(.single(0))))), above: 0.001)
        XCTAssertEqual(unmarked, [], "nothing else there sounds like a mark")
    }

    func testAMarkRisesForAnUpwardCrossingFallsForADownwardOneAndStaysUnderTheData() throws {
        let sonifier = Sonifier(chart: ChartMaking.chart(ys: [1, 2]))
        for direction in [LevelCrossing.Direction.upward, .downward] {
            let buffer = Synthesizer().render(sonifier.crossingScore(series: 0, direction: direction))
            XCTAssertEqual(buffer.frameCount, 3_600, "75 ms")
            let left = SignalMeasures.left(buffer)
            let first = left[0..<1_440], second = left[2_160..<3_600]
            func higher(_ part: ArraySlice<Float>) -> Bool {
                SignalMeasures.magnitude(of: 1_500, in: part, sampleRate: rate)
                    > SignalMeasures.magnitude(of: 1_000, in: part, sampleRate: rate)
            }
            XCTAssertEqual(higher(first), direction == .downward, "\(direction): first tap")
            XCTAssertEqual(higher(second), direction == .upward, "\(direction): second tap")
            let peak = SignalMeasures.peak(buffer.samples)
            XCTAssertGreaterThan(peak, 0.05, "heard")
            XCTAssertLessThanOrEqual(
                SignalMeasures.largestJump(buffer),
                SignalMeasures.sineJumpLimit(peak: peak, frequency: 1_500 * 2.76, sampleRate: rate) * 1.02,
                "no click")
        }
        // In a whole chart the data stays the loudest thing, and as loud as without the level.
        let chart = ChartMaking.chart(ys: (0..<40).map { sin(Double($0) / 4) })
        let marked = Synthesizer().render(Sonifier(chart: chart, settings: settings(.zero, ticks: false)).score(.single(0)))
        let plain = Synthesizer().render(Sonifier(chart: chart, settings: settings(nil, ticks: false)).score(.single(0)))
        let data = SignalMeasures.left(plain)
        let added = difference(marked, plain)
        let loudestFrame = stride(from: 0, to: added.count - 240, by: 240).map { rms(added[$0..<$0 + 240]) }.max()!
        XCTAssertLessThan(
            loudestFrame, SignalMeasures.soundingRMS(data), "every 5 ms of marks and reference under the data's level")
        XCTAssertLessThan(SignalMeasures.peak(added), SignalMeasures.peak(data))
        XCTAssertLessThanOrEqual(SignalMeasures.peak(marked.samples), 0.8913)
    }
}
