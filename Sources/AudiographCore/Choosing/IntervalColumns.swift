// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Columns that hold another column's uncertainty: a standard error, a standard deviation, a margin of error or
/// the bounds of an interval (R's broom `std.error`, `conf.low`/`conf.high`; the forecast package's `Lo 80`/`Hi 95`;
/// ggplot's `ymin`/`ymax`; `price_lower`, `price.se`; `Min.Price` and `Max.Price` around `Price`).
///
/// Charted as data of their own they say false things: `group,mean,se` was "se vs mean: moderate negative
/// correlation", and `x,lower,estimate,upper` three lines called Lower, estimate and upper. An error column belongs
/// to its measure and is never on an axis of its own. Names find them; values confirm them: a spread is never below
/// zero, and a bound lies on its side of the measure on every row (a lower bound needs its upper, so `HI`, Hawaii,
/// beside other states is no bound).
public enum IntervalColumns {
    /// What an error or bound column is.
    public enum Kind: String, Sendable, Equatable, Codable {
        case standardError, standardDeviation, marginOfError, confidenceHalfWidth
        case lowerBound, upperBound
    }

    /// One column read as part of another's interval.
    public struct Member: Sendable, Equatable {
        public var column: Int
        public var kind: Kind
        /// The measure it belongs to.
        public var measure: Int
        /// The interval's level as written ("80", "95"), when its header gives one.
        public var level: String?
    }

    /// Header phrases of each kind, as words (`ColumnProfiler.headerWords`, lower-cased), longest first.
    static let phrases: [(words: [String], kind: Kind)] = [
        (["standard", "error"], .standardError), (["std", "error"], .standardError), (["std", "err"], .standardError),
        (["stderr"], .standardError), (["se"], .standardError), (["sem"], .standardError), (["s", "e"], .standardError),
        (["standard", "deviation"], .standardDeviation), (["std", "dev"], .standardDeviation), (["stdev"], .standardDeviation),
        (["sd"], .standardDeviation), (["s", "d"], .standardDeviation),
        (["margin", "of", "error"], .marginOfError), (["moe"], .marginOfError),
        (["conf", "low"], .lowerBound), (["conf", "high"], .upperBound),
        (["ci", "lower"], .lowerBound), (["ci", "upper"], .upperBound), (["lower", "ci"], .lowerBound),
        (["upper", "ci"], .upperBound),
        (["ci", "low"], .lowerBound), (["ci", "high"], .upperBound), (["ci", "lo"], .lowerBound), (["ci", "hi"], .upperBound),
        (["ci"], .confidenceHalfWidth),
        (["lower"], .lowerBound), (["upper"], .upperBound), (["lo"], .lowerBound), (["hi"], .upperBound),
        (["lwr"], .lowerBound), (["upr"], .upperBound), (["lcl"], .lowerBound), (["ucl"], .upperBound),
        (["ymin"], .lowerBound), (["ymax"], .upperBound), (["lb"], .lowerBound), (["ub"], .upperBound),
        (["minimum"], .lowerBound), (["maximum"], .upperBound), (["min"], .lowerBound), (["max"], .upperBound),
        (["low"], .lowerBound), (["high"], .upperBound)
    ]
    /// Bounds named only with a measure's name ("temp_low" beside "temp"): alone, "low" and "high" are a day's
    /// prices or temperatures, measures of their own.
    static let onlyWithAStem: Set<[String]> = [["low"], ["high"]]

    /// The kind a header names, the words left (the measure's name, if any) and a level ("95"); nil for other headers.
    static func read(_ header: String) -> (kind: Kind, stem: [String], level: String?)? {
        var words = ColumnProfiler.headerWords(header)
        // "Lo 80", "ci95", "upper_95": the level is the number, said apart from the words.
        var level: String?
        words = words.flatMap { word -> [String] in
            let letters = word.prefix { !$0.isNumber }, digits = word.dropFirst(letters.count)
            if !digits.isEmpty, digits.allSatisfy(\.isNumber), Int(digits).map({ (50...99).contains($0) }) == true {
                level = String(digits)
                return letters.isEmpty ? [] : [String(letters)]
            }
            return [word]
        }
        // Compass points ("NW-SE", possums' directions) are places, not errors.
        let compass: Set<String> = [
            "n", "s", "e", "w", "ne", "nw", "se", "sw", "nne", "ene", "ese", "sse", "ssw", "wsw", "wnw", "nnw"
        ]
        guard !words.isEmpty, !(words.count >= 2 && words.allSatisfy(compass.contains)) else { return nil }
        for (phrase, kind) in phrases
        where phrase.count < words.count || (phrase.count == words.count && !onlyWithAStem.contains(phrase)) {
            if Array(words.prefix(phrase.count)) == phrase { return (kind, Array(words.dropFirst(phrase.count)), level) }
            if Array(words.suffix(phrase.count)) == phrase { return (kind, Array(words.dropLast(phrase.count)), level) }
        }
        return nil
    }

    /// True for a short name that is one of a family of names of its shape: ManufCost's cost shares sk, sl, se and sm
    /// (energy's share, not a standard error), two or more other headers of its length and first letter.
    static func isInAFamilyOfShortNames(_ c: Int, table: Table) -> Bool {
        let name = table.columns[c].title.lowercased()
        guard name.count <= 3, name.allSatisfy(\.isLetter), let first = name.first else { return false }
        let siblings = table.columns.indices.filter { other in
            let o = table.columns[other].title.lowercased()
            return other != c && o.count == name.count && o.first == first && o.allSatisfy(\.isLetter)
        }
        return siblings.count >= 2
    }

    /// Every error or bound column of `table` with the measure it belongs to. `candidates` are the number columns
    /// that may be measures or their errors (not keys or times), in file order.
    public static func find(in table: Table, candidates: [Int]) -> [Member] {
        let columns = table.columns
        var named: [(column: Int, kind: Kind, stem: [String], level: String?)] = []
        for c in candidates {
            guard case .numeric = columns[c].data, let reading = read(columns[c].title),
                !(reading.stem.isEmpty && isInAFamilyOfShortNames(c, table: table))
            else { continue }
            named.append((c, reading.kind, reading.stem, reading.level))
        }
        guard !named.isEmpty else { return [] }
        let namedColumns = Set(named.map(\.column))
        let measures = candidates.filter { !namedColumns.contains($0) }
        var wordsOf: [Int: [String]] = [:]
        for m in measures { wordsOf[m] = ColumnProfiler.headerWords(columns[m].title) }
        func words(_ c: Int) -> [String] { wordsOf[c] ?? ColumnProfiler.headerWords(columns[c].title) }
        /// The measure a stem names ("price" of price_lower), else the nearest measure to the left, else the only one.
        func measure(for column: Int, stem: [String], fits: (Int) -> Bool) -> Int? {
            if !stem.isEmpty {
                // "price" for price_lower; else the one measure whose name starts with the stem (f_gdp for f_lo80).
                if let named = measures.first(where: { words($0) == stem && fits($0) }) { return named }
                let starting = measures.filter { Array(words($0).prefix(stem.count)) == stem && fits($0) }
                return starting.count == 1 ? starting[0] : nil
            }
            if let left = measures.last(where: { $0 < column && fits($0) }) { return left }
            let fitting = measures.filter(fits)
            return fitting.count == 1 ? fitting[0] : nil
        }
        var members: [Member] = []
        // Spreads: never below zero.
        for n in named where [.standardError, .standardDeviation, .marginOfError, .confidenceHalfWidth].contains(n.kind) {
            guard case .numeric(let values, _) = columns[n.column].data, !values.contains(where: { $0 < 0 }),
                let m = measure(for: n.column, stem: n.stem, fits: { _ in true })
            else { continue }
            members.append(Member(column: n.column, kind: n.kind, measure: m, level: n.level))
        }
        // Bounds: in pairs of one stem and level, around a measure on every row.
        let lowers = named.filter { $0.kind == .lowerBound }, uppers = named.filter { $0.kind == .upperBound }
        for low in lowers {
            guard let high = uppers.first(where: { $0.stem == low.stem && $0.level == low.level }),
                case .numeric(let lo, _) = columns[low.column].data, case .numeric(let hi, _) = columns[high.column].data
            else { continue }
            let around = { (m: Int) -> Bool in
                guard case .numeric(let v, _) = columns[m].data else { return false }
                var rows = 0
                for r in v.indices where v[r].isFinite && lo[r].isFinite && hi[r].isFinite {
                    guard lo[r] <= v[r] && v[r] <= hi[r] else { return false }
                    rows += 1
                }
                return rows > 0
            }
            guard let m = measure(for: min(low.column, high.column), stem: low.stem, fits: around) else { continue }
            members.append(Member(column: low.column, kind: .lowerBound, measure: m, level: low.level))
            members.append(Member(column: high.column, kind: .upperBound, measure: m, level: high.level))
        }
        return members.sorted { $0.column < $1.column }
    }
}
