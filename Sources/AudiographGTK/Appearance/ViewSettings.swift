// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// The View menu's toggles, the play length and what is heard at each point, remembered between runs.
public struct ViewSettings: Codable, Equatable, Sendable {
    public var increaseContrast = false
    public var reduceTransparency = false
    public var differentiateWithoutColor = false
    /// How long a whole chart plays, as a multiple of the standard ten seconds (comma and period change it).
    public var playLength = 1.0
    /// The verbosity preset V steps through; `.custom` says the parts of `customWording`.
    public var verbosity = PointWording.Preset.standard
    /// The parts and order chosen in Preferences.
    public var customWording = PointWording.standard
    /// Whether stepping plays each point's tone (T).
    public var pointTones = true
    /// Whether stepping asks the screen reader to speak each point (P).
    public var pointSpeech = true
    /// The level drawn as a line and heard as a quiet tone (L, Preferences); nil for none.
    public var referenceLevel: ReferenceLevel?
    /// The last value typed in Preferences for the level, in y units, kept when another level is chosen.
    public var typedReference: Double?
    /// The chart's zoom as a factor of its normal size (Ctrl+plus, Ctrl+minus, Ctrl+0; one of `ChartZoom.levels`).
    public var chartZoom = 1.0

    public init(
        increaseContrast: Bool = false, reduceTransparency: Bool = false, differentiateWithoutColor: Bool = false,
        playLength: Double = 1
    ) {
        self.increaseContrast = increaseContrast
        self.reduceTransparency = reduceTransparency
        self.differentiateWithoutColor = differentiateWithoutColor
        self.playLength = playLength
    }

    /// Reads what it can: a missing or mistyped key keeps its default, unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        increaseContrast = (try? values.decodeIfPresent(Bool.self, forKey: .increaseContrast)) ?? false
        reduceTransparency = (try? values.decodeIfPresent(Bool.self, forKey: .reduceTransparency)) ?? false
        differentiateWithoutColor = (try? values.decodeIfPresent(Bool.self, forKey: .differentiateWithoutColor)) ?? false
        let length = (try? values.decodeIfPresent(Double.self, forKey: .playLength)) ?? 1
        playLength = length.isFinite && length > 0 ? length : 1
        verbosity = ((try? values.decodeIfPresent(PointWording.Preset.self, forKey: .verbosity)) ?? nil) ?? .standard
        customWording = ((try? values.decodeIfPresent(PointWording.self, forKey: .customWording)) ?? nil) ?? .standard
        pointTones = ((try? values.decodeIfPresent(Bool.self, forKey: .pointTones)) ?? nil) ?? true
        pointSpeech = ((try? values.decodeIfPresent(Bool.self, forKey: .pointSpeech)) ?? nil) ?? true
        referenceLevel = (try? values.decodeIfPresent(ReferenceLevel.self, forKey: .referenceLevel)) ?? nil
        let typed = (try? values.decodeIfPresent(Double.self, forKey: .typedReference)) ?? nil
        typedReference = typed.flatMap { $0.isFinite ? $0 : nil }
        chartZoom = ChartZoom.clamped((try? values.decodeIfPresent(Double.self, forKey: .chartZoom)) ?? nil ?? 1)
    }
}

/// The settings file: `$XDG_CONFIG_HOME/audiograph/settings.json` (~/.config when XDG_CONFIG_HOME is unset).
public struct ViewSettingsStore: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The store in `configDirectory` (g_get_user_config_dir(), which honours XDG_CONFIG_HOME).
    public init(configDirectory: String) {
        url = URL(fileURLWithPath: configDirectory).appendingPathComponent("audiograph/settings.json")
    }

    /// Largest settings file read, in bytes; anything bigger is not one.
    static let maxBytes = 64 * 1024

    /// The saved settings; defaults when the file is missing, not a regular file (a link, a pipe, …), over
    /// `maxBytes`, unreadable or not JSON. Never throws, never blocks on a pipe.
    public func load() -> ViewSettings {
        guard let data = try? PlainFile.read(url.path, maxBytes: Self.maxBytes),
            let settings = try? JSONDecoder().decode(ViewSettings.self, from: data)
        else { return ViewSettings() }
        return settings
    }

    /// Writes `settings` with `AtomicFile` (whole or not at all), creating the folder when needed.
    public func save(_ settings: ViewSettings) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var data = try encoder.encode(settings)
        data.append(0x0A)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: url.path)
    }
}
