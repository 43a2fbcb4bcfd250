import AudiographCore
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographALSA

/// The real alsa-lib, played into its file plugin: what reaches the device must be exactly
/// PCMConversion.int16 of the buffer, frame for frame, with no padding (the file is a WAV's data chunk).
final class ALSAFileSinkTests: XCTestCase {
    var sink: ALSAFileSink!

    override func setUpWithError() throws {
        sink = try ALSAFileSink()
    }

    override func tearDown() {
        sink.remove()
    }

    /// Plays `sounds` one after another to the end on a new player, then releases it (closing the file).
    private func playToTheEnd(_ sounds: [(AudioBuffer, Int)]) throws {
        let player = try ALSAPlayer()
        for (sound, start) in sounds {
            player.play(sound, fromFrame: start)
            player.waitUntilFinished()
            XCTAssertEqual(player.state, .idle)
            XCTAssertNil(player.currentFrame)
            XCTAssertNil(player.lastFailure)
        }
    }

    func testASoundReachesTheDeviceSampleForSampleWithoutPadding() throws {
        let sine = TestSounds.stereoSine(frames: 14_411)  // 0.3 s, not a whole number of periods
        let printed = try capturingStandardError { try playToTheEnd([(sine, 0)]) }
        XCTAssertEqual(printed, "", "alsa-lib must print nothing")
        let captured = try sink.capturedSamples()
        XCTAssertEqual(captured.count, sine.samples.count)
        XCTAssertEqual(captured, TestSounds.int16(sine))
        XCTAssertNotEqual(captured[2], captured[3], "left and right stay apart")
    }

    func testPlayingFromAFrameSendsOnlyTheFramesFromThere() throws {
        let sine = TestSounds.stereoSine(frames: 14_400)
        try playToTheEnd([(sine, 4_800)])
        XCTAssertEqual(try sink.capturedSamples(), TestSounds.int16(sine, frames: 4_800..<14_400))
    }

    func testOnePlayerPlaysSoundAfterSound() throws {
        let sine = TestSounds.stereoSine(frames: 9_000)
        let numbered = TestSounds.numbered(frames: 2_000)
        try playToTheEnd([(sine, 0), (numbered, 0), (sine, 8_999)])
        XCTAssertEqual(
            try sink.capturedSamples(),
            TestSounds.int16(sine) + TestSounds.int16(numbered) + TestSounds.int16(sine, frames: 8_999..<9_000))
    }

    func testStopEndsTheSoundAtOnceAndTheNextSoundFollowsCleanly() throws {
        let long = TestSounds.numbered(frames: 480_000)  // ten seconds
        let sine = TestSounds.stereoSine(frames: 1_000)
        do {
            let player = try ALSAPlayer()
            player.play(long)
            player.stop()
            XCTAssertEqual(player.state, .idle)
            XCTAssertNil(player.currentFrame)
            player.waitUntilFinished()
            player.play(sine)
            player.waitUntilFinished()
        }
        let captured = try sink.capturedSamples()
        let tail = TestSounds.int16(sine)
        XCTAssertGreaterThanOrEqual(captured.count, tail.count)
        XCTAssertEqual(Array(captured.suffix(tail.count)), tail)
        let head = captured.count - tail.count
        XCTAssertEqual(head % 2, 0)
        XCTAssertEqual(
            Array(captured.prefix(head)), TestSounds.int16(long, frames: 0..<head / 2),
            "whatever of the stopped sound was written is its beginning, unbroken")
    }

    func testThePeriodsAreAboutFiveMilliseconds() throws {
        let device = try ALSAPCM.open(name: "default", format: .standard)
        defer { device.close() }
        XCTAssertEqual(device.periodFrames, 240)
        XCTAssertEqual(device.bufferFrames, 960)
    }

    func testReleasingThePlayerClosesTheDevice() throws {
        weak var released: ALSAPlayer?
        do {
            let player = try ALSAPlayer()
            released = player
            player.play(TestSounds.stereoSine(frames: 4_800))
            player.waitUntilFinished()
            XCTAssertEqual(sink.openDescriptorsOnOutput(), 1, "the file plugin holds the output while open")
        }
        XCTAssertNil(released)
        XCTAssertEqual(sink.openDescriptorsOnOutput(), 0)
        XCTAssertEqual(try sink.capturedSamples(), TestSounds.int16(TestSounds.stereoSine(frames: 4_800)))
    }
}
