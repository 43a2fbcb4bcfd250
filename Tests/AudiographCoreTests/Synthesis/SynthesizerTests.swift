// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

final class SynthesizerTests: XCTestCase {
    let rate = AudioBuffer.standardSampleRate

    func note(_ timbre: Timbre, frequency: Double, seconds: Double = 0.5, pan: Double = 0) -> Score {
        Score(
            duration: seconds,
            tones: [
                Tone(
                    series: 0, timbre: timbre, pan: pan, gain: 0.5,
                    path: [
                        PitchPoint(time: 0, frequency: frequency),
                        PitchPoint(time: seconds, frequency: frequency)
                    ],
                    attack: 0.01, release: 0.03, points: 0...0)
            ])
    }

    func testRendersTheScoresLengthAt48kHzStereo() {
        let buffer = Synthesizer().render(note(.pure, frequency: 440, seconds: 1.25))
        XCTAssertEqual(buffer.sampleRate, 48_000)
        XCTAssertEqual(buffer.channels, 2)
        XCTAssertEqual(buffer.frameCount, 60_000)
    }

    func testAToneSoundsAtItsFrequency() {
        for frequency in [220.0, 440, 1760] {
            let left = SignalMeasures.left(Synthesizer().render(note(.pure, frequency: frequency)))
            let heard = SignalMeasures.zeroCrossingFrequency(left[2_000..<20_000], sampleRate: rate)
            XCTAssertEqual(heard, frequency, accuracy: frequency * 0.002)
        }
    }

    func testAGlideIsPhaseContinuousAndClickFree() {
        let score = Score(
            duration: 2,
            tones: [
                Tone(
                    series: 0, timbre: .pure, pan: 0, gain: 0.5,
                    path: [
                        PitchPoint(time: 0, frequency: 220), PitchPoint(time: 0.5, frequency: 1760),
                        PitchPoint(time: 0.5, frequency: 300), PitchPoint(time: 1.5, frequency: 1500),
                        PitchPoint(time: 2, frequency: 1500)
                    ],
                    attack: 0.02, release: 0.05, points: 0...3)
            ])
        let buffer = Synthesizer().render(score)
        let peak = SignalMeasures.peak(buffer.samples)
        XCTAssertLessThanOrEqual(
            SignalMeasures.largestJump(buffer),
            SignalMeasures.sineJumpLimit(peak: peak, frequency: 1760, sampleRate: rate) * 1.02,
            "even a jump in pitch keeps the waveform continuous")
    }

    func testNotesStartAndEndWithoutClicks() {
        let tones = (0..<8).map { k in
            Tone(
                series: 0, timbre: .pure, pan: 0, gain: 0.5,
                path: [
                    PitchPoint(time: Double(k) * 0.1, frequency: 1760), PitchPoint(time: Double(k) * 0.1 + 0.05, frequency: 1760)
                ],
                attack: 0.008, release: 0.015, points: k...k)
        }
        let buffer = Synthesizer().render(Score(duration: 0.8, tones: tones))
        let peak = SignalMeasures.peak(buffer.samples)
        XCTAssertGreaterThan(peak, 0.1)
        XCTAssertLessThanOrEqual(
            SignalMeasures.largestJump(buffer),
            SignalMeasures.sineJumpLimit(peak: peak, frequency: 1760, sampleRate: rate) * 1.02)
        // Silence between the notes really is silence.
        let left = SignalMeasures.left(buffer)
        let gap = Array(left[2_600..<4_700])  // 54 ms to 98 ms: after the first note, before the second
        XCTAssertEqual(SignalMeasures.peak(gap), 0, accuracy: 1e-6)
    }

    func testSixTimbresHaveClearlyDifferentHarmonics() {
        var profiles: [Timbre: [Double]] = [:]
        for timbre in Timbre.allCases {
            let left = SignalMeasures.left(Synthesizer().render(note(timbre, frequency: 440)))
            let window = left[4_800..<19_200]
            let harmonics = (1...8).map { SignalMeasures.magnitude(of: 440 * Double($0), in: window, sampleRate: rate) }
            profiles[timbre] = harmonics.map { $0 / harmonics[0] }
        }
        XCTAssertGreaterThanOrEqual(Timbre.allCases.count, 5)
        for a in Timbre.allCases {
            for b in Timbre.allCases where a.rawValue < b.rawValue {
                let distance = zip(profiles[a]!, profiles[b]!).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
                XCTAssertGreaterThan(distance, 0.15, "\(a) and \(b) must not sound alike: \(profiles[a]!) vs \(profiles[b]!)")
            }
        }
        XCTAssertLessThan(profiles[.pure]![1], 0.01, "pure is a sine")
        XCTAssertGreaterThan(profiles[.bright]![1], 0.3, "bright has every harmonic")
        XCTAssertLessThan(profiles[.hollow]![1], 0.02, "hollow has odd harmonics only")
    }

    func testTimbresAreBandLimited() {
        // At 1,760 Hz, the 11th and 13th harmonics (19.4 and 22.9 kHz) would pass 18 kHz: none may be there.
        for timbre in Timbre.allCases {
            let left = SignalMeasures.left(Synthesizer().render(note(timbre, frequency: 1760)))
            let window = left[4_800..<19_200]
            let fundamental = SignalMeasures.magnitude(of: 1760, in: window, sampleRate: rate)
            for n in [11, 13] {
                let alias = SignalMeasures.magnitude(of: 1760 * Double(n), in: window, sampleRate: rate)
                XCTAssertLessThan(alias / fundamental, 1e-3, "\(timbre) harmonic \(n)")
            }
        }
    }

    func testEveryChartPlaysAtASimilarLoudnessWithoutClipping() throws {
        let line = Sonifier(chart: ChartMaking.chart(ys: (0..<40).map { sin(Double($0) / 4) })).score(.single(0))
        let notes = Sonifier(chart: ChartMaking.chart(kind: .scatter, ys: (0..<40).map { sin(Double($0) / 4) })).score(.single(0))
        let xs = (0..<40).map(Double.init)
        let crowd = Sonifier(
            chart: ChartMaking.chart(series: (0..<6).map { k in ("s\(k)", xs, xs.map { sin($0 / 4 + Double(k)) }) })
        )
        .score(.all)
        let levels = [line, notes, crowd].map { SignalMeasures.soundingRMS(Synthesizer().render($0).samples) }
        for level in levels { XCTAssertEqual(20 * log10(level / levels[0]), 0, accuracy: 2, "levels \(levels)") }
        for score in [line, notes, crowd] {
            XCTAssertLessThanOrEqual(SignalMeasures.peak(Synthesizer().render(score).samples), 0.8913)
        }
    }

    func testTheLimiterHoldsLoudPeaksUnderTheCeiling() {
        // A long steady tone sets the loudness; three loud tones in phase for 10 ms then sum far above the ceiling.
        let steady = Tone(
            series: 0, timbre: .pure, pan: 0, gain: 0.2,
            path: [PitchPoint(time: 0, frequency: 440), PitchPoint(time: 4, frequency: 440)],
            attack: 0.01, release: 0.01, points: 0...0)
        let loud = (0..<3).map { _ in
            Tone(
                series: 0, timbre: .bright, pan: 0, gain: 0.5,
                path: [PitchPoint(time: 2, frequency: 300), PitchPoint(time: 2.01, frequency: 300)],
                attack: 0.001, release: 0.003, points: 0...0)
        }
        let buffer = Synthesizer().render(Score(duration: 4, tones: [steady] + loud, ticks: [Tick(time: 2.005, value: 0)]))
        let left = SignalMeasures.left(buffer)
        XCTAssertLessThanOrEqual(SignalMeasures.peak(buffer.samples), 0.8913)
        XCTAssertGreaterThan(SignalMeasures.peak(Array(left[96_000..<96_480])), 0.85, "the burst is limited, not muted")
        let before = SignalMeasures.peak(Array(left[0..<90_000]))
        XCTAssertGreaterThan(before, 0.2, "the steady tone is not pulled down by the burst")
        XCTAssertEqual(
            SignalMeasures.peak(Array(left[100_000..<180_000])), before, accuracy: 0.001,
            "the gain recovers fully after the burst")
    }

    func testGridlineTicksAreShortAndQuiet() {
        let buffer = Synthesizer().render(Score(duration: 1, ticks: [Tick(time: 0.5, value: 0)]))
        let left = SignalMeasures.left(buffer)
        let sounding = left.indices.filter { abs(left[$0]) > 1e-4 }
        XCTAssertFalse(sounding.isEmpty)
        XCTAssertLessThan(Double(sounding.last! - sounding.first!) / Double(rate), 0.01, "under 10 ms")
        XCTAssertEqual(Double(sounding.first! + sounding.last!) / 2 / Double(rate), 0.5, accuracy: 0.002)
        XCTAssertLessThan(SignalMeasures.peak(left), 0.1, "about 25 dB below a tone")
    }

    func testPanningPlacesATone() {
        let buffer = Synthesizer().render(note(.pure, frequency: 440, pan: -0.7))
        let left = SignalMeasures.left(buffer)
        let right = stride(from: 1, to: buffer.samples.count, by: 2).map { buffer.samples[$0] }
        XCTAssertGreaterThan(SignalMeasures.peak(left), 3 * SignalMeasures.peak(right))
    }
}
