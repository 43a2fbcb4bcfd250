import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The chart's work off the main loop, stepped by hand: the analysis a key waits for, results of an older chart
/// not kept, the quiet delay before a grown chart is analysed, the new points' sound and sentence, a range's words.
@MainActor
final class ChartWorkTests: XCTestCase {
    /// A clock the test moves by hand, in seconds (the session paces the new points' sentences with it).
    private final class Clock: @unchecked Sendable {
        var now: TimeInterval = 100
    }

    private let clock = Clock()
    private var jobs: StepJobs!
    private var session: ChartSession!
    private var work: ChartWork!
    private var analysed: [SessionEffects] = []
    private var said: [String] = []
    private var sounds = 0

    override func setUp() async throws {
        jobs = StepJobs()
        let clock = clock
        session = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() }, clock: { clock.now })
        work = ChartWork(jobs: jobs, session: session)
        analysed = []
        said = []
        sounds = 0
        work.onAnalysed = { [unowned self] in self.analysed.append($0) }
        work.onNewPointsSentence = { [unowned self] in self.said.append($0) }
        work.onNewPointsSound = { [unowned self] _ in self.sounds += 1 }
        work.onRangeDescribed = { [unowned self] words, copying in self.said.append(copying ? "copy: " + words : words) }
    }

    private func line(_ y: [Double]) -> ChartDescriptor {
        ChartMaking.chart(kind: .line, series: [("temperature", y.indices.map(Double.init), y)])
    }

    private func show(_ y: [Double]) {
        session.show(line(y))
        work.chartShown(settings: SonificationSettings())
    }

    func testAShownChartIsAnalysedAndAWaitingKeyIsAnswered() async throws {
        show([4, 5, 9, 6])
        XCTAssertEqual(jobs.waiting, ["audiograph-analysis"], "a small chart's scores are made on the key")
        XCTAssertTrue(work.isAnalysing)
        let asked = session.perform(.speakSummary)
        XCTAssertEqual(asked.speech, ["Still analysing…"])
        guard case .analysis? = asked.request else { return XCTFail("the session asks for the analysis") }
        work.analysisWanted(settings: SonificationSettings())
        XCTAssertEqual(jobs.waiting, ["audiograph-analysis"], "not started twice")
        jobs.runAll()
        XCTAssertNotNil(session.analysis)
        XCTAssertNotNil(session.braille)
        XCTAssertFalse(work.isAnalysing)
        let answer = try XCTUnwrap(analysed.last?.speech.first)
        XCTAssertTrue(answer.contains("temperature") || answer.contains("9"), answer)
    }

    func testAnotherChartDropsTheAnalysisUnderWay() async throws {
        show([1, 2, 3])
        show([7, 8, 9, 10])
        XCTAssertEqual(jobs.waiting, ["audiograph-analysis", "audiograph-analysis"])
        jobs.runAll()
        XCTAssertEqual(analysed.count, 1, "the first chart's analysis was cancelled")
        XCTAssertEqual(session.analysis?.series.first?.description.contains("10"), true)
    }

    func testAGrownChartIsAnalysedOnceItsFileIsQuiet() async throws {
        show([1, 2, 3])
        jobs.runAll()
        let growth = try XCTUnwrap(session.grow(to: line([1, 2, 3, 4])))
        XCTAssertNil(session.analysis, "the old analysis is not the grown chart's")
        work.chartGrew(growth, settings: SonificationSettings())
        XCTAssertTrue(work.waitsForQuiet)
        XCTAssertEqual(jobs.waiting, ["audiograph-new-points"])
        jobs.runAll()
        XCTAssertEqual(sounds, 1, "the new point's tone")
        XCTAssertEqual(said, ["3, 4"], "one new point is said by its words")
        jobs.advance(UInt64(ChartWork.analysisQuietMilliseconds) - 1)
        XCTAssertEqual(jobs.waiting, [])
        // Another row before the file is quiet starts the wait again.
        work.chartGrew(try XCTUnwrap(session.grow(to: line([1, 2, 3, 4, 5]))), settings: SonificationSettings())
        jobs.runAll()
        jobs.advance(UInt64(ChartWork.analysisQuietMilliseconds) - 1)
        XCTAssertFalse(jobs.waiting.contains("audiograph-analysis"))
        jobs.advance(1)
        XCTAssertEqual(jobs.waiting, ["audiograph-analysis"])
        jobs.runAll()
        XCTAssertEqual(session.analysis?.series.first?.statistics.count, 5)
    }

    func testAKeyDoesNotWaitForTheQuiet() async throws {
        show([1, 2, 3])
        jobs.runAll()
        work.chartGrew(try XCTUnwrap(session.grow(to: line([1, 2, 3, 4]))), settings: SonificationSettings())
        jobs.runAll()
        work.analysisWanted(settings: SonificationSettings())
        XCTAssertFalse(work.waitsForQuiet)
        XCTAssertEqual(jobs.waiting, ["audiograph-analysis"])
        jobs.runAll()
        jobs.advance(10_000)
        XCTAssertEqual(jobs.waiting, [], "analysed once")
    }

    func testAnAnalysisOfTheChartBeforeItGrewIsNotKept() async throws {
        show([1, 2, 3])
        _ = session.perform(.speakSummary)  // a key waits for the analysis
        let growth = try XCTUnwrap(session.grow(to: line([1, 2, 3, 4])))
        XCTAssertTrue(growth.keepsAnalysisUnderWay, "appended rows let the running analysis finish")
        work.chartGrew(growth, settings: SonificationSettings())
        XCTAssertEqual(jobs.runNext(), "audiograph-analysis")
        XCTAssertEqual(analysed.count, 1, "it answers the key that waited")
        XCTAssertNil(session.analysis, "but is not kept for the grown chart")
    }

    func testNewPointsSentencesArePaced() async throws {
        show([1, 2])
        jobs.runAll()
        work.chartGrew(try XCTUnwrap(session.grow(to: line([1, 2, 3]))), settings: SonificationSettings())
        work.chartGrew(try XCTUnwrap(session.grow(to: line([1, 2, 3, 4]))), settings: SonificationSettings())
        XCTAssertEqual(said, ["2, 3"])
        clock.now += 1
        jobs.advance(1001)
        XCTAssertEqual(said, ["2, 3", "3, 4"], "the second is said when due")
    }

    func testARangeIsDescribedOnAWorker() async throws {
        show([1, 5, 2, 8, 3])
        jobs.runAll()
        _ = session.perform(.markRange)
        _ = session.perform(.extendForward)
        _ = session.perform(.extendForward)
        let effects = session.perform(.describeRange)
        guard case .describeRange(let part, let series, let copying)? = effects.request else {
            return XCTFail("no range: \(effects.speech)")
        }
        work.describeRange(part, series: series, copying: copying)
        work.describeRange(part, series: series, copying: true)
        XCTAssertEqual(jobs.runAll(), ["audiograph-range", "audiograph-range"])
        XCTAssertEqual(said.count, 1, "a new range drops the one under way")
        XCTAssertTrue(said[0].hasPrefix("copy: "), said[0])
    }

    func testCancelDropsEverything() async throws {
        show([1, 2, 3])
        work.chartGrew(try XCTUnwrap(session.grow(to: line([1, 2, 3, 4]))), settings: SonificationSettings())
        work.cancel()
        jobs.runAll()
        jobs.advance(10_000)
        XCTAssertTrue(analysed.isEmpty)
        XCTAssertEqual(sounds, 0)
        XCTAssertEqual(jobs.waiting, [])
    }
}
