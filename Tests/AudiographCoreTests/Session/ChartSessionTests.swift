import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// What each chart action says and plays (`ChartSession`), without a display: the words Orca is handed, the
/// sound, and what the viewer is asked to do.
final class ChartSessionTests: XCTestCase {
    private func open(_ name: String) throws -> ChartDescriptor { try ChartMaking.example(name) }

    /// A session showing `name`, its analysis made (as the viewer's worker would) unless `analysed` is false.
    private func session(
        _ name: String = "births.csv", analysed: Bool = true,
        feedback: PointFeedback = PointFeedback()
    ) throws -> ChartSession {
        let chart = try open(name)
        let session = ChartSession(feedback: feedback, soundSettings: { SonificationSettings() })
        session.show(chart)
        if analysed {
            _ = session.analysisReady(ChartAnalysis.analyze(chart), braille: ChartBraille(chart: chart), current: true)
        }
        return session
    }

    /// The frequency the played score's first tone ends on (a step glides from the point before), in Hz.
    private func firstPitch(_ effects: SessionEffects) -> Double? {
        guard case .score(let score)? = effects.sound else { return nil }
        return score.tones.first?.path.last?.frequency
    }

    func testAStepMovesTheFocusAndPlaysThePointsPitch() throws {
        let s = try session()
        let effects = s.perform(.nextPoint)
        XCTAssertEqual(s.navigator?.point, 1)
        XCTAssertEqual(effects.cursor, .moveFocus, "the focus moves, so Orca speaks the point")
        XCTAssertTrue(effects.stopsPlayback)
        XCTAssertEqual(effects.speech, [], "the point is spoken through the focus, not announced")
        let chart = try XCTUnwrap(s.chart)
        let expected = try XCTUnwrap(Sonifier(chart: chart).pitch.frequency(of: chart.series[0].y[1]))
        XCTAssertEqual(try XCTUnwrap(firstPitch(effects)), expected, accuracy: expected * 0.05)
        XCTAssertEqual(s.groupName(), "Birth rate by year, line chart, point 2 of 59 selected")
    }

    func testTheEdgesSayWhereThePersonIsAndPlayTheCue() throws {
        let s = try session()
        var effects = s.perform(.previousPoint)
        XCTAssertEqual(effects.speech, ["Start of data"])
        guard case .edgeCue? = effects.sound else { return XCTFail("the edge cue plays") }
        XCTAssertNil(effects.cursor)
        _ = s.perform(.lastPoint)
        effects = s.perform(.nextPoint)
        XCTAssertEqual(effects.speech, ["End of data"])
        XCTAssertEqual(s.perform(.nextSeries).speech, ["Last series"])
        XCTAssertEqual(s.perform(.previousSeries).speech, ["First series"])
    }

    func testToneAndSpeechSwitches() throws {
        let feedback = PointFeedback()
        let s = try session(feedback: feedback)
        XCTAssertEqual(s.perform(.pointTones).speech, ["Point tones off"])
        XCTAssertNil(s.perform(.nextPoint).sound, "with tones off a step plays nothing")
        XCTAssertEqual(s.perform(.pointTones).speech, ["Point tones on"])
        XCTAssertNotNil(firstPitch(s.perform(.nextPoint)))
        let off = s.perform(.pointSpeech)
        XCTAssertEqual(off.speech, ["Point speech off"])
        XCTAssertTrue(off.holdsFocusWithoutSpeech)
        let on = s.perform(.pointSpeech)
        XCTAssertEqual(on.speech, ["Point speech on"])
        XCTAssertEqual(on.cursor, .moveFocus, "back on, the focus lands on the point so it is said")
        XCTAssertEqual(s.perform(.verbosity).speech, ["Verbosity: Detailed"])
        XCTAssertEqual(feedback.preset, .detailed)
    }

    func testASummaryAskedBeforeTheAnalysisIsSaidOnceItIsReady() throws {
        let s = try session(analysed: false)
        let waiting = s.perform(.speakSummary)
        XCTAssertEqual(waiting.speech, ["Still analysing…"])
        guard case .analysis? = waiting.request else { return XCTFail("the viewer is asked for the analysis") }
        let chart = try XCTUnwrap(s.chart)
        let analysis = ChartAnalysis.analyze(chart)
        let ready = s.analysisReady(analysis, braille: ChartBraille(chart: chart), current: true)
        XCTAssertEqual(ready.speech, [analysis.summary])
        XCTAssertTrue(analysis.summary.hasPrefix("Birth rate by year, 1917 to 1975"), analysis.summary)
        XCTAssertNil(s.waitingForAnalysis)
    }

    func testAnAnalysisOfAnOlderChartAnswersTheKeyAndIsNotKept() throws {
        let s = try session(analysed: false)
        _ = s.perform(.maximum)
        let chart = try XCTUnwrap(s.chart)
        let effects = s.analysisReady(ChartAnalysis.analyze(chart), braille: ChartBraille(chart: chart), current: false)
        XCTAssertEqual(effects.speech, ["Highest value"])
        XCTAssertEqual(s.navigator?.point, 43, "1960, the highest birth rate")
        XCTAssertNil(s.analysis)
    }

    func testExtremesAndPointsOfInterestJumpAndSayWhy() throws {
        let s = try session()
        XCTAssertEqual(s.perform(.minimum).speech, ["Lowest value"])
        XCTAssertEqual(s.navigator?.point, 18, "1935")
        let interest = s.perform(.nextInterest)
        XCTAssertEqual(interest.cursor, .moveFocus)
        XCTAssertFalse(interest.speech.isEmpty)
        _ = s.perform(.lastPoint)
        let none = s.perform(.nextInterest)
        XCTAssertEqual(none.speech, ["No more points of interest after this one"])
        guard case .edgeCue? = none.sound else { return XCTFail("the edge cue plays") }
    }

    func testARangeIsMarkedExtendedPlayedDescribedAndCleared() throws {
        let s = try session()
        XCTAssertEqual(s.perform(.markRange).speech, ["Range starts at 1917"])
        _ = s.perform(.nextPoint)
        XCTAssertEqual(s.selectedSpan, 1917...1918, "M keeps the range while plain keys move")
        XCTAssertEqual(s.perform(.extendForward).speech, ["1917 to 1919, 3 points"])
        let play = s.perform(.playRange)
        guard case .start(let start)? = play.playback else { return XCTFail("R plays") }
        XCTAssertEqual(start.startedWords, "Playing 1917 to 1919, 3 points")
        XCTAssertEqual(start.restoredWords, "Sound is back. Playing 1917 to 1919, 3 points")
        XCTAssertTrue(play.stopsSound, "what this chart played stops first")
        XCTAssertEqual(s.playback?.series, 0)
        XCTAssertEqual(Set(start.score.tones.flatMap { Array($0.points) }).count, 3, "the three points of the range")
        guard case .describeRange(_, let series, let copying)? = s.perform(.describeRange).request else {
            return XCTFail("Shift+S")
        }
        XCTAssertEqual(series, 0)
        XCTAssertFalse(copying)
        let copyRange = s.perform(.copySummary)
        guard case .describeRange(let part, _, true)? = copyRange.request else {
            return XCTFail("Ctrl+Shift+C with a range selected copies the range's description")
        }
        XCTAssertEqual(part.words, "1917 to 1919, 3 points")
        XCTAssertEqual(copyRange.speech, [], "Copied is said once the description is made")
        XCTAssertEqual(s.clearSelection().speech, ["Selection cleared"])
        XCTAssertFalse(s.clearSelection().handled, "with nothing selected, Escape passes on")
        XCTAssertEqual(
            s.perform(.playRange).speech,
            ["No range is selected. Shift+Right selects from this point on; M marks where a range starts."])
    }

    func testShiftArrowsSelectAndAPlainMoveEndsTheSelection() throws {
        let s = try session()
        XCTAssertEqual(s.perform(.extendForward).speech, ["1917 to 1918, 2 points"])
        _ = s.perform(.nextPoint)
        XCTAssertNil(s.selectedSpan, "a plain move ends a Shift selection")
    }

    func testZoomingInAndOutKeepsThePointAndSaysThePart() throws {
        let s = try session()
        _ = s.perform(.forwardTenth)
        _ = s.perform(.markRange)
        for _ in 0..<4 { _ = s.perform(.nextPoint) }
        let zoomIn = s.perform(.zoomIn)
        XCTAssertEqual(zoomIn.speech, ["Zoomed to 1922 to 1926, 5 points"])
        let shown = try XCTUnwrap(zoomIn.present)
        XCTAssertEqual(shown.navigator.chart.series[0].count, 5)
        s.present(prepared: shown.navigator)
        s.placeCursor(series: shown.series, x: shown.x)
        XCTAssertEqual(s.navigator?.point, 4)
        XCTAssertEqual(s.groupName(), "Birth rate by year, line chart, point 5 of 5 selected, zoomed to 1922 to 1926, 5 points")
        let zoomOut = s.perform(.zoomOut)
        XCTAssertEqual(zoomOut.speech, ["Whole chart, 1917 to 1975, 59 points"])
        XCTAssertEqual(zoomOut.present?.x, 1926)
        XCTAssertEqual(zoomOut.present?.navigator.chart.series[0].count, 59, "the whole chart's navigator, kept")
        XCTAssertEqual(s.perform(.zoomOut).speech, ["The whole chart is shown."])
    }

    func testAHistogramHasNoRangesAndNoReferenceLevel() throws {
        let s = try session("eruptions.csv")
        XCTAssertEqual(
            s.perform(.markRange).speech,
            ["A histogram's bins cannot be selected as a range: each counts values of the whole column."])
        XCTAssertEqual(s.perform(.referenceLevel).speech, ["A histogram takes no reference level: its heights are counts."])
        XCTAssertEqual(s.perform(.compare).speech, ["This chart has one series: there is nothing to compare it with."])
    }

    func testTheReferenceLevelGoesRoundAndIsSaidWhereItLies() throws {
        let feedback = PointFeedback()
        let s = try session(feedback: feedback)
        let mean = s.perform(.referenceLevel)
        XCTAssertEqual(feedback.reference, .mean)
        XCTAssertEqual(mean.speech, ["Reference level: Mean: 222 births per 10,000 people"])
        _ = s.perform(.referenceLevel)
        _ = s.perform(.referenceLevel)
        XCTAssertEqual(s.perform(.referenceLevel).speech, ["Reference level off"])
    }

    func testComparingSeriesNamesThePairAndHowTheyAreHeard() throws {
        let s = try session("stocks-long.csv")
        XCTAssertEqual(s.perform(.comparisonSound).speech, ["Press C first to choose a series to compare with."])
        let compare = s.perform(.compare)
        XCTAssertEqual(compare.speech, ["Comparing ACME and BOLT in turns"])
        XCTAssertEqual(compare.elements, .rename)
        XCTAssertTrue(compare.stopsSound)
        XCTAssertNotNil(s.currentComparison)
        XCTAssertEqual(s.perform(.comparisonSound).speech, ["Hearing ACME on the left and BOLT on the right"])
        XCTAssertEqual(
            s.perform(.compare).speech, ["Comparing ACME on the left and CRUX on the right"],
            "C again: the next series, heard the same way")
        XCTAssertEqual(s.perform(.compare).speech, ["Comparison off"])
        _ = s.perform(.compare)
        let moved = s.perform(.nextSeries)
        XCTAssertEqual(moved.speech, ["Comparison off"], "moving to another series ends the comparison")
        XCTAssertNil(s.currentComparison)
    }

    func testUpAndDownStepThroughABoxsParts() throws {
        let s = try session("chick-weights.csv")
        let up = s.perform(.stepUp)
        XCTAssertEqual(s.part, try XCTUnwrap(s.currentParts()).firstUp)
        XCTAssertEqual(up.speech.count, 1)
        XCTAssertTrue(up.redraw)
        XCTAssertNotNil(firstPitch(up), "the part's value is played")
        var effects = up
        for _ in 0..<10 { effects = s.perform(.stepUp) }
        XCTAssertEqual(effects.speech, ["Top of the box plot"])
        _ = s.perform(.nextPoint)
        XCTAssertNil(s.part, "a move along the series leaves the parts")
    }

    func testCopyTakesThePointsWordsAtTheVerbosityAndTheSummary() throws {
        let feedback = PointFeedback()
        let s = try session(feedback: feedback)
        _ = s.perform(.nextPoint)
        let chart = try XCTUnwrap(s.chart)
        let navigator = try XCTUnwrap(s.navigator)
        let spoken = ElementNames(chart: chart, wording: feedback.wording).name(1, of: try XCTUnwrap(navigator.current))
        let copy = s.perform(.copyPoint)
        guard case .copy(let words)? = copy.request else { return XCTFail("Ctrl+C copies") }
        XCTAssertEqual(words, spoken, "the words Orca said on arriving at the point")
        XCTAssertTrue(words.hasPrefix("1918, "), words)
        XCTAssertEqual(copy.speech, ["Copied"])
        _ = s.perform(.verbosity)
        guard case .copy(let shorter)? = s.perform(.copyPoint).request else { return XCTFail("Ctrl+C copies") }
        XCTAssertNotEqual(shorter, words, "another verbosity, other words")
        XCTAssertEqual(
            shorter, ElementNames(chart: chart, wording: feedback.wording).name(1, of: try XCTUnwrap(navigator.current)))
        let summary = s.perform(.copySummary)
        guard case .copy(let summaryText)? = summary.request else { return XCTFail("Ctrl+Shift+C copies the summary") }
        XCTAssertEqual(summaryText, s.perform(.speakSummary).speech.first)
        XCTAssertEqual(summary.speech, ["Copied"])
    }

    func testACopyOfTheSummaryBeforeTheAnalysisWaitsForIt() throws {
        let s = try session(analysed: false)
        guard case .analysis? = s.perform(.copySummary).request else { return XCTFail("the analysis is asked for") }
        let chart = try XCTUnwrap(s.chart)
        let ready = s.analysisReady(ChartAnalysis.analyze(chart), braille: ChartBraille(chart: chart), current: true)
        guard case .copy(let text)? = ready.request else { return XCTFail("the waiting copy is done once it is ready") }
        XCTAssertFalse(text.isEmpty)
    }

    func testWhileComparingTheCopiedWordsNameBothSeries() throws {
        let s = try session("stocks-long.csv")
        _ = s.perform(.compare)
        guard case .copy(let words)? = s.perform(.copyPoint).request else { return XCTFail("Ctrl+C copies") }
        XCTAssertTrue(words.contains("ACME") && words.contains("BOLT") && words.contains("difference"), words)
    }

    func testWithoutPartsUpAndDownChangeSeries() throws {
        let s = try session("stocks-long.csv")
        let down = s.perform(.stepDown)
        XCTAssertEqual(s.navigator?.series, 1)
        XCTAssertEqual(down.cursor, .moveFocus)
    }

    func testTheViewersActionsAreHandedBack() throws {
        let s = try session()
        guard case .details? = s.perform(.details).request else { return XCTFail("D") }
        guard case .changeSpeed(let step)? = s.perform(.slower).request else { return XCTFail("comma") }
        XCTAssertEqual(step, 1)
        guard case .braille(_, let series, let cell)? = s.perform(.braille).request else { return XCTFail("B") }
        XCTAssertEqual(series, 0)
        XCTAssertEqual(cell, 0)
        guard case .start(let start)? = s.perform(.playFromHere).playback else { return XCTFail("Shift+H") }
        XCTAssertEqual(start.startedWords, "Playing from here to the end")
        XCTAssertEqual(s.speedChanged(by: 1).speech, ["Slower: plays in 10 seconds"])
        XCTAssertEqual(
            s.noSound(AudioOutputError(reason: "No sound device could be opened", commandLineAdvice: "")).speech,
            [
                "No sound: No sound device could be opened. The chart, its keys and speech work without sound; "
                    + "Control+E saves the audio graph as a WAV file."
            ])
        XCTAssertNil(s.playback)
    }

    func testSpacePlaysFromTheCursorPausesResumesAndEscapeStops() throws {
        var device = AudioStatus()
        let chart = try open("births.csv")
        let s = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() }, audioStatus: { device })
        s.show(chart)
        _ = s.perform(.forwardTenth)
        let play = s.perform(.play)
        guard case .start(let start)? = play.playback else { return XCTFail("Space plays") }
        XCTAssertEqual(start.startedWords, "Playing")
        XCTAssertEqual(start.restoredWords, "Sound is back. Playing")
        XCTAssertGreaterThan(start.fromSeconds, 0, "from the cursor, not the start")
        XCTAssertEqual(s.playback?.series, 0)
        device = AudioStatus(state: .playing, ownedByThisChart: true, currentFrame: Int(start.fromSeconds * 48_000) + 48_000)
        let step = s.followSound()
        XCTAssertTrue(step.goOn)
        XCTAssertEqual(step.effects.cursor, .nameOnly, "the cursor follows without moving the focus")
        XCTAssertGreaterThan(try XCTUnwrap(s.navigator?.point), 5)
        let pause = s.perform(.play)
        guard case .pause? = pause.playback else { return XCTFail("Space again pauses") }
        XCTAssertEqual(pause.speech, ["Paused"])
        XCTAssertEqual(pause.cursor, .moveFocus)
        device.state = .paused
        guard case .resume? = s.perform(.play).playback else { return XCTFail("and resumes") }
        device.state = .playing
        let stop = s.perform(.stop)
        XCTAssertEqual(stop.speech, ["Stopped"])
        XCTAssertTrue(stop.stopsSound)
        XCTAssertNil(s.playback)
        device = AudioStatus()
        XCTAssertFalse(s.perform(.stop).handled, "with nothing playing or selected, Escape passes on")
        guard case .start(let all)? = s.perform(.playAll).playback else { return XCTFail("Shift+Space") }
        XCTAssertEqual(all.startedWords, "Playing all series")
    }

    func testAtTheEndOfTheSoundTheFocusLandsOnThePointAndALostDeviceIsSaid() throws {
        var device = AudioStatus()
        let chart = try open("births.csv")
        let s = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() }, audioStatus: { device })
        s.show(chart)
        _ = s.perform(.play)
        device = AudioStatus(
            state: .idle, ownedByThisChart: true,
            lastFailure: AudioOutputError(reason: "The sound device went away", commandLineAdvice: ""))
        let end = s.followSound()
        XCTAssertFalse(end.goOn)
        XCTAssertEqual(end.effects.cursor, .moveFocus)
        XCTAssertEqual(end.effects.speech, ["The sound device went away. Press Space to try again."])
        XCTAssertNil(s.playback)
        device.ownedByThisChart = false
        XCTAssertFalse(s.followSound().goOn, "nothing of this chart's to follow")
    }

    func testTheBrailleCaretMovesTheCursorAndPlaysWithoutTakingTheFocus() throws {
        let s = try session()
        let effects = s.followBraille(series: 0, cell: 6)
        XCTAssertEqual(effects.cursor, .keepFocus)
        XCTAssertNotNil(firstPitch(effects))
        XCTAssertGreaterThan(try XCTUnwrap(s.navigator?.point), 0)
    }

    func testTheAxesAndTheRestOfTheMovesSayWhatTheyShould() throws {
        let s = try session()
        XCTAssertEqual(s.perform(.speakXAxis).speech, ["X axis: Year, 1917 to 1975"])
        XCTAssertEqual(
            s.perform(.speakYAxis).speech, ["Y axis: Birth rate, 179 births per 10,000 people to 268 births per 10,000 people"])
        _ = s.perform(.lastPoint)
        XCTAssertEqual(s.navigator?.point, 58)
        _ = s.perform(.backTenth)
        XCTAssertEqual(s.navigator?.point, 53, "a tenth of 59 points is 5")
        _ = s.perform(.firstPoint)
        XCTAssertEqual(s.navigator?.point, 0)
        XCTAssertEqual(s.perform(.previousInterest).speech, ["No points of interest before this one"])
        XCTAssertEqual(
            s.speedChanged(by: -1).speech, ["Faster: plays in 10 seconds"],
            "the words say the length the viewer set, read through soundSettings")
        _ = s.perform(.forwardTenth)
        guard case .start(let start)? = s.perform(.playToHere).playback else { return XCTFail("H plays") }
        XCTAssertEqual(start.startedWords, "Playing from the start to here")
        XCTAssertEqual(Set(start.score.tones.flatMap { Array($0.points) }).count, 6, "1917 to 1922")
    }

    func testWithoutAChartNothingIsHandled() {
        let s = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() })
        XCTAssertFalse(s.perform(.nextPoint).handled)
        XCTAssertEqual(s.groupName(), "")
    }

    func testTheChartsNameSaysAFollowedFile() throws {
        let s = try session()
        s.followsFile = true
        XCTAssertEqual(s.groupName(), "Birth rate by year, line chart, point 1 of 59 selected, following its file")
    }
}
