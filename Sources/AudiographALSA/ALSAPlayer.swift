// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Plays AudioBuffers on an ALSA sound device from its own thread; every method returns at once.
///
/// Opens the device in `init` (so a missing or busy device is reported before anything is rendered) as
/// 16-bit stereo at 48 kHz with about 20 ms of latency in 5 ms periods. A streaming thread writes the
/// sound a period at a time; the player only posts commands to it. Destroying the player stops the
/// sound, ends the thread and closes the device before `deinit` returns.
public final class ALSAPlayer: AudioOutput {
    /// The ALSA device name, e.g. "default" or "plughw:1,0".
    public let deviceName: String
    private let engine: PlaybackEngine

    /// Opens the ALSA device `device` for playback; throws one readable sentence when it cannot.
    public convenience init(device: String = "default") throws(AudioOutputError) {
        try self.init(deviceName: device, format: .standard) { format throws(AudioOutputError) in
            try ALSAPCM.open(name: device, format: format)
        }
    }

    /// A player whose device comes from `openDevice` (tests pass a fake), opened at once in `format`;
    /// `playOutGrace` (seconds) bounds the wait for a device that never reports its sound played out.
    init(
        deviceName: String, format: PCMFormat, playOutGrace: TimeInterval = 0.1,
        openDevice: @escaping DeviceOpener
    ) throws(AudioOutputError) {
        let engine = PlaybackEngine(deviceName: deviceName, playOutGrace: playOutGrace, openDevice: openDevice)
        engine.startThread()
        do {
            try engine.open(format)
        } catch {
            engine.shutDown()
            throw error
        }
        self.deviceName = deviceName
        self.engine = engine
    }

    deinit {
        engine.shutDown()
    }

    /// Plays `buffer` from `startFrame`, replacing what was playing; returns at once, never waiting for the
    /// device. A device lost since (unplugged, failed) is opened again on the player's thread first; if it
    /// still cannot be opened the sound ends at once and `lastFailure` says why.
    public func play(_ buffer: AudioBuffer, fromFrame startFrame: Int) {
        engine.play(buffer, fromFrame: startFrame)
    }

    /// Plays `buffer` from its first frame, as `play(_:fromFrame:)` does; never throws, never waits.
    public func play(_ buffer: AudioBuffer) {
        engine.play(buffer, fromFrame: 0)
    }

    /// Whether the device is open now: false after it failed or was lost, until a `play` has opened it again.
    public var isDeviceOpen: Bool { engine.isDeviceOpen }

    public func pause() { engine.pause() }

    public func resume() { engine.resume() }

    public func stop() { engine.stop() }

    public func seek(toFrame frame: Int) { engine.seek(toFrame: frame) }

    public var currentFrame: Int? { engine.currentFrame }

    public var state: AudioOutputState { engine.currentState }

    /// Why the last sound ended early (the device failed mid-sound and could not recover); nil otherwise.
    /// Cleared by the next `play`.
    public var lastFailure: AudioOutputError? { engine.lastFailure }

    public func waitUntilFinished() { engine.waitUntilFinished() }
}
