// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The Notes that say which columns a guessed chart leaves out and why: "se is the standard error of mean, so it is
/// not drawn as a measure of its own.", "awake is left out: it is 24 − sleep total on every row."
enum SetAsideWording {
    /// One sentence per reason for the set-aside columns of `profile` that `layout` does not show, in file order;
    /// an interval's two bounds are said together.
    static func notes(_ profile: TableProfile, layout: ChartInference.Layout, table: Table) -> [String] {
        // Set aside only while something else was charted: a lone computed column is the chart.
        guard !profile.setAside.keys.contains(where: { layout.y.contains($0) || layout.x == $0 }) else { return [] }
        let shown = Set([layout.x, layout.seriesBy, layout.size, layout.category, layout.label].compactMap { $0 } + layout.y)
        let columns = table.columns
        func name(_ c: Int) -> String { columns[c].title }
        var notes: [String] = []
        var saidBounds = Set<Int>()
        for c in profile.setAside.keys.sorted() where !shown.contains(c) && !saidBounds.contains(c) {
            switch profile.setAside[c]! {
            case .interval(let member):
                let measure = name(member.measure)
                switch member.kind {
                case .standardError:
                    notes.append(
                        Localization.tr(
                            "%@ is the standard error of %@, so it is not drawn as a measure of its own.", name(c), measure))
                case .standardDeviation:
                    notes.append(
                        Localization.tr(
                            "%@ is the standard deviation of %@, so it is not drawn as a measure of its own.", name(c), measure))
                case .marginOfError:
                    notes.append(
                        Localization.tr(
                            "%@ is the margin of error of %@, so it is not drawn as a measure of its own.", name(c), measure))
                case .confidenceHalfWidth:
                    notes.append(
                        Localization.tr(
                            "%@ is half the width of the confidence interval of %@, so it is not drawn as a measure of its own.",
                            name(c), measure))
                case .lowerBound, .upperBound:
                    let partner = profile.setAside.first { other in
                        guard other.key != c, case .interval(let m) = other.value else { return false }
                        return m.measure == member.measure && m.level == member.level && m.kind != member.kind
                            && (m.kind == .lowerBound || m.kind == .upperBound)
                    }?.key
                    let (low, high) = member.kind == .lowerBound ? (c, partner) : (partner, c)
                    if let low, let high, !shown.contains(low), !shown.contains(high) {
                        saidBounds.formUnion([low, high])
                        notes.append(
                            Localization.tr(
                                "%@ and %@ are the lower and upper bounds of %@, so they are not drawn as measures of their own.",
                                name(low), name(high), measure))
                    } else {
                        notes.append(
                            Localization.tr(
                                "%@ is a bound of the interval around %@, so it is not drawn as a measure of its own.",
                                name(c), measure))
                    }
                }
            case .derived(let relation):
                notes.append(Localization.tr("%@ is left out: it is %@ on every row.", name(c), formula(relation, table: table)))
            case .code(let names):
                // TRANSLATORS: a number column that is a code for a column of names: "levine is left out: it is a
                // number for each country, one for one."
                notes.append(Localization.tr("%@ is left out: it is a number for each %@, one for one.", name(c), name(names)))
            }
        }
        // A measure that is a straight line of a line chart's x (`DerivedSeries.lineOfX`), left out of the series.
        if layout.kind == .line, layout.seriesBy == nil {
            for c in profile.indices(.measure) where !shown.contains(c) && profile.setAside[c] == nil {
                if let line = DerivedSeries.lineOfX(c, x: layout.x, in: table) {
                    notes.append(Localization.tr("%@ is left out: it is %@ on every row.", name(c), formula(line, table: table)))
                }
            }
        }
        return notes
    }

    /// A relation in words and signs: "24 − sleep total", "ses − meanses", "the mean of a and b", "gnp ÷ price",
    /// "the natural logarithm of area", "the rank of score".
    static func formula(_ relation: DerivedColumns.Relation, table: Table) -> String {
        let names = relation.sources.map { table.columns[$0].title }
        let b = relation.coefficients.map(snap)
        // A constant within the rounding of the written values (a unit of the last written decimal for the
        // column and for each term) is the fit's rounding, not a term: DAAG's gaba avbac is (5 fbac + mbac) ÷ 6,
        // not "… + 0.0001".
        let finest =
            relation.sources.compactMap { c -> Int? in
                if case .numeric(_, let digits) = table.columns[c].data { return digits } else { return nil }
            }.max() ?? 0
        let rounding = (1 + relation.coefficients.reduce(0) { $0 + abs($1) }) * pow(10, -Double(finest))
        let a = finest >= 1 && abs(relation.constant) <= rounding ? 0 : snap(relation.constant)
        switch relation.form {
        case .rank:
            return Localization.tr("the rank of %@", names[0])
        case .logarithm:
            let base: String?
            // The coefficient is a fit to the file's rounding: 0.4343 is 1 ÷ ln 10 to the digits the file wrote.
            let near = { (x: Double) in abs(b[0] - x) <= 1e-3 * x }
            if near(1) {
                base = Localization.tr("the natural logarithm of %@", names[0])
            } else if near(1 / Foundation.log(10)) {
                base = Localization.tr("the base-10 logarithm of %@", names[0])
            } else if near(1 / Foundation.log(2)) {
                base = Localization.tr("the base-2 logarithm of %@", names[0])
            } else {
                base = nil
            }
            let term = base ?? Localization.tr("%@ × the natural logarithm of %@", number(b[0]), names[0])
            if a == 0 { return term }
            // "the natural logarithm of base, minus 3.154": not the logarithm of base − 3.154.
            return a < 0 ? Localization.tr("%@, minus %@", term, number(-a)) : Localization.tr("%@, plus %@", term, number(a))
        case .product:
            // constant × Π source^coefficient, shown with × and ÷ when the powers are ±1.
            let factor = snap(Foundation.exp(relation.constant))
            var text = ""
            for (k, name) in names.enumerated() where b[k] > 0 {
                text += (text.isEmpty ? "" : " × ") + (abs(b[k] - 1) < 1e-9 ? name : name + "^" + number(b[k]))
            }
            let divisors = names.indices.filter { b[$0] < 0 }.map { k in
                abs(b[k] + 1) < 1e-9 ? names[k] : names[k] + "^" + number(-b[k])
            }
            if text.isEmpty { return number(factor) + divisors.map { " ÷ " + $0 }.joined() }
            text += divisors.map { " ÷ " + $0 }.joined()
            return abs(factor - 1) < 1e-9 ? text : number(factor) + " × " + text
        case .linear:
            let p = b.count
            if p >= 2, a == 0, b.allSatisfy({ abs($0 - 1 / Double(p)) < 1e-9 }) {
                return Localization.tr("the mean of %@", Localization.list(names))
            }
        }
        // Σ coefficient × source, then the constant ("Year − 1750", "age − educ − 6"); a constant minus the sources
        // is said in that order ("24 − sleep").
        var text = ""
        // Added terms before subtracted ones: "tbill − inflation", not "−inflation + tbill".
        for k in names.indices.sorted(by: { (b[$0] < 0 ? 1 : 0, $0) < (b[$1] < 0 ? 1 : 0, $1) }) {
            let name = names[k]
            let term = abs(abs(b[k]) - 1) < 1e-9 ? name : number(abs(b[k])) + " × " + name
            if text.isEmpty { text = b[k] < 0 ? "−" + term : term } else { text += (b[k] < 0 ? " − " : " + ") + term }
        }
        if a > 0 && b.allSatisfy({ $0 < 0 }) {
            return number(a) + " " + text.replacingOccurrences(of: "−", with: "− ", options: .anchored)
        }
        return a == 0 ? text : text + signed(a)
    }

    /// A coefficient with the noise of its fit taken off: whole numbers and values with few digits as such.
    private static func snap(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return 0 }
        let magnitude = pow(10, floor(log10(abs(value))) - 5)
        let rounded = (value / magnitude).rounded() * magnitude
        return abs(rounded) < 1e-9 ? 0 : rounded
    }

    /// A number as short as it can be written: "24", "0.5", "1.96".
    private static func number(_ value: Double) -> String {
        ValueFormatter.format(value, fractionDigits: ValueFormatter.decimalsNeeded(value), grouping: false)
    }

    /// " + 3" or " − 3".
    private static func signed(_ value: Double) -> String {
        value < 0 ? " − " + number(-value) : " + " + number(value)
    }
}
