// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Guesses the column roles a table calls for, around whatever the person fixed.
///
/// The rules, in order (anchors and reasons in docs/decisions.md, "Choosing the chart"):
/// 1. Identifiers (row numbers, ids, codes) are never series; a unique text column names the points.
/// 2. Latitude and longitude make a map: a scatter with longitude along x.
/// 3. A long table — a text column that makes each x unique — gives one line per value of that column.
/// 4. x is the first time column (dates, or numbers under a header such as year), else the first measure that
///    only rises or falls, else a text column (bars), else a scatter of two measures, else the row number.
/// 5. Records are not series: when x repeats, two or more other measures make a scatter (the first two
///    continuous measures, the grouping as colour), and a single measure is summarised per x (mean, with counts).
/// 6. Every other measure is a series of a line or bar chart; `build` gives each unit or magnitude its own scale.
struct LayoutGuess {
    let table: Table
    let profile: TableProfile
    var pins: LayoutPins

    /// Most values a category column may have to colour a scatter plot (timbres and palette colours to tell apart).
    static let categoryLimit = 12
    /// Most rows named one by one that are drawn as a bar each (about a minute of bars at a second each).
    static let mostBarsOfNames = 60

    private var columns: [Column] { table.columns }

    /// How a guessed summary combines rows that share an x: their total when the person asked for it, else
    /// their mean.
    private var summary: Aggregation { pins.aggregate == .sum ? .sum : .mean }

    /// Measures free for the guess, in file order (codes only when nothing else is measured).
    var measures: [Int] {
        let named = pins.named.subtracting(pins.y ?? [])
        let candidates = profile.indices(.measure).filter { !named.contains($0) && !profile[$0].isUnitNumber }
        // Errors, bounds and computed columns are set aside (`SetAside`) while anything else is left to chart: a
        // table of a year and a value that rises by 3 a year still has that value.
        let kept = candidates.filter { profile.setAside[$0] == nil }
        let free = kept.isEmpty ? candidates : kept
        // Codes (cylinders, diet) are groupings while real measures are left to chart.
        let real = free.filter { !profile[$0].isCode }
        return real.isEmpty ? free : real
    }

    /// The layout: the first rule that fits, then the person's pins on top.
    func layout() throws -> ChartInference.Layout {
        if let kind = pins.kind, kind.layoutBase != kind {
            // Grouped and stacked bars and areas choose their columns as bars and lines do.
            var base = self
            base.pins.kind = kind.layoutBase
            var layout = try base.layout()
            layout.kind = kind
            return layout
        }
        let values = pins.y ?? measures
        if pins.kind == .histogram { return try histogramLayout(values) }
        if pins.kind == .box { return try boxLayout(values) }
        if pins.kind == .candlestick { return try candlestickLayout() }
        if pins.kind == .heatmap { return try heatmapLayout() }
        if pins.kind == nil, pins.y == nil, !pins.xIsRow, let matrix = labelledMatrix() { return finish(matrix) }
        if pins.kind == nil, pins.y == nil, !pins.xIsRow, let prices = priceColumns() {
            return finish(.init(x: pins.x ?? timeColumns().first, y: prices, kind: .candlestick))
        }
        if pins.aggregate == .count
            || (pins.y == nil && pins.x == nil && pins.aggregate == nil && (pins.kind == nil || pins.kind == .bar)
                && onlyCategories),
            let counts = countLayout()
        {
            return finish(counts)
        }
        if values.isEmpty {
            let numbers = columns.indices.filter { columns[$0].isNumeric || columns[$0].isDate }
            if numbers.isEmpty { throw ImportError.noNumericColumn(path: table.path) }
            throw ImportError.nothingMeasured(path: table.path, columns: numbers.map { columns[$0].header })
        }
        if pins.kind == nil, pins.x == nil, pins.y == nil, !pins.xIsRow, !measures.isEmpty,
            measures.allSatisfy({ profile[$0].isCode }),
            let duration = timeColumns().first(where: {
                !columns[$0].isDate && !profile[$0].isMonotonic && profile[$0].distinct >= 10
            }),
            let split = measures.first(where: { manyRowsPerGroup($0) })
        {
            // Survival times beside a yes/no status and a group (aml: time, cens, group; a motor's temperature): the time
            // is what was measured, of ten values or more and in no order, a box per group; a mean of codes per time
            // says nothing.
            let arm = measures.first(where: { !isIndicator($0) && manyRowsPerGroup($0) }) ?? split
            return finish(.init(x: arm, y: [duration], kind: .box))
        }
        if pins.kind == nil, pins.x == nil, pins.y == nil, !pins.xIsRow, let lone = computedFromRepeatedTime() {
            // A coin's age against its year, the only measure: its mean per year is a line of slope −1 that says how
            // age was computed. The distribution of ages is the chart.
            return finish(.init(x: lone, y: [], kind: .histogram))
        }
        if let map = mapLayout() { return finish(map) }
        if let counts = frequencyTableLayout() { return finish(counts) }
        if let long = longTableLayout() { return finish(long) }
        if pins.kind == nil, pins.x == nil, pins.y == nil, !pins.xIsRow, pins.seriesBy == nil, timeColumns().isEmpty,
            firstOrderedMeasure() == nil, !rowsReadAsASequence(), table.rowCount >= 10,
            let sets = repeatedMeasurementSets(), !sets.contains(where: namesAYear),
            Set(sets) == Set(measures) || (sets.count >= 4 && sets.count * 2 > measures.count && setsNumberAQuantity(sets))
        {
            // Repeated measurement sets (a subject's response at five probe positions): a box per set. Only when the
            // sets are everything the table measures, or most of it and numbered by a quantity (Adopted's IQ at ages
            // 2 to 13 beside the mothers' IQ): beside other measures x1 … x4 and y are a regression's predictors,
            // different quantities that happen to be numbered.
            return finish(.init(x: nil, y: sets, kind: .box))
        }
        if pins.kind == nil, pins.x == nil, pins.y == nil, !pins.xIsRow, values.count >= 2, timeColumns().isEmpty {
            // One measure among yes/no indicators (affairs: their number beside a dozen 0/1 columns): its histogram,
            // not a scatter of it against an indicator.
            let measured = values.filter { !isIndicator($0) }
            if measured.count == 1, !followsOn(measured[0]) { return finish(.init(x: measured[0], y: [], kind: .histogram)) }
        }
        let sequence = pins.x == nil && pins.y == nil && pins.kind != .scatter && rowsReadAsASequence()
        if pins.x == nil && !pins.xIsRow, pins.y == nil, !sequence, let records = recordsWithoutX() { return finish(records) }
        let x = pins.xIsRow ? nil : (pins.x ?? chooseX())
        guard let x else {
            if values.count >= 2 && pins.kind == nil && !pins.xIsRow, pins.y == nil, !sequence, let pair = scatterPair(values) {
                return finish(scatter(x: pair.x, y: pair.y))
            }
            if values.count == 1, pins.kind == nil, pins.y == nil, !pins.xIsRow, !followsOn(values[0]) {
                return finish(.init(x: values[0], y: [], kind: .histogram))
            }
            return finish(
                .init(x: nil, y: pins.y == nil ? DerivedSeries.withoutDerived(values, x: nil, in: table) : values, kind: .line))
        }
        let others = (pins.y ?? measures).filter { $0 != x }
        // A time or category that repeats is records; so is a measure whose values mostly repeat (each on two
        // rows or more on average). A continuous measure with the odd tie is a scatter plot's x.
        let p = profile[x]
        let repeats = p.repeats && pins.seriesBy == nil && (p.role != .measure || p.distinct * 2 <= p.present)
        if repeats && pins.aggregate != Aggregation.none && pins.kind != .scatter {
            if let finer = finerTimeLayout(within: x, others: others) { return finish(finer) }
            // Records: rows share an x.
            if pins.x == nil && pins.y == nil && pins.kind != .line && pins.kind != .bar,
                others.count >= 2, !others.allSatisfy(isIndicator), let pair = scatterPair(others)
            {
                var s = scatter(x: pair.x, y: pair.y)
                if s.category == nil && !pins.noCategory && profile[x].role == .grouping
                    && profile[x].distinct <= Self.categoryLimit
                {
                    s.category = x
                }
                return finish(s)
            }
            if !others.isEmpty {
                let y = pins.y ?? Array(others.prefix(pins.x == nil ? 1 : others.count))
                if y.count == 1, columns[x].isText, pins.kind == nil, pins.aggregate == nil, manyRowsPerGroup(x) {
                    return finish(.init(x: x, y: y, kind: .box))
                }
                if y.count == 1, pins.seriesBy == nil, !pins.noSeriesBy, let split = factorWithin(x, y: y[0]) {
                    return finish(split)
                }
                return finish(.init(x: x, y: y, kind: columns[x].isText ? .bar : .line, aggregate: summary))
            }
        }
        if others.isEmpty, pins.x == nil, pins.kind == nil, profile[x].role == .measure, !followsOn(x) {
            return finish(.init(x: x, y: [], kind: .histogram))
        }
        if others.isEmpty {
            throw ImportError.nothingMeasured(path: table.path, columns: [columns[x].header])
        }
        let kind: ChartKind
        if columns[x].isText {
            kind = .bar
        } else if profile[x].isMonotonic || profile[x].role == .time || pins.seriesBy != nil {
            kind = .line
        } else {
            kind = .scatter
        }
        if kind == .scatter && pins.y == nil {
            return finish(scatter(x: x, y: others[0]))
        }
        let series = kind == .line && pins.y == nil ? DerivedSeries.withoutDerived(others, x: x, in: table) : others
        return finish(
            .init(
                x: x, y: series, seriesBy: pins.seriesBy, kind: kind,
                aggregate: pins.aggregate == .mean || pins.aggregate == .sum ? pins.aggregate : nil))
    }

    // MARK: Rules

    /// A histogram of one column: the x the person named, else their first y, else the first measure.
    private func histogramLayout(_ values: [Int]) throws -> ChartInference.Layout {
        guard let column = pins.x ?? pins.y?.first ?? values.first else {
            throw ImportError.noNumericColumn(path: table.path)
        }
        guard case .numeric = columns[column].data else {
            throw ImportError.histogramOfText(path: table.path, name: columns[column].header)
        }
        var layout = ChartInference.Layout(x: column, y: [], kind: .histogram)
        layout.seriesBy = nil
        return layout
    }

    /// A heatmap: a long table's x, rows (series-by) and value column as the person named them; else a matrix,
    /// the first text column naming the rows and every measure a column.
    private func heatmapLayout() throws -> ChartInference.Layout {
        if let rows = pins.seriesBy, let x = pins.x, let value = pins.y?.first {
            return ChartInference.Layout(x: x, y: [value], seriesBy: rows, kind: .heatmap)
        }
        if pins.x == nil, pins.label == nil, pins.y == nil {
            // A long table keeps its groups: a row per group, a column per x, when x has names or few values.
            var asLines = self
            asLines.pins.kind = .line
            if let long = asLines.longTableLayout(), let x = long.x, let rows = long.seriesBy {
                guard table.columns[x].asCategories != nil else { throw ImportError.heatmapWithoutRows(path: table.path) }
                return ChartInference.Layout(x: x, y: long.y, seriesBy: rows, kind: .heatmap)
            }
        }
        guard
            let rows = pins.x ?? pins.label ?? profile.indices(.labels).first ?? columns.indices.first(where: {
                columns[$0].isText
            })
                ?? numberedRows(),
            columns[rows].isText || pins.x == rows || pins.label == rows || numberedRows() == rows
        else {
            throw ImportError.heatmapWithoutRows(path: table.path)
        }
        // A guessed column that names some rows twice is no matrix's row names (each cell would be one of them).
        if pins.x != rows && pins.label != rows && profile[rows].distinct < profile[rows].present {
            throw ImportError.heatmapWithoutRows(path: table.path)
        }
        // Every number column is a column of the grid unless the person chose some: a heatmap's columns are
        // alike, so a sparse or code-like one is as much a column as the others.
        let measured = (pins.y ?? columns.indices.filter { columns[$0].isNumeric }).filter { $0 != rows && columns[$0].isNumeric }
        guard measured.count >= 2 else { throw ImportError.heatmapWithoutRows(path: table.path) }
        return ChartInference.Layout(x: rows, y: measured, kind: .heatmap)
    }

    /// The first column, when it names the rows of a matrix with numbers (years, months, ages, codes, as pivot
    /// tables and R's xtabs write them): distinct whole numbers, one per row, beside two or more number columns
    /// of one unit and size (or headed by times: Jan … Dec, 2012 … 2017).
    func numberedRows() -> Int? {
        guard let first = columns.indices.first, !pins.named.subtracting([pins.x, pins.label].compactMap { $0 }).contains(first),
            case .numeric = columns[first].data
        else { return nil }
        let p = profile[first]
        guard p.isWholeNumbers, p.distinct == p.present, p.present >= 2, p.present == table.rowCount,
            !(p.isSequence && p.isMonotonic)
        else { return nil }  // 1…n are row numbers, not names
        let others = columns.indices.filter { $0 != first && columns[$0].isNumeric }
        guard others.count >= 2 else { return nil }
        let oneUnit = Set(others.map { columns[$0].unit ?? "" }).count == 1
        // Row names in order (years, ages) over columns of one unit (WorldPhones: 1951 … 1961 by continent).
        let alike =
            ScaleGroups.sameMagnitude(others.map { profile[$0].magnitude })
            || others.allSatisfy { TimeHeaders.namesATime(columns[$0].header) } || p.isMonotonic
        return oneUnit && alike ? first : nil
    }

    /// A square matrix whose rows are named as its columns are (a correlation or distance table): a text
    /// column whose values are the headers of number columns, in any order, each row once. The headers may
    /// share one prefix the names lack (R's `cov.VisualPerception` beside the row `VisualPerception`), and
    /// constant columns beside the matrix (R's `center` of zeros, `n.obs`) are left out. Nothing else is
    /// plainly a heatmap; other tables of rows and columns are bars or lines.
    private func labelledMatrix() -> ChartInference.Layout? {
        let numbers = columns.indices.filter { columns[$0].isNumeric && !profile[$0].isCode }
        guard numbers.count >= 3 else { return nil }
        for c in columns.indices where columns[c].isText {
            guard case .text(let ids, let names) = columns[c].data, names.count >= 3, ids.count == names.count,
                Set(ids).count == ids.count
            else { continue }
            let rowNames = Set(names)
            var prefixes = Set<Substring>()
            let cells = numbers.filter { n in
                let header = columns[n].header
                if rowNames.contains(header) { prefixes.insert(""); return true }
                guard let dot = header.firstIndex(of: "."), rowNames.contains(String(header[header.index(after: dot)...]))
                else { return false }
                prefixes.insert(header[...dot])
                return true
            }
            guard cells.count == names.count, prefixes.count == 1,
                numbers.allSatisfy({ cells.contains($0) || profile[$0].distinct <= 1 })
            else { continue }
            return ChartInference.Layout(x: c, y: cells, kind: .heatmap)
        }
        return nil
    }

    /// The open, high, low and close columns, then volume when there is one, found by their titles
    /// (any case); nil unless all four prices are number columns.
    func priceColumns() -> [Int]? {
        func column(_ names: [String]) -> Int? {
            columns.indices.first { c in
                guard case .numeric = columns[c].data else { return false }
                return names.contains(columns[c].title.lowercased().trimmingCharacters(in: .whitespaces))
            }
        }
        guard let open = column(["open"]), let high = column(["high"]), let low = column(["low"]),
            let close = column(["close"])
        else { return nil }
        return [open, high, low, close] + (column(["volume"]).map { [$0] } ?? [])
    }

    /// A candlestick chart: the price columns, over the x the person named, else the first time column,
    /// else the row number.
    private func candlestickLayout() throws -> ChartInference.Layout {
        guard let prices = priceColumns() else { throw ImportError.candlestickWithoutPrices(path: table.path) }
        return ChartInference.Layout(x: pins.xIsRow ? nil : (pins.x ?? timeColumns().first), y: prices, kind: .candlestick)
    }

    /// A box plot of one measure per group: the x the person named (else their series-by, else the first
    /// grouping), the y they named, else the first other measure. Without a grouping, repeated measurement sets
    /// (or the y columns the person named, of one unit) are a box per column.
    private func boxLayout(_ values: [Int]) throws -> ChartInference.Layout {
        if pins.x == nil, pins.seriesBy == nil {
            if let y = pins.y, y.count >= 2, Set(y.map { columns[$0].unit ?? "" }).count == 1 {
                return ChartInference.Layout(x: nil, y: y, kind: .box)
            }
            if let sets = repeatedMeasurementSets() { return ChartInference.Layout(x: nil, y: sets, kind: .box) }
        }
        let named = pins.x ?? pins.seriesBy
        guard
            let g = named
                ?? (profile.indices(.grouping) + profile.groupings).first(where: {
                    !pins.named.contains($0) && profile[$0].distinct <= ChartInference.maximumBoxes
                })
        else {
            throw ImportError.boxPlotWithoutGroups(path: table.path, name: nil)
        }
        guard let categories = columns[g].asCategories?.names, categories.count <= ChartInference.maximumBoxes else {
            throw ImportError.boxPlotWithoutGroups(path: table.path, name: columns[g].header)
        }
        guard let y = pins.y?.first ?? values.first(where: { $0 != g }) else {
            throw ImportError.nothingMeasured(path: table.path, columns: [columns[g].header])
        }
        return ChartInference.Layout(x: g, y: [y], kind: .box)
    }

    /// Columns that are one measurement taken again and again (Probe2's p1 … p5, Adopted's Age2IQ … Age13IQ):
    /// three or more measures of four values or more, of one unit and size, whose headers are the same once their
    /// numbers are taken out; one such stem (two when the person asked for a box plot: ReactTime's deg0NA …
    /// deg8NP); nil when there are none.
    func repeatedMeasurementSets() -> [Int]? {
        var byStem: [String: [Int]] = [:]
        // Four values are enough for a coarse reading (reaction times of 360 to 900 ms, in steps of 60); not for a
        // rating of 0 to 3.
        for c in measures where profile[c].distinct >= 5 || (profile[c].distinct == 4 && profile[c].magnitude >= 100) {
            let header = columns[c].header
            guard header.contains(where: \.isNumber) else { continue }
            byStem[String(header.filter { !$0.isNumber }).lowercased(), default: []].append(c)
        }
        let stems = byStem.values.filter { $0.count >= 3 }
        // Two stems over the same numbers are one design crossed with a condition (ReactTime's deg0NA … deg8NA
        // and deg0NP … deg8NP).
        let crossed = stems.count == 2 && Set(stems[0].map(headerNumber)) == Set(stems[1].map(headerNumber))
        guard stems.count == 1 || (stems.count == 2 && (pins.kind == .box || crossed)) else { return nil }
        let sets = stems.flatMap { $0 }.sorted()
        guard Set(sets.map { columns[$0].unit ?? "" }).count == 1,
            ScaleGroups.sameMagnitude(sets.map { profile[$0].magnitude })
        else { return nil }
        return sets
    }

    /// The digits of a header as one number ("Age13IQ" → 13), or nil when it has none.
    private func headerNumber(_ c: Int) -> Int? { Int(String(columns[c].header.filter(\.isNumber))) }

    /// True when repeated measurement sets are numbered by what was varied (ages 2, 4, 8, 13; angles 0, 4, 8)
    /// rather than counted 1, 2, 3 …: then they are one measure taken again even beside other measures, where
    /// x1 … x4 beside y are a regression's different predictors.
    private func setsNumberAQuantity(_ sets: [Int]) -> Bool {
        let numbers = Set(sets.compactMap(headerNumber)).sorted()
        return numbers.count >= 3 && numbers != Array(1...numbers.count)
            && !sets.contains { profile[$0].headerNamesTime }  // day_3 … day_9 are a wide table over days
            && profile.indices(.labels).isEmpty  // rows named one by one (religions by income) are bars per row
    }

    /// True when a header is or holds a year or another time ("2001", "X1856", "pop_2018", "Q1"): columns over
    /// times are a wide table's series, not repeated measurement sets.
    private func namesAYear(_ c: Int) -> Bool {
        let header = columns[c].header
        if TimeHeaders.namesATime(header) { return true }
        var digits = "", runs: [String] = []
        for ch in header + " " {
            if ch.isNumber { digits.append(ch) } else if !digits.isEmpty { runs.append(digits); digits = "" }
        }
        return runs.contains { $0.count == 4 && (1000...2999).contains(Int($0) ?? 0) }
    }

    /// Bars of how many rows hold each value of the first category, a layer per value of the second: a table of
    /// categories only (treatment and outcome, yes/no answers), where counting is the chart everyone draws. Before,
    /// such a table was refused as having nothing measured. Nil without a category to count.
    /// The one measure left when every measure is computed from a time whose values repeat (penny_ages' age from the
    /// year each coin was minted), or nil.
    func computedFromRepeatedTime() -> Int? {
        let candidates = profile.indices(.measure).filter { !profile[$0].isUnitNumber && !profile[$0].isCode }
        guard let first = candidates.first,
            candidates.allSatisfy({ c in
                guard case .derived(let relation) = profile.setAside[c] else { return false }
                return relation.sources.contains { profile[$0].role == .time && profile[$0].repeats }
            })
        else { return nil }
        return first
    }

    /// True when nothing is measured but categories: text groupings and two-valued codes (a cure's yes or no), no
    /// number of three values or more (a rating of 1 to 5 is a measure while nothing else is) and no time (a survival
    /// time beside its yes/no status is measured).
    var onlyCategories: Bool {
        measures.allSatisfy { profile[$0].isTwoValued } && timeColumns().isEmpty
    }

    func countLayout() -> ChartInference.Layout? {
        let categories = (profile.indices(.grouping) + profile.columns.filter(\.isCode).map(\.index)).sorted()
            .filter { profile[$0].distinct <= ChartInference.maximumBoxes && !pins.named.contains($0) }
        guard let x = pins.x ?? categories.first, columns[x].asCategories != nil else { return nil }
        let group =
            pins.seriesBy ?? (pins.noSeriesBy ? nil : categories.first { $0 != x && profile[$0].distinct <= Self.categoryLimit })
        return .init(x: x, y: [], seriesBy: group, kind: .bar, aggregate: .count)
    }

    /// The layout that keeps a factor apart instead of averaging over it: when rows that share an x differ in a
    /// category of a few values (diet, treatment, sex), a line or bar per value of it, the mean taken only over rows
    /// that share both. "Average Y by subject" over each subject's two diets was a mean of the very difference the
    /// study measured. The factor that varies within the most x values wins, then the one of fewest values; nil when
    /// none varies within x.
    func factorWithin(_ x: Int, y: Int) -> ChartInference.Layout? {
        // A y the same on every row of an x is the same line for every value of the factor.
        guard let (xIds, _) = xCategories(x), !isOneValuePerX(y, x: x) else { return nil }
        var best: (column: Int, share: Double, values: Int)?
        for f in (profile.indices(.grouping) + profile.columns.filter(\.isCode).map(\.index))
        where f != x && f != y
            && !pins.named.contains(f) && profile[f].distinct >= 2 && profile[f].distinct <= Self.categoryLimit
        {
            guard let (fIds, _) = columns[f].asCategories else { continue }
            // Per x value: the factor's values seen among its rows.
            var seen: [Int32: Set<Int32>] = [:]
            for r in xIds.indices where xIds[r] >= 0 && fIds[r] >= 0 { seen[xIds[r], default: []].insert(fIds[r]) }
            let shared = seen.values.filter { $0.count >= 2 }.count
            guard !seen.isEmpty, shared * 2 >= seen.count else { continue }
            let share = Double(shared) / Double(seen.count)
            if best == nil || share > best!.share || (share == best!.share && profile[f].distinct < best!.values) {
                best = (f, share, profile[f].distinct)
            }
        }
        guard let f = best?.column, let (fIds, _) = columns[f].asCategories, let (xIds, _) = xCategories(x) else { return nil }
        var pairs = Set<Int64>(), unique = true
        for r in xIds.indices where xIds[r] >= 0 && fIds[r] >= 0 {
            if !pairs.insert(Int64(xIds[r]) << 32 | Int64(fIds[r])).inserted { unique = false; break }
        }
        // Bars over names or codes (origin 1 … 3), lines over times and other numbers.
        let bars = columns[x].isText || profile[x].isCode
        return .init(x: x, y: [y], seriesBy: f, kind: bars ? .bar : .line, aggregate: unique ? nil : summary)
    }

    /// Each row's x as a category number (a text column's own, a number's or date's distinct value), or nil.
    private func xCategories(_ x: Int) -> (ids: [Int32], count: Int)? {
        switch columns[x].data {
        case .text(let ids, let names): return (ids, names.count)
        case .numeric(let v, _), .date(let v, _, _):
            var index: [Double: Int32] = [:]
            let ids = v.map { value -> Int32 in
                guard value.isFinite else { return -1 }
                if let i = index[value] { return i }
                let i = Int32(index.count)
                index[value] = i
                return i
            }
            return (ids, index.count)
        }
    }

    /// True when a grouping column splits the rows into a few groups of five rows or more on average (and at
    /// most `ChartInference.maximumBoxes`): enough values in each for quartiles to mean something.
    private func manyRowsPerGroup(_ g: Int) -> Bool {
        let p = profile[g]
        return p.distinct >= 2 && p.distinct <= ChartInference.maximumBoxes && p.present >= 5 * p.distinct
    }

    /// True when a measure reads as a series in row order (each value close to the one before: lag-one
    /// autocorrelation of 0.85 or more), which a line shows better than a histogram. A column sorted from
    /// least to greatest (or back) is a sample written in order, not a series: MASS's galaxies, boot's
    /// aircondit.
    private func followsOn(_ c: Int) -> Bool {
        guard case .numeric(let v, _) = columns[c].data, !OrderCheck.isMonotonic(v),
            let r = OrderCheck.lagOneAutocorrelation(v)
        else { return false }
        return r >= 0.85
    }

    /// Latitude and longitude, when nothing else is fixed: longitude along x, latitude up y.
    private func mapLayout() -> ChartInference.Layout? {
        guard pins.x == nil, !pins.xIsRow, pins.y == nil, pins.kind == nil || pins.kind == .scatter, pins.seriesBy == nil,
            let lat = profile.columns.first(where: { $0.coordinate == .latitude && $0.role == .measure })?.index,
            let lon = profile.columns.first(where: { $0.coordinate == .longitude && $0.role == .measure })?.index
        else { return nil }
        var layout = ChartInference.Layout(x: lon, y: [lat], kind: .scatter)
        layout.category = pins.category ?? (pins.noCategory ? nil : groupingForColour(excluding: []))
        layout.label = pins.label ?? (pins.noLabel ? nil : labelColumn(excluding: [layout.category].compactMap { $0 }))
        layout.size = pins.size
        return layout
    }

    /// Headers of a frequency table's count column (R's `as.data.frame(table)` writes `Freq`).
    static let countHeaders: Set<String> = ["freq", "frequency", "count", "counts", "n", "number", "cases"]  // l10n: not shown
    /// Headers of a column that names what a long table's values are (tidyr's table2: `type` is cases or
    /// population): adding its rows up would add different quantities.
    static let measureNameHeaders: Set<String> = [
        "type", "variable", "key", "measure", "name", "indicator", "series"  // l10n: not shown
    ]

    /// A frequency table in long form (Titanic's Class, Sex, Age, Survived, Freq; HairEyeColor): a count column
    /// beside only categories, each combination once. Grouped bars of the count: a bar per value of the first
    /// category, a layer per value of the second, the cells of the others added up (and Notes says so). A box of
    /// the cells' counts, or their mean, is a chart no one draws.
    private func frequencyTableLayout() -> ChartInference.Layout? {
        guard pins.x == nil, pins.y == nil, pins.seriesBy == nil, !pins.xIsRow, pins.kind == nil || pins.kind == .bar,
            pins.aggregate != Aggregation.none, pins.aggregate != .mean,
            let count = columns.indices.first(where: {
                columns[$0].isNumeric && Self.countHeaders.contains(columns[$0].title.lowercased())
            }),
            profile[count].isWholeNumbers, profile[count].role == .measure
        else { return nil }
        var categories: [Int] = []
        for c in columns.indices where c != count {
            let p = profile[c]
            if p.role == .identifier || p.role == .constant { continue }
            // Numbers are categories when they are few and small (goals 0 to 4, a 0/1 flag); a second count beside
            // the first (eagles' y of n, breslow's deaths and person-years) is not, and counts over years are lines
            // over time (EdgeworthDeaths: a line per county).
            // (The profile's counts first: a column's categories are only listed once every column qualifies.)
            let smallNumbers = p.isWholeNumbers && p.magnitude <= 12 && p.distinct * 2 <= p.present
            guard p.role != .time, columns[c].isText || smallNumbers, p.distinct >= 2, p.distinct <= Self.categoryLimit,
                !Self.measureNameHeaders.contains(columns[c].title.lowercased())
            else { return nil }
            categories.append(c)
        }
        guard let x = categories.first else { return nil }
        // Each combination of categories once: a table's cells, not records that happen to carry a count.
        var seen = Set<[Int32]>()
        let ids = categories.compactMap { columns[$0].asCategories?.ids }
        for r in 0..<table.rowCount where !seen.insert(ids.map { $0[r] }).inserted { return nil }
        let group = categories.count >= 2 ? categories[1] : nil
        return .init(
            x: x, y: [count], seriesBy: group, kind: .bar, aggregate: categories.count > (group == nil ? 1 : 2) ? .sum : nil)
    }

    /// A long table: a grouping column that makes each x unique within it; one series per group.
    private func longTableLayout() -> ChartInference.Layout? {
        // The split is the table's, not the kind's: bars (and through them grouped and stacked bars) keep the groups
        // that lines and areas show, so a requested kind never pools different groups into one mean.
        guard pins.y == nil || pins.y?.count == 1, !pins.noSeriesBy, !pins.xIsRow, pins.aggregate != .mean,
            pins.aggregate != .sum,
            pins.kind == nil || pins.kind == .line || pins.kind == .bar || pins.kind == .scatter
        else { return nil }
        let groups =
            pins.seriesBy.map { [$0] } ?? profile.groupings.filter { !pins.named.contains($0) && measures.contains($0) == false }
        // A table whose first time column never repeats is wide over that time (Nightingale's monthly deaths by
        // Date, with Month and Year beside it); only that column may then be a long table's x.
        let times = timeColumns()
        let xCandidates =
            pins.x.map { [$0] }
            ?? (times.first.map { !profile[$0].repeats } == true
                ? [times[0]]
                : times
                    + profile.columns.filter { $0.role == .measure && !$0.isUnitNumber && !pins.named.contains($0.index) }.map(
                        \.index))
        for g in groups {
            guard let (ids, _) = columns[g].asCategories else { continue }
            // A code of two values (a pair's members, before and after) makes lines of two points; two years do not.
            for x in xCandidates where x != g && !columns[x].isText && (profile[x].distinct >= 3 || profile[x].role == .time) {
                guard case .numeric(let xs, _) = columns[x].data else {
                    if case .date(let xs, _, _) = columns[x].data, fitsLongTable(xs, ids, x) { return long(x: x, group: g) }
                    continue
                }
                if fitsLongTable(xs, ids, x) { return long(x: x, group: g) }
            }
        }
        return nil
    }

    /// A line per value of a time with one or two values (two years, two days), over a finer time named in
    /// the header that runs through each (MASS's Traffic: `day` 1 … 92 in 1961 and in 1962; beaver body
    /// temperatures over `time` on day 346 and 347), instead of a mean at two points that hides every
    /// reading. Rows that share both times (several subjects) are averaged within the line, and Notes says so.
    private func finerTimeLayout(within x: Int, others: [Int]) -> ChartInference.Layout? {
        guard pins.x == nil, pins.y == nil, pins.seriesBy == nil, pins.kind == nil || pins.kind == .line,
            profile[x].distinct < 3, let (groups, _) = columns[x].asCategories
        else { return nil }
        for c in columns.indices where c != x && profile[c].headerNamesTime && profile[c].distinct >= 3 {
            guard case .numeric(let times, _) = columns[c].data else { continue }
            // A clock runs through each group in a design: every pair of the two times on as many rows as the next
            // (one per day and year, or seven subjects each); a measured time (to recurrence) does not.
            var rows: [Int32: [Double: Int]] = [:]
            for (g, t) in zip(groups, times) where g >= 0 && t.isFinite { rows[g, default: [:]][t, default: 0] += 1 }
            let counts = Set(rows.values.flatMap(\.values))
            guard rows.count == profile[x].distinct, rows.values.allSatisfy({ $0.count >= 3 }), counts.count == 1,
                let y = others.first(where: { $0 != c && !isIndicator($0) && !profile[$0].headerNamesTime })
            else { continue }
            let unique = OrderCheck.xIsUnique(times, groups: groups)
            return .init(x: c, y: [y], seriesBy: x, kind: .line, aggregate: unique ? nil : summary)
        }
        return nil
    }

    /// x works for a long table when no group has an x twice, and the groups share their x values (each x on
    /// two rows or more on average, as dates in a table of stock prices) or each group is one block of rows
    /// over time (a log sorted by sensor). A record table whose x repeats by chance is neither.
    private func fitsLongTable(_ xs: [Double], _ groups: [Int32], _ x: Int) -> Bool {
        let p = profile[x]
        // The cheap tests first: the uniqueness check holds a set of every (x, group) pair.
        let shape =
            pins.seriesBy != nil
            || (p.repeats && (p.distinct * 2 <= p.present || OrderCheck.sharedXFraction(xs, groups: groups) >= 0.5))
            || (p.role == .time && OrderCheck.isInBlocks(groups))
        return shape && OrderCheck.xIsUnique(xs, groups: groups)
    }

    private func long(x: Int, group: Int) -> ChartInference.Layout? {
        // A measure the same for every group at each x (AER's CigarettesSW: the consumer price index of each year,
        // written on each state's row) would be 48 identical lines; the first measure that differs between them.
        let values = pins.y ?? measures.filter { $0 != x && $0 != group && !isOneValuePerX($0, x: x) }
        guard let first = values.first else { return nil }
        return .init(x: x, y: [first], seriesBy: group, kind: .line)
    }

    /// True when every row that shares an x has the same value of `c` (a year's price index beside each state's
    /// figures), on a table where x repeats.
    private func isOneValuePerX(_ c: Int, x: Int) -> Bool {
        guard case .numeric(let values, _) = columns[c].data, let (xIds, _) = xCategories(x) else { return false }
        var seen: [Int32: Double] = [:]
        var repeated = false
        for (xv, v) in zip(xIds, values) where xv >= 0 && v.isFinite {
            if let before = seen[xv] {
                if before != v { return false }
                repeated = true
            } else {
                seen[xv] = v
            }
        }
        return repeated
    }

    /// A table with no time or ordered column whose text repeats (records of a few kinds): a scatter of two
    /// measures coloured by the grouping, or the mean of the only measure per group as bars. Not a few named
    /// rows of columns named by years, quarters or months (regions by year): those are grouped bars.
    private func recordsWithoutX() -> ChartInference.Layout? {
        guard timeColumns().isEmpty, firstOrderedMeasure() == nil else { return nil }
        if measuresAreTimes(), profile.indices(.labels).contains(where: { !pins.named.contains($0) }), prefersBars() {
            return nil
        }
        let free = measures
        if free.count >= 2 && (pins.kind == nil || pins.kind == .scatter), let pair = scatterPair(free) {
            return scatter(x: pair.x, y: pair.y)
        }
        if free.count == 1, pins.kind != .scatter, pins.aggregate != Aggregation.none,
            let g = profile.indices(.grouping).first(where: { !pins.named.contains($0) })
                ?? profile.groupings.first(where: {
                    !pins.named.contains($0) && !free.contains($0) && profile[$0].distinct <= Self.categoryLimit
                })
        {
            // One measure beside many yes/no columns (a stay's length beside died, white, hmo …; a molecule's
            // permeability beside 1,107 fingerprint bits): splitting it by the first of them is arbitrary, and its
            // distribution is what a person looks at.
            if pins.kind == nil, pins.aggregate == nil, isIndicator(g),
                profile.groupings.filter(isIndicator).count >= 3
            {
                return .init(x: free[0], y: [], kind: .histogram)
            }
            if pins.kind == nil, pins.aggregate == nil, manyRowsPerGroup(g) { return .init(x: g, y: free, kind: .box) }
            if pins.seriesBy == nil, !pins.noSeriesBy, let split = factorWithin(g, y: free[0]) { return split }
            return .init(x: g, y: free, kind: .bar, aggregate: summary)
        }
        return nil
    }

    /// x when none was named: a time, row numbers under a name of their own ("step" 0, 1, 2 …), an evenly
    /// spaced ordered measure (a dose of 0, 2, 4 …), names for bars,
    /// another ordered measure, other text for bars, or nil (scatter or row number). Names before an unevenly
    /// rising measure: R's VADeaths' death rates all rise with age, but the age groups are what the bars are of.
    private func chooseX() -> Int? {
        if let t = timeColumns().first { return t }
        if let steps = profile.columns.first(where: { $0.isNamedSequence && !pins.named.contains($0.index) }) {
            return steps.index
        }
        let ordered = firstOrderedMeasure()
        if let ordered, isEvenlySpaced(ordered) { return ordered }
        // Names for bars while a person can walk them: past `mostBarsOfNames` each name labels its point and the chart
        // is the measure's distribution or its values in row order (two million names were two million bars).
        let labels = profile.indices(.labels).first { !pins.named.contains($0) && profile[$0].distinct <= Self.mostBarsOfNames }
        if let labels, prefersBars() { return labels }
        if let ordered, !isNamedRecordsOrder(ordered) { return ordered }
        let text = (profile.indices(.labels) + profile.indices(.grouping)).sorted().first {
            !pins.named.contains($0) && profile[$0].distinct <= Self.mostBarsOfNames
        }
        if let text, prefersBars() { return text }
        return nil
    }

    /// True when the table is a time series without a time column (R's EuStockMarkets, fpp2's prison): two or
    /// more continuous measures, none sorted, at least three quarters of them with each row following on from
    /// the last (lag-1 autocorrelation 0.85 or more; fpp2's arrivals: 0.91, 0.92, 0.90 and 0.65). Records
    /// rarely are: half of iris's measures, two of diamonds' seven (sorted by price, its depth and table jump);
    /// records sorted by one measure (cars by speed, trees by girth) are told by that measure.
    private func rowsReadAsASequence() -> Bool {
        let candidates = measures.filter { profile[$0].isContinuous }
        // Rows of units that repeat (subjects, patients, schools: Remifentanil's 65 subjects) are panel records,
        // each unit's readings following on from each other, not one sequence.
        guard !profile.columns.contains(where: { $0.headerNamesUnit && $0.repeats && $0.distinct * 2 <= $0.present }) else {
            return false
        }
        guard candidates.count >= 2, candidates.count == measures.count,
            !candidates.contains(where: { profile[$0].isMonotonic })
        else { return false }
        let following = candidates.filter { c in
            guard case .numeric(let v, _) = columns[c].data, let r = OrderCheck.lagOneAutocorrelation(v) else { return false }
            return r >= 0.85
        }
        return following.count * 4 >= candidates.count * 3
    }

    /// True when the rows are named records sorted by a measure (20 countries by union density): a text column
    /// names each row, and the measure's steps are not one amount. Joined as a line, such rows make a shape that is
    /// only the sorting; a scatter with the names on the points is the chart.
    private func isNamedRecordsOrder(_ c: Int) -> Bool {
        !profile[c].headerNamesTime && !isEvenlySpaced(c)
            && profile.indices(.labels).contains { columns[$0].isText && profile[$0].distinct * 10 >= table.rowCount * 9 }
    }

    /// True when a sorted column steps by one amount (to a thousandth of its range), as a designed x does.
    private func isEvenlySpaced(_ c: Int) -> Bool {
        guard case .numeric(let v, _) = columns[c].data else { return false }
        let values = v.filter { $0.isFinite }
        guard values.count >= 3, let lo = values.min(), let hi = values.max(), hi > lo else { return false }
        let step = values[1] - values[0], tolerance = (hi - lo) * 1e-3
        return zip(values, values.dropFirst()).allSatisfy { abs(($1 - $0) - step) <= tolerance }
    }

    /// Dates first, then numbers under a time header, in file order.
    private func timeColumns() -> [Int] {
        let times = profile.indices(.time).filter { !pins.named.contains($0) }
        return times.filter { columns[$0].isDate } + times.filter { !columns[$0].isDate }
    }

    /// The first measure that only rises or falls, when another measure is left to plot against it.
    private func firstOrderedMeasure() -> Int? {
        let free = measures
        return free.first { c in profile[c].isMonotonic && !profile[c].repeats && free.contains { $0 != c } }
    }

    /// True when two or more measures are left and every one's header names a time ("2019", "Q1", "Jan"): a
    /// wide table whose columns are times, not a record of different quantities.
    private func measuresAreTimes() -> Bool {
        let free = pins.y ?? measures
        return free.count >= 2 && free.allSatisfy { TimeHeaders.namesATime(columns[$0].header) }
    }

    /// Bars for a text x: one value column, or a few rows of columns in one unit.
    private func prefersBars() -> Bool {
        let free = pins.y ?? measures
        if free.count == 1 { return true }
        let units = Set(free.map { columns[$0].unit ?? "" })
        guard units.count == 1, table.rowCount <= 40 else { return false }
        // A cross-tabulation (eye colour by hair colour, exposure years by grade): counts, one unit whatever their
        // sizes; a rare category's column (85 black-haired at most, 909 medium) is no other quantity.
        return ScaleGroups.sameMagnitude(free.map { profile[$0].magnitude }) || isCrossTabulation(free)
    }

    /// True when every column is a count: whole numbers, none below zero, on every row, three columns or more.
    private func isCrossTabulation(_ free: [Int]) -> Bool {
        free.count >= 3
            && free.allSatisfy { c in
                columns[c].isNumeric && profile[c].isWholeNumbers && profile[c].lowest >= 0
                    && profile[c].present == table.rowCount
            }
    }

    // MARK: Scatter plots

    /// The two measures a scatter plot shows: x is the first continuous measure (the order the table's author
    /// gave, as Tableau and Excel read it) and y the one that moves with it most (largest |Spearman ρ|, which one
    /// outlier can't swing), skipping a near copy of x. Apple's cars: weight and fuel efficiency.
    func scatterPair(_ candidates: [Int]) -> (x: Int, y: Int)? {
        // A yes/no indicator, or any column of two values, is no measure to plot: death against a treatment code says
        // nothing (issue 45: they split or are counted, never an axis of a scatter).
        let measured = candidates.filter { !isIndicator($0) && !profile[$0].isTwoValued }
        guard measured.count >= 2 else { return nil }
        let candidates = measured
        let continuous = candidates.filter { profile[$0].isContinuous }
        let pool = continuous.count >= 2 ? continuous : candidates
        guard let x = pool.first else { return nil }
        let rest = pool.dropFirst().filter { !isNearCopy(x, $0) }
        let strengths = rest.map { ChartSuggestions.strength(columns[x], columns[$0]) }
        guard
            let best = strengths.indices.max(by: { strengths[$0] < strengths[$1] || (strengths[$0] == strengths[$1] && $0 > $1) })
        else { return pool.dropFirst().first.map { (x, $0) } }
        return (x, rest[best])
    }

    /// True for a column of two whole numbers (0/1, 1/2), however few its rows.
    func isTwoValuedOrIndicator(_ c: Int) -> Bool { isIndicator(c) || profile[c].isTwoValued }

    /// True for a column of numbers holding only 0 and 1 (both present): a yes/no indicator.
    func isIndicator(_ c: Int) -> Bool {
        guard profile[c].distinct == 2, profile[c].isWholeNumbers, case .numeric(let v, _) = columns[c].data else { return false }
        return v.allSatisfy { $0.isNaN || $0 == 0 || $0 == 1 }
    }

    /// True when two columns rise together almost exactly (Pearson or Spearman above 0.99: the same quantity
    /// in two units, as °C and °F, or a diamond's carat and its length in mm); a perfect fall is a finding.
    private func isNearCopy(_ a: Int, _ b: Int) -> Bool {
        guard case .numeric(let xs, _) = columns[a].data, case .numeric(let ys, _) = columns[b].data else { return false }
        let stride = max(1, xs.count / 100_000)
        let sx = Swift.stride(from: 0, to: xs.count, by: stride).map { xs[$0] }
        let sy = Swift.stride(from: 0, to: ys.count, by: stride).map { ys[$0] }
        guard let r = Correlation.compute(xs: sx, ys: sy) else { return false }
        return max(r.pearson, r.spearman) > 0.99
    }

    /// A scatter of y against x, with size, colour and point names filled in where the table has them.
    func scatter(x: Int, y: Int) -> ChartInference.Layout {
        var layout = ChartInference.Layout(x: x, y: [y], kind: .scatter)
        if let s = pins.size {
            layout.size = s
        } else if !pins.noSize {
            // A third measure becomes the size only when it is the one continuous measure left (Apple's cars:
            // price as note length); with more, any one would be an arbitrary pick.
            let left = measures.filter { $0 != x && $0 != y && profile[$0].isContinuous }
            if left.count == 1 { layout.size = left[0] }
        }
        layout.category = pins.category ?? (pins.noCategory ? nil : groupingForColour(excluding: [x]))
        layout.label = pins.label ?? (pins.noLabel ? nil : labelColumn(excluding: [layout.category].compactMap { $0 }))
        return layout
    }

    /// A column with a few repeating values, to colour a scatter plot: named text groups first, the fewest
    /// values first (ggplot2's mpg: drive, 3, before transmission, 10), then codes in file order (mtcars: cyl).
    private func groupingForColour(excluding: [Int]) -> Int? {
        let usable = { (c: Int) in
            !excluding.contains(c) && !self.pins.named.contains(c) && self.profile[c].distinct <= Self.categoryLimit
        }
        let texts = profile.indices(.grouping).filter(usable).enumerated()
            .sorted { (profile[$0.element].distinct, $0.offset) < (profile[$1.element].distinct, $1.offset) }.map(\.element)
        return texts.first ?? profile.columns.filter(\.isCode).map(\.index).first(where: usable)
    }

    /// A text column with a different value on every row, to name the points; before it, a column headed as
    /// names ("name", "city", "town"…) whose values are nearly all different (Ontario's 414 towns have one
    /// name twice; their websites, all different, are no names to say); after it, a column headed as names
    /// whose names each cover a few rows (a country over decades).
    private func labelColumn(excluding: [Int]) -> Int? {
        let free = profile.columns.filter {
            $0.role == .labels && !excluding.contains($0.index) && !pins.named.contains($0.index)
        }
        let nameWords: Set<String> = [
            "name", "city", "town", "place", "country", "station", "site", "location", "state",
            "county", "district", "province", "region", "area", "nation", "item", "title", "model", "player",
            "team", "school", "company", "firm", "hospital", "airport", "名前", "名称"
        ]
        if let named = free.first(where: { p in
            p.distinct * 100 >= p.present * 99
                && ColumnProfiler.headerWords(columns[p.index].header).contains(where: nameWords.contains)
        }) {
            return named.index
        }
        if let distinct = free.first(where: { $0.distinct == $0.present }) { return distinct.index }
        // A panel's names (PRDEG's countries, each over a few decades): a point is better said "USA (107,
        // 49.1)" than by its coordinates alone; each name on five rows or fewer on average.
        // Of several (baseball's name1 and name2: first and last names), the one with the most names; a
        // header's trailing digits are no part of its word.
        if let panel = profile.columns.filter({ p in
            [.labels, .text, .grouping].contains(p.role) && !excluding.contains(p.index) && !pins.named.contains(p.index)
                && p.distinct >= 3 && p.distinct * 5 >= p.present
                && ColumnProfiler.headerWords(columns[p.index].header).contains { word in
                    // A title that repeats is a job's or a rank's ("emp_title"), not a row's name.
                    word != "title" && nameWords.contains(String(word.reversed().drop(while: \.isNumber).reversed()))
                }
        }).max(by: { $0.distinct < $1.distinct }) {
            return panel.index
        }
        // No text names the rows: a number that does (docno, a runner's bib), never the row numbers 1 … n.
        return profile.columns.first {
            $0.role == .identifier && !$0.isSequence && $0.isWholeNumbers && $0.distinct == $0.present
                && $0.present == profile.rowCount
                && !excluding.contains($0.index) && !pins.named.contains($0.index)
                && !ColumnProfiler.isRowHeader(
                    ColumnProfiler.headerWords(columns[$0.index].title).joined(separator: " "))
        }?.index
    }

    // MARK: Pins

    /// The guess with the person's pins laid over it.
    private func finish(_ guess: ChartInference.Layout) -> ChartInference.Layout {
        var layout = guess
        if let kind = pins.kind { layout.kind = kind }
        if pins.seriesBy != nil { layout.seriesBy = pins.seriesBy }
        if pins.size != nil || pins.noSize { layout.size = pins.size }
        if pins.category != nil || pins.noCategory { layout.category = pins.category }
        if pins.label != nil || pins.noLabel { layout.label = pins.label }
        if pins.aggregate == Aggregation.none { layout.aggregate = nil }
        if layout.kind == .scatter || layout.kind == .bar || (layout.kind == .line && layout.x == nil), layout.seriesBy == nil {
            if layout.category == nil && !pins.noCategory && layout.aggregate == nil {
                layout.category = groupingForColour(excluding: [layout.x].compactMap { $0 })
            }
            if layout.label == nil && !pins.noLabel && layout.aggregate == nil {
                layout.label = labelColumn(excluding: [layout.x, layout.category].compactMap { $0 })
            }
        }
        if layout.x == nil && (pins.x != nil) { layout.x = pins.x }
        return layout
    }
}
