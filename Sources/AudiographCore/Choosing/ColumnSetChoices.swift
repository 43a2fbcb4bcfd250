// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The charts a person chose for tables with given columns, remembered between runs: a monthly export or a logger's
/// daily file has the same columns every time, so the choice made for one (Choose Columns or Other Charts with
/// Remember) opens the next the same way, said once in Notes.
///
/// Kept in `$XDG_CONFIG_HOME/audiograph/charts-by-columns.json`: a list of the headers, in order, with the settings
/// chosen for them (column names only, never paths), the most recent first, at most `limit` of them.
public struct ColumnSetChoices: Sendable {
    public let url: URL

    /// One remembered choice.
    struct Entry: Codable, Equatable {
        var headers: [String]
        var settings: ChartSettings
    }

    /// Most tables remembered; the oldest choice goes first.
    static let limit = 200
    /// Largest file read, in bytes; anything bigger is not one of ours.
    static let maxBytes = 1 << 20

    public init(url: URL) { self.url = url }

    /// The store in `configDirectory` (g_get_user_config_dir(), which honours XDG_CONFIG_HOME).
    public init(configDirectory: String) {
        url = URL(fileURLWithPath: configDirectory).appendingPathComponent("audiograph/charts-by-columns.json")
    }

    /// The choice remembered for a table with exactly these `headers` (in order), or nil. Never throws: a missing,
    /// unreadable or foreign file remembers nothing.
    public func choice(forHeaders headers: [String]) -> ChartSettings? {
        entries().first { $0.headers == headers }?.settings
    }

    /// Remembers `settings` for tables with these `headers`, replacing an earlier choice for them; written with
    /// `AtomicFile`, the folder made when needed.
    public func remember(_ settings: ChartSettings, forHeaders headers: [String]) throws {
        var settings = settings
        settings.sheet = nil  // a sheet's name belongs to one workbook, not to a shape of table
        var list = entries().filter { $0.headers != headers }
        list.insert(Entry(headers: headers, settings: settings), at: 0)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(Array(list.prefix(Self.limit)))
        data.append(0x0A)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: url.path)
    }

    private func entries() -> [Entry] {
        guard let data = try? PlainFile.read(url.path, maxBytes: Self.maxBytes),
            let list = try? JSONDecoder().decode([Entry].self, from: data)
        else { return [] }
        return list
    }
}
