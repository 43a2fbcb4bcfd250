// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A person's choices about how to chart a file; from command-line flags, the GUI, or the sidecar file.
///
/// Every field is optional: what is nil is guessed. Column names match a header or its title
/// (case-insensitive) or a 1-based column number. An empty name (`ChartSettings.noColumn`) asks for no
/// column and no guess: `x: ""` plots against the row number, `size: ""` means no size column.
public struct ChartSettings: Codable, Sendable, Equatable {
    /// Column for the x axis.
    public var x: String?
    /// Columns plotted as y series (wide tables).
    public var y: [String]?
    /// Text column whose values split rows into series (long tables).
    public var seriesBy: String?
    /// Numeric column that sets marker size and note length.
    public var size: String?
    /// Text column that sets marker colour/shape and timbre.
    public var category: String?
    /// Text column naming each point (e.g. a car model).
    public var label: String?
    public var kind: ChartKind?
    public var title: String?
    public var summary: String?
    /// Unit of the y values, overriding the header's.
    public var unit: String?
    /// Plot y on a base-10 logarithmic scale.
    public var logY: Bool?
    /// Summarise rows that share an x as their mean (`mean`), or never (`none`); nil guesses.
    public var aggregate: Aggregation?
    /// Number of equal bins of a histogram; nil uses the rule in `HistogramBinning`.
    public var bins: Int?
    /// A heatmap of a long table: the value column, with `x` the columns' and `y` the rows' text columns.
    public var z: String?
    /// The sheet of a workbook to chart: its name, or its 1-based number among the visible sheets; nil opens the
    /// first sheet that holds a table. Ignored for CSV files.
    public var sheet: String?

    /// The column name that means "no column" (for x: the row number).
    public static let noColumn = ""

    public init(
        x: String? = nil, y: [String]? = nil, seriesBy: String? = nil, size: String? = nil,
        category: String? = nil, label: String? = nil, kind: ChartKind? = nil, title: String? = nil,
        summary: String? = nil, unit: String? = nil, logY: Bool? = nil, aggregate: Aggregation? = nil,
        bins: Int? = nil, z: String? = nil, sheet: String? = nil
    ) {
        self.x = x; self.y = y; self.seriesBy = seriesBy; self.size = size; self.category = category
        self.label = label; self.kind = kind; self.title = title; self.summary = summary; self.unit = unit
        self.logY = logY
        self.aggregate = aggregate
        self.bins = bins
        self.z = z
        self.sheet = sheet
    }

    /// These settings with every field that `other` sets taken from `other`.
    public func overridden(by other: ChartSettings) -> ChartSettings {
        ChartSettings(
            x: other.x ?? x, y: other.y ?? y, seriesBy: other.seriesBy ?? seriesBy, size: other.size ?? size,
            category: other.category ?? category, label: other.label ?? label, kind: other.kind ?? kind,
            title: other.title ?? title, summary: other.summary ?? summary, unit: other.unit ?? unit,
            logY: other.logY ?? logY, aggregate: other.aggregate ?? aggregate, bins: other.bins ?? bins,
            z: other.z ?? z, sheet: other.sheet ?? sheet)
    }
}

/// The sidecar settings file kept next to a CSV: `births.csv` → `births.csv.audiograph.json`.
public enum SidecarSettings {
    /// Largest sidecar file read, in bytes; anything bigger is not a settings file.
    static let maxBytes = 64 * 1024

    /// Path of the sidecar for a data file (always in the same folder).
    public static func path(for dataPath: String) -> String { dataPath + ".audiograph.json" }

    /// The sidecar's settings, nil when there is none; throws when it exists but can't be understood.
    ///
    /// Only a regular file in the data file's own folder is read: a link (which could lead anywhere), a
    /// folder, a pipe (which could block) or a device is refused, as is anything over `maxBytes`. The
    /// settings hold column names, never paths, so nothing else is ever opened because of them.
    public static func load(for dataPath: String) throws -> ChartSettings? {
        let sidecar = path(for: dataPath)
        let data: Data
        do {
            guard let bytes = try PlainFile.read(sidecar, maxBytes: maxBytes) else { return nil }
            data = bytes
        } catch PlainFile.ReadError.notPlainFile {
            throw ImportError.invalidSettings(
                path: sidecar,
                reason: Localization.tr(
                    "is not a plain file (it is a link, a folder or a device); delete it, or replace it with a settings file."))
        } catch {
            throw ImportError.invalidSettings(
                path: sidecar,
                reason: Localization.tr(
                    "cannot be read or is too large; fix or delete this settings file."))
        }
        do {
            return try JSONDecoder().decode(ChartSettings.self, from: data)
        } catch {
            throw ImportError.invalidSettings(
                path: sidecar,
                reason: Localization.tr(
                    "is not a valid Audiograph settings file (JSON with keys such as \"x\", \"y\", \"kind\"); fix or delete it."))
        }
    }

    /// Writes settings next to the data file with `AtomicFile` (whole or not at all); never touches the data.
    public static func save(_ settings: ChartSettings, for dataPath: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try AtomicFile.write(try encoder.encode(settings), to: path(for: dataPath))
    }
}
