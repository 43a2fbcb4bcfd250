// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// The data-to-sound mapping, asserted on the score before any sample exists.
final class ScoreTests: XCTestCase {
    /// The frequency a tone's path has at `time` (exponential glide between breakpoints), in hertz.
    func frequency(of tone: Tone, at time: Double) -> Double? {
        guard let first = tone.path.first, let last = tone.path.last, time >= first.time, time <= last.time else { return nil }
        for k in 0..<(tone.path.count - 1) where time <= tone.path[k + 1].time {
            let a = tone.path[k], b = tone.path[k + 1]
            guard b.time > a.time else { return b.frequency }
            return a.frequency * pow(b.frequency / a.frequency, (time - a.time) / (b.time - a.time))
        }
        return last.frequency
    }

    func testLineIsOneGlidingToneWhosePitchFollowsY() throws {
        let ys: [Double] = [3, 5, 4, 8, 10, 9, 1]
        let chart = ChartMaking.chart(ys: ys)
        let sonifier = Sonifier(chart: chart)
        let score = sonifier.score(.single(0))
        XCTAssertEqual(score.tones.count, 1)
        let tone = score.tones[0]
        let layout = score.layouts[0]
        for (i, y) in ys.enumerated() {
            let heard = try XCTUnwrap(frequency(of: tone, at: layout.time(ofX: Double(i))))
            XCTAssertEqual(heard, try XCTUnwrap(sonifier.pitch.frequency(of: y)), accuracy: 1e-6, "point \(i)")
        }
        // Higher y, higher pitch: the order of pitches is the order of values.
        let pitches = ys.indices.map { frequency(of: tone, at: layout.time(ofX: Double($0)))! }
        XCTAssertEqual(pitches.indices.sorted { pitches[$0] < pitches[$1] }, ys.indices.sorted { ys[$0] < ys[$1] })
        XCTAssertEqual(tone.lowestFrequency, 220, accuracy: 1e-9)
        XCTAssertEqual(tone.highestFrequency, 1760, accuracy: 1e-9)
        XCTAssertEqual(tone.start, 0, accuracy: 1e-9)
        XCTAssertEqual(tone.end, score.duration, accuracy: 1e-9)
    }

    func testLengthIsAboutOneSecondPerPointAndAtMostTenByDefault() {
        XCTAssertEqual(Sonifier(chart: ChartMaking.chart(ys: [1, 2, 3])).score(.single(0)).duration, 3, accuracy: 1e-9)
        XCTAssertEqual(
            Sonifier(chart: ChartMaking.chart(ys: (0..<10).map(Double.init))).score(.single(0)).duration, 10, accuracy: 1e-9)
        XCTAssertEqual(
            Sonifier(chart: ChartMaking.chart(ys: (0..<1000).map(Double.init))).score(.single(0)).duration, 10, accuracy: 1e-9)
        var settings = SonificationSettings()
        settings.maximumDuration = 30
        XCTAssertEqual(
            Sonifier(chart: ChartMaking.chart(ys: (0..<100).map(Double.init)), settings: settings)
                .score(.single(0)).duration, 30, accuracy: 1e-9)
    }

    func testDiscreteSeriesPlaysOneShortNotePerPointInXOrder() throws {
        let xs: [Double] = [4, 1, 3, 0, 2], ys: [Double] = [40, 10, 30, 0, 20]
        let chart = ChartMaking.chart(kind: .scatter, series: [("s", xs, ys)])
        let sonifier = Sonifier(chart: chart)
        let score = sonifier.score(.single(0))
        XCTAssertEqual(score.tones.count, 5)
        XCTAssertEqual(score.tones.map { $0.points.lowerBound }, [3, 1, 4, 2, 0], "notes come in x order")
        for tone in score.tones {
            XCTAssertEqual(tone.duration, 0.7, accuracy: 1e-9, "0.7 of a one-second slot")
            XCTAssertEqual(tone.lowestFrequency, tone.highestFrequency, "a single point holds one pitch")
            XCTAssertGreaterThan(tone.attack, 0)
            XCTAssertGreaterThan(tone.release, 0)
        }
        let starts = score.tones.map(\.start)
        XCTAssertEqual(starts, starts.sorted())
        XCTAssertEqual(score.tones.map(\.highestFrequency), score.tones.map(\.highestFrequency).sorted(), "y rises with x here")
    }

    func testNumericExtraAxisSetsNoteLength() {
        let sizeAxis = NumericAxis(title: "Price", range: 10...50, formatter: ValueFormatter())
        let chart = ChartMaking.chart(
            kind: .scatter, series: [("s", [0, 1, 2, 3, 4], [1, 2, 3, 4, 5])],
            additionalAxes: [.numeric(sizeAxis)],
            additional: [[.numeric([30, 10, 50, .nan, 20])]])
        let tones = Sonifier(chart: chart).score(.single(0)).tones
        XCTAssertEqual(tones.count, 5)
        XCTAssertLessThan(tones[1].duration, tones[4].duration)
        XCTAssertLessThan(tones[4].duration, tones[0].duration)
        XCTAssertLessThan(tones[0].duration, tones[2].duration)
        XCTAssertEqual(tones[1].duration, 0.2, accuracy: 1e-9, "the smallest value gets the shortest note")
        XCTAssertEqual(tones[2].duration, 0.95, accuracy: 1e-9, "the largest value gets the longest note")
        XCTAssertEqual(tones[3].duration, 0.7, accuracy: 1e-9, "a missing length uses the ordinary note")
    }

    func testCategoricalExtraAxisGivesEachCategoryItsOwnTimbre() {
        let countries = CategoricalAxis(title: "Country", categories: ["USA", "Germany", "Italy", "Japan", "France", "Korea"])
        let chart = ChartMaking.chart(
            kind: .scatter, series: [("cars", [0, 1, 2, 3, 4, 5, 6], [5, 3, 4, 2, 6, 1, 7])],
            additionalAxes: [.categorical(countries)],
            additional: [[.categorical([0, 1, 2, 3, 4, 5, 1])]])
        let tones = Sonifier(chart: chart).score(.single(0)).tones
        XCTAssertEqual(Set(tones.prefix(6).map(\.timbre)).count, 6, "six categories, six timbres")
        XCTAssertEqual(tones[6].timbre, tones[1].timbre, "the same category keeps its timbre")
    }

    func testMissingValuesAreSilence() throws {
        let chart = ChartMaking.chart(ys: [1, 2, .nan, 4, 5])
        let score = Sonifier(chart: chart).score(.single(0))
        XCTAssertEqual(score.tones.count, 2, "the gap splits the line in two")
        let layout = score.layouts[0]
        let gapTime = layout.time(ofX: 2)
        XCTAssertLessThanOrEqual(score.tones[0].end, gapTime - layout.slot / 2 + 1e-9)
        XCTAssertGreaterThanOrEqual(score.tones[1].start, gapTime + layout.slot / 2 - 1e-9)
        XCTAssertEqual(score.tones[0].points, 0...1)
        XCTAssertEqual(score.tones[1].points, 3...4)
        // A scatter just leaves the missing point out.
        let scatter = Sonifier(chart: ChartMaking.chart(kind: .scatter, ys: [1, .nan, 3])).score(.single(0))
        XCTAssertEqual(scatter.tones.map(\.points.lowerBound), [0, 2])
    }

    func testGridlinesBecomeTicksWherePlaybackCrossesThem() {
        let chart = ChartMaking.chart(
            series: [("s", (0...20).map(Double.init), (0...20).map { Double($0 % 7) })],
            xGridlines: [0, 5, 10, 15, 20])
        let score = Sonifier(chart: chart).score(.single(0))
        XCTAssertEqual(score.ticks.map(\.value), [0, 5, 10, 15, 20])
        for tick in score.ticks {
            XCTAssertEqual(tick.time, score.layouts[0].time(ofX: tick.value), accuracy: 1e-9)
        }
        XCTAssertEqual(score.ticks[2].time, 5, accuracy: 1e-9, "x = 10 is the middle of 21 points over 10 s")
        var quiet = SonificationSettings()
        quiet.playsGridlineTicks = false
        XCTAssertTrue(Sonifier(chart: chart, settings: quiet).score(.single(0)).ticks.isEmpty)
    }

    func testManyPointsAreGatheredIntoIntervalsThatKeepEveryExtreme() throws {
        // 200,000 points of a slow wave, with one spike up and one dip down far from the wave's own extremes.
        let n = 200_000
        var ys = (0..<n).map { 50 + 10 * sin(Double($0) / 9_000) }
        ys[123_457] = 100
        ys[31_337] = 0
        let chart = ChartMaking.chart(ys: ys)
        let sonifier = Sonifier(chart: chart)
        let score = sonifier.score(.single(0))
        let layout = score.layouts[0]
        let intervals = try XCTUnwrap(layout.intervalCount)
        XCTAssertGreaterThanOrEqual(layout.slot, SonificationSettings().shortestNote, "no interval shorter than 30 ms")
        XCTAssertEqual(score.duration, 10, accuracy: 1e-9)
        XCTAssertEqual(score.tones.count, 1)
        let tone = score.tones[0]
        XCTAssertLessThanOrEqual(tone.path.count, 2 * intervals + 2, "about two breakpoints per interval, not per point")
        XCTAssertEqual(tone.highestFrequency, 1760, accuracy: 1e-9, "the spike is still heard")
        XCTAssertEqual(tone.lowestFrequency, 220, accuracy: 1e-9, "the dip is still heard")
        // Every interval's own lowest and highest value is a breakpoint of the path.
        let pathPitches = Set(tone.path.map { ($0.frequency * 1e6).rounded() })
        var lowest = [Double](repeating: .infinity, count: intervals), highest = [Double](repeating: -.infinity, count: intervals)
        for (i, y) in ys.enumerated() {
            let b = min(intervals - 1, Int(Double(i) / Double(n - 1) * Double(intervals)))
            lowest[b] = min(lowest[b], y); highest[b] = max(highest[b], y)
        }
        for b in 0..<intervals {
            for extreme in [lowest[b], highest[b]] {
                let f = try XCTUnwrap(sonifier.pitch.frequency(of: extreme))
                XCTAssertTrue(pathPitches.contains((f * 1e6).rounded()), "interval \(b) keeps \(extreme)")
            }
        }
        // The spike sounds at its own time.
        let spikeTime = layout.time(ofX: 123_457)
        let spike = try XCTUnwrap(tone.path.first { $0.frequency == tone.highestFrequency })
        XCTAssertEqual(spike.time, spikeTime, accuracy: layout.slot)
    }

    func testManyDiscretePointsBecomeQuickGlidesBetweenEachIntervalsExtremes() throws {
        var ys = (0..<50_000).map { Double($0 % 100) }
        ys[25_000] = 1_000
        let score = Sonifier(chart: ChartMaking.chart(kind: .scatter, ys: ys)).score(.single(0))
        let intervals = try XCTUnwrap(score.layouts[0].intervalCount)
        XCTAssertEqual(score.tones.count, intervals)
        XCTAssertEqual(score.tones.map(\.highestFrequency).max()!, 1760, accuracy: 1e-9)
        for tone in score.tones {
            XCTAssertGreaterThanOrEqual(tone.duration, 0.03, "every note is at least 30 ms")
            XCTAssertLessThan(tone.lowestFrequency, tone.highestFrequency, "each interval glides min ↔ max")
        }
    }

    func testAllSeriesTogetherShareTheTimeAndGetTheirOwnTimbreAndSide() {
        let xs = (0..<12).map(Double.init)
        let chart = ChartMaking.chart(series: [("a", xs, xs), ("b", xs, xs.reversed()), ("c", xs, xs.map { _ in 5 })])
        let score = Sonifier(chart: chart).score(.all)
        XCTAssertEqual(score.duration, 10, accuracy: 1e-9)
        XCTAssertEqual(score.tones.count, 3)
        XCTAssertEqual(Set(score.tones.map(\.timbre)).count, 3)
        XCTAssertEqual(score.tones.map(\.pan), [-0.7, 0, 0.7])
        XCTAssertEqual(Set(score.tones.map(\.start)).count, 1, "they start together")
        XCTAssertEqual(score.ticks.count, Set(score.ticks.map(\.time)).count, "one tick per gridline, not per series")
        let focused = Sonifier(chart: chart).score(.single(1))
        XCTAssertEqual(focused.tones.map(\.series), [1])
        XCTAssertEqual(focused.tones[0].pan, 0)
        XCTAssertEqual(focused.tones[0].timbre, score.tones[1].timbre, "a series keeps its timbre alone or together")
    }

    func testAllSeriesOneAfterAnotherFollowEachOtherWithAPause() {
        let chart = ChartMaking.chart(series: [("a", [0, 1, 2], [1, 2, 3]), ("b", [0, 1, 2, 3, 4], [3, 2, 1, 2, 3])])
        var settings = SonificationSettings()
        settings.arrangement = .sequential
        let score = Sonifier(chart: chart, settings: settings).score(.all)
        XCTAssertEqual(score.layouts.map(\.offset), [0, 3.5])
        XCTAssertEqual(score.duration, 8.5, accuracy: 1e-9)
        XCTAssertEqual(score.tones[1].start, 3.5, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(score.tones[0].end, 3 + 1e-9)
    }

    func testASinglePointPlaysAloneWithTheSamePitchAndAShortFixedLength() throws {
        let chart = ChartMaking.chart(ys: [10, 20, 30, .nan])
        let sonifier = Sonifier(chart: chart)
        let point = sonifier.pointScore(series: 0, index: 1)
        XCTAssertEqual(point.tones.count, 1)
        XCTAssertEqual(point.tones[0].duration, 0.15, accuracy: 1e-9)
        XCTAssertEqual(point.tones[0].highestFrequency, try XCTUnwrap(sonifier.pitch.frequency(of: 20)), accuracy: 1e-9)
        XCTAssertEqual(point.tones[0].start, 0)
        XCTAssertTrue(sonifier.pointScore(series: 0, index: 3).tones.isEmpty, "a missing value is silence")
        XCTAssertTrue(sonifier.pointScore(series: 5, index: 0).tones.isEmpty)
    }

    func testScrubbingAcrossAGridlineTicks() {
        let chart = ChartMaking.chart(
            series: [("s", (0...20).map(Double.init), (0...20).map(Double.init))],
            xGridlines: [0, 5, 10, 15, 20])
        let sonifier = Sonifier(chart: chart)
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 5, from: 4).ticks.map(\.value), [5], "arriving on a gridline")
        XCTAssertTrue(sonifier.pointScore(series: 0, index: 6, from: 5).ticks.isEmpty, "leaving it was already heard")
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 9, from: 11).ticks.map(\.value), [10], "moving left")
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 20, from: 0).ticks.map(\.value), [20], "a jump ticks once")
        XCTAssertTrue(sonifier.pointScore(series: 0, index: 3).ticks.isEmpty, "no previous point, no tick")
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 5, from: 4).tones.count, 1, "the point still sounds")
    }

    func testManySeriesOneAfterAnotherStayWithinTenMinutes() {
        let xs = (0..<20).map(Double.init)
        let chart = ChartMaking.chart(series: (0..<100).map { ("s\($0)", xs, xs.map { $0 * 2 }) })
        var settings = SonificationSettings()
        settings.arrangement = .sequential
        let score = Sonifier(chart: chart, settings: settings).score(.all)
        XCTAssertEqual(score.duration, 600, accuracy: 1e-6, "100 × 10 s + pauses would be 17 minutes")
        XCTAssertEqual(score.layouts.count, 100)
        XCTAssertEqual(score.layouts[1].offset - score.layouts[0].offset, 600.0 / (1000 + 49.5) * 10.5, accuracy: 1e-6)
    }
}
