import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A followed file growing under a `ChartSession`, without a display: where the cursor stays, the new points'
/// tones, the paced sentence about them, and the analysis a waiting key keeps.
final class ChartSessionGrowthTests: XCTestCase {
    /// A clock the test moves by hand, in seconds.
    private final class Clock: @unchecked Sendable {
        var now: TimeInterval = 100
    }

    private let clock = Clock()

    private func session(feedback: PointFeedback = PointFeedback()) -> ChartSession {
        let clock = self.clock
        return ChartSession(feedback: feedback, soundSettings: { SonificationSettings() }, clock: { clock.now })
    }

    private func line(_ x: [Double], _ y: [Double]) -> ChartDescriptor {
        ChartMaking.chart(kind: .line, series: [("temperature", x, y)])
    }

    func testAppendedRowsKeepThePointPlayTheNewOnesAndSayThem() throws {
        let s = session()
        s.show(line([1, 2, 3], [4, 5, 6]))
        _ = s.perform(.nextPoint)
        let effects = try XCTUnwrap(s.grow(to: line([1, 2, 3, 4, 5], [4, 5, 6, 7, 8])))
        XCTAssertTrue(effects.replaced)
        XCTAssertEqual(s.navigator?.point, 1, "the cursor stays on the point the person was on")
        XCTAssertEqual(s.chart?.series[0].count, 5)
        let score = try XCTUnwrap(effects.newPointsScore, "the new points are played")
        XCTAssertEqual(score.tones.count, 2, "one tone per new point")
        XCTAssertTrue(effects.newPointsNoted)
        XCTAssertEqual(s.newPointsSentence(), "2 new points, latest 8")
        XCTAssertNil(s.newPointsSentence(), "said once")
    }

    func testSentencesComeAtMostOnceASecondAndCountWhatCameMeanwhile() throws {
        let s = session()
        s.show(line([1, 2], [4, 5]))
        _ = s.grow(to: line([1, 2, 3], [4, 5, 6]))
        XCTAssertEqual(s.newPointsSentence(), "3, 6", "a single new point is said by its words")
        _ = s.grow(to: line([1, 2, 3, 4], [4, 5, 6, 7]))
        XCTAssertNil(s.newPointsSentence(), "within a second of the last sentence nothing is said")
        let wait = try XCTUnwrap(s.secondsUntilNewPointsAreDue())
        XCTAssertEqual(wait, 1, accuracy: 0.001, "the viewer's timer is set for when the sentence is due")
        clock.now += 0.5
        _ = s.grow(to: line([1, 2, 3, 4, 5], [4, 5, 6, 7, 9]))
        XCTAssertNil(s.newPointsSentence())
        clock.now += 0.5
        XCTAssertEqual(s.newPointsSentence(), "2 new points, latest 9")
        XCTAssertNil(s.secondsUntilNewPointsAreDue(), "nothing waits once said")
    }

    func testWithTonesOffOrWhilePlayingTheNewPointsAreOnlySaid() throws {
        let feedback = PointFeedback()
        let s = session(feedback: feedback)
        s.show(line([1, 2], [4, 5]))
        _ = s.perform(.pointTones)
        let quiet = try XCTUnwrap(s.grow(to: line([1, 2, 3], [4, 5, 6])))
        XCTAssertNil(quiet.newPointsScore, "point tones off: no sound")
        XCTAssertTrue(quiet.newPointsNoted)
        _ = s.perform(.pointTones)
        _ = s.perform(.play)
        XCTAssertNotNil(s.playback)
        let playing = try XCTUnwrap(s.grow(to: line([1, 2, 3, 4], [4, 5, 6, 7])))
        XCTAssertNil(playing.newPointsScore, "a playing chart is not talked over with tones")
    }

    func testReorderedRowsPutTheCursorOnTheNearestOldX() throws {
        let s = session()
        s.show(line([10, 20, 30], [1, 2, 3]))
        _ = s.perform(.lastPoint)
        // A row inserted before the cursor's point: index 2 is now x 25; the cursor follows x 30, index 3.
        let effects = try XCTUnwrap(s.grow(to: line([10, 20, 25, 30], [1, 2, 9, 3])))
        XCTAssertTrue(effects.replaced)
        XCTAssertEqual(s.navigator?.point, 3)
        XCTAssertFalse(effects.keepsAnalysisUnderWay)
    }

    func testAKeyWaitingForTheAnalysisKeepsTheOneUnderWayWhenRowsWereAppended() throws {
        let s = session()
        s.show(line([1, 2, 3], [4, 5, 6]))
        XCTAssertEqual(s.perform(.speakSummary).speech, ["Still analysing…"])
        let appended = try XCTUnwrap(s.grow(to: line([1, 2, 3, 4], [4, 5, 6, 7])))
        XCTAssertTrue(appended.keepsAnalysisUnderWay, "the analysis under way answers the waiting key")
        let reordered = try XCTUnwrap(s.grow(to: line([0, 1, 2, 3, 4], [1, 4, 5, 6, 7])))
        XCTAssertFalse(reordered.keepsAnalysisUnderWay, "old places moved: the analysis is made again")
    }

    func testWhileZoomedOnlyTheWholeChartGrows() throws {
        let s = session()
        s.show(line([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]))
        _ = s.analysisReady(ChartAnalysis.analyze(s.chart!), braille: ChartBraille(chart: s.chart!), current: true)
        _ = s.perform(.markRange)
        _ = s.perform(.nextPoint)
        _ = s.perform(.nextPoint)
        let shown = try XCTUnwrap(s.perform(.zoomIn).present)
        s.present(prepared: shown.navigator)
        s.placeCursor(series: shown.series, x: shown.x)
        let effects = try XCTUnwrap(s.grow(to: line([1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4, 5, 6, 7])))
        XCTAssertFalse(effects.replaced, "the part shown stays")
        XCTAssertEqual(s.chart?.series[0].count, 3)
        XCTAssertEqual(s.zoom?.whole.series[0].count, 7)
        // Shift+Z shows the grown whole chart, not the navigator kept from before it grew.
        XCTAssertEqual(s.perform(.zoomOut).present?.navigator.chart.series[0].count, 7)
        XCTAssertEqual(s.newPointsSentence(), "7, 7")
    }

    func testNothingShownMeansTheViewerShowsTheGrownChart() {
        XCTAssertNil(session().grow(to: line([1], [1])))
    }
}
