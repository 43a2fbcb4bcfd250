// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Finds points of one series by what a person knows about them: an x value or a label they typed (Go To,
/// `describe --at`), or a condition on their values (Find Value, `describe --find`).
public struct PointSearch: Sendable {
    public let chart: ChartDescriptor
    /// The series searched, by its index in the chart.
    public let series: Int
    /// Its points in x order (`SeriesElements.order`).
    public let elements: SeriesElements

    public init(chart: ChartDescriptor, series: Int, elements: SeriesElements) {
        self.chart = chart
        self.series = series
        self.elements = elements
    }

    /// The series `series` of `chart`, its points in x order.
    public init(chart: ChartDescriptor, series: Int) {
        self.init(chart: chart, series: series, elements: SeriesElements(series: chart.series[series], index: series))
    }

    /// Where a typed x value led.
    public enum Place: Equatable, Sendable {
        /// The point at what was typed (the first in x order when it names a period or a label several share).
        case found(Int)
        /// No point is at what was typed; this is the nearest, within one step of the data.
        case nearest(Int)
        /// What was typed lies beyond the data by more than a step; the sentence says the data's range.
        case outside(String)
        /// What was typed names no x value or label; the sentence says what to type.
        case unreadable(String)
    }

    private var data: DataSeries { chart.series[series] }
    private var formatting: XValueFormatting { XValueFormatting(axis: chart.xAxis) }

    // MARK: Go To

    /// The point `text` names: an x value in any spelling the axis reads (a number; a date such as
    /// "2008-09-15", "Sep 2008", "15/9/2008" or "2008年9月"; a category), or the start of a category or of a
    /// point's label.
    public func place(_ text: String) -> Place {
        let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let order = elements.order
        guard let firstIndex = order.first, let lastIndex = order.last else {
            return .unreadable(Localization.tr("This series has no points."))
        }
        guard !typed.isEmpty else { return .unreadable(example()) }
        if case .categorical(let axis) = chart.xAxis {
            let named =
                chart.xAxis.value(parsing: typed, asEnd: false)
                ?? Self.firstStarting(with: typed, among: axis.categories.indices.map { axis.categories[$0] }).map(Double.init)
            if let named, let point = elements.point(nearestX: named, in: data) {
                return data.x[point] == named ? .found(point) : .nearest(point)
            }
            return labelled(typed) ?? .unreadable(example())
        }
        guard let low = chart.xAxis.value(parsing: typed, asEnd: false),
            let high = chart.xAxis.value(parsing: typed, asEnd: true)
        else {
            return labelled(typed) ?? .unreadable(example())
        }
        let firstX = data.x[firstIndex], lastX = data.x[lastIndex]
        let step = order.count > 1 ? (lastX - firstX) / Double(order.count - 1) : 0
        if high < firstX - step || low > lastX + step {
            return .outside(
                Localization.tr(
                    "%@ is outside the data: %@ runs from %@ to %@.", typed, chart.xAxis.title,
                    formatting.string(firstX), formatting.string(lastX)))
        }
        // The first point at or after the start of what was typed; inside its period, it is the one.
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if data.x[order[mid]] < low { lo = mid + 1 } else { hi = mid }
        }
        if lo < order.count, data.x[order[lo]] <= high { return .found(order[lo]) }
        let before = lo > 0 ? order[lo - 1] : nil, after = lo < order.count ? order[lo] : nil
        switch (before, after) {
        case (let b?, let a?): return .nearest(low - data.x[b] <= data.x[a] - high ? b : a)
        case (let b?, nil): return .nearest(b)
        case (nil, let a?): return .nearest(a)
        case (nil, nil): return .unreadable(example())
        }
    }

    /// The first point, in x order, whose label starts with `typed` (case, accents and width aside); nil
    /// without labels or a match.
    private func labelled(_ typed: String) -> Place? {
        guard let labels = data.labels else { return nil }
        let inOrder = elements.order.map { labels.indices.contains($0) ? labels[$0] : "" }
        return Self.firstStarting(with: typed, among: inOrder).map { .found(elements.order[$0]) }
    }

    /// The index of the first of `names` that is `typed`, else the first that starts with it, else the first
    /// that contains it, compared without case, accents or width.
    static func firstStarting(with typed: String, among names: [String]) -> Int? {
        let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
        let key = typed.folding(options: options, locale: nil)
        let folded = names.map { $0.folding(options: options, locale: nil) }
        return folded.firstIndex(of: key) ?? folded.firstIndex { $0.hasPrefix(key) }
            ?? folded.firstIndex { $0.contains(key) }
    }

    /// What to type, with the series' own first x as the example: "Type a Year such as 1917, or a number."
    private func example() -> String {
        let first = elements.order.first.map { formatting.string(data.x[$0]) } ?? ""
        switch chart.xAxis {
        case .date:
            return Localization.tr("Type a date of %@, such as %@.", chart.xAxis.title, first)
        case .numeric:
            return Localization.tr("Type a value of %@, such as %@.", chart.xAxis.title, first)
        case .categorical:
            return Localization.tr("Type the start of a name in %@, such as %@.", chart.xAxis.title, first)
        }
    }

    // MARK: Find

    /// The series index of the nearest point after (or, not `forward`, before) the point `from` in x order
    /// whose value meets `condition`; from the first (or last) point when `from` is nil. Nil when none does.
    public func next(meeting condition: ValueCondition, from: Int?, forward: Bool) -> Int? {
        let order = elements.order
        let start = from.flatMap { elements.position(ofPoint: $0, in: data) } ?? (forward ? -1 : order.count)
        if forward {
            var position = start + 1
            while position < order.count {
                if condition.holds(data.y[order[position]]) { return order[position] }
                position += 1
            }
        } else {
            var position = start - 1
            while position >= 0 {
                if condition.holds(data.y[order[position]]) { return order[position] }
                position -= 1
            }
        }
        return nil
    }

    /// Series indices of every point whose value meets `condition`, in x order.
    public func all(meeting condition: ValueCondition) -> [Int] {
        elements.order.filter { condition.holds(data.y[$0]) }
    }

    /// The condition in words, with the series' unit: "above 24 births per 10,000 people".
    public func words(_ condition: ValueCondition) -> String {
        let formatter = data.ownYAxis?.formatter ?? chart.yAxis.formatter
        return condition.words { formatter.exact($0) }
    }
}
