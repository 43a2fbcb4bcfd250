// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A tone colour: the recipe of harmonics an oscillator plays, band-limited when rendered.
///
/// Six clearly different colours, so a category (or a series) can be told apart by ear alone.
public enum Timbre: String, CaseIterable, Sendable, Codable {
    /// A sine: the plainest, clearest pitch. Series 1 and the first category.
    case pure
    /// A few low harmonics, warm and round like an ocarina.
    case soft
    /// Odd harmonics falling slowly (a rounded square), hollow like a clarinet.
    case hollow
    /// Every harmonic (a rounded sawtooth), bright like a bowed string.
    case bright
    /// Octaves and fifths stacked like organ drawbars.
    case organ
    /// A narrow pulse, nasal like a reed.
    case reedy

    /// The colours in the order series and categories take them.
    public static let palette: [Timbre] = allCases

    /// Amplitude of harmonic `n` (1 = fundamental) before band-limiting; signs set the waveform's shape.
    func harmonicAmplitude(_ n: Int) -> Double {
        let k = Double(n)
        switch self {
        case .pure:
            return n == 1 ? 1 : 0
        case .soft:
            return [1: 1, 2: 0.5, 3: 0.25, 4: 0.12][n] ?? 0
        case .hollow:
            return n % 2 == 1 ? 1 / k : 0
        case .bright:
            return 1 / k
        case .organ:
            let drawbars: [Int: Double] = [1: 1, 2: 0.7, 3: 0.5, 4: 0.35, 6: 0.25, 8: 0.2]
            return drawbars[n] ?? 0
        case .reedy:
            let duty = 0.2
            return Foundation.sin(Double.pi * k * duty) / k
        }
    }

    /// The name a person sees in settings and help ("pure", "soft", …).
    public var localizedName: String {
        switch self {
        case .pure: return Localization.tr("pure")
        case .soft: return Localization.tr("soft")
        case .hollow: return Localization.tr("hollow")
        case .bright: return Localization.tr("bright")
        case .organ: return Localization.tr("organ")
        case .reedy: return Localization.tr("reedy")
        }
    }
}
