// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographALSA
import AudiographCore
import AudiographTestSupport
import CGtk
import Foundation
import XCTest

@testable import AudiographGTK

/// The viewer's sound device on the GLib main loop: opening never makes the loop wait, a failed device is
/// tried again on the next sound, and a device that comes back is said to be back. Runs the real ALSA
/// library on its "null" device (alsa-lib's own configuration), with openings the test refuses or holds.
/// XCTest on Linux runs tests on the main thread but cannot call @MainActor test methods: each test enters
/// the main actor itself.
final class AudioPlaybackTests: XCTestCase {
    override func setUp() {
        unsetenv("ALSA_CONFIG_PATH")  // alsa-lib's own configuration, which has "null"
    }

    func testAFailedDeviceIsTriedAgainOnTheNextSoundAndSaidToBeBack() {
        MainActor.assumeIsolated { PlaybackScenarios.failedDeviceIsTriedAgain() }
    }

    func testTheMainLoopNeverWaitsForADeviceThatIsSlowToOpen() {
        MainActor.assumeIsolated { PlaybackScenarios.slowDeviceNeverBlocks() }
    }
}

/// The scenarios of `AudioPlaybackTests`, on the main actor.
@MainActor
private enum PlaybackScenarios {
    /// Opens the "null" device, after refusing the first `refusals` openings and waiting on `gate` if set.
    final class Opener: @unchecked Sendable {
        private let lock = NSLock()
        private var refusals: Int
        private let gate: DispatchSemaphore?
        private(set) var attempts = 0

        init(refusals: Int = 0, gate: DispatchSemaphore? = nil) {
            self.refusals = refusals
            self.gate = gate
        }

        func open() throws(AudioOutputError) -> ALSAPlayer {
            let refuse = lock.withLock { () -> Bool in
                attempts += 1
                guard refusals > 0 else { return false }
                refusals -= 1
                return true
            }
            gate?.wait()
            if refuse {
                throw AudioOutputError(
                    reason: "No sound device could be opened (\"test\": no such device)", commandLineAdvice: "")
            }
            return try ALSAPlayer(device: "null")
        }
    }

    static let tone = AudioBuffer(channels: 2, samples: [Float](repeating: 0.1, count: 9_600))

    /// Runs the GLib main loop until `condition` holds (at most `seconds`), as the viewer's loop would.
    static func spin(until condition: () -> Bool, seconds: Double = 10, _ what: String) {
        let held = Waiting.until(timeout: seconds) {
            g_main_context_iteration(nil, 0)
            return condition()
        }
        XCTAssertTrue(held, "timed out waiting for \(what)")
    }

    static func failedDeviceIsTriedAgain() {
        let opener = Opener(refusals: 1)
        let audio = AudioPlayback(openDevice: { () throws(AudioOutputError) in try opener.open() })
        var heard: [String] = []
        let record: AudioPlayback.Outcome = { start in
            switch start {
            case .started: heard.append("started")
            case .restored: heard.append("restored")
            case .failed(let error): heard.append("failed: " + error.message)
            }
        }
        audio.play(tone, outcome: record)
        spin(until: { heard.count == 1 }, "the first outcome")
        XCTAssertEqual(heard, ["failed: No sound device could be opened (\"test\": no such device)."])
        XCTAssertNotNil(audio.failure)
        XCTAssertFalse(audio.isStarting)

        audio.play(tone, outcome: record)
        XCTAssertTrue(audio.isStarting, "the retry opens off the main loop")
        spin(until: { heard.count == 2 }, "the retry's outcome")
        XCTAssertEqual(heard.last, "restored")
        XCTAssertTrue(audio.isOpen)
        XCTAssertEqual(opener.attempts, 2)

        audio.play(tone, outcome: record)
        XCTAssertEqual(heard.last, "started", "an open device starts at once")
        XCTAssertEqual(opener.attempts, 2)
        audio.stop()
    }

    static func slowDeviceNeverBlocks() {
        let gate = DispatchSemaphore(value: 0)
        let opener = Opener(gate: gate)
        let audio = AudioPlayback(openDevice: { () throws(AudioOutputError) in try opener.open() })
        var outcomes: [String] = []
        let started = Date()
        audio.play(tone) { start in if case .started = start { outcomes.append("first") } }
        audio.play(tone) { start in if case .started = start { outcomes.append("second") } }
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.05, "play returned while the device was still opening")
        XCTAssertTrue(audio.isStarting)
        // The loop keeps turning while the device is held: other work still runs.
        var ticks = 0
        MainLoop.post { ticks += 1 }
        spin(until: { ticks == 1 }, "other work on the main loop")
        XCTAssertEqual(outcomes, [])
        gate.signal()
        spin(until: { !outcomes.isEmpty }, "the held device to open")
        XCTAssertEqual(outcomes, ["second"], "only the newest request plays once the device is open")
        XCTAssertEqual(opener.attempts, 1)
        audio.stop()
    }
}
