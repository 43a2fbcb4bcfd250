// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Columns that other columns give exactly, read from the values: a sum, a difference, a mean, a centring or a shift
/// of up to three others (awake = 24 − sleep; exp = age − educ − 6; X1 = Year − 1750), a product or ratio of two
/// (real GNP = GNP ÷ price, found as a sum of logarithms), a logarithm or the rank of another.
///
/// Charted against their sources they say only how they were computed, with confidence: "strong negative
/// correlation" between hours awake and hours asleep, "overall decreasing (slope −1.000, r² 1.00)" of a coin's age
/// against its year. A relation counts only when it holds on every row to the digits the file wrote (R² of
/// 0.99999 or more, no row off by more than the columns' rounding), so two measures that merely move together are
/// never taken for one another. Of the columns in a relation, the one whose name says it was computed (real, log, pct,
/// share, per, mean, centred …; not "total": msleep's sleep_total is the measure and awake = 24 − it) is the
/// derived one, else the last in file order: tables put sources first.
/// (`DerivedSeries` finds lags and changes by their names, which a relation of values cannot: a lag is a shift of
/// rows, not of values.)
public enum DerivedColumns {
    /// How a derived column follows from its sources.
    public enum Form: Sendable, Equatable {
        /// constant + Σ coefficient × source.
        case linear
        /// constant × Π source ^ coefficient (a product or a ratio).
        case product
        /// constant + coefficient × ln(source).
        case logarithm
        /// The rank of the source (1 for its least value).
        case rank
    }

    /// One column that others give exactly.
    public struct Relation: Sendable, Equatable {
        public var column: Int
        public var sources: [Int]
        public var coefficients: [Double]
        public var constant: Double
        public var form: Form
    }

    /// Most columns looked at (the first in file order): wide tables of hundreds of measures are matrices or
    /// indicator sets, where a search of triples would cost more than the whole chart.
    static let columnLimit = 60
    /// Rows the search looks at, evenly spaced; a relation found is then checked on every row.
    static let sampleRows = 2_000
    /// Share of variance a relation must explain (R²): a column computed from others and rounded to the file's
    /// digits explains 0.999998 or more (a centred score to three decimals, real GNP to one); two smooth series
    /// over seven years can reach 0.99994 by chance (WorldPhones' Oceania from the year and Middle America).
    static let leastExplained = 0.99999
    /// Most a row may be off, as a share of the target's standard deviation, however coarse the rounding allowed
    /// (msleep's awake written to two decimals on two rows, 24.05 − sleep_total: 1.1% of its spread).
    static let mostOffBySpread = 0.05

    /// Words of a header that say its column was computed from others: looked at first.
    static let computedWords: Set<String> = [
        "real", "log", "ln", "pct", "percent", "percentage", "share", "ratio",
        "mean", "avg", "average", "diff", "difference", "change", "centered",
        "centred", "cent", "per", "rank", "index", "net", "deflated", "adj", "adjusted"
    ]

    /// The relations among `targets` (measures that may be derived) and `predictors` (measures and times that may
    /// be sources; `targets` are sources too until found derived), at most one per derived column.
    public static func find(in table: Table, targets: [Int], predictors: [Int]) -> [Relation] {
        let columns = table.columns
        let numeric = { (c: Int) -> Bool in if case .numeric = columns[c].data { return true } else { return false } }
        let targets = Array(targets.filter(numeric).prefix(columnLimit))
        let pool = Array(Set(targets + predictors.filter(numeric)).sorted().prefix(columnLimit))
        guard pool.count >= 2, table.rowCount >= 3, !targets.isEmpty else { return [] }
        let sample = Sample(table: table, columns: pool)
        var kept = Set(pool)
        var found: [Relation] = []
        // Names that say "computed" first, then from the last column back.
        let order = targets.sorted { a, b in
            let ha = hintsComputed(columns[a].title), hb = hintsComputed(columns[b].title)
            return ha != hb ? ha : a > b
        }
        let targetSet = Set(targets)
        for t in order where kept.contains(t) {
            let sources = pool.filter { $0 != t && kept.contains($0) }
            guard var relation = sample.relation(of: t, among: sources, table: table),
                !isOneNumberedFamily([t] + relation.sources, table: table)
            else { continue }
            // Of the columns in the relation, the one that reads most as computed goes: sleep75's sleep is
            // rlxall + leis3 − leis1, but leis1 … leis3 are the variants computed from it.
            let members = ([t] + relation.sources).filter { targetSet.contains($0) && kept.contains($0) }
            if relation.form == .linear || relation.form == .product,
                let victim = members.max(by: { derivedScore($0, table) < derivedScore($1, table) }), victim != t,
                let turned = verify(
                    Relation(
                        column: victim, sources: ([t] + relation.sources).filter { $0 != victim },
                        coefficients: [], constant: 0, form: relation.form), table: table)
            {
                relation = turned
            }
            found.append(relation)
            kept.remove(relation.column)
        }
        return found.sorted { $0.column < $1.column }
    }

    /// How much a column reads as computed from others: a name that says so (a log, a ratio or a mean, then a total:
    /// nitrofen's total of brood1 … brood3), then a change between two others (cvote beside vote88 and vote90, wt82_71), then
    /// one of numbered variants (sleep75's leis1 … leis3, computed from its sleep), then its place in the file
    /// (later columns are computed from earlier ones).
    static func derivedScore(_ c: Int, _ table: Table) -> Int {
        let titles = table.columns.map { $0.title.lowercased() }
        let title = titles[c]
        var score = c
        // A ratio, log or mean before a total (Diamonds: PricePerCt goes, TotalPrice stays beside Carat).
        if hintsComputed(table.columns[c].title) { score += 4_000_000 }
        let whole = ["total", "sum", "overall", "all"]
        if whole.contains(title) || whole.contains(where: { title.hasPrefix($0) && title.count > $0.count + 1 }) {
            score += 3_000_000
        }
        let stems = Set(titles.indices.filter { $0 != c }.map { titles[$0].filter { !$0.isNumber && $0 != "_" && $0 != " " } })
        let isChange =
            ["c", "d", "g", "ch", "chg", "diff"].contains { prefix in
                title.hasPrefix(prefix)
                    && stems.contains(String(title.dropFirst(prefix.count)).filter { !$0.isNumber && $0 != "_" && $0 != " " })
            } || title.range(of: #"\d+[ _.]\d+$"#, options: .regularExpression) != nil
            || DerivedSeries.base(of: table.columns[c].header, among: table.columns.map(\.header)) != nil
        if isChange { score += 2_000_000 }
        // One digit after a stem another column shares (leis1 beside leis2): a numbered variant; two or four digits
        // are years (vote88, vote90), each a measure of its own.
        if let last = title.last, last.isNumber, !title.dropLast().last!.isNumber {
            let stem = String(title.dropLast())
            if titles.indices.contains(where: {
                $0 != c && titles[$0].count == title.count && titles[$0].hasPrefix(stem) && titles[$0].last!.isNumber
            }) {
                score += 1_000_000
            }
        }
        return score
    }

    /// True when every column of a relation is one numbered stem (a spectrum's x_001 … x_100, a subject's V1 … V6):
    /// neighbouring readings of a smooth curve fit each other to the last digit without one being computed.
    static func isOneNumberedFamily(_ members: [Int], table: Table) -> Bool {
        let stems = Set(members.map { table.columns[$0].title.filter { !$0.isNumber } })
        guard stems.count == 1, let stem = stems.first,
            members.allSatisfy({ table.columns[$0].title.contains(where: \.isNumber) })
        else { return false }
        // Three numbered columns or more make a family (x_001 … x_100); Class1 and Class2 (= 1 − Class1) do not.
        return table.columns.filter { $0.title.filter { !$0.isNumber } == stem && $0.title.contains(where: \.isNumber) }.count
            >= 3
    }

    /// True when a header's words say it was computed ("real_gnp", "pct_female", "cses", "logprice").
    static func hintsComputed(_ title: String) -> Bool {
        let words = ColumnProfiler.headerWords(title)
        if words.contains(where: computedWords.contains) { return true }
        guard let first = words.first else { return false }
        return ["log", "ln", "real", "pct"].contains { first.hasPrefix($0) && first.count > $0.count + 1 }
    }

    /// Up to `sampleRows` evenly spaced rows of the pool's columns (and of their logarithms, where every value is
    /// above zero), with the correlation of every pair, computed once for every target.
    private struct Sample {
        let columns: [Int]
        /// Column `columns[k]` at the sample's rows (NaN where missing): values[k], then the logs at values[count + k].
        var values: [[Double]?]
        /// Pearson's r of every pair of `values` (NaN where it can't be told).
        var r: [[Double]]

        init(table: Table, columns: [Int]) {
            self.columns = columns
            let n = table.rowCount
            let step = max(1, n / DerivedColumns.sampleRows)
            let rows = Array(stride(from: 0, to: n, by: step))
            let plain: [[Double]] = columns.map { c in
                guard case .numeric(let v, _) = table.columns[c].data else { return [] }
                return rows.map { v[$0] }
            }
            let logs: [[Double]?] = plain.map { v in
                let present = v.filter(\.isFinite)
                guard !present.isEmpty, present.allSatisfy({ $0 > 0 }) else { return nil }
                return v.map { $0.isFinite && $0 > 0 ? Foundation.log($0) : .nan }
            }
            values = plain.map { Optional($0) } + logs
            let count = values.count
            var r = [[Double]](repeating: [Double](repeating: .nan, count: count), count: count)
            for a in 0..<count {
                guard let va = values[a] else { continue }
                r[a][a] = 1
                for b in (a + 1)..<count {
                    guard let vb = values[b] else { continue }
                    let value = Self.correlation(va, vb) ?? .nan
                    r[a][b] = value
                    r[b][a] = value
                }
            }
            self.r = r
        }

        /// The index of column `c`'s values (or their logarithms) in `values`, when there are such values.
        private func index(_ c: Int, log: Bool) -> Int? {
            guard let k = columns.firstIndex(of: c) else { return nil }
            let i = log ? columns.count + k : k
            return values[i] == nil ? nil : i
        }

        /// The smallest exact relation of column `t` to `sources` (one, two or three of them), checked on every row.
        func relation(of t: Int, among sources: [Int], table: Table) -> Relation? {
            // Linear relations on the values; products and ratios on their logarithms (two sources at most); a
            // logarithm of one source, linear in its log; a rank.
            let tries: [(target: Int?, sources: [Int], most: Int, form: Form)] = [
                (index(t, log: false), sources.compactMap { index($0, log: false) }, 3, .linear),
                (index(t, log: true), sources.compactMap { index($0, log: true) }, 2, .product),
                (index(t, log: false), sources.compactMap { index($0, log: true) }, 1, .logarithm)
            ]
            for attempt in tries {
                guard let target = attempt.target,
                    let found = search(target: target, candidates: attempt.sources, maxSources: attempt.most)
                else { continue }
                let relation = Relation(
                    column: t, sources: found.map { columns[$0 % columns.count] }, coefficients: [],
                    constant: 0, form: attempt.form)
                if let exact = DerivedColumns.verify(relation, table: table) { return exact }
            }
            // Ranks: checked only for a column of ranks' shape (1 … n, nearly all distinct), and first on the sample:
            // a full sort per pair of columns was a third of describing nycflights13's flights.
            guard case .numeric(let tv, _) = table.columns[t].data, DerivedColumns.looksLikeRanks(tv),
                Set(tv).count * 10 >= tv.count * 9, let ti = index(t, log: false), let sampleT = values[ti]
            else { return nil }
            for s in sources where s != t {
                guard let si = index(s, log: false), let sampleS = values[si] else { continue }
                let order = sampleS.indices.filter { sampleS[$0].isFinite && sampleT[$0].isFinite }
                    .sorted { sampleS[$0] < sampleS[$1] || (sampleS[$0] == sampleS[$1] && sampleT[$0] < sampleT[$1]) }
                guard zip(order, order.dropFirst()).allSatisfy({ sampleT[$0.0] <= sampleT[$0.1] }) else { continue }
                if DerivedColumns.isRank(t, of: s, table: table) {
                    return Relation(column: t, sources: [s], coefficients: [1], constant: 0, form: .rank)
                }
            }
            return nil
        }

        /// The fewest `candidates` (indices into `values`) whose least-squares fit explains `target` above
        /// `leastExplained`, judged from the correlations; nil when none do.
        private func search(target: Int, candidates: [Int], maxSources: Int) -> [Int]? {
            let usable = candidates.filter { $0 != target && r[target][$0].isFinite }
            guard !usable.isEmpty else { return nil }
            let rt = { (c: Int) in self.r[target][c] }
            if let single = usable.first(where: { rt($0) * rt($0) >= DerivedColumns.leastExplained }) { return [single] }
            guard maxSources >= 2, usable.count >= 2 else { return nil }
            // Pairs and triples among the candidates that move with the target most.
            let ranked = usable.sorted { abs(rt($0)) > abs(rt($1)) }
            let pairs = Array(ranked.prefix(40)), triples = Array(ranked.prefix(25))
            for (ai, a) in pairs.enumerated() {
                for b in pairs[(ai + 1)...] where r[a][b].isFinite {
                    let m = [[1, r[a][b]], [r[a][b], 1]]
                    if let explained = DerivedColumns.explained(m, [rt(a), rt(b)]), explained >= DerivedColumns.leastExplained {
                        return [a, b]
                    }
                }
            }
            guard maxSources >= 3, usable.count >= 3 else { return nil }
            for (ai, a) in triples.enumerated() {
                for (bi, b) in triples.enumerated() where bi > ai && r[a][b].isFinite {
                    for c in triples[(bi + 1)...] where r[a][c].isFinite && r[b][c].isFinite {
                        let m = [[1, r[a][b], r[a][c]], [r[a][b], 1, r[b][c]], [r[a][c], r[b][c], 1]]
                        if let explained = DerivedColumns.explained(m, [rt(a), rt(b), rt(c)]),
                            explained >= DerivedColumns.leastExplained
                        {
                            return [a, b, c]
                        }
                    }
                }
            }
            return nil
        }

        /// Pearson's r over the rows where both are present; nil with fewer than three or no variance.
        private static func correlation(_ a: [Double], _ b: [Double]) -> Double? {
            var n = 0.0, sa = 0.0, sb = 0.0
            for i in a.indices where a[i].isFinite && b[i].isFinite { n += 1; sa += a[i]; sb += b[i] }
            guard n >= 3 else { return nil }
            let ma = sa / n, mb = sb / n
            var saa = 0.0, sbb = 0.0, sab = 0.0
            for i in a.indices where a[i].isFinite && b[i].isFinite {
                let da = a[i] - ma, db = b[i] - mb
                saa += da * da; sbb += db * db; sab += da * db
            }
            guard saa > 0, sbb > 0 else { return nil }
            return sab / (saa * sbb).squareRoot()
        }
    }

    /// R² of a target on sources from their correlations: r' M⁻¹ r, or nil when M is singular (sources that are
    /// themselves related).
    static func explained(_ m: [[Double]], _ r: [Double]) -> Double? {
        guard let beta = solve(m, r) else { return nil }
        return zip(beta, r).reduce(0) { $0 + $1.0 * $1.1 }
    }

    /// The solution of m · x = b by Gaussian elimination with partial pivoting; nil when m is (nearly) singular.
    static func solve(_ m: [[Double]], _ b: [Double]) -> [Double]? {
        let n = b.count
        var a = m, y = b
        for col in 0..<n {
            guard let pivot = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-10 else {
                return nil
            }
            a.swapAt(col, pivot)
            y.swapAt(col, pivot)
            for row in (col + 1)..<n {
                let f = a[row][col] / a[col][col]
                for k in col..<n { a[row][k] -= f * a[col][k] }
                y[row] -= f * y[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var s = y[row]
            for k in (row + 1)..<n { s -= a[row][k] * x[k] }
            x[row] = s / a[row][row]
        }
        return x
    }

    /// Fewest complete rows for a relation of `sources` sources: a line through four points, a plane through six,
    /// three sources through ten (fewer rows than that fit too easily by chance: three counts of 5, 7 and 8 are
    /// 4 + another column's 1, 3 and 4).
    static func leastRows(sources: Int) -> Int { [4, 6, 10][min(max(sources, 1), 3) - 1] }

    /// `relation` with its coefficients fitted on every complete row, when it holds on each of them to the columns'
    /// rounding (R² ≥ `leastExplained`, no row off by more than half a unit of each column's last written digit); nil
    /// otherwise.
    static func verify(_ relation: Relation, table: Table) -> Relation? {
        let columns = table.columns
        guard case .numeric(let tv, let td) = columns[relation.column].data else { return nil }
        var sourceValues: [[Double]] = [], sourceDigits: [Int] = []
        for s in relation.sources {
            guard case .numeric(let v, let d) = columns[s].data else { return nil }
            sourceValues.append(v)
            sourceDigits.append(d)
        }
        let logTarget = relation.form == .product, logSources = relation.form == .product || relation.form == .logarithm
        let rows = (0..<table.rowCount).filter { r in
            tv[r].isFinite && (!logTarget || tv[r] > 0)
                && sourceValues.allSatisfy { $0[r].isFinite && (!logSources || $0[r] > 0) }
        }
        let p = relation.sources.count
        guard rows.count >= leastRows(sources: p) else { return nil }
        func y(_ r: Int) -> Double { logTarget ? Foundation.log(tv[r]) : tv[r] }
        func x(_ j: Int, _ r: Int) -> Double { logSources ? Foundation.log(sourceValues[j][r]) : sourceValues[j][r] }
        // Centred normal equations.
        let n = Double(rows.count)
        var my = 0.0, mx = [Double](repeating: 0, count: p)
        for r in rows { my += y(r); for j in 0..<p { mx[j] += x(j, r) } }
        my /= n
        for j in 0..<p { mx[j] /= n }
        var xx = [[Double]](repeating: [Double](repeating: 0, count: p), count: p), xy = [Double](repeating: 0, count: p)
        var yy = 0.0
        for r in rows {
            let dy = y(r) - my
            yy += dy * dy
            for j in 0..<p {
                let dj = x(j, r) - mx[j]
                xy[j] += dj * dy
                for k in 0..<p { xx[j][k] += dj * (x(k, r) - mx[k]) }
            }
        }
        guard yy > 0, let beta = solve(xx, xy) else { return nil }
        let half = { (digits: Int) in 0.5 * pow(10, -Double(digits)) }
        let mostOff = mostOffBySpread * (yy / n).squareRoot()
        /// True when `b` and `a` give every row to its columns' rounding and explain it above `leastExplained`.
        func holds(_ b: [Double], _ a: Double) -> Bool {
            var residual = 0.0
            for r in rows {
                var fitted = a
                for j in 0..<p { fitted += b[j] * x(j, r) }
                let off = y(r) - fitted
                residual += off * off
                // Rounding each column could move the relation this much on this row. A whole-number source (a
                // year, a count) is taken as exact: counting half a unit for it let Saturn's X1, off by up to
                // 0.43 from Year and two more columns, be said to be "on every row" their sum.
                var tolerance = logTarget ? half(td) / tv[r] : half(td)
                for j in 0..<p where sourceDigits[j] > 0 {
                    tolerance += abs(b[j]) * (logSources ? half(sourceDigits[j]) / sourceValues[j][r] : half(sourceDigits[j]))
                }
                tolerance = min(tolerance * 1.01, mostOff) + 1e-9 * max(1, abs(y(r)))
                if abs(off) > tolerance { return false }
            }
            return 1 - residual / yy >= leastExplained
        }
        let constant = my - zip(beta, mx).reduce(0) { $0 + $1.0 * $1.1 }
        // The least-squares fit keeps the sum of squares small, not the largest miss: a rate rounded to the cent
        // (retirement = 0.1694 × base) can miss one row by 0.006 where the rate itself misses none by over 0.005.
        // So a fit that fails is not yet an answer: its simpler neighbours below are tried too.
        let fits = holds(beta, constant)
        if relation.form == .product {
            guard fits else { return nil }
            // Products and ratios only (powers of ±1): smooth series fit other powers of each other by chance
            // (a median as the square of the third quintile over the second).
            // A square or square root of one column (expersq, salessq) is as plain as a ratio.
            let powers = p == 1 ? [1.0, 2.0, 0.5] : [1.0]
            guard
                let power = powers.first(where: { power in
                    let unit = beta.map { $0 < 0 ? -power : power }
                    return holds(unit, my - zip(unit, mx).reduce(0) { $0 + $1.0 * $1.1 })
                })
            else { return nil }
            let unit = beta.map { $0 < 0 ? -power : power }
            let a = my - zip(unit, mx).reduce(0) { $0 + $1.0 * $1.1 }
            var exact = relation
            (exact.coefficients, exact.constant) = (unit, a)
            // A round factor when one holds: 100 × awards ÷ rate, not 99.945 × it.
            if let factor = simpler(Foundation.exp(a)).map(Foundation.log).first(where: { holds(unit, $0) }) {
                exact.constant = factor
            }
            return exact
        }
        var exact = relation
        (exact.coefficients, exact.constant) = (beta, constant)
        // The simplest coefficients that hold as well (1 for 0.996, 1/16 for 0.06249): the fit's last digits are the
        // rounding of the file, not part of the relation. Each coefficient's candidates run from simple to exact.
        let candidates = beta.map(simpler)
        for level in 0..<5 {
            let snapped = candidates.map { $0[min(level, $0.count - 1)] }
            let a = my - zip(snapped, mx).reduce(0) { $0 + $1.0 * $1.1 }
            let shortConstants = (0...max(0, td + 2)).map { d -> Double in
                let scale = pow(10, Double(d))
                return (a * scale).rounded() / scale
            }
            if let a = ([0] + shortConstants + [a]).first(where: { holds(snapped, $0) }) {
                (exact.coefficients, exact.constant) = (snapped, a)
                return exact
            }
        }
        return fits ? exact : nil
    }

    /// Numbers near `value` (within 5%), simplest first: a whole number, a fraction n/d with d up to 12, the value
    /// to two, three, four and six significant digits. Whether the relation holds with one is `verify`'s to check:
    /// a ratio with a narrow-ranged price fits 0.99 as well as 1 to the file's rounding, and 1.96 is not 2.
    static func simpler(_ value: Double) -> [Double] {
        guard value.isFinite, value != 0 else { return [value] }
        let close = { (candidate: Double) in abs(candidate - value) <= 0.05 * abs(value) }
        var found: [Double] = []
        if close(value.rounded()) { found.append(value.rounded()) }
        for d in 2...12 {
            let n = (value * Double(d)).rounded()
            if n != 0, close(n / Double(d)) { found.append(n / Double(d)); break }
        }
        for digits in [2, 3, 4, 6] {
            let scale = pow(10, Double(digits - 1) - floor(log10(abs(value))))
            found.append((value * scale).rounded() / scale)
        }
        return found
    }

    /// True when column `t` holds the ranks of column `s` (1 … n in the order of `s`, ties given any rank within
    /// their run, as average, minimum or first ranks are), on ten rows or more, every row present.
    static func isRank(_ t: Int, of s: Int, table: Table) -> Bool {
        guard case .numeric(let tv, _) = table.columns[t].data, case .numeric(let sv, _) = table.columns[s].data else {
            return false
        }
        let n = table.rowCount
        guard n >= 10, n <= 1_000_000, looksLikeRanks(tv), sv.allSatisfy(\.isFinite) else { return false }
        let sorted = (0..<n).sorted { sv[$0] < sv[$1] || (sv[$0] == sv[$1] && tv[$0] < tv[$1]) }
        var runStart = 0
        while runStart < n {
            var runEnd = runStart
            while runEnd + 1 < n && sv[sorted[runEnd + 1]] == sv[sorted[runStart]] { runEnd += 1 }
            for position in runStart...runEnd {
                let rank = tv[sorted[position]]
                guard rank >= Double(runStart + 1) - 1e-9, rank <= Double(runEnd + 1) + 1e-9 else { return false }
            }
            runStart = runEnd + 1
        }
        return true
    }

    /// True when every value is present, from 1 to the row count, and a whole or a half number (average ranks).
    static func looksLikeRanks(_ values: [Double]) -> Bool {
        let n = Double(values.count)
        return values.allSatisfy { $0.isFinite && $0 >= 1 && $0 <= n && ($0 * 2).rounded() == $0 * 2 }
    }
}
