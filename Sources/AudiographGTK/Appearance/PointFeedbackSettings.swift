// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

/// The point feedback to and from the saved settings (settings.json).
extension PointFeedback {
    /// The choices saved in `settings`.
    convenience init(settings: ViewSettings) {
        self.init(
            preset: settings.verbosity, custom: settings.customWording, tones: settings.pointTones,
            speech: settings.pointSpeech, reference: settings.referenceLevel,
            typedReference: settings.typedReference)
    }

    /// Writes the current choices into `settings`.
    func store(in settings: inout ViewSettings) {
        settings.verbosity = preset
        settings.customWording = custom
        settings.pointTones = tones
        settings.pointSpeech = speech
        settings.referenceLevel = reference
        settings.typedReference = typedReference
    }
}
