// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

/// What the person hears as they step through a chart, shared by every window: the verbosity of each point's
/// words, whether each step plays its tone and asks the screen reader to speak, and the reference level
/// (drawn, heard while playing, and said when a step crosses it).
///
/// The application makes one from the saved settings and saves it again after each change (`onChange`).
@MainActor
final class PointFeedback {
    private(set) var preset: PointWording.Preset
    private(set) var custom: PointWording
    private(set) var tones: Bool
    private(set) var speech: Bool
    private(set) var reference: ReferenceLevel?
    /// The last value typed in Preferences, which L also steps to.
    private(set) var typedReference: Double?
    /// Hears every change, after it is made: the application saves it and tells the other windows.
    var onChange: (() -> Void)?

    init(settings: ViewSettings) {
        preset = settings.verbosity
        custom = settings.customWording
        tones = settings.pointTones
        speech = settings.pointSpeech
        reference = settings.referenceLevel
        typedReference = settings.typedReference
    }

    /// The parts said at each point now.
    var wording: PointWording { PointWording.of(preset, custom: custom) }

    /// Writes the current choices into `settings`.
    func store(in settings: inout ViewSettings) {
        settings.verbosity = preset
        settings.customWording = custom
        settings.pointTones = tones
        settings.pointSpeech = speech
        settings.referenceLevel = reference
        settings.typedReference = typedReference
    }

    /// V: Minimal, Standard, Detailed, then the custom set, and round again.
    func nextPreset() {
        let all = PointWording.Preset.allCases
        preset = all[(all.firstIndex(of: preset)! + 1) % all.count]
        onChange?()
    }

    /// The custom set from Preferences, which becomes the preset in use.
    func setCustom(_ wording: PointWording) {
        custom = wording
        preset = .custom
        onChange?()
    }

    /// T: point tones off or on.
    func toggleTones() {
        tones.toggle()
        onChange?()
    }

    /// L: no level, the mean, the median, zero, the typed value (when one was typed), and round again.
    func nextReference() {
        var all: [ReferenceLevel?] = [nil, .mean, .median, .zero]
        if let typedReference { all.append(.value(typedReference)) }
        reference = all[((all.firstIndex(of: reference) ?? 0) + 1) % all.count]
        onChange?()
    }

    /// The level chosen in Preferences; a typed value is also kept for L.
    func setReference(_ level: ReferenceLevel?) {
        reference = level
        if case .value(let typed) = level { typedReference = typed }
        onChange?()
    }

    /// P: point speech off or on.
    func toggleSpeech() {
        speech.toggle()
        onChange?()
    }
}
