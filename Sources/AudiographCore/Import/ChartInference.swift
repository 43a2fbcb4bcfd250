import Foundation

/// Turns a table into a chart: which column is x, which are series, size, category and labels, and the kind.
///
/// With no settings the common shapes come out right (see `inferLayout`); settings override each guess.
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
    }

    /// Builds the chart for `table` with `settings` (flags and sidecar merged). Throws for unknown columns.
    public static func makeChart(_ table: Table, settings: ChartSettings = ChartSettings(),
                                 fileTitle: String? = nil) throws -> (chart: ChartDescriptor, warnings: [String]) {
        let layout = try inferLayout(table, settings: settings)
        return build(table, layout: layout, settings: settings, fileTitle: fileTitle)
    }

    /// Decides the column roles. Rules, in order, for what settings leave open:
    /// x is the first date column, else the first numeric column that only rises (or only falls),
    /// else a text column, else the first numeric column (scatter), else the row number; a long table
    /// (a text column with a few repeating values, an x and one value column) splits into one series per value.
    /// A setting that is an empty string is not guessed: x is then the row number, the other roles stay empty.
    public static func inferLayout(_ table: Table, settings: ChartSettings) throws -> Layout {
        /// An empty name asks for no column: for x the row number, for the others none at all (no guess).
        func isNone(_ name: String?) -> Bool { name.map { $0.trimmingCharacters(in: .whitespaces).isEmpty } ?? false }
        func resolve(_ name: String?) throws -> Int? {
            guard let name, !isNone(name) else { return nil }
            guard let index = table.columnIndex(named: name) else {
                throw ImportError.unknownColumn(path: table.path, name: name, available: table.columns.map(\.header))
            }
            return index
        }
        let cols = table.columns
        var x = try resolve(settings.x)
        var y = try (settings.y ?? []).compactMap { try resolve($0) }
        var seriesBy = try resolve(settings.seriesBy)
        var size = try resolve(settings.size)
        var category = try resolve(settings.category)
        var label = try resolve(settings.label)
        for index in y + [size].compactMap({ $0 }) where !cols[index].isNumeric {
            throw ImportError.columnNotNumeric(path: table.path, name: cols[index].header)
        }
        let numeric = cols.indices.filter { cols[$0].isNumeric }
        if numeric.isEmpty { throw ImportError.noNumericColumn(path: table.path) }
        let texts = cols.indices.filter { cols[$0].isText }
        let explicit = Set([x, seriesBy, size, category, label].compactMap { $0 } + y)

        // A long table: symbol,date,price. Not when the person named the y columns themselves.
        if seriesBy == nil && settings.y == nil && !isNone(settings.seriesBy) && !isNone(settings.x) {
            let groupCandidates = texts.filter { !explicit.contains($0) && isGrouping(cols[$0], rows: table.rowCount) }
            let valueCandidates = numeric.filter { $0 != x && $0 != size && !explicit.subtracting(y).contains($0) }
            for group in groupCandidates {
                let xCandidates = x.map { [$0] } ?? cols.indices.filter {
                    (cols[$0].isDate || cols[$0].isNumeric) && $0 != group && $0 != size
                }
                guard let xc = xCandidates.first(where: { isMonotonicWithinGroups(cols[$0], groups: cols[group]) }) else { continue }
                let values = y.isEmpty ? valueCandidates.filter { $0 != xc } : y
                if values.count == 1 {
                    x = xc; y = values; seriesBy = group
                    break
                }
            }
        }

        var kind: ChartKind
        if x == nil && !isNone(settings.x) {
            if let date = cols.indices.first(where: { cols[$0].isDate && !explicit.contains($0) }) {
                x = date
            } else if let mono = numeric.first(where: { c in
                !explicit.contains(c) && isMonotonic(cols[c]) && numeric.contains { $0 != c && $0 != size }
            }) {
                x = mono
            } else if let text = texts.first(where: { !explicit.contains($0) }), prefersBars(table, numeric: numeric) {
                x = text
            } else if numeric.count >= 2 {
                x = numeric.first { !explicit.contains($0) } ?? numeric[0]
            }
        }
        if let x {
            if cols[x].isText { kind = .bar }
            else if isMonotonic(cols[x]) || cols[x].isDate || seriesBy != nil { kind = .line }
            else { kind = .scatter }
        } else {
            kind = .line
        }
        if let forced = settings.kind { kind = forced }
        if y.isEmpty {
            y = numeric.filter { $0 != x && $0 != size && !explicit.contains($0) }
            if kind == .scatter && y.count > 1 && settings.kind == nil {
                // Apple's cars: weight → x, efficiency → y, price → size, country → category.
                if size == nil && !isNone(settings.size) { size = y[1] }
                y = [y[0]]
            }
        }
        if y.isEmpty { throw ImportError.noNumericColumn(path: table.path) }
        if kind == .scatter || kind == .bar {
            let free = texts.filter { $0 != x && $0 != seriesBy && !explicit.contains($0) }
            if category == nil, !isNone(settings.category), let c = free.first(where: { isGrouping(cols[$0], rows: table.rowCount) }) { category = c }
            if label == nil, !isNone(settings.label), let l = free.first(where: { $0 != category && cols[$0].categoryCount == table.rowCount }) { label = l }
        }
        return Layout(x: x, y: y, seriesBy: seriesBy, size: size, category: category, label: label, kind: kind)
    }

    /// A text x makes a bar chart when there is one value column, or a few rows of comparable columns;
    /// otherwise several unlike numeric columns make a scatter (the text then labels the points).
    static func prefersBars(_ table: Table, numeric: [Int]) -> Bool {
        if numeric.count == 1 { return true }
        let units = Set(numeric.map { table.columns[$0].unit ?? "" })
        return units.count == 1 && table.rowCount <= 40
    }

    /// A text column with a handful of values that repeat: a grouping (country, symbol), not labels.
    static func isGrouping(_ column: Column, rows: Int) -> Bool {
        guard let count = column.categoryCount else { return false }
        return count >= 2 && count <= 50 && count * 2 <= rows
    }

    /// True when the non-missing values only rise or only fall (ties allowed, not all equal).
    static func isMonotonic(_ column: Column) -> Bool {
        let values: [Double]
        switch column.data {
        case .numeric(let v, _), .date(let v, _, _): values = v
        case .text: return false
        }
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

    /// True when `column` only rises (or only falls) inside every group of `groups`.
    static func isMonotonicWithinGroups(_ column: Column, groups: Column) -> Bool {
        guard case .text(let ids, let categories) = groups.data else { return false }
        let values: [Double]
        switch column.data {
        case .numeric(let v, _), .date(let v, _, _): values = v
        case .text: return false
        }
        var last = [Double](repeating: .nan, count: categories.count)
        var direction = [Int](repeating: 0, count: categories.count)
        for (v, g) in zip(values, ids) where g >= 0 && !v.isNaN {
            let k = Int(g)
            if !last[k].isNaN && v != last[k] {
                let d = v > last[k] ? 1 : -1
                if direction[k] == 0 { direction[k] = d } else if direction[k] != d { return false }
            }
            last[k] = v
        }
        return direction.contains { $0 != 0 }
    }
}
