// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What the person hears as they step through a chart, shared by every window: the verbosity of each point's
/// words, whether each step plays its tone and asks the screen reader to speak, and the reference level
/// (drawn, heard while playing, and said when a step crosses it).
///
/// The viewer makes one from the saved settings and saves it again after each change (`onChange`); it is
/// used on the main thread only.
public final class PointFeedback {
    public private(set) var preset: PointWording.Preset
    public private(set) var custom: PointWording
    public private(set) var tones: Bool
    public private(set) var speech: Bool
    public private(set) var reference: ReferenceLevel?
    /// The last value typed in Preferences, which L also steps to.
    public private(set) var typedReference: Double?
    /// Hears every change, after it is made: the application saves it and tells the other windows.
    public var onChange: (() -> Void)?

    public init(
        preset: PointWording.Preset = .standard, custom: PointWording = .standard, tones: Bool = true,
        speech: Bool = true, reference: ReferenceLevel? = nil, typedReference: Double? = nil
    ) {
        self.preset = preset
        self.custom = custom
        self.tones = tones
        self.speech = speech
        self.reference = reference
        self.typedReference = typedReference
    }

    /// The parts said at each point now.
    public var wording: PointWording { PointWording.of(preset, custom: custom) }

    /// V: Minimal, Standard, Detailed, then the custom set, and round again.
    public func nextPreset() {
        let all = PointWording.Preset.allCases
        preset = all[(all.firstIndex(of: preset)! + 1) % all.count]
        onChange?()
    }

    /// The custom set from Preferences, which becomes the preset in use.
    public func setCustom(_ wording: PointWording) {
        custom = wording
        preset = .custom
        onChange?()
    }

    /// T: point tones off or on.
    public func toggleTones() {
        tones.toggle()
        onChange?()
    }

    /// L: no level, the mean, the median, zero, the typed value (when one was typed), and round again.
    public func nextReference() {
        var all: [ReferenceLevel?] = [nil, .mean, .median, .zero]
        if let typedReference { all.append(.value(typedReference)) }
        reference = all[((all.firstIndex(of: reference) ?? 0) + 1) % all.count]
        onChange?()
    }

    /// The level chosen in Preferences; a typed value is also kept for L.
    public func setReference(_ level: ReferenceLevel?) {
        reference = level
        if case .value(let typed) = level { typedReference = typed }
        onChange?()
    }

    /// P: point speech off or on.
    public func toggleSpeech() {
        speech.toggle()
        onChange?()
    }
}
