import AudiographCore
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographALSA

/// When no device can be opened the player throws one sentence naming the device and saying what to do,
/// and alsa-lib prints nothing.
final class DeviceFailureTests: XCTestCase {
    var sink: ALSAFileSink!

    override func tearDown() {
        sink?.remove()
    }

    private func openFailure(_ device: String) -> (message: String?, printed: String) {
        var message: String?
        let printed = capturingStandardError {
            do throws(AudioOutputError) {
                _ = try ALSAPlayer(device: device)
            } catch {
                message = error.message
            }
        }
        return (message, printed)
    }

    func testAnEmptyConfigurationHasNoDefaultDevice() throws {
        sink = try ALSAFileSink(configurationText: "")
        let (message, printed) = openFailure("default")
        XCTAssertEqual(
            message,
            "No sound device could be opened (\"default\": no such device). Connect or enable a sound card, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
        )
        XCTAssertEqual(printed, "")
    }

    func testAnUnknownDeviceNameIsNamed() throws {
        sink = try ALSAFileSink()
        let (message, printed) = openFailure("nosuchcard")
        XCTAssertEqual(
            message,
            "No sound device could be opened (\"nosuchcard\": no such device). Connect or enable a sound card, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
        )
        XCTAssertEqual(printed, "")
    }

    func testAMissingConfigurationMeansNoDevice() throws {
        sink = try ALSAFileSink()
        sink.useMissingConfiguration()
        let (message, printed) = openFailure("default")
        XCTAssertEqual(
            message?.hasPrefix("No sound device could be opened (\"default\": no such device)."), true, message ?? "no error")
        XCTAssertEqual(printed, "")
    }

    func testAFormatTheDeviceRefusesIsNamed() throws {
        // alsa-lib's mu-law plugin over a 16-bit slave takes only mu-law from its client: it opens, then
        // refuses 16-bit samples in snd_pcm_set_params.
        sink = try ALSAFileSink(configurationText: "pcm.!default { type mulaw slave { pcm { type null } format S16_LE } }\n")
        let (message, printed) = openFailure("default")
        XCTAssertEqual(
            message,
            "The sound device \"default\" cannot play 16-bit sound with 2 channels at 48,000 Hz (invalid argument). Choose another device with --device (aplay -L lists them; \"plughw:\" devices convert), or write a WAV file with `audiograph-cli render`."
        )
        XCTAssertEqual(printed, "")
    }

    /// The reason and the advice are separate messages, so the viewer can say the reason with its own advice.
    func testTheReasonAndTheAdviceAreApart() {
        let busy = DeviceFailure.cannotOpen(device: "hw:0", code: EBUSY)
        XCTAssertEqual(busy.reason, "No sound device could be opened (\"hw:0\": busy, another program is using it)")
        XCTAssertEqual(
            busy.commandLineAdvice,
            "Close that program, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
        )
        let gone = DeviceFailure.playbackFailed(device: "default", code: EIO)
        XCTAssertEqual(gone.reason, "Playback on the sound device \"default\" stopped (input/output error)")
        XCTAssertFalse(gone.reason.contains("render"))
    }

    func testEachOpenErrorHasItsAdvice() {
        XCTAssertEqual(
            DeviceFailure.cannotOpen(device: "hw:0", code: EBUSY).message,
            "No sound device could be opened (\"hw:0\": busy, another program is using it). Close that program, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
        )
        XCTAssertEqual(
            DeviceFailure.cannotOpen(device: "hw:0", code: EACCES).message,
            "No sound device could be opened (\"hw:0\": permission denied). Add your user to the \"audio\" group, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
        )
        XCTAssertEqual(
            DeviceFailure.cannotOpen(device: "hw:0", code: ENODEV).message,
            DeviceFailure.cannotOpen(device: "hw:0", code: ENOENT).message)
        XCTAssertEqual(
            DeviceFailure.cannotOpen(device: "hw:0", code: EIO).message,
            "No sound device could be opened (\"hw:0\": input/output error). Choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
        )
    }
}
