// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The kinds of file an audio graph is exported as: `render`'s --format and the viewer's Export commands.
public enum AudioGraphFileFormat: String, CaseIterable, Sendable {
    /// 48 kHz 16-bit stereo PCM sound.
    case wav
    /// A Standard MIDI File of the score: notes, not sound.
    case midi

    /// The format an output file's name asks for: .mid and .midi are MIDI, anything else WAV.
    public static func guess(from path: String) -> AudioGraphFileFormat {
        named(by: path) ?? .wav
    }

    /// The format a file name's extension names (.wav, .mid, .midi), or nil for any other name.
    public static func named(by path: String) -> AudioGraphFileFormat? {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "mid", "midi": return .midi
        case "wav", "wave": return .wav
        default: return nil
        }
    }

    /// The extension a new file of this format gets: "wav" or "mid".
    public var fileExtension: String {
        switch self {
        case .wav: return "wav"
        case .midi: return "mid"
        }
    }
}
