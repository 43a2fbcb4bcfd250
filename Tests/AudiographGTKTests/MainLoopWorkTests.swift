// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographTestSupport
import CGtk
import Foundation
import XCTest

@testable import AudiographGTK

/// The one way off the main loop (`BackgroundJob`) and the one owner of a GLib timeout (`MainLoopTimer`), on a
/// real GLib main context: results come back on the loop, a cancelled job never reports, jobs on a lane
/// land in order, and a timer's source is removed exactly once whatever happens to it.
final class MainLoopWorkTests: XCTestCase {
    func testATimerRunsOnceAndForgetsItsSource() {
        MainActor.assumeIsolated { MainLoopScenarios.timerRunsOnce() }
    }

    func testACancelledOrReplacedTimerNeverRuns() {
        MainActor.assumeIsolated { MainLoopScenarios.cancelledTimerNeverRuns() }
    }

    func testARepeatingTimerStopsWhenItsBodySaysSo() {
        MainActor.assumeIsolated { MainLoopScenarios.repeatingTimerStops() }
    }

    func testAJobsResultComesBackOnTheLoopUnlessCancelled() {
        MainActor.assumeIsolated { MainLoopScenarios.jobResults() }
    }

    func testJobsOnALaneLandInTheOrderTheyWereStarted() {
        MainActor.assumeIsolated { MainLoopScenarios.laneOrder() }
    }
}

@MainActor
private enum MainLoopScenarios {
    /// Runs the default GLib context until `condition` holds or `seconds` pass; true when it held.
    @discardableResult
    static func spin(seconds: Double = 5, until condition: () -> Bool = { false }) -> Bool {
        Waiting.until(timeout: seconds) {
            g_main_context_iteration(nil, 0)
            return condition()
        }
    }

    static func timerRunsOnce() {
        let timer = MainLoopTimer()
        var runs = 0
        timer.once(after: 10) { runs += 1 }
        XCTAssertTrue(timer.isScheduled)
        XCTAssertTrue(spin { runs == 1 })
        spin(seconds: 0.1)
        XCTAssertEqual(runs, 1)
        XCTAssertFalse(timer.isScheduled, "GLib removed the source; the timer forgot it")
        timer.cancel()  // nothing to remove: no GLib critical about a missing source
        // Rescheduled from inside its own body: the new schedule stands.
        timer.once(after: 5) {
            runs += 1; timer.once(after: 5) { runs += 10 }
        }
        XCTAssertTrue(spin { runs == 12 })
        XCTAssertFalse(timer.isScheduled)
    }

    static func cancelledTimerNeverRuns() {
        var runs: [String] = []
        let timer = MainLoopTimer()
        timer.once(after: 20) { runs.append("first") }
        timer.once(after: 20) { runs.append("second") }  // replaces the first
        spin(seconds: 0.2)
        XCTAssertEqual(runs, ["second"])
        timer.once(after: 20) { runs.append("cancelled") }
        timer.cancel()
        XCTAssertFalse(timer.isScheduled)
        var dropped: MainLoopTimer? = MainLoopTimer()
        dropped?.once(after: 20) { runs.append("dropped") }
        dropped = nil  // letting the timer go removes its source
        spin(seconds: 0.2)
        XCTAssertEqual(runs, ["second"])
    }

    static func repeatingTimerStops() {
        let timer = MainLoopTimer()
        var ticks = 0
        timer.repeating(every: 5) {
            ticks += 1; return ticks < 3
        }
        XCTAssertTrue(spin { ticks == 3 })
        spin(seconds: 0.1)
        XCTAssertEqual(ticks, 3)
        XCTAssertFalse(timer.isScheduled)
    }

    static func jobResults() {
        var heard: [Int] = []
        let kept = BackgroundJob(name: "audiograph-test-job", work: { _ in 6 * 7 }, done: { heard.append($0) })
        let cancelled = BackgroundJob(
            name: "audiograph-test-job",
            work: { cancellation -> Int? in
                while !cancellation.isCancelled { usleep(1_000) }
                return 1
            }, done: { heard.append($0) })
        cancelled.cancel()
        _ = BackgroundJob(name: "audiograph-test-job", work: { _ -> Int? in nil }, done: { heard.append($0) })
        XCTAssertTrue(spin { heard == [42] })
        spin(seconds: 0.2)
        XCTAssertEqual(heard, [42], "a cancelled job and one without a result never report")
        _ = kept
    }

    static func laneOrder() {
        let lane = BackgroundJob.Lane(name: "audiograph-test-lane")
        var landed: [Int] = []
        for n in 0..<20 {
            _ = BackgroundJob(
                on: lane,
                work: { _ -> Int? in
                    usleep(UInt32((20 - n) * 200))  // the first jobs take longest: order comes from the lane
                    return n
                }, done: { landed.append($0) })
        }
        XCTAssertTrue(spin { landed.count == 20 })
        XCTAssertEqual(landed, Array(0..<20))
    }
}
