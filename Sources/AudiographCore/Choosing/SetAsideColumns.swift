// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why a number column is not among the measures a chart is guessed from (a person may still choose it).
public enum SetAside: Sendable, Equatable {
    /// Another column's error or interval bound (`IntervalColumns`).
    case interval(IntervalColumns.Member)
    /// Given exactly by other columns (`DerivedColumns`).
    case derived(DerivedColumns.Relation)
    /// A number per name of the text column `of`, one for one (PRDEG's `levine`, a code for each country).
    case code(of: Int)
}

extension TableProfile {
    /// The measures of `table` set aside, read from the values and headers: error and interval columns first (an
    /// upper bound is also its estimate plus a multiple of the error, so those relations are not derived ones),
    /// then columns other columns give exactly.
    static func setAside(_ table: Table, columns: [ColumnProfile]) -> [Int: SetAside] {
        var result: [Int: SetAside] = [:]
        let measures = columns.filter { $0.role == .measure && !$0.isUnitNumber }.map(\.index)
        for member in IntervalColumns.find(in: table, candidates: measures) { result[member.column] = .interval(member) }
        let free = measures.filter { result[$0] == nil }
        let times = columns.filter { $0.role == .time }.map(\.index)
        // Columns of a few values (yes/no, codes) agree with one another by chance far too often (two countries'
        // crisis years; a year of GDP beside a count of weapons): only columns of four values or more are taken
        // as computed.
        // A handful of evenly spaced values (1, 2, 3, 4 over four years) is a line through any other such column: a
        // shop's count of stores is no shift of the year however exactly it rises.
        let targets = free.filter {
            columns[$0].distinct >= 4 && !(table.rowCount < 20 && columns[$0].distinct < 10 && isEvenlySpaced(table.columns[$0]))
        }
        for relation in DerivedColumns.find(in: table, targets: targets, predictors: free + times) {
            result[relation.column] = .derived(relation)
        }
        for c in free where result[c] == nil {
            if let names = codedNames(c, table: table, columns: columns) { result[c] = .code(of: names) }
        }
        return result
    }

    /// The text column that whole-number column `c` numbers one for one, or nil: each name always has the same
    /// number and each number the same name, the names repeat (two rows each or more on average, so not a
    /// measure of rows each named once), and the numbers are dense like a code's (the largest at most ten times
    /// the count of names), not a per-name measure such as a population.
    private static func codedNames(_ c: Int, table: Table, columns: [ColumnProfile]) -> Int? {
        let p = columns[c]
        guard p.isWholeNumbers, p.distinct >= 3, case .numeric(let values, _) = table.columns[c].data else { return nil }
        guard let largest = values.lazy.filter(\.isFinite).map(abs).max(), largest <= 10 * Double(p.distinct) else { return nil }
        for t in columns
        where [.labels, .text, .grouping].contains(t.role) && t.distinct == p.distinct && t.present >= 2 * t.distinct {
            guard case .text(let ids, _) = table.columns[t.index].data else { continue }
            var numberOf: [Int32: Double] = [:], nameOf: [Double: Int32] = [:]
            var oneForOne = true
            for r in 0..<min(ids.count, values.count) where ids[r] >= 0 && values[r].isFinite {
                if let n = numberOf.updateValue(values[r], forKey: ids[r]), n != values[r] { oneForOne = false; break }
                if let id = nameOf.updateValue(ids[r], forKey: values[r]), id != ids[r] { oneForOne = false; break }
            }
            if oneForOne && numberOf.count == p.distinct { return t.index }
        }
        return nil
    }

    /// True when a number column's distinct values, sorted, step by one amount.
    private static func isEvenlySpaced(_ column: Column) -> Bool {
        guard case .numeric(let values, _) = column.data else { return false }
        let distinct = Set(values.filter(\.isFinite)).sorted()
        guard distinct.count >= 3, let first = distinct.first, let last = distinct.last else { return false }
        let step = distinct[1] - distinct[0], tolerance = (last - first) * 1e-6
        return zip(distinct, distinct.dropFirst()).allSatisfy { abs(($1 - $0) - step) <= tolerance }
    }
}
