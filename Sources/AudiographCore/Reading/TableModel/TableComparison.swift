// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Compares two reads of a file value for value, to prove the parallel reader reads what the one-thread reader
/// does (unit tests, the fuzzer, the corpus check).
public enum TableComparison {
    /// The first way `a` and `b` differ, in words for a test log; nil when they are the same table. Numbers
    /// are compared bit for bit, so a missing value (NaN) equals only a missing value.
    public static func firstDifference(_ a: Table, _ b: Table) -> String? {
        if a.rowCount != b.rowCount { return "rows \(a.rowCount) and \(b.rowCount)" }
        if a.columns.count != b.columns.count { return "columns \(a.columns.count) and \(b.columns.count)" }
        if a.encoding != b.encoding || a.delimiter != b.delimiter || a.decimalStyle != b.decimalStyle
            || a.hasHeader != b.hasHeader
        {
            return "format"
        }
        if a.malformedLines != b.malformedLines || a.malformedRowCount != b.malformedRowCount {
            return "skipped lines \(a.malformedLines) (\(a.malformedRowCount)) and \(b.malformedLines) (\(b.malformedRowCount))"
        }
        if a.warnings != b.warnings { return "warnings \(a.warnings) and \(b.warnings)" }
        for (x, y) in zip(a.columns, b.columns) {
            if x.header != y.header { return "headers \(x.header) and \(y.header)" }
            if x.unit != y.unit { return "column \(x.header): units \(x.unit ?? "none") and \(y.unit ?? "none")" }
            if let difference = firstDifference(x.data, y.data) { return "column \(x.header): \(difference)" }
        }
        return nil
    }

    /// The first way two columns' values differ, or nil.
    private static func firstDifference(_ a: ColumnData, _ b: ColumnData) -> String? {
        switch (a, b) {
        case let (.numeric(x, dx), .numeric(y, dy)):
            if dx != dy { return "decimals \(dx) and \(dy)" }
            return firstDifference(x, y)
        case let (.date(x, px, ux), .date(y, py, uy)):
            if px != py || ux != uy { return "date precision or zone" }  // l10n: not shown
            return firstDifference(x, y)
        case let (.text(x, cx), .text(y, cy)):
            if cx != cy { return "categories" }
            if let i = zip(x, y).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                return "row \(i + 1): category \(x[i]) and \(y[i])"
            }
            return x.count == y.count ? nil : "lengths"
        default:
            return "types \(a.typeName) and \(b.typeName)"
        }
    }

    /// The first row where two columns of numbers differ bit for bit, or nil.
    private static func firstDifference(_ x: [Double], _ y: [Double]) -> String? {
        guard x.count == y.count else { return "lengths \(x.count) and \(y.count)" }
        for i in x.indices where x[i].bitPattern != y[i].bitPattern { return "row \(i + 1): \(x[i]) and \(y[i])" }
        return nil
    }
}
