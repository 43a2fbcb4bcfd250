// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How rows that share an x are combined into one point.
public enum Aggregation: String, Codable, Sendable, CaseIterable {
    /// One point per x (per series): the mean of its rows, with their count.
    case mean
    /// One point per x (per series): the total of its rows, with their count (a frequency table's cells added
    /// up over the columns not shown).
    case sum
    /// Every row is its own point (a setting that says "don't summarise").
    case none
    /// One bar per x (per series): the number of rows, with no value column (a table of categories only).
    case count
}

/// Turns a table into a chart: which column is x, which are series, size, category and labels, and the kind.
///
/// With no settings the common shapes come out right (see `inferLayout` and docs/decisions.md, "Choosing the
/// chart"); settings override each guess.
public enum ChartInference {
    /// Column roles decided for a table.
    public struct Layout: Equatable, Sendable {
        /// Column index for x, or nil for "row number".
        public var x: Int?
        public var y: [Int]
        public var seriesBy: Int?
        public var size: Int?
        public var category: Int?
        public var label: Int?
        public var kind: ChartKind
        /// `.mean` when rows that share an x are summarised as one point; nil otherwise.
        public var aggregate: Aggregation? = nil
    }

    /// Builds the chart for `table` with `settings` (flags and sidecar merged). Throws for unknown columns.
    public static func makeChart(
        _ table: Table, settings: ChartSettings = ChartSettings(),
        fileTitle: String? = nil
    ) throws -> (chart: ChartDescriptor, warnings: [String]) {
        let layout = try inferLayout(table, settings: settings)
        return build(table, layout: layout, settings: settings, fileTitle: fileTitle)
    }

    /// Decides the column roles; what settings leave open is guessed by `LayoutGuess` (rules in order there).
    /// A setting that is an empty string is not guessed: x is then the row number, the other roles stay empty.
    public static func inferLayout(_ table: Table, settings: ChartSettings) throws -> Layout {
        try inferLayout(table, settings: settings, profile: TableProfile(table))
    }

    /// The same with the table's profile already made (a pass over every column), for callers that try
    /// several settings on one table.
    static func inferLayout(_ table: Table, settings: ChartSettings, profile: TableProfile) throws -> Layout {
        var settings = settings
        if settings.kind == .heatmap, let z = settings.z {
            // A long table's heatmap: --y names the rows' column and --z the values, which the layout
            // carries as a long table's series-by and value column.
            settings.seriesBy = settings.y?.first ?? settings.seriesBy
            settings.y = [z]
        }
        let pins = try LayoutPins(table, settings: settings)
        return try LayoutGuess(table: table, profile: profile, pins: pins).layout()
    }

    /// True when the non-missing values only rise or only fall (ties allowed, not all equal).
    static func isMonotonic(_ column: Column) -> Bool {
        switch column.data {
        case .numeric(let v, _), .date(let v, _, _): return OrderCheck.isMonotonic(v)
        case .text: return false
        }
    }
}

/// The column roles a person fixed (flags, sidecar, the viewer's choices), resolved to column indices.
struct LayoutPins {
    var x: Int?
    /// x is the row number ("x": "").
    var xIsRow = false
    var y: [Int]?
    var seriesBy: Int?
    var noSeriesBy = false
    var size: Int?
    var noSize = false
    var category: Int?
    var noCategory = false
    var label: Int?
    var noLabel = false
    var kind: ChartKind?
    var aggregate: Aggregation?

    /// Every column a setting names.
    var named: Set<Int> { Set([x, seriesBy, size, category, label].compactMap { $0 } + (y ?? [])) }

    init(_ table: Table, settings: ChartSettings) throws {
        func isNone(_ name: String?) -> Bool { name.map { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
        func resolve(_ name: String?) throws -> Int? {
            guard let name, !isNone(name) else { return nil }
            guard let index = table.columnIndex(named: name) else {
                throw ImportError.unknownColumn(path: table.path, name: name, available: table.columns.map(\.header))
            }
            return index
        }
        x = try resolve(settings.x); xIsRow = isNone(settings.x)
        if let names = settings.y { y = try names.compactMap { try resolve($0) } }
        if y?.isEmpty == true { y = nil }
        seriesBy = try resolve(settings.seriesBy); noSeriesBy = isNone(settings.seriesBy)
        size = try resolve(settings.size); noSize = isNone(settings.size)
        category = try resolve(settings.category); noCategory = isNone(settings.category)
        label = try resolve(settings.label); noLabel = isNone(settings.label)
        kind = settings.kind
        aggregate = settings.aggregate
        for index in (y ?? []) + [size].compactMap({ $0 }) where !table.columns[index].isNumeric {
            throw ImportError.columnNotNumeric(path: table.path, name: table.columns[index].header)
        }
    }
}

/// Order facts about a column of numbers (NaN where missing).
enum OrderCheck {
    /// True when the non-missing values only rise or only fall (ties allowed, not all equal).
    static func isMonotonic(_ values: [Double]) -> Bool {
        var rising = true, falling = true, previous = Double.nan, distinct = false
        for v in values where !v.isNaN {
            if !previous.isNaN {
                if v < previous { rising = false }
                if v > previous { falling = false }
                if v != previous { distinct = true }
                if !rising && !falling { return false }
            }
            previous = v
        }
        return distinct
    }

    /// True when each group's rows come one after another (the group changes at most once per group).
    static func isInBlocks(_ groups: [Int32]) -> Bool {
        var changes = 0, previous: Int32 = -2, distinct = Set<Int32>()
        for g in groups where g >= 0 {
            if g != previous { changes += 1; previous = g; distinct.insert(g) }
        }
        return distinct.count >= 2 && changes == distinct.count
    }

    /// Share of rows (0…1) whose x value also occurs in another group: near 1 when groups share their x
    /// values (dates in a table of stock prices), near 0 when x ties between groups only by chance.
    static func sharedXFraction(_ xs: [Double], groups: [Int32]) -> Double {
        var firstGroup: [UInt64: Int32] = [:], shared = Set<UInt64>()
        var rows = 0
        for i in xs.indices where !xs[i].isNaN && groups[i] >= 0 {
            rows += 1
            let key = (xs[i] + 0).bitPattern
            if let g = firstGroup[key] { if g != groups[i] { shared.insert(key) } } else { firstGroup[key] = groups[i] }
        }
        guard rows > 0 else { return 0 }
        var sharedRows = 0
        for i in xs.indices where !xs[i].isNaN && groups[i] >= 0 && shared.contains((xs[i] + 0).bitPattern) { sharedRows += 1 }
        return Double(sharedRows) / Double(rows)
    }

    /// Lag-1 autocorrelation (−1…1) of the first `limit` rows: near 1 when each row follows on from the last,
    /// as the rows of a time series do; nil with fewer than 3 pairs or no variance.
    static func lagOneAutocorrelation(_ values: [Double], limit: Int = 100_000) -> Double? {
        let n = min(values.count, limit)
        guard n >= 4 else { return nil }
        let current = Array(values[0..<(n - 1)]), next = Array(values[1..<n])
        return Correlation.compute(xs: current, ys: next)?.pearson
    }

    /// True when no two rows of the same group (all rows when `groups` is nil) share an x value; rows with a
    /// missing x or group are left out.
    static func xIsUnique(_ xs: [Double], groups: [Int32]?) -> Bool {
        if xRisesWithinEachGroup(xs, groups: groups) { return true }  // the usual log: no set of every row needed
        struct Key: Hashable { var bits: UInt64; var group: Int32 }
        var seen = Set<Key>()
        seen.reserveCapacity(min(xs.count, 1 << 20))
        for i in xs.indices where !xs[i].isNaN {
            let g = groups?[i] ?? 0
            if g < 0 { continue }
            if !seen.insert(Key(bits: (xs[i] + 0).bitPattern, group: g)).inserted { return false }
        }
        return true
    }

    /// True when, within each group (all rows when `groups` is nil), x strictly rises in file order, which rules
    /// out a repeated x in one pass; rows with a missing x or group are left out.
    private static func xRisesWithinEachGroup(_ xs: [Double], groups: [Int32]?) -> Bool {
        let groupCount = Int(groups?.max() ?? 0) + 1
        var last = [Double](repeating: -.infinity, count: max(1, groupCount))
        for i in xs.indices where !xs[i].isNaN {
            let g = Int(groups?[i] ?? 0)
            if g < 0 { continue }
            if xs[i] <= last[g] { return false }
            last[g] = xs[i]
        }
        return true
    }
}
