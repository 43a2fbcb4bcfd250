import AudiographCore
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographALSA

/// The player's streaming thread against a paced fake device (960-frame ring, 240-frame periods) whose
/// clock the test turns, so pause, seek, underruns and the play-out are checked frame by frame: every test
/// compares what the fake "heard" with the frames that should have been heard, in order.
final class StreamingLoopTests: XCTestCase {
    let sound = TestSounds.numbered(frames: 12_000)

    /// Starts `sound` and waits until the ring is full and the fifth write is waiting for room.
    private func startPaced(_ factory: FakeDeviceFactory) throws -> (ALSAPlayer, PacedFakeDevice) {
        let player = try factory.makePlayer()
        let device = factory.latest
        player.play(sound)
        waitUntil("the ring buffer is full") { device.blockedInWrite && device.writes == 4 }
        return (player, device)
    }

    func testCurrentFrameIsTheFrameBeingHeard() throws {
        let (player, device) = try startPaced(FakeDeviceFactory())
        XCTAssertEqual(player.currentFrame, 0)
        device.advance(frames: 480)
        waitUntil("two more periods are queued") { device.blockedInWrite && device.writes == 6 }
        XCTAssertEqual(player.currentFrame, 480)
        XCTAssertEqual(player.state, .playing)
        player.stop()
        device.advance(frames: 240)
    }

    func testPauseStopsTheDeviceAndResumeLosesNoFrame() throws {
        let (player, device) = try startPaced(FakeDeviceFactory())
        device.advance(frames: 480)
        waitUntil("two more periods are queued") { device.blockedInWrite && device.writes == 6 }
        player.pause()
        XCTAssertEqual(player.state, .paused)
        device.advance(frames: 240)  // the blocked write returns, as a real one does within a period
        waitUntil("the player stops the device") { device.calls.last == "discard" && player.currentFrame == 720 }
        let writesWhenPaused = device.writes
        usleep(50_000)
        XCTAssertEqual(device.writes, writesWhenPaused, "nothing is written while paused")
        XCTAssertFalse(device.isRunning, "a paused device is stopped, not fed")
        XCTAssertEqual(device.queuedFrames, 0)
        XCTAssertEqual(player.state, .paused)
        XCTAssertEqual(player.currentFrame, 720)

        device.playInstantly()
        player.resume()
        player.waitUntilFinished()
        XCTAssertEqual(device.heard, TestSounds.int16(sound), "the 960 frames thrown away at pause are played after resume")
        XCTAssertEqual(player.state, .idle)
        XCTAssertNil(player.currentFrame)
    }

    func testSeekWhilePlayingDropsTheQueuedSoundAndContinuesAtTheTarget() throws {
        let (player, device) = try startPaced(FakeDeviceFactory())
        device.advance(frames: 240)
        waitUntil("one more period is queued") { device.blockedInWrite && device.writes == 5 }
        player.seek(toFrame: 6_000)
        XCTAssertEqual(player.currentFrame, 6_000)
        device.advance(frames: 240)
        waitUntil("the queued sound is thrown away") { device.calls.contains("discard") }
        device.playInstantly()
        player.waitUntilFinished()
        XCTAssertEqual(device.heard, TestSounds.int16(sound, frames: 0..<480) + TestSounds.int16(sound, frames: 6_000..<12_000))
    }

    func testSeekWhilePausedMovesThePositionAndResumesThere() throws {
        let (player, device) = try startPaced(FakeDeviceFactory())
        device.advance(frames: 480)
        waitUntil("two more periods are queued") { device.blockedInWrite && device.writes == 6 }
        player.pause()
        device.advance(frames: 240)
        waitUntil("the player stops the device") { device.calls.last == "discard" && player.currentFrame == 720 }
        player.seek(toFrame: 9_000)
        XCTAssertEqual(player.currentFrame, 9_000)
        XCTAssertEqual(player.state, .paused)
        usleep(20_000)
        XCTAssertEqual(device.writes, 7, "seeking while paused writes nothing")
        device.playInstantly()
        player.resume()
        player.waitUntilFinished()
        XCTAssertEqual(device.heard, TestSounds.int16(sound, frames: 0..<720) + TestSounds.int16(sound, frames: 9_000..<12_000))
    }

    func testStopThrowsAwayTheQueuedSoundAndWritesNothingMore() throws {
        let (player, device) = try startPaced(FakeDeviceFactory())
        device.advance(frames: 240)
        waitUntil("one more period is queued") { device.blockedInWrite && device.writes == 5 }
        player.stop()
        XCTAssertEqual(player.state, .idle)
        XCTAssertNil(player.currentFrame)
        player.waitUntilFinished()
        device.advance(frames: 240)
        waitUntil("the queued sound is thrown away") { device.calls.last == "discard" }
        usleep(20_000)
        XCTAssertEqual(device.writes, 6)
        XCTAssertEqual(device.queuedFrames, 0)
        XCTAssertEqual(device.heard, TestSounds.int16(sound, frames: 0..<480))
    }

    func testAnUnderrunIsRecoveredAndNoFrameIsLost() throws {
        let (player, device) = try startPaced(FakeDeviceFactory())
        device.advance(frames: 2_000)  // the device plays its 960 frames and runs dry
        waitUntil("the player recovers and refills") { device.calls.contains("recover \(EPIPE)") && device.blockedInWrite }
        XCTAssertEqual(player.state, .playing)
        device.playInstantly()
        player.waitUntilFinished()
        XCTAssertEqual(device.heard, TestSounds.int16(sound))
        XCTAssertNil(player.lastFailure)
    }

    func testASuspendIsResumed() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        factory.latest.failWrites([ESTRPIPE])
        player.play(sound)
        player.waitUntilFinished()
        XCTAssertEqual(factory.latest.calls.first, "recover \(ESTRPIPE)")
        XCTAssertEqual(factory.latest.heard, TestSounds.int16(sound))
        XCTAssertNil(player.lastFailure)
    }

    func testAnUnrecoverableErrorEndsTheSoundAndTheNextPlayReopens() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        factory.latest.failWrites([EIO])
        player.play(sound)
        player.waitUntilFinished()
        XCTAssertEqual(player.state, .idle)
        XCTAssertNil(player.currentFrame)
        XCTAssertTrue(factory.latest.isClosed)
        XCTAssertEqual(
            player.lastFailure?.message,
            "Playback on the sound device \"fake\" stopped (input/output error). Check that the device is still connected and play again, or write a WAV file with `audiograph-cli render`."
        )

        player.play(sound)
        player.waitUntilFinished()
        XCTAssertEqual(factory.devices.count, 2)
        XCTAssertEqual(factory.latest.heard, TestSounds.int16(sound))
        XCTAssertNil(player.lastFailure)
    }

    func testPlayNeverWaitsForADeviceThatIsSlowToOpenAgain() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        factory.latest.failWrites([EIO])
        player.play(sound)
        player.waitUntilFinished()
        XCTAssertFalse(player.isDeviceOpen, "the failed device is closed")

        let gate = DispatchSemaphore(value: 0)
        factory.holdOpens(until: gate)
        let started = Date()
        player.play(sound)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.05, "play returns while the device is still opening")
        waitUntil("the thread is opening the device") { factory.opensStarted == 2 }
        XCTAssertEqual(player.state, .playing)
        XCTAssertFalse(player.isDeviceOpen)
        gate.signal()
        player.waitUntilFinished()
        XCTAssertTrue(player.isDeviceOpen)
        XCTAssertEqual(factory.latest.heard, TestSounds.int16(sound))
        XCTAssertNil(player.lastFailure)
    }

    func testAFailedReopenEndsTheSoundAndSaysWhyThenALaterPlayOpensAgain() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        factory.latest.failWrites([EIO])
        player.play(sound)
        player.waitUntilFinished()

        let missing = AudioOutputError(
            reason: "No sound device could be opened (\"fake\": no such device)", commandLineAdvice: "")
        factory.refuseNextOpens([missing])
        player.play(sound)
        player.waitUntilFinished()
        XCTAssertEqual(player.state, .idle)
        XCTAssertEqual(player.lastFailure, missing)
        XCTAssertFalse(player.isDeviceOpen)
        XCTAssertEqual(factory.devices.count, 1, "the refused open made no device")

        player.play(sound)  // headphones plugged in: the next play finds the device
        player.waitUntilFinished()
        XCTAssertNil(player.lastFailure)
        XCTAssertTrue(player.isDeviceOpen)
        XCTAssertEqual(factory.devices.count, 2)
        XCTAssertEqual(factory.latest.heard, TestSounds.int16(sound))
    }

    func testAFailedRecoveryEndsTheSound() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        factory.latest.failWrites([EPIPE])
        factory.latest.failRecoveries([ENODEV])
        player.play(sound)
        player.waitUntilFinished()
        XCTAssertEqual(factory.latest.calls, ["recover \(EPIPE)", "close"])
        XCTAssertEqual(
            player.lastFailure?.message.hasPrefix("Playback on the sound device \"fake\" stopped (no such device)."), true,
            player.lastFailure?.message ?? "")
    }

    func testTheSoundPlaysOutWithoutPaddingBeforeThePlayerGoesIdle() throws {
        let factory = FakeDeviceFactory()
        let player = try factory.makePlayer()
        let device = factory.latest
        let short = TestSounds.numbered(frames: 1_000)
        player.play(short)
        waitUntil("the ring buffer is full") { device.blockedInWrite && device.writes == 4 }
        device.advance(frames: 240)
        waitUntil("the last 40 frames are written") { device.writes == 5 }
        usleep(20_000)
        XCTAssertEqual(player.state, .playing, "760 frames are still to be heard")
        device.advance(frames: 760)
        waitUntil("the player goes idle") { player.state == .idle }
        XCTAssertEqual(
            device.calls.filter { $0.hasPrefix("write") }, ["write 240", "write 240", "write 240", "write 240", "write 40"])
        XCTAssertEqual(device.heard, TestSounds.int16(short))
    }

    func testASoundShorterThanTheRingIsStarted() throws {
        let factory = FakeDeviceFactory()
        let player = try factory.makePlayer()
        let device = factory.latest
        let blip = TestSounds.numbered(frames: 100)
        player.play(blip)
        waitUntil("the device is started") { device.calls == ["write 100", "start"] }
        XCTAssertEqual(player.state, .playing)
        device.advance(frames: 100)
        player.waitUntilFinished()
        XCTAssertEqual(device.heard, TestSounds.int16(blip))
    }

    func testADeviceWhoseDelayNeverReachesZeroStillFinishes() throws {
        let factory = FakeDeviceFactory(pulseLike: true, playOutGrace: 0.1)
        let player = try factory.makePlayer()
        let device = factory.latest
        let short = TestSounds.numbered(frames: 1_000)
        player.play(short)
        waitUntil("the ring buffer is full") { device.blockedInWrite && device.writes == 4 }
        device.advance(frames: 240)
        waitUntil("the last 40 frames are written") { device.writes == 5 }
        device.advance(frames: 760)
        XCTAssertEqual(try device.delay(), 200, "the fake, like PulseAudio, keeps reporting its server latency")
        waitUntil("the player goes idle at its play-out deadline", timeout: 2) { player.state == .idle }
        XCTAssertEqual(device.heard, TestSounds.int16(short))
    }

    func testPausingBeforeTheDeviceStartsLosesNothing() throws {
        let factory = FakeDeviceFactory(pulseLike: true, playOutGrace: 0.1)
        let player = try factory.makePlayer()
        let device = factory.latest
        device.holdWrites(after: 2)
        player.play(sound)
        waitUntil("two periods are written") { device.blockedInWrite && device.writes == 2 }
        XCTAssertEqual(player.currentFrame, 0, "a device that has not started has played nothing")
        player.pause()
        device.holdWrites(after: nil)
        waitUntil("the player stops the device") { device.calls.last == "discard" }
        XCTAssertEqual(device.writes, 3)
        XCTAssertEqual(player.currentFrame, 0)
        device.playInstantly()
        player.resume()
        player.waitUntilFinished()
        XCTAssertEqual(device.heard, TestSounds.int16(sound), "the 720 frames written before the pause are played after it")
    }

    func testPlayingFromTheEndPlaysNothing() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        player.play(sound, fromFrame: sound.frameCount + 5)
        XCTAssertEqual(player.state, .idle)
        XCTAssertNil(player.currentFrame)
        player.waitUntilFinished()
        XCTAssertEqual(factory.latest.writes, 0)
    }

    func testAnotherChannelCountReopensTheDevice() throws {
        let factory = FakeDeviceFactory(instant: true)
        let player = try factory.makePlayer()
        let mono = AudioBuffer(channels: 1, samples: (0..<1_000).map { Float($0) / 32_767 })
        player.play(mono)
        player.waitUntilFinished()
        XCTAssertEqual(factory.devices.count, 2)
        XCTAssertTrue(factory.devices[0].isClosed)
        XCTAssertEqual(factory.latest.format, PCMFormat(sampleRate: 48_000, channels: 1))
        XCTAssertEqual(factory.latest.heard, TestSounds.int16(mono))
    }

    func testReleasingThePlayerEndsItsThreadAndClosesTheDevice() throws {
        let factory = FakeDeviceFactory(instant: true)
        weak var released: ALSAPlayer?
        do {
            let player = try factory.makePlayer()
            released = player
            player.play(TestSounds.numbered(frames: 480_000))  // ten seconds, still being written
            usleep(1_000)
        }
        XCTAssertNil(released)
        XCTAssertTrue(factory.latest.isClosed)
        XCTAssertEqual(factory.latest.calls.last, "close")

        let paused = FakeDeviceFactory()
        do {
            let player = try paused.makePlayer()
            released = player
            player.play(sound)
            waitUntil("the ring buffer is full") { paused.latest.blockedInWrite }
            player.pause()
            paused.latest.advance(frames: 240)
            waitUntil("the player stops the device") { paused.latest.calls.last == "discard" }
        }
        XCTAssertNil(released)
        XCTAssertTrue(paused.latest.isClosed)
    }

    func testAFailedOpenIsThrownFromInit() {
        let refusal = AudioOutputError(reason: "No", commandLineAdvice: "")
        XCTAssertThrowsError(
            try ALSAPlayer(deviceName: "fake", format: .standard) { _ throws(AudioOutputError) in throw refusal }
        ) {
            XCTAssertEqual($0 as? AudioOutputError, refusal)
        }
    }
}
