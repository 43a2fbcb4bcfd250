// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// The sentences a person reads when the sound device fails: each names the device and says what to do.
/// The reason and the command-line advice are separate messages (`AudioOutputError`).
enum DeviceFailure {
    /// The device `device` could not be opened; `code` is the positive errno from snd_pcm_open.
    static func cannotOpen(device: String, code: Int32) -> AudioOutputError {
        switch code {
        case EBUSY:
            return AudioOutputError(
                reason: Localization.tr("No sound device could be opened (\"%@\": busy, another program is using it)", device),
                commandLineAdvice: Localization.tr(
                    "Close that program, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
                ))
        case EACCES, EPERM:
            return AudioOutputError(
                reason: Localization.tr("No sound device could be opened (\"%@\": permission denied)", device),
                commandLineAdvice: Localization.tr(
                    "Add your user to the \"audio\" group, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
                ))
        case ENOENT, ENODEV, ENXIO:
            return AudioOutputError(
                reason: Localization.tr("No sound device could be opened (\"%@\": no such device)", device),
                commandLineAdvice: Localization.tr(
                    "Connect or enable a sound card, choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
                ))
        default:
            return AudioOutputError(
                reason: Localization.tr("No sound device could be opened (\"%@\": %@)", device, ALSALibrary.describe(code)),
                commandLineAdvice: Localization.tr(
                    "Choose another device with --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`."
                ))
        }
    }

    /// The device opened but refused 16-bit sound in `format`.
    static func formatRefused(device: String, format: PCMFormat, code: Int32) -> AudioOutputError {
        AudioOutputError(
            reason: Localization.tr(
                "The sound device \"%@\" cannot play 16-bit sound with %ld channels at %ld Hz (%@)",
                device, format.channels, format.sampleRate, ALSALibrary.describe(code)),
            commandLineAdvice: Localization.tr(
                "Choose another device with --device (aplay -L lists them; \"plughw:\" devices convert), or write a WAV file with `audiograph-cli render`."
            ))
    }

    /// Playback stopped because the device failed mid-sound (unplugged, I/O error) and could not recover.
    static func playbackFailed(device: String, code: Int32) -> AudioOutputError {
        AudioOutputError(
            reason: Localization.tr("Playback on the sound device \"%@\" stopped (%@)", device, ALSALibrary.describe(code)),
            commandLineAdvice: Localization.tr(
                "Check that the device is still connected and play again, or write a WAV file with `audiograph-cli render`."))
    }
}
