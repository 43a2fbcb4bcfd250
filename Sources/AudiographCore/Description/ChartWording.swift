// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes the findings of the analysis as sentences a person would say about the chart.
struct ChartWording {
    let chart: ChartDescriptor
    let x: XValueFormatting
    /// A matrix's constant diagonal, left out of `chart` (its cells are missing there) and said once.
    var diagonal: MatrixDiagonal?

    init(chart: ChartDescriptor) {
        self.chart = chart
        x = XValueFormatting(axis: chart.xAxis)
    }

    // MARK: Summary

    /// One or two sentences with the most important insight, for when the file gives no summary.
    func summary(_ analyses: [SeriesAnalysis], correlation: Correlation?) -> String {
        if chart.kind == .histogram, let first = chart.series.first { return histogramSummary(first) }
        if chart.kind == .box, let first = chart.series.first { return boxSummary(first) }
        if chart.kind == .candlestick, let first = chart.series.first { return candleSummary(first) }
        if let layered = layeredSummary() { return layered }
        if chart.kind == .heatmap { return heatmapSummary() }
        guard let first = chart.series.first, let a = analyses.first, a.statistics.count > 0 else {
            return Localization.tr("%@: no values to show.", chart.title)
        }
        switch chart.kind {
        case .scatter where chart.isMap:
            return Localization.tr("%@: %@", chart.title, MapWording(chart: chart).places(first))
        case .scatter:
            var text = Localization.tr("%@: %@.", chart.title, pointCount(a.statistics.count))
            if let correlation {
                text = Localization.sentences([
                    text, Localization.sentence(capitalized(correlationWords(correlation.pearson, a.trend)))
                ])
            }
            if let o = a.outliers.first {
                // Tied outliers are one phrase here too ("5 values at the ceiling, 58.6, stand out"), not one of them.
                let named = pointName(first, o)
                let phrase = outlierNames(first, a).first ?? named
                let said: String
                if phrase == named {
                    said = Localization.tr("%@ stands out.", phrase)
                } else if phrase.contains(", ") {
                    // TRANSLATORS: several tied points that stand out: "5 values at the ceiling, 58.6, stand out."
                    said = Localization.tr("%@, stand out.", phrase)
                } else {
                    // TRANSLATORS: several tied points that stand out: "2 values of 15.9 stand out."
                    said = Localization.tr("%@ stand out.", phrase)
                }
                text = Localization.sentences([text, said])
            }
            return text
        case .bar, .histogram, .box, .candlestick, .groupedBar, .stackedBar:
            if chart.series.count > 1, let several = barsOfSeveralSeries(analyses) { return several }
            guard let hi = a.statistics.maxIndex, let lo = a.statistics.minIndex else { return chart.title }
            return Localization.tr(
                "%@: highest is %@ (%@), lowest is %@ (%@).", chart.title, x.string(first.x[hi]),
                y(first).string(first.y[hi]), x.string(first.x[lo]), y(first).string(first.y[lo]))
        case .line, .area, .stackedArea, .heatmap:
            // The chart's whole x range, not the first series' (32 series from 5 to 30, not to 24).
            let starts = chart.series.compactMap { $0.x.first(where: \.isFinite) }
            let ends = chart.series.compactMap { $0.x.last(where: \.isFinite) }
            let span = Localization.tr(
                "%@ to %@", x.string(starts.min() ?? first.x.first!), x.string(ends.max() ?? first.x.last!))
            if chart.series.count == 1 {
                let span = Localization.tr(
                    "%@ to %@", flagged(x.string(first.x.first!), first, 0),
                    flagged(x.string(first.x.last!), first, first.x.count - 1))
                let shape =
                    a.season.map { seasonWords(first, $0) }
                    ?? (a.segments.count < 2 ? trendClause(first, a) : shapeWords(first, a.segments))
                return Localization.tr("%@, %@: %@.", chart.title, span, shape)
            }
            let parts = zip(chart.series, analyses).prefix(3).map { s, an -> String in
                guard let hi = an.statistics.maxIndex else { return s.name }
                return onCategories
                    ? Localization.trc("category", "%@ peaks at %@ %@", s.name, y(s).string(s.y[hi]), at(s.x[hi]))
                    : Localization.tr("%@ peaks at %@ %@", s.name, y(s).string(s.y[hi]), at(s.x[hi]))
            }
            let more = chart.series.count > 3 ? Localization.tr(" and %ld more series", chart.series.count - 3) : ""
            return Localization.sentences([
                Localization.tr("%@, %@ series from %@.", chart.title, String(chart.series.count), span),
                Localization.sentence(capitalized(Localization.list(parts)) + more)
            ])
        }
    }

    /// "Net generation by year, 3 series: the highest bar is fossil fuels in 2005 (2,850), the lowest renewables
    /// in 2002 (325)." The highest and lowest over every series, each with its series' name, so that one
    /// series' extremes are never said as the chart's.
    private func barsOfSeveralSeries(_ analyses: [SeriesAnalysis]) -> String? {
        var high: (series: Int, index: Int)?, low: (series: Int, index: Int)?
        for (k, an) in analyses.enumerated() where k < chart.series.count {
            let s = chart.series[k]
            if let i = an.statistics.maxIndex, high.map({ s.y[i] > chart.series[$0.series].y[$0.index] }) ?? true {
                high = (k, i)
            }
            if let i = an.statistics.minIndex, low.map({ s.y[i] < chart.series[$0.series].y[$0.index] }) ?? true { low = (k, i) }
        }
        guard let high, let low else { return nil }
        let h = chart.series[high.series], l = chart.series[low.series]
        return Localization.tr(
            "%@, %@ series: the highest bar is %@ %@ (%@), the lowest %@ %@ (%@).", chart.title,
            String(chart.series.count), h.name, at(h.x[high.index]), y(h).string(h.y[high.index]),
            l.name, at(l.x[low.index]), y(l).string(l.y[low.index]))
    }

    // MARK: Series description

    /// A paragraph: how many values, range with where, centre, trend, shape, outliers, missing values.
    func seriesDescription(_ s: DataSeries, _ a: SeriesAnalysis, correlation: Correlation?) -> String {
        if s.histogram != nil { return histogramDescription(s) }
        if s.boxes != nil { return boxDescription(s) }
        if chart.isMap { return Localization.tr("%@: %@", s.name, MapWording(chart: chart).places(s)) }
        let st = a.statistics
        guard st.count > 0, let lo = st.minIndex, let hi = st.maxIndex else {
            return Localization.tr("%@: no values.", s.name)
        }
        var sentences: [String] = []
        let count = Localization.trn("%ld value", "%ld values", st.count, st.count)
        if chart.kind == .line, let firstX = s.x.first, let lastX = s.x.last {
            sentences.append(Localization.tr("%@: %@ from %@ to %@", s.name, count, x.string(firstX), x.string(lastX)))
        } else {
            sentences.append(Localization.tr("%@: %@", s.name, count))
        }
        if st.count < 3 {
            sentences[0] += fewValues(s)
            if st.missing > 0 {
                sentences.append(Localization.trn("%ld value is missing.", "%ld values are missing.", st.missing, st.missing))
            }
            return Localization.sentences(sentences)
        }
        sentences[0] += Localization.tr(
            ", ranging from %@ %@ to %@ %@.", flagged(y(s).string(s.y[lo]), s, lo), pointPosition(s, lo),
            flagged(y(s).string(s.y[hi]), s, hi), pointPosition(s, hi))
        if let mean = st.mean, let median = st.median {
            var centre = Localization.tr("Mean %@, median %@", y(s).derived(mean), y(s).derived(median))
            if let sd = st.standardDeviation { centre += Localization.tr(", standard deviation %@", y(s).derived(sd)) }
            sentences.append(Localization.sentence(centre))
        }
        if let season = a.season {
            // A yearly cycle is said before any trend, and the trend is the yearly means': a line through
            // 30 years of daily temperatures would otherwise be narrated as a rise from one winter to a summer.
            sentences.append(Localization.sentence(capitalized(seasonWords(s, season))))
        } else {
            if chart.kind == .line, a.segments.count > 1 {
                sentences.append(Localization.sentence(capitalized(shapeWords(s, a.segments))))
            }
            if a.trend != nil && xIsOrdered { sentences.append(Localization.sentence(capitalized(trendClause(s, a)))) }
        }
        if let correlation {
            sentences.append(
                capitalized(correlationWords(correlation.pearson, a.trend))
                    + Localization.tr(
                        " (Pearson %@, Spearman %@).", fixed(correlation.pearson, 2), fixed(correlation.spearman, 2)))
        }
        if !a.outliers.isEmpty {
            let names = outlierNames(s, a)
            sentences.append(Localization.trn("Outlier: %@.", "Outliers: %@.", a.outliers.count, Localization.list(names)))
        }
        if st.missing > 0 {
            sentences.append(Localization.trn("%ld value is missing.", "%ld values are missing.", st.missing, st.missing))
        }
        return Localization.sentences(sentences)
    }

    // MARK: Pieces

    /// The outliers by name, tied ones as one phrase: "5 values at the floor, -23.0", "2 values of 0",
    /// "Kuwait (113,523.1, 58.033)". A value shared by outliers that is the series' least or greatest is
    /// its floor or ceiling (a gauge's limit), said so.
    func outlierNames(_ s: DataSeries, _ a: SeriesAnalysis) -> [String] {
        var seen: Set<Double> = []
        var names: [String] = []
        for i in a.outliers {
            let v = s.y[i]
            let tied = a.outliers.filter { s.y[$0] == v }.count
            guard tied > 1 else { names.append(pointName(s, i)); continue }
            guard seen.insert(v).inserted else { continue }
            let value = y(s).string(v)
            // A few tied points that a column names are each said by name and place: "USA (31, 27.10) and
            // Sweden (58, 27.10)" (they share a value, not a place).
            let tiedPoints = a.outliers.filter { s.y[$0] == v }
            if tied <= 3, tiedPoints.allSatisfy({ !(s.labels?[$0] ?? "").isEmpty }) {
                names += tiedPoints.map { pointName(s, $0) }
                continue
            }
            let st = a.statistics
            if let lo = st.minIndex, s.y[lo] == v {
                // TRANSLATORS: outliers that all hold the series' least value: "5 values at the floor, -23.0".
                names.append(Localization.tr("%ld values at the floor, %@", tied, value))
            } else if let hi = st.maxIndex, s.y[hi] == v {
                names.append(Localization.tr("%ld values at the ceiling, %@", tied, value))
            } else {
                names.append(Localization.tr("%ld values of %@", tied, value))
            }
        }
        return names
    }

    /// `text` about point `i` of `s`, followed by " (looks out of place)" when the point is a stray.
    func flagged(_ text: String, _ s: DataSeries, _ i: Int) -> String {
        s.strays.contains(i) ? text + Localization.tr(" (looks out of place)") : text
    }

    /// The end of a series' first sentence when it has one or two values: each value with its place, and
    /// for two their difference (", 7.7 in 1987 and 7.4 in 1990, a difference of 0.3."). A mean, median or
    /// spread of two values says nothing the two values do not.
    func fewValues(_ s: DataSeries) -> String {
        let shown = s.y.indices.filter { s.y[$0].isFinite }
        // TRANSLATORS: a value, then its place with its preposition: "4.8 in 1987".
        let places = shown.map { Localization.trc("value at its place", "%@ %@", y(s).string(s.y[$0]), pointPosition(s, $0)) }
        guard shown.count == 2 else { return Localization.tr(", %@.", Localization.list(places)) }
        let difference = abs(s.y[shown[1]] - s.y[shown[0]])
        if y(s).string(s.y[shown[0]]) == y(s).string(s.y[shown[1]]) {
            // TRANSLATORS: two values of a series, each with its place, that are equal: ", 4.8 in 1987 and 4.8 in 1990, the same."
            return Localization.tr(", %@, the same.", Localization.list(places))
        }
        // TRANSLATORS: two values of a series with their places, then how far apart they are.
        return Localization.tr(", %@, a difference of %@.", Localization.list(places), y(s).derived(difference))
    }

    /// False for a heatmap whose columns are names in no order (continents, age groups' sexes): a trend across
    /// them means nothing. Columns that name times (Jan … Dec, 2012 … 2017) are in order, and so are levels
    /// numbered in order ("Son's status 1" … "Son's status 8").
    var xIsOrdered: Bool {
        guard chart.kind == .heatmap, case .categorical(let axis) = chart.xAxis else { return true }
        if axis.categories.allSatisfy(TimeHeaders.namesATime) { return true }
        let levels = axis.categories.map { name -> (String, Double)? in
            guard let space = name.lastIndex(of: " "), let n = Double(name[name.index(after: space)...]) else { return nil }
            return (String(name[..<space]), n)
        }
        guard levels.count >= 2, let first = levels[0], levels.allSatisfy({ $0?.0 == first.0 }) else { return false }
        let numbers = levels.compactMap { $0?.1 }
        return zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }
    }

    /// "overall increasing, by about 1.2 births per 10,000 per year (r² 0.45)" or "no clear trend overall".
    func trendClause(_ s: DataSeries, _ a: SeriesAnalysis) -> String {
        guard let t = a.trend else { return Localization.tr("no clear trend") }
        let span = abs((s.x.last ?? 0) - (s.x.first ?? 0))
        let (unit, factor) = x.slopeUnit(spanSeconds: span)
        let isDate = chart.xAxis.kindName == "date"
        let slope = y(s).rate(abs(t.slope) * (isDate ? 86_400 : 1) * factor)
        let fit = fixed(t.r2, 2)
        let hasUnit: Bool = { if case .numeric(let axis) = chart.xAxis { return axis.unit != nil } else { return isDate } }()
        if !hasUnit && t.slope != 0 && abs(t.slope) < 0.001 {
            // Over a long unitless x (a row number to 100 million) the slope per step rounds to 0: say it per a
            // power of ten of x instead, "by about 3.03 per 100,000,000".
            let step = pow(10, log10(1 / abs(t.slope)).rounded(.up))
            let per = ValueFormatter.format(step, fractionDigits: 0, grouping: true)
            let scaled = y(s).rate(abs(t.slope) * step)
            switch t.direction {
            case .flat: return Localization.tr("no clear trend overall")
            case .increasing: return Localization.tr("overall increasing, by about %@ per %@ (r² %@)", scaled, per, fit)
            case .decreasing: return Localization.tr("overall decreasing, by about %@ per %@ (r² %@)", scaled, per, fit)
            }
        }
        switch (t.direction, hasUnit) {
        case (.flat, _): return Localization.tr("no clear trend overall")
        case (.increasing, true): return Localization.tr("overall increasing, by about %@ per %@ (r² %@)", slope, unit, fit)
        case (.decreasing, true): return Localization.tr("overall decreasing, by about %@ per %@ (r² %@)", slope, unit, fit)
        case (.increasing, false): return Localization.tr("overall increasing (slope %@, r² %@)", slope, fit)
        case (.decreasing, false): return Localization.tr("overall decreasing (slope -%@, r² %@)", slope, fit)
        }
    }

    /// "rises and falls each year, highest on average in July and lowest in January; from 1935 to 2019 the
    /// yearly mean rises by about 1.2 °F" (the yearly means' trend, by the same rule as any trend).
    func seasonWords(_ s: DataSeries, _ season: YearlySeason) -> String {
        let high = Localization.tr(XValueFormatting.monthNames[season.highMonth - 1])
        let low = Localization.tr(XValueFormatting.monthNames[season.lowMonth - 1])
        let cycle = Localization.tr("rises and falls each year, highest on average in %@ and lowest in %@", high, low)
        guard let t = season.yearlyTrend, season.lastYear > season.firstYear else { return cycle }
        let change = y(s).rate(abs(t.slope) * Double(season.lastYear - season.firstYear))
        switch t.direction {
        case .increasing:
            return cycle
                + Localization.tr(
                    "; from %@ to %@ the yearly mean rises by about %@", String(season.firstYear), String(season.lastYear), change
                )
        case .decreasing:
            return cycle
                + Localization.tr(
                    "; from %@ to %@ the yearly mean falls by about %@", String(season.firstYear), String(season.lastYear), change
                )
        case .flat:
            return cycle
                + Localization.tr(
                    "; from %@ to %@ the yearly mean shows no clear trend", String(season.firstYear), String(season.lastYear))
        }
    }

    /// "falls to a low of 184 in 1933, rises steeply to a peak of 268 in 1960, then falls to 146 in 1975".
    func shapeWords(_ s: DataSeries, _ segments: [ShapeSegment]) -> String {
        var yMin = Double.infinity, yMax = -Double.infinity  // of the finite values, in one pass without a copy
        for v in s.y where v.isFinite {
            yMin = min(yMin, v)
            yMax = max(yMax, v)
        }
        if yMin > yMax { (yMin, yMax) = (0, 0) }
        let yRange = max(yMax - yMin, .leastNonzeroMagnitude)
        let xRange = max((s.x.last ?? 0) - (s.x.first ?? 0), .leastNonzeroMagnitude)
        var clauses: [String] = []
        for (i, seg) in segments.enumerated() {
            let dy = seg.toY - seg.fromY
            let point = s.strays.isEmpty ? nil : s.x.indices.first { s.x[$0] == seg.toX && s.y[$0] == seg.toY }
            let value = point.map { flagged(y(s).string(seg.toY), s, $0) } ?? y(s).string(seg.toY)
            let at = self.at(seg.toX)
            let end: String
            // On a category axis the place is a name ("for Europe"), which Japanese marks differently
            // (で, not に as for times): those phrases have their own messages in context "category".
            if seg.toY == yMin && dy < 0 {
                end =
                    onCategories
                    ? Localization.trc("category", "to a low of %@ %@", value, at)
                    : Localization.tr("to a low of %@ %@", value, at)
            } else if seg.toY == yMax && dy > 0 {
                end =
                    onCategories
                    ? Localization.trc("category", "to a peak of %@ %@", value, at)
                    : Localization.tr("to a peak of %@ %@", value, at)
            } else {
                end = onCategories ? Localization.trc("category", "to %@ %@", value, at) : Localization.tr("to %@ %@", value, at)
            }
            let relativeSlope = abs(dy / yRange) / max(abs(seg.toX - seg.fromX) / xRange, 1e-9)
            // The last clause ends the sentence: English words it the same, Japanese ends its verb there
            // (下がり… → 下がります), so it has its own messages in context "last clause".
            let last = i == segments.count - 1
            let clause: String
            if abs(dy) < 0.05 * yRange, let band = spread(of: s, over: seg), band.high - band.low > 0.15 * yRange {
                // Ends that meet are no flat stretch when the values between them swing (email50's 0.057 to 21.7).
                let low = y(s).string(band.low), high = y(s).string(band.high)
                clause =
                    last
                    ? Localization.trc("last clause", "varies between %@ and %@ until %@", low, high, until(seg.toX))
                    : Localization.tr("varies between %@ and %@ until %@", low, high, until(seg.toX))
            } else if abs(dy) < 0.05 * yRange {
                clause =
                    last
                    ? Localization.trc("last clause", "stays flat at about %@ until %@", y(s).string(seg.toY), until(seg.toX))
                    : Localization.tr("stays flat at about %@ until %@", y(s).string(seg.toY), until(seg.toX))
            } else if dy > 0 {
                if relativeSlope > 2.5 {
                    clause =
                        last ? Localization.trc("last clause", "rises steeply %@", end) : Localization.tr("rises steeply %@", end)
                } else if relativeSlope < 0.4 {
                    clause =
                        last ? Localization.trc("last clause", "rises slowly %@", end) : Localization.tr("rises slowly %@", end)
                } else {
                    clause = last ? Localization.trc("last clause", "rises %@", end) : Localization.tr("rises %@", end)
                }
            } else {
                if relativeSlope > 2.5 {
                    clause =
                        last ? Localization.trc("last clause", "falls steeply %@", end) : Localization.tr("falls steeply %@", end)
                } else if relativeSlope < 0.4 {
                    clause =
                        last ? Localization.trc("last clause", "falls slowly %@", end) : Localization.tr("falls slowly %@", end)
                } else {
                    clause = last ? Localization.trc("last clause", "falls %@", end) : Localization.tr("falls %@", end)
                }
            }
            clauses.append(i > 0 && last ? Localization.tr("then %@", clause) : clause)
        }
        return clauses.joined(separator: Localization.tr(", "))
    }

    /// The least and greatest finite values of `s` from a segment's first point to its last (x within the
    /// segment's, the points between its two in the series' order), or nil for none.
    func spread(of s: DataSeries, over segment: ShapeSegment) -> (low: Double, high: Double)? {
        guard segment.fromIndex <= segment.toIndex, segment.toIndex < s.y.count, segment.toIndex < s.x.count
        else { return nil }
        var low = Double.infinity, high = -Double.infinity
        for i in segment.fromIndex...segment.toIndex where s.y[i].isFinite && s.x[i] >= segment.fromX && s.x[i] <= segment.toX {
            low = min(low, s.y[i])
            high = max(high, s.y[i])
        }
        return low <= high ? (low, high) : nil
    }

    /// "strong negative correlation", or "no clear correlation" unless the trend of the same points has a
    /// direction: the correlation's words and the trend's come from one decision (`Trend.direction`: a
    /// significant least-squares slope with r² ≥ 0.1 that the rank test agrees with), so they never
    /// contradict each other. Its size follows Pearson's r: under 0.7 moderate, else strong (a direction
    /// needs |r| ≥ 0.32, so "weak" is never said: a weak correlation is no clear one to a listener).
    func correlationWords(_ r: Double, _ trend: Trend?) -> String {
        guard let trend, trend.direction != .flat else { return Localization.tr("no clear correlation") }
        let sign = trend.direction == .increasing ? Localization.tr("positive") : Localization.tr("negative")
        if abs(r) < 0.7 { return Localization.tr("moderate %@ correlation", sign) }
        return Localization.tr("strong %@ correlation", sign)
    }

    /// Where a point is, with its preposition: "in 1960", "on January 31, 2024", "for Liberty Tourer".
    func pointPosition(_ s: DataSeries, _ i: Int) -> String {
        if let label = s.labels?[i], !label.isEmpty { return Localization.tr("for %@", label) }
        if chart.kind == .scatter {
            return Localization.tr(
                "at %@ %@", Localization.titleInSentence(chart.xAxis.title),
                x.string(s.x[i]))
        }
        return at(s.x[i])
    }

    /// An x position with its preposition: "in 1960", "in March 2023", "on January 31, 2024", "for Europe".
    /// Whether x is a category axis (its positions are names, not times or numbers).
    var onCategories: Bool {
        if case .categorical = chart.xAxis { return true }
        return false
    }

    func at(_ value: Double) -> String {
        switch chart.xAxis {
        // TRANSLATORS: a time of day with its preposition, "at 13:45".
        case .date(let a) where a.precision == .timeOfDay: return Localization.tr("at %@", x.string(value))
        case .date(let a) where a.precision >= .day: return Localization.tr("on %@", x.string(value))
        case .categorical: return Localization.tr("for %@", x.string(value))
        default:
            // A measure on x (GNP, a weight) is no time: "at GNP 2,954.1", not "in 2,954.1".
            if let name = measureOnX { return Localization.tr("at %@ %@", name, x.string(value)) }
            return Localization.tr("in %@", x.string(value))
        }
    }

    /// The x axis's name as said in a sentence when x is a measure or a row number, not a time (its numbers are
    /// grouped and its name has no time word); nil otherwise.
    var measureOnX: String? {
        guard case .numeric(let axis) = chart.xAxis, axis.formatter.usesGrouping,
            !ColumnProfiler.headerWords(axis.title).contains(where: ColumnProfiler.timeWords.contains)
        else { return nil }
        return Localization.titleInSentence(axis.title)
    }

    /// An x position after "until": a time or a name as it is ("until 1960"), a measure or a row number with
    /// its axis's name ("until row 6", "until GNP 2,954.1"), never a bare number of no kind.
    func until(_ value: Double) -> String {
        guard let name = measureOnX else { return x.string(value) }
        // TRANSLATORS: an x axis's name and a value on it, after "until": "row 6", "GNP 2,954.1".
        return Localization.trc("x name and value", "%@ %@", name, x.string(value))
    }

    /// A point by label and values: "Prius Hybrid (1,380 kg, 31 km/L)" or "1946 (205 births per 10,000)".
    func pointName(_ s: DataSeries, _ i: Int) -> String {
        let value = s.y[i].isFinite ? y(s).string(s.y[i]) : Localization.tr("missing")
        if let label = s.labels?[i], !label.isEmpty {
            return flagged(Localization.tr("%@ (%@, %@)", label, x.string(s.x[i]), value), s, i)
        }
        return flagged(Localization.tr("%@ (%@)", x.string(s.x[i]), value), s, i)
    }

    /// How a series' values are written: its own scale's unit and its own decimals.
    func y(_ s: DataSeries) -> ValueFormatter { chart.valueFormatter(for: s) }

    func pointCount(_ n: Int) -> String { Localization.trn("%ld point", "%ld points", n, n) }

    func fixed(_ value: Double, _ digits: Int) -> String {
        ValueFormatter.format(value, fractionDigits: digits, grouping: false)
    }

    func capitalized(_ text: String) -> String { Localization.startingSentence(text) }
}
