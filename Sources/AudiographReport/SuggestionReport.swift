// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// `describe --suggest`: the charts a file can make, best first, as text or JSON.
public enum SuggestionReport {
    /// One numbered line per chart, then the flags that make it: "1. Scatter plot: …" / "   --x Weight …".
    public static func text(_ suggestions: [ChartSuggestion]) -> String {
        var lines: [String] = []
        for (n, s) in suggestions.enumerated() {
            lines.append("\(n + 1). " + s.sentence)
            lines.append("   " + flags(s.flags))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A JSON array, best first: sentence, kind, title and the settings (as in the sidecar file).
    public static func json(_ suggestions: [ChartSuggestion]) throws -> String {
        struct Entry: Encodable {
            var sentence: String
            var kind: String
            var title: String
            var settings: ChartSettings
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let entries = suggestions.map {
            Entry(
                sentence: $0.sentence, kind: $0.layout.kind.rawValue, title: $0.title,
                settings: $0.settings)
        }
        return String(decoding: try encoder.encode(entries), as: UTF8.self)
    }

    /// The command-line flags that make a suggestion, quoted for a POSIX shell where needed.
    static func flags(_ s: ChartSettings) -> String {
        var parts: [String] = []
        func add(_ flag: String, _ value: String?) { if let value { parts.append(flag + " " + quoted(value)) } }
        add("--x", s.x)
        for y in s.y ?? [] { add("--y", y) }
        add("--series-by", s.seriesBy)
        add("--size", s.size)
        add("--category", s.category)
        add("--label", s.label)
        add("--kind", s.kind?.rawValue)
        add("--aggregate", s.aggregate?.rawValue)
        return parts.joined(separator: " ")
    }

    /// The word as a shell reads it: bare when safe, else in single quotes.
    static func quoted(_ word: String) -> String {
        let safe = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-/:,+"))
        if !word.isEmpty && word.unicodeScalars.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
