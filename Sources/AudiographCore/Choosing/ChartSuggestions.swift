// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One chart a table could be shown as, with the settings that make it and a sentence that says what it is.
public struct ChartSuggestion: Sendable {
    /// Settings that name every column role, so applying them gives exactly this chart.
    public var settings: ChartSettings
    /// The fewest of those settings that still give this chart, for a command line a person reads.
    public var flags: ChartSettings
    public var layout: ChartInference.Layout
    /// One spoken sentence: "Scatter plot: Weight against MPG, coloured by Origin, 398 points".
    public var sentence: String
    /// The chart's title, as the viewer would show it.
    public var title: String
}

/// The charts that make sense for a table, best first: the one shown now, then alternatives (Excel's
/// Recommended Charts and Lux rank candidate views the same way; see docs/decisions.md).
public enum ChartSuggestions {
    /// Most suggestions listed.
    public static let limit = 8

    /// The document's own chart first, then the other charts its table supports; none repeats another.
    public static func list(for document: ChartDocument, limit: Int = ChartSuggestions.limit) -> [ChartSuggestion] {
        let table = document.table
        let profile = TableProfile(table)
        let free = LayoutGuess(table: table, profile: profile, pins: LayoutPins.none)
        var candidates: [ChartInference.Layout] = [document.layout]
        let guessed = try? free.layout()
        if let guessed { candidates.append(guessed) }
        candidates += candidates.flatMap { layeredBars(of: $0, table: table) }
        // A frequency table's counts are added up in every bar chart offered, never averaged.
        candidates += alternatives(
            table: table, profile: profile, guess: free, summary: guessed?.aggregate == .sum ? .sum : .mean)
        var seen: [ChartInference.Layout] = []
        var result: [ChartSuggestion] = []
        for layout in candidates where result.count < limit {
            let settings = self.settings(for: layout, table: table)
            guard let made = try? ChartInference.inferLayout(table, settings: settings, profile: profile),
                !seen.contains(where: { $0 == made || isSwapped($0, made) })
            else { continue }
            seen.append(made)
            let (chart, _) = ChartInference.build(
                table, layout: made, settings: settings,
                fileTitle: ChartDocument.title(of: table, fileName: table.path))
            guard !chart.series.isEmpty, chart.series.contains(where: { $0.count > 0 }) else { continue }
            result.append(
                ChartSuggestion(
                    settings: settings, flags: fewestSettings(for: made, all: settings, table: table, profile: profile),
                    layout: made, sentence: sentence(chart, layout: made, table: table),
                    title: chart.title))
        }
        return result
    }

    /// True for two scatter plots of the same two columns with x and y swapped: the same picture turned over.
    static func isSwapped(_ a: ChartInference.Layout, _ b: ChartInference.Layout) -> Bool {
        a.kind == .scatter && b.kind == .scatter && a.y.count == 1 && b.y.count == 1 && a.x == b.y[0] && b.x == a.y[0]
    }

    /// Settings that pin every role of `layout` (an empty name for "none").
    public static func settings(for layout: ChartInference.Layout, table: Table) -> ChartSettings {
        func header(_ i: Int?) -> String { i.map { table.columns[$0].header } ?? ChartSettings.noColumn }
        return ChartSettings(
            x: header(layout.x), y: layout.y.map { table.columns[$0].header },
            seriesBy: header(layout.seriesBy), size: header(layout.size),
            category: header(layout.category), label: header(layout.label), kind: layout.kind,
            aggregate: layout.aggregate ?? Aggregation.none, sheet: table.workbook?.chosenName)
    }

    /// The roles a person would type: the columns used, then the kind, then "no summary", then every "none",
    /// whichever first gives `layout` again.
    static func fewestSettings(
        for layout: ChartInference.Layout, all: ChartSettings, table: Table,
        profile: TableProfile
    ) -> ChartSettings {
        func named(_ value: String?) -> String? { value.flatMap { $0.isEmpty ? nil : $0 } }
        var fewest = ChartSettings(
            x: named(all.x), y: all.y, seriesBy: named(all.seriesBy), size: named(all.size),
            category: named(all.category), label: named(all.label))
        if layout.x == nil { fewest.x = ChartSettings.noColumn }
        for step in 0..<3 {
            if (try? ChartInference.inferLayout(table, settings: fewest, profile: profile)) == layout { return fewest }
            switch step {
            case 0: fewest.kind = all.kind
            case 1: fewest.aggregate = all.aggregate
            default: break
            }
        }
        return (try? ChartInference.inferLayout(table, settings: fewest, profile: profile)) == layout ? fewest : all
    }

    /// Other charts worth offering: a map, each time column with the measures, the scatter plots of the
    /// most related pairs, and the mean (or, by `summary`, the total) of a measure per group.
    static func alternatives(
        table: Table, profile: TableProfile, guess: LayoutGuess,
        summary: Aggregation = .mean
    ) -> [ChartInference.Layout] {
        let columns = table.columns
        let measures = guess.measures
        var out: [ChartInference.Layout] = []
        // A map.
        if let lat = profile.columns.first(where: { $0.coordinate == .latitude && $0.role == .measure })?.index,
            let lon = profile.columns.first(where: { $0.coordinate == .longitude && $0.role == .measure })?.index
        {
            out.append(guess.scatter(x: lon, y: lat))
        }
        // Counts of a table of categories: the other order, and each category counted alone.
        if guess.onlyCategories, let counts = guess.countLayout() {
            if let group = counts.seriesBy {
                out.append(.init(x: group, y: [], seriesBy: counts.x, kind: .bar, aggregate: .count))
            }
            out.append(.init(x: counts.x, y: [], kind: .bar, aggregate: .count))
        }
        // Measures over each time column: lines when the time is unique, else one line per group or the mean.
        let times = profile.indices(.time).filter { columns[$0].isDate } + profile.indices(.time).filter { !columns[$0].isDate }
        for t in times.prefix(2) {
            let values = measures.filter { $0 != t }
            guard !values.isEmpty else { continue }
            if !profile[t].repeats {
                out.append(.init(x: t, y: values, kind: .line))
                continue
            }
            let xs: [Double]
            switch columns[t].data {
            case .numeric(let v, _), .date(let v, _, _): xs = v;
            case .text: continue
            }
            let groups = profile.groupings.filter { g in
                guard g != t, !values.contains(g), let (ids, _) = columns[g].asCategories else { return false }
                return OrderCheck.xIsUnique(xs, groups: ids)
            }
            for y in values.prefix(3) {
                // A mean over rows that share a time is only taken within one group: with groups, one line each.
                if let g = groups.first {
                    out.append(.init(x: t, y: [y], seriesBy: g, kind: .line))
                } else {
                    out.append(.init(x: t, y: [y], kind: .line, aggregate: .mean))
                }
            }
        }
        // Scatter plots: the first continuous measure against those that move with it most.
        let continuous = measures.filter { profile[$0].isContinuous }
        if let x = continuous.first {
            let partners = continuous.dropFirst().map { ($0, strength(columns[x], columns[$0])) }
                .sorted { $0.1 > $1.1 }.prefix(2).map(\.0)
            for y in partners { out.append(guess.scatter(x: x, y: y)) }
        }
        // The mean (or total) of the first measures per group, as bars.
        for g in profile.groupings.filter({ !measures.contains($0) && profile[$0].distinct <= LayoutGuess.categoryLimit }).prefix(
            2)
        {
            // A factor that varies within each group is kept apart, not averaged over (as the guess does).
            for y in measures.prefix(2) {
                if var split = guess.factorWithin(g, y: y) {
                    if split.aggregate != nil { split.aggregate = summary }  // a frequency table's cells are added up
                    out.append(split)
                } else {
                    out.append(.init(x: g, y: [y], kind: .bar, aggregate: summary))
                }
            }
        }
        return out
    }

    /// Grouped and stacked bars of a long table's groups (one layer per group), when its values are counts or
    /// amounts that add up: none below zero, not a percentage, and not headed as a price, rate, ratio, mean,
    /// index, score or temperature (five companies' prices stacked make a number that means nothing).
    static func layeredBars(of layout: ChartInference.Layout, table: Table) -> [ChartInference.Layout] {
        guard layout.kind == .line, layout.seriesBy != nil, layout.aggregate == nil, layout.y.count == 1,
            isAmount(table.columns[layout.y[0]])
        else { return [] }
        return [ChartKind.groupedBar, .stackedBar].map { kind in
            var bars = layout
            bars.kind = kind
            return bars
        }
    }

    /// True for a column of counts or amounts: numbers none below zero, not in percent, not headed as a level, and
    /// either whole (counts), in a currency, or headed as an amount (sales, cost, deaths …). Fathers' heights in
    /// inches are none of these: their total was offered as a layer of stacked bars.
    static func isAmount(_ column: Column) -> Bool {
        guard case .numeric(let values, _) = column.data, column.unit != "%" else { return false }
        let amountWords: Set<String> = [
            "sales", "count", "counts", "number", "total", "amount", "revenue", "revenues", "cost",
            "costs", "deaths", "cases", "population", "pop", "spending", "units", "volume",
            "production", "exports", "imports", "sum", "freq", "frequency", "n", "income",
            "expenditure", "expenditures", "births", "visitors", "passengers", "sold"
        ]
        let words = ColumnProfiler.headerWords(column.header)
        let whole = values.allSatisfy { !$0.isFinite || $0 == $0.rounded() }
        let currency =
            column.unit.map {
                ValueFormatter.prefixUnits.contains($0) || ["USD", "EUR", "GBP", "JPY", "dollars", "yen"].contains($0)
            } ?? false
        guard whole || currency || words.contains(where: amountWords.contains) else { return false }
        let levels: Set<String> = [
            "price", "prices", "rate", "rates", "ratio", "mean", "average", "avg", "index", "pct",
            "percent", "percentage", "share", "score", "temp", "temperature", "median", "close",
            "open", "high", "low"
        ]
        guard !ColumnProfiler.headerWords(column.header).contains(where: levels.contains) else { return false }
        return !values.contains { $0 < 0 }
    }

    /// |Spearman ρ| of two numeric columns over at most 100,000 evenly spaced rows; 0 when it can't be told.
    static func strength(_ a: Column, _ b: Column) -> Double {
        guard case .numeric(let xs, _) = a.data, case .numeric(let ys, _) = b.data else { return 0 }
        let step = max(1, xs.count / 100_000)
        let sx = stride(from: 0, to: xs.count, by: step).map { xs[$0] }
        let sy = stride(from: 0, to: ys.count, by: step).map { ys[$0] }
        return abs(Correlation.compute(xs: sx, ys: sy)?.spearman ?? 0)
    }

    /// "Line chart: Close by date, one line per Symbol, 3 lines", "Scatter plot: Weight against MPG, coloured by
    /// Origin, 398 points", "Bar chart: Average weight by group, 3 bars".
    static func sentence(_ chart: ChartDescriptor, layout: ChartInference.Layout, table: Table) -> String {
        let points = chart.series.reduce(0) { $0 + $1.count }
        var parts: [String] = []
        switch chart.kind {
        case .scatter:
            parts.append(Localization.tr("Scatter plot: %@ against %@", chart.yAxis.title, chart.xAxis.title))
        case .line:
            parts.append(Localization.tr("Line chart: %@", chart.title))
        case .bar:
            parts.append(Localization.tr("Bar chart: %@", chart.title))
        case .groupedBar:
            parts.append(Localization.tr("Grouped bar chart: %@", chart.title))
        case .stackedBar:
            parts.append(Localization.tr("Stacked bar chart: %@", chart.title))
        case .area:
            parts.append(Localization.tr("Area chart: %@", chart.title))
        case .heatmap:
            parts.append(Localization.tr("Heatmap: %@", chart.title))
        case .stackedArea:
            parts.append(Localization.tr("Stacked area chart: %@", chart.title))
        case .histogram:
            parts.append(Localization.tr("Histogram: %@", chart.title))
        case .box:
            parts.append(Localization.tr("Box plot: %@", chart.title))
        case .candlestick:
            parts.append(Localization.tr("Candlestick chart: %@", chart.title))
        }
        if let g = layout.seriesBy {
            parts.append(
                chart.kind.drawsBars
                    ? Localization.tr("one layer per %@", table.columns[g].title)
                    : Localization.tr("one line per %@", table.columns[g].title))
        }
        if chart.kind == .scatter, let c = layout.category {
            parts.append(Localization.tr("coloured by %@", table.columns[c].title))
        }
        if chart.hasSeveralScales {
            parts.append(Localization.trn("%ld scale", "%ld scales", chart.scaleGroups.count, chart.scaleGroups.count))
        }
        let layers = chart.series.filter { !$0.isTotal }.count
        if layers > 1 && layers < chart.series.count {
            parts.append(Localization.tr("%@, and their total", Localization.trn("%ld series", "%ld series", layers, layers)))
        } else if chart.series.count > 1 {
            parts.append(Localization.trn("%ld series", "%ld series", chart.series.count, chart.series.count))
        } else if chart.kind == .bar {
            parts.append(Localization.trn("%ld bar", "%ld bars", points, points))
        } else {
            parts.append(Localization.trn("%ld point", "%ld points", points, points))
        }
        return parts.joined(separator: Localization.tr(", "))
    }
}

extension LayoutPins {
    /// No pins at all: everything guessed.
    static var none: LayoutPins { LayoutPins() }

    private init() {}
}
