// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The one sentence that says why this chart was drawn and which columns were left out and why: "period is a time,
/// so each measure is drawn over it, leaving out se (the standard error of sales)." `describe` prints it after
/// "Why this chart:" and Chart Details (D) shows it, so a listener can judge the choice without seeing the table.
/// It starts with a column's name as written: a name is never re-cased.
enum ChartReason {
    /// The sentence for `layout` made from `table`, whose profile is `profile`. `chosen` is true when the person's
    /// settings named the columns or the kind.
    static func sentence(_ layout: ChartInference.Layout, profile: TableProfile, table: Table, chosen: Bool) -> String {
        let reason = chosen ? Localization.tr("this is the chart you chose") : why(layout, profile: profile, table: table)
        let left = chosen ? [] : leftOut(layout, profile: profile, table: table)
        if left.isEmpty { return Localization.sentence(reason) }
        return Localization.sentence(Localization.tr("%@, leaving out %@", reason, Localization.list(left)))
    }

    /// Why the layout's kind and columns, without its full stop.
    static func why(_ layout: ChartInference.Layout, profile: TableProfile, table: Table) -> String {
        let columns = table.columns
        // Names as the file writes them: a listener cannot tell "class1" from "Class1" by the picture.
        func name(_ c: Int?) -> String { c.map { columns[$0].title } ?? Localization.tr("the row") }
        let y = layout.y.first.map { name($0) } ?? ""
        switch layout.kind {
        case .histogram:
            if let labels = profile.indices(.labels).first, profile[labels].distinct > LayoutGuess.mostBarsOfNames {
                return Localization.tr(
                    "%@ names each of %@ rows, too many for a bar each, so this is the distribution of %@",
                    name(labels), ValueFormatter.format(Double(profile[labels].distinct), fractionDigits: 0, grouping: true),
                    name(layout.x))
            }
            return Localization.tr("%@ is the only measure, so this is its distribution", name(layout.x))
        case .box:
            if layout.x == nil {
                return Localization.tr(
                    "%@ are one measurement taken again, so each is a box", Localization.list(layout.y.map { name($0) }))
            }
            return Localization.tr("%@ splits the rows into groups of several, so each group is a box of %@", name(layout.x), y)
        case .heatmap:
            return Localization.tr(
                "the rows of %@ are named as its columns are, so the table is a grid",
                Localization.list(layout.y.prefix(3).map { name($0) }))
        case .candlestick:
            return Localization.tr("the table has open, high, low and close prices, so each %@ is a candle", name(layout.x))
        case .scatter:
            if ChartInference.isMap(table, layout: layout) {
                return Localization.tr("the rows are places with a latitude and a longitude, so this is a map")
            }
            return Localization.tr(
                "%@ and %@ are measures of the same rows, and %@ moves with %@ more than with any other, so they are drawn against each other",
                name(layout.x), y, y, name(layout.x))
        default:
            break
        }
        if layout.aggregate == .count {
            return layout.seriesBy == nil
                ? Localization.tr("the table holds only categories, so the bars count its rows of each %@", name(layout.x))
                : Localization.tr(
                    "the table holds only categories, so the bars count its rows of each %@ and %@", name(layout.x),
                    name(layout.seriesBy))
        }
        if layout.aggregate == .sum {
            return Localization.tr(
                "each row is a count of a combination of categories, so the bars add them up by %@", name(layout.x))
        }
        if let g = layout.seriesBy, layout.aggregate == .mean {
            return layout.kind.drawsBars
                ? Localization.tr(
                    "rows that share a %@ differ in %@, so there is a layer per %@, each bar the mean of the rows that share both",
                    name(layout.x), name(g), name(g))
                : Localization.tr(
                    "rows that share a %@ differ in %@, so there is a line per %@, each point the mean of the rows that share both",
                    name(layout.x), name(g), name(g))
        }
        if layout.aggregate == .mean {
            return Localization.tr("rows share a %@, so each point is the mean of %@ over them", name(layout.x), y)
        }
        let reason: String
        if let g = layout.seriesBy {
            reason =
                layout.kind.drawsBars
                ? Localization.tr("%@ splits the table, so there is a layer of %@ per %@", name(g), y, name(g))
                : Localization.tr(
                    "each %@ has its own %@ values, so there is a line of %@ per %@", name(g), name(layout.x), y, name(g))
        } else if let x = layout.x, profile[x].role == .time {
            reason = Localization.tr("%@ is a time, so each measure is drawn over it", name(x))
        } else if let x = layout.x, columns[x].isText {
            reason = Localization.tr("%@ names the rows, so there is a bar for each", name(x))
        } else if let x = layout.x {
            reason = Localization.tr("%@ rises with the rows, so the others are drawn over it", name(x))
        } else {
            reason = Localization.tr("the rows follow on from each other, so the values are drawn in row order")
        }
        return reason
    }

    /// The set-aside columns the chart does not show, each with its reason in brackets: "se (the standard error of
    /// sales)", "awake (24 − sleep)".
    static func leftOut(_ layout: ChartInference.Layout, profile: TableProfile, table: Table) -> [String] {
        let shown = Set([layout.x, layout.seriesBy, layout.size, layout.category, layout.label].compactMap { $0 } + layout.y)
        guard !profile.setAside.keys.contains(where: { layout.y.contains($0) || layout.x == $0 }) else { return [] }
        let name = { (c: Int) in table.columns[c].title }
        return profile.setAside.keys.sorted().filter { !shown.contains($0) }.map { c in
            switch profile.setAside[c]! {
            case .interval(let m):
                let what: String
                switch m.kind {
                case .standardError: what = Localization.tr("the standard error of %@", name(m.measure))
                case .standardDeviation: what = Localization.tr("the standard deviation of %@", name(m.measure))
                case .marginOfError: what = Localization.tr("the margin of error of %@", name(m.measure))
                case .confidenceHalfWidth: what = Localization.tr("half the confidence interval of %@", name(m.measure))
                case .lowerBound: what = Localization.tr("the lower bound of %@", name(m.measure))
                case .upperBound: what = Localization.tr("the upper bound of %@", name(m.measure))
                }
                return Localization.tr("%@ (%@)", name(c), what)
            case .derived(let relation):
                return Localization.tr("%@ (%@)", name(c), SetAsideWording.formula(relation, table: table))
            case .code(let names):
                // TRANSLATORS: why a column is left out, in brackets after its name: "levine (a number for each country)".
                let what = Localization.tr("a number for each %@", name(names))
                return Localization.tr("%@ (%@)", name(c), what)
            }
        }
    }
}
