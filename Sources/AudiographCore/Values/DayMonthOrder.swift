// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Decides whether "03/04/2000"-style date columns are month/day or day/month when the sample could not tell.
enum DayMonthOrder {
    /// Regions whose people write the month first (en_US and a few others); everywhere else writes the day first.
    static let monthFirstRegions: Set<String> = ["US", "PH", "FM", "MH", "PW", "GU", "PR", "AS", "VI", "UM"]

    /// True when the interface locale (LC_ALL, then LC_TIME, then LANG) writes dates month first: a month-first
    /// region such as en_US, the C or POSIX locale, or English with no region; false for every other region.
    static func localePrefersMonthFirst(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "C"
        let locale = name.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? name
        if locale == "C" || locale == "POSIX" { return true }
        let parts = locale.split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard parts.count >= 2 else { return locale == "en" }
        return monthFirstRegions.contains(parts[1].uppercased())
    }

    /// Keeps one reading of every `.dayOrMonthFirst` column in `builders`: the order its own values show, else
    /// the order another date column of the file shows, else `monthFirstWhenUndecided`. Returns a Notes warning
    /// for each column read without evidence of its own (and with a value that reads differently either way).
    static func resolve(_ builders: [ColumnBuilder], names: [String], monthFirstWhenUndecided: Bool) -> [String] {
        var shown: [(column: Int, monthFirst: Bool)] = []
        for (i, builder) in builders.enumerated() {
            switch builder.kind {
            case .date(.monthDayYear): shown.append((i, true))
            case .date(.dayMonthYear): shown.append((i, false))
            case .date(.dayOrMonthFirst): if let order = builder.orderShownByValues { shown.append((i, order)) }
            default: break
            }
        }
        var warnings: [String] = []
        for (i, builder) in builders.enumerated() where builder.kind == .date(.dayOrMonthFirst) {
            if let order = builder.orderShownByValues {
                builder.chooseOrder(monthFirst: order)
                continue
            }
            let other = shown.first { $0.column != i }
            let monthFirst = other?.monthFirst ?? monthFirstWhenUndecided
            builder.chooseOrder(monthFirst: monthFirst)
            guard let example = builder.ambiguousExample else { continue }
            warnings.append(
                warning(
                    column: names[i], example: example, monthFirst: monthFirst,
                    otherColumn: other.map { names[$0.column] }))
        }
        return warnings
    }

    /// "Column "Date": dates such as 03/04/2000 could be month/day or day/month; they were read as month/day."
    static func warning(column: String, example: String, monthFirst: Bool, otherColumn: String?) -> String {
        switch (monthFirst, otherColumn) {
        case (true, nil):
            return Localization.tr(
                "Column \"%@\": dates such as %@ could be month/day or day/month; they were read as month/day.",
                column, example)
        case (false, nil):
            return Localization.tr(
                "Column \"%@\": dates such as %@ could be month/day or day/month; they were read as day/month.",
                column, example)
        case (true, let other?):
            return Localization.tr(
                "Column \"%@\": dates such as %@ could be month/day or day/month; they were read as month/day, as column \"%@\" shows.",
                column, example, other)
        case (false, let other?):
            return Localization.tr(
                "Column \"%@\": dates such as %@ could be month/day or day/month; they were read as day/month, as column \"%@\" shows.",
                column, example, other)
        }
    }
}
