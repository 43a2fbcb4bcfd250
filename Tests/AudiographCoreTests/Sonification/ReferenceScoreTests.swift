// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// A reference level in the score: its steady tone and its crossing marks, asserted before any sample exists.
final class ReferenceScoreTests: XCTestCase {
    func settings(_ level: ReferenceLevel?) -> SonificationSettings {
        var settings = SonificationSettings()
        settings.referenceLevel = level
        return settings
    }

    func testWithoutALevelNothingChangesAndWithOneTheDataStaysAsItWas() {
        let chart = ChartMaking.chart(ys: [1, 5, 2, 6, 3])
        XCTAssertNil(SonificationSettings().referenceLevel, "no level by default")
        let plain = Sonifier(chart: chart).score(.single(0))
        XCTAssertTrue(plain.references.isEmpty)
        XCTAssertTrue(plain.crossings.isEmpty)
        let referenced = Sonifier(chart: chart, settings: settings(.mean)).score(.single(0))
        XCTAssertEqual(referenced.tones, plain.tones)
        XCTAssertEqual(referenced.ticks, plain.ticks)
        XCTAssertEqual(referenced.duration, plain.duration)
    }

    func testTheReferenceToneSitsWhereTheSeriesValueWouldSoundForItsWholeTime() throws {
        let chart = ChartMaking.chart(ys: [1, 5, 2, 6, 3])
        let sonifier = Sonifier(chart: chart, settings: settings(.mean))
        let score = sonifier.score(.single(0))
        let reference = try XCTUnwrap(score.references.first)
        XCTAssertEqual(score.references.count, 1)
        XCTAssertEqual(reference.value, 3.4, accuracy: 1e-12)
        XCTAssertEqual(reference.frequency, try XCTUnwrap(sonifier.pitch.frequency(of: 3.4)), accuracy: 1e-9)
        XCTAssertEqual(reference.start, 0)
        XCTAssertEqual(reference.end, score.duration, accuracy: 1e-12)
        XCTAssertEqual(reference.name, "the mean")
    }

    func testALevelOutsideTheDataIsHeldAtTheEdgeOfThePitchRange() throws {
        let chart = ChartMaking.chart(ys: [10, 20, 30])
        XCTAssertEqual(
            try XCTUnwrap(Sonifier(chart: chart, settings: settings(.zero)).score(.single(0)).references.first).frequency, 220,
            accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(Sonifier(chart: chart, settings: settings(.value(99))).score(.single(0)).references.first).frequency,
            1760, accuracy: 1e-9)
        let logChart = ChartMaking.chart(ys: [10, 100, 1000], logY: true)
        let onLog = try XCTUnwrap(Sonifier(chart: logChart, settings: settings(.zero)).score(.single(0)).references.first)
        XCTAssertEqual(onLog.frequency, 220, accuracy: 1e-9, "zero has no place on a log axis: the bottom")
        XCTAssertTrue(Sonifier(chart: chart, settings: settings(.zero)).score(.single(0)).crossings.isEmpty, "never crossed")
    }

    func testALineIsMarkedWhereItsGlidePassesTheLevel() throws {
        // x 0…3 over 4 s: point k sounds at k + 0.5 s.
        let chart = ChartMaking.chart(ys: [0, 4, 4, 0])
        let score = Sonifier(chart: chart, settings: settings(.value(1))).score(.single(0))
        XCTAssertEqual(score.crossings.map(\.direction), [.upward, .downward])
        XCTAssertEqual(score.crossings[0].time, 0.5 + 0.25, accuracy: 1e-9, "a quarter of the way from 0 to 4")
        XCTAssertEqual(score.crossings[1].time, 2.5 + 0.75, accuracy: 1e-9)
    }

    func testABrokenLineIsMarkedWhereItSoundsAgain() throws {
        let chart = ChartMaking.chart(ys: [0, .nan, 4])
        let score = Sonifier(chart: chart, settings: settings(.value(1))).score(.single(0))
        XCTAssertEqual(score.crossings.count, 1)
        let resumed = try XCTUnwrap(score.tones.last)
        XCTAssertEqual(score.crossings[0].time, resumed.start, accuracy: 1e-9)
    }

    func testNotesAreMarkedAtTheOnsetOfTheFirstNoteOnTheOtherSide() {
        let chart = ChartMaking.chart(kind: .scatter, ys: [1, 5, 2, 6, 3])
        let score = Sonifier(chart: chart, settings: settings(.mean)).score(.single(0))
        XCTAssertEqual(score.crossings.map(\.direction), [.upward, .downward, .upward, .downward])
        let onsets = Dictionary(uniqueKeysWithValues: score.tones.map { ($0.points.lowerBound, $0.start) })
        XCTAssertEqual(score.crossings.map(\.time), [1, 2, 3, 4].map { onsets[$0]! })
    }

    func testSeriesPlayedTogetherEachHaveTheirLevelAndShareOneToneWhenItIsTheSame() throws {
        let xs: [Double] = [0, 1, 2, 3]
        let chart = ChartMaking.chart(series: [("a", xs, [-1, 1, -1, 1]), ("b", xs, [2, -2, 2, 2])])
        let zero = Sonifier(chart: chart, settings: settings(.zero)).score(.all)
        XCTAssertEqual(zero.references.count, 1, "both series' zero sounds at one pitch: one tone")
        XCTAssertEqual(zero.references[0].pan, 0)
        XCTAssertEqual(zero.crossings.filter { $0.series == 0 }.count, 3)
        XCTAssertEqual(zero.crossings.filter { $0.series == 1 }.count, 2)
        XCTAssertEqual(Set(zero.crossings.map(\.pan)), [-0.7, 0.7], "each series' marks on its side")
        let mean = Sonifier(chart: chart, settings: settings(.mean)).score(.all)
        XCTAssertEqual(mean.references.map(\.value), [0, 1])
        XCTAssertEqual(mean.references.map(\.pan), [-0.7, 0.7])
    }

    func testSequentialSeriesHaveTheirToneOnlyWhileTheyPlay() {
        var s = settings(.mean)
        s.arrangement = .sequential
        let xs: [Double] = [0, 1, 2]
        let score = Sonifier(chart: ChartMaking.chart(series: [("a", xs, [1, 2, 3]), ("b", xs, [3, 2, 1])]), settings: s).score(
            .all)
        XCTAssertEqual(score.references.count, 2)
        for (reference, layout) in zip(score.references, score.layouts) {
            XCTAssertEqual(reference.start, layout.offset, accuracy: 1e-9)
            XCTAssertEqual(reference.end, layout.offset + layout.duration, accuracy: 1e-9)
        }
    }

    func testCrowdedCrossingsAreKeptApartAndCancellingOnesLeftOut() {
        // 1,000 noisy points around the level in 10 s: gathered into 60 ms intervals whose means keep crossing it.
        let ys = (0..<1000).map { Double(($0 * 7919) % 13) }
        let noisy = Sonifier(chart: ChartMaking.chart(ys: ys), settings: settings(.value(6))).score(.single(0))
        XCTAssertLessThan(noisy.crossings.count, 40, "no buzz of marks")
        for (a, b) in zip(noisy.crossings, noisy.crossings.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.time - a.time, 0.15, "marks stay apart")
            XCTAssertNotEqual(a.direction, b.direction, "only crossings that leave the series across are kept")
        }
        // A slow wave through the level in 10 s still gets every mark.
        let wave = (0..<1000).map { sin(Double($0) / 1000 * 6 * Double.pi) }
        let waved = Sonifier(chart: ChartMaking.chart(ys: wave), settings: settings(.zero)).score(.single(0))
        XCTAssertEqual(
            waved.crossings.map(\.direction), [.downward, .upward, .downward, .upward, .downward],
            "three periods cross zero five times between the ends")
        for (crossing, k) in zip(waved.crossings, 1...5) {
            XCTAssertEqual(crossing.time, 10 * Double(k) / 6, accuracy: 0.06, "where the wave passes zero")
        }
    }

    func testBoxesAreHeardAgainstTheirMediansLevelAndHistogramsHaveNone() throws {
        let boxes = [BoxStatistics([1, 2, 3, 4, 5]), BoxStatistics([5, 6, 7, 8, 9]), BoxStatistics([0, 1, 2, 3, 4])]
            .compactMap { $0 }
        XCTAssertEqual(boxes.count, 3)
        var series = DataSeries(name: "box", isContinuous: false, x: [0, 1, 2], y: boxes.map(\.median))
        series.boxes = boxes
        var chart = ChartMaking.chart(kind: .box, ys: [0, 9])
        chart.series = [series]
        let score = Sonifier(chart: chart, settings: settings(.value(4))).score(.single(0))
        XCTAssertEqual(score.references.count, 1)
        XCTAssertEqual(score.crossings.map(\.direction), [.upward, .downward])
        let firstNoteOfBox1 = score.tones.filter { $0.points == 1...1 }.map(\.start).min()!
        XCTAssertEqual(score.crossings[0].time, firstNoteOfBox1, accuracy: 1e-9)

        var histogram = ChartMaking.chart(kind: .histogram, ys: [1, 5, 2])
        histogram.kind = .histogram
        let none = Sonifier(chart: histogram, settings: settings(.mean)).score(.single(0))
        XCTAssertTrue(none.references.isEmpty)
        XCTAssertTrue(none.crossings.isEmpty)
    }

    func testSteppingAcrossTheLevelAddsAMarkToThePointTone() {
        let chart = ChartMaking.chart(kind: .scatter, ys: [1, 5, 2, 2, 6])
        let sonifier = Sonifier(chart: chart, settings: settings(.value(2)))
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 1, from: 0).crossings.map(\.direction), [.upward])
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 0, from: 1).crossings.map(\.direction), [.downward])
        XCTAssertTrue(sonifier.pointScore(series: 0, index: 2, from: 1).crossings.isEmpty, "landing on the level")
        XCTAssertTrue(sonifier.pointScore(series: 0, index: 4, from: 2).crossings.isEmpty, "2 was reached from above")
        XCTAssertEqual(sonifier.pointScore(series: 0, index: 4, from: 0).crossings.map(\.direction), [.upward], "a jump")
        XCTAssertTrue(sonifier.pointScore(series: 0, index: 1).crossings.isEmpty, "no step, no mark")
        XCTAssertEqual(sonifier.stepCrossing(series: 0, from: 0, to: 1), .upward)
        XCTAssertTrue(Sonifier(chart: chart).pointScore(series: 0, index: 1, from: 0).crossings.isEmpty, "no level")
    }

    func testOneCrossingMarkOnItsOwn() {
        let score = Sonifier(chart: ChartMaking.chart(ys: [1, 2])).crossingScore(series: 0, direction: .downward)
        XCTAssertEqual(score.crossings, [CrossingMark(series: 0, time: 0, direction: .downward, pan: 0)])
        XCTAssertTrue(score.tones.isEmpty)
        XCTAssertEqual(score.duration, 0.075, accuracy: 1e-9)
    }
}
