// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Two series of a chart side by side: which point of the second has the x of each point of the first,
/// the words that say both values and their difference, and the charts their comparison is heard from.
public struct SeriesComparison: Sendable {
    public let chart: ChartDescriptor
    /// The series the cursor walks, and the one it is compared with.
    public let first: Int, second: Int
    /// For each point of `first`, the point of `second` with the same x; nil where it has none.
    public let partner: [Int?]

    /// `first` compared with `second` in `chart`; nil when either is not a series of it or they are the same.
    public init?(chart: ChartDescriptor, first: Int, second: Int) {
        guard first != second, chart.series.indices.contains(first), chart.series.indices.contains(second) else { return nil }
        self.chart = chart
        self.first = first
        self.second = second
        var byX: [Double: Int] = [:]
        for (i, x) in chart.series[second].x.enumerated() where x.isFinite && byX[x] == nil { byX[x] = i }
        partner = chart.series[first].x.map { byX[$0] }
    }

    /// Whether the difference means something: both series are on one scale (the same unit and size).
    public var hasDifference: Bool {
        chart.scaleGroups.contains { $0.contains(first) && $0.contains(second) }
    }

    /// "January 3, 2024, ACME 122.30, BOLT 44.80, difference 77.50": the x of point `i` of the first
    /// series, both values there and their difference (when they share a scale); "BOLT no value" where the
    /// second has none at that x.
    public func words(atPoint i: Int) -> String {
        let a = chart.series[first], b = chart.series[second]
        let x = XValueFormatting(axis: chart.xAxis).string(a.x[i])
        let bValue = partner[i].map { b.y[$0] }
        return Localization.tr("%@, %@", x, valueWords(a.y[i], bValue))
    }

    /// "January 2 to January 9, 2024: ACME average 121, BOLT average 44, difference 77": an interval of a long
    /// first series from its `firstX` to its `lastX`, with each series' mean over those x.
    public func words(overX span: ClosedRange<Double>) -> String {
        let format = XValueFormatting(axis: chart.xAxis)
        let a = Self.mean(chart.series[first], over: span), b = Self.mean(chart.series[second], over: span)
        let when =
            span.lowerBound == span.upperBound ? format.string(span.lowerBound) : format.span(span.lowerBound, span.upperBound)
        return Localization.tr("%@: %@", when, valueWords(a, b, averages: true))
    }

    /// "ACME 121, BOLT 44, difference 77" (or with "average").
    private func valueWords(_ a: Double?, _ b: Double?, averages: Bool = false) -> String {
        let nameA = chart.series[first].name, nameB = chart.series[second].name
        func said(_ name: String, _ value: Double?, _ s: Int) -> String {
            guard let value, value.isFinite else { return Localization.tr("%@ no value", name) }
            let format = chart.valueFormatter(ofSeries: s)
            return averages
                ? Localization.tr("%@ average %@", name, format.derived(value))
                : Localization.tr("%@ %@", name, format.string(value))
        }
        var parts = [said(nameA, a, first), said(nameB, b, second)]
        if hasDifference, let a, let b, a.isFinite, b.isFinite {
            let format = chart.valueFormatter(ofSeries: first)
            parts.append(Localization.tr("difference %@", averages ? format.derived(a - b) : format.string(a - b)))
        }
        return parts.joined(separator: Localization.tr(", "))
    }

    private static func mean(_ series: DataSeries, over span: ClosedRange<Double>) -> Double? {
        var sum = 0.0, count = 0
        for (x, y) in zip(series.x, series.y) where span.contains(x) && y.isFinite { sum += y; count += 1 }
        return count > 0 ? sum / Double(count) : nil
    }

    /// The two series alone, first then second, on the chart's scales, so each sounds at its own pitches;
    /// with `asNotes`, lines become notes (one per point) so that the two can take turns.
    public func pairChart(asNotes: Bool) -> ChartDescriptor {
        var pair = chart
        pair.kind = chart.kind.layoutBase
        pair.series = [chart.series[first], chart.series[second]].map { s in
            var s = s
            s.isTotal = false
            if asNotes { s.isContinuous = false }
            return s
        }
        if asNotes, pair.kind.isContinuous { pair.kind = .scatter }
        return pair
    }

    /// The difference first − second at every x both have, as a chart of one series on a scale of its own
    /// ("ACME minus BOLT"); nil when they are on different scales or share no x.
    public func differenceChart() -> ChartDescriptor? {
        guard hasDifference else { return nil }
        let a = chart.series[first], b = chart.series[second]
        var xs: [Double] = [], ys: [Double] = []
        for (i, j) in partner.enumerated() {
            guard let j else { continue }
            xs.append(a.x[i])
            ys.append(a.y[i].isFinite && b.y[j].isFinite ? a.y[i] - b.y[j] : .nan)
        }
        let finite = ys.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return nil }
        let name = Localization.tr("%@ minus %@", a.name, b.name)
        var axis = chart.yAxis(ofSeries: first)
        axis.title = name
        axis.range = low...high
        axis.scale = .linear
        axis.gridlines = Gridlines.linear(low...high)
        axis.formatter = chart.valueFormatter(ofSeries: first)
        var series = DataSeries(name: name, isContinuous: a.isContinuous, x: xs, y: ys)
        series.fractionDigits = a.fractionDigits
        let kind: ChartKind = chart.kind.layoutBase == .bar ? .bar : (a.isContinuous ? .line : .scatter)
        return ChartDescriptor(title: name, kind: kind, xAxis: chart.xAxis, yAxis: axis, series: [series])
    }

    /// Index in `differenceChart()`'s series of point `i` of the first series; nil where the second has no
    /// point at its x.
    public func differencePoint(_ i: Int) -> Int? {
        guard partner.indices.contains(i), partner[i] != nil else { return nil }
        return partner[..<i].filter { $0 != nil }.count
    }
}
