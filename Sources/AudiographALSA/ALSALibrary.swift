// SPDX-License-Identifier: GPL-3.0-or-later
import CAlsa
import CAlsaShim

/// Process-wide alsa-lib setup and its error text.
enum ALSALibrary {
    /// Silences alsa-lib's own error printing, once per process; call before any other ALSA call.
    ///
    /// alsa-lib writes several "ALSA lib ..." lines to standard error for one failed open; Audiograph
    /// reports failures itself, in one sentence, from the return codes.
    static func prepare() {
        _ = silenced
    }

    private static let silenced: Void = ag_alsa_silence_errors()

    /// alsa-lib's description of a positive errno `code`, starting lower-case to sit inside a sentence.
    static func describe(_ code: Int32) -> String {
        let text = String(cString: snd_strerror(-code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }
}
