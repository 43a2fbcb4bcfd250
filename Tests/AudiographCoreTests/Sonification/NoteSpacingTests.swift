import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Every point of a discrete series is its own note: crowded x values (an uneven scatter, repeated x) give
/// notes that are shortened or moved apart, never merged, and the whole stays inside the series' time.
final class NoteSpacingTests: XCTestCase {
    /// Twenty points whose x crowd into three clusters, two of them with repeated x.
    private let unevenXs: [Double] = [
        0, 0.2, 0.3, 0.35, 0.4, 5, 5, 5, 5.1, 5.15, 9, 9.2, 9.4, 9.5, 9.6, 9.7, 9.8, 9.9,
        9.95, 10
    ]

    private func assertSeparate(
        _ tones: [Tone], within window: ClosedRange<Double>, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let sorted = tones.sorted { $0.start < $1.start }
        for (a, b) in zip(sorted, sorted.dropFirst()) {
            XCTAssertGreaterThanOrEqual(
                b.start - a.end, NoteSpacing.gap - 1e-9,
                "notes of points \(a.points) and \(b.points) run into each other", file: file, line: line)
        }
        for tone in tones {
            XCTAssertGreaterThanOrEqual(tone.duration, NoteSpacing.minimumLength - 1e-9, file: file, line: line)
            XCTAssertGreaterThanOrEqual(tone.start, window.lowerBound - 1e-9, file: file, line: line)
            XCTAssertLessThanOrEqual(tone.end, window.upperBound + 1e-9, file: file, line: line)
        }
    }

    func testAnUnevenScatterGivesOneSeparateNotePerPointInXOrder() {
        let ys = unevenXs.indices.map { Double(($0 * 7) % 20) }
        let chart = ChartMaking.chart(kind: .scatter, series: [("s", unevenXs, ys)])
        let score = Sonifier(chart: chart).score(.single(0))
        XCTAssertEqual(score.tones.count, 20)
        XCTAssertEqual(score.tones.map(\.points.lowerBound), Array(0..<20), "notes come in x order")
        assertSeparate(score.tones, within: 0...score.duration)
        // Where points are not crowded, the note keeps its place and length: centred on its time.
        let layout = score.layouts[0]
        let lonely = score.tones[0]
        XCTAssertEqual((lonely.start + lonely.end) / 2, layout.time(ofX: 0), accuracy: 0.2)
    }

    func testPointsAtTheSameXAreStillSeparateNotes() {
        let chart = ChartMaking.chart(
            kind: .scatter,
            series: [
                (
                    "s", [Double](repeating: 3, count: 12) + [0, 10],
                    (0..<14).map(Double.init)
                )
            ])
        let score = Sonifier(chart: chart).score(.single(0))
        XCTAssertEqual(score.tones.count, 14)
        assertSeparate(score.tones, within: 0...score.duration)
    }

    func testACrowdAtTheEndIsPulledBackInsideTheSeriesTime() {
        let xs = [0.0] + (0..<30).map { 10 - Double($0) * 0.001 }
        let chart = ChartMaking.chart(kind: .scatter, series: [("s", xs, xs.indices.map(Double.init))])
        let score = Sonifier(chart: chart).score(.single(0))
        XCTAssertEqual(score.tones.count, 31)
        assertSeparate(score.tones, within: 0...score.duration)
    }

    func testEvenlySpacedNotesAreLeftAsTheyWere() {
        let placed = NoteSpacing.place(centres: [0.5, 1.5, 2.5], lengths: [0.7, 0.7, 0.7], within: 0...3, slot: 1)
        XCTAssertEqual(placed.map(\.start), [0.15, 1.15, 2.15], accuracy: 1e-9)
        XCTAssertEqual(placed.map(\.length), [0.7, 0.7, 0.7], accuracy: 1e-9)
    }

    /// The rendered sound has as many separate notes as points (`SignalMeasures.noteOnsets` on the left
    /// channel, gridline ticks left out).
    func testTheRenderedScatterHasTwentyAudibleNotes() {
        let ys = unevenXs.indices.map { Double(($0 * 7) % 20) }
        var score = Sonifier(chart: ChartMaking.chart(kind: .scatter, series: [("s", unevenXs, ys)])).score(.single(0))
        score.ticks = []
        XCTAssertEqual(SignalMeasures.noteOnsets(SignalMeasures.left(Synthesizer().render(score))), 20)
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// An overload of XCTest's own, for arrays of Doubles.
private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
