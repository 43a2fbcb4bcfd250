// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CAlsa
import Foundation

/// An open ALSA playback PCM: S16_LE interleaved, blocking writes, ~5 ms periods in a ~20 ms buffer.
///
/// Created and used only on the player's thread (PlaybackEngine), so it needs no lock of its own.
final class ALSAPCM: PCMDevice {
    /// How much sound the device queues ahead, in microseconds: the delay between a key press and its tone.
    static let latencyMicroseconds: UInt32 = 20_000

    let format: PCMFormat
    let periodFrames: Int
    /// Frames the device's ring buffer holds (about `latencyMicroseconds` worth).
    let bufferFrames: Int
    private let handle: OpaquePointer

    private init(handle: OpaquePointer, format: PCMFormat, periodFrames: Int, bufferFrames: Int) {
        self.handle = handle
        self.format = format
        self.periodFrames = periodFrames
        self.bufferFrames = bufferFrames
    }

    /// Opens the ALSA device `name` (e.g. "default", "plughw:1") for playback in `format`.
    /// Throws one readable sentence naming the device when it is missing, busy or refuses the format.
    static func open(name: String, format: PCMFormat) throws(AudioOutputError) -> ALSAPCM {
        ALSALibrary.prepare()
        var opened: OpaquePointer?
        let openCode = snd_pcm_open(&opened, name, SND_PCM_STREAM_PLAYBACK, 0)
        guard openCode >= 0, let handle = opened else {
            throw DeviceFailure.cannotOpen(device: name, code: -openCode)
        }
        let setCode = snd_pcm_set_params(
            handle, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED,
            UInt32(format.channels), UInt32(format.sampleRate),
            1, latencyMicroseconds)
        guard setCode >= 0 else {
            snd_pcm_close(handle)
            throw DeviceFailure.formatRefused(device: name, format: format, code: -setCode)
        }
        var bufferSize: snd_pcm_uframes_t = 0, periodSize: snd_pcm_uframes_t = 0
        if snd_pcm_get_params(handle, &bufferSize, &periodSize) < 0 || periodSize == 0 {
            periodSize = snd_pcm_uframes_t(format.sampleRate / 200)
            bufferSize = periodSize * 4
        }
        fillPlayedAreaWithSilence(handle)
        return ALSAPCM(handle: handle, format: format, periodFrames: Int(periodSize), bufferFrames: Int(bufferSize))
    }

    /// Asks ALSA to overwrite every played part of the ring buffer with silence (best effort).
    ///
    /// The player writes only the sound's real frames, never padding; when the last period is partial,
    /// this keeps a device that plays on to the next period boundary from replaying stale frames.
    private static func fillPlayedAreaWithSilence(_ handle: OpaquePointer) {
        var params: OpaquePointer?
        guard snd_pcm_sw_params_malloc(&params) >= 0, let params else { return }
        defer { snd_pcm_sw_params_free(params) }
        var boundary: snd_pcm_uframes_t = 0
        guard snd_pcm_sw_params_current(handle, params) >= 0,
            snd_pcm_sw_params_get_boundary(params, &boundary) >= 0,
            snd_pcm_sw_params_set_silence_threshold(handle, params, 0) >= 0,
            snd_pcm_sw_params_set_silence_size(handle, params, boundary) >= 0
        else { return }
        _ = snd_pcm_sw_params(handle, params)
    }

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(PCMError) -> Int {
        precondition(samples.count >= frames * format.channels, "write past the end of the samples")  // l10n: not shown
        let written = snd_pcm_writei(handle, samples.baseAddress, snd_pcm_uframes_t(frames))
        guard written >= 0 else { throw PCMError(code: Int32(-written)) }
        return written
    }

    func recover(from error: PCMError) throws(PCMError) {
        // snd_pcm_recover prepares after an underrun and resumes (waiting while suspended) after ESTRPIPE;
        // silent = 1 keeps it from printing the underrun.
        let code = snd_pcm_recover(handle, -error.code, 1)
        guard code >= 0 else { throw PCMError(code: -code) }
    }

    func delay() throws(PCMError) -> Int {
        var frames: snd_pcm_sframes_t = 0
        let code = snd_pcm_delay(handle, &frames)
        guard code >= 0 else { throw PCMError(code: -code) }
        return max(0, frames)
    }

    func startIfWaiting() throws(PCMError) {
        guard snd_pcm_state(handle) == SND_PCM_STATE_PREPARED else { return }
        let code = snd_pcm_start(handle)
        guard code >= 0 else { throw PCMError(code: -code) }
    }

    func discard() throws(PCMError) {
        _ = snd_pcm_drop(handle)
        let code = snd_pcm_prepare(handle)
        guard code >= 0 else { throw PCMError(code: -code) }
    }

    func close() {
        snd_pcm_close(handle)
    }
}
