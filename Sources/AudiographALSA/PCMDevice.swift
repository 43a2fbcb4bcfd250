// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// The sample layout a device is opened for: signed 16-bit little-endian interleaved frames.
struct PCMFormat: Sendable, Equatable {
    /// Frames per second, e.g. 48000.
    var sampleRate: Int
    /// Samples per frame (2 for stereo).
    var channels: Int

    /// 48 kHz stereo, the layout every AudioBuffer is rendered in.
    static let standard = PCMFormat(sampleRate: AudioBuffer.standardSampleRate, channels: 2)

    init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// The layout of `buffer`'s samples.
    init(of buffer: AudioBuffer) {
        self.init(sampleRate: buffer.sampleRate, channels: buffer.channels)
    }
}

/// A failed device call: the positive errno value ALSA returned negated (EPIPE, ESTRPIPE, ENODEV...).
struct PCMError: Error, Sendable, Equatable {
    /// The errno value, positive.
    var code: Int32

    /// The device ran dry (EPIPE): an underrun, or the natural end of the queued sound.
    var isUnderrun: Bool { code == EPIPE }

    /// An underrun, a system suspend (ESTRPIPE) or an interrupted call (EINTR): `recover` can fix these.
    var isRecoverable: Bool { code == EPIPE || code == ESTRPIPE || code == EINTR }
}

/// One open playback device, used only from the player's thread: every call to the sound library goes
/// through this protocol, so tests can stand a paced fake in for ALSA and watch each call.
protocol PCMDevice: AnyObject {
    /// The layout the device was opened for; writes must be in it.
    var format: PCMFormat { get }

    /// Frames per period (about 5 ms): the player writes at most this many at a time.
    var periodFrames: Int { get }

    /// Queues up to `frames` frames from `samples` (interleaved, `format.channels` per frame), blocking while
    /// the device's buffer is full; returns how many frames it took.
    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(PCMError) -> Int

    /// Makes the device writable again after an underrun, a suspend or an interrupted call.
    func recover(from error: PCMError) throws(PCMError)

    /// Frames written but not yet heard; throws EPIPE once the device has run dry.
    func delay() throws(PCMError) -> Int

    /// Starts the device if it holds frames but is still waiting for its start threshold.
    func startIfWaiting() throws(PCMError)

    /// Throws away every queued frame at once and leaves the device stopped, ready for new frames.
    func discard() throws(PCMError)

    /// Stops and releases the device; the object must not be used afterwards.
    func close()
}
