// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The stops of the keyboard cursor along one series, in x order: every point, or for a long series runs of
/// consecutive points (intervals) of equal count, as Apple's audio graphs walk long series.
public struct SeriesElements: Sendable {
    /// A series with more points than this is walked by interval.
    public static let pointLimit = 60

    /// Index of the series in the chart.
    public let series: Int
    /// Indices into the series of its points with a finite x, in x order.
    public let order: PointOrder
    /// Points in each element: 1, or the interval length (the last interval may hold fewer).
    public let pointsPerElement: Int
    /// Each interval's summary, made once with the elements (`summarising`); nil when not made or for single points.
    private var summaries: [ElementSummary]?

    /// The elements of series number `index`, which is `series`. With `summarising`, each interval's summary is
    /// made now, one pass over the points (split over the cores from a million points), so that naming,
    /// drawing and speaking an interval later cost nothing: the viewer makes its elements on a worker.
    public init(series: DataSeries, index: Int, summarising: Bool = false) {
        self.series = index
        order = XOrder.indices(of: series)
        let n = order.count
        pointsPerElement = n > Self.pointLimit ? (n + Self.pointLimit - 1) / Self.pointLimit : 1
        guard summarising, pointsPerElement > 1 else { return }
        let elements = self
        summaries =
            order.count >= 1 << 20
            ? ParallelMap.map(count) { ElementSummary(elements, element: $0, series: series) }
            : (0..<count).map { ElementSummary(elements, element: $0, series: series) }
    }

    /// The same elements under another series number (a panel numbers its series from 0).
    public func renumbered(_ index: Int) -> SeriesElements {
        SeriesElements(index: index, order: order, pointsPerElement: pointsPerElement, summaries: summaries)
    }

    private init(index: Int, order: PointOrder, pointsPerElement: Int, summaries: [ElementSummary]?) {
        series = index
        self.order = order
        self.pointsPerElement = pointsPerElement
        self.summaries = summaries
    }

    /// What element `element` holds, over the points of `series` (the series these elements were made from):
    /// the summary made with the elements, or made now.
    public func summary(of element: Int, in series: DataSeries) -> ElementSummary {
        if let summaries, summaries.indices.contains(element) { return summaries[element] }
        return ElementSummary(self, element: element, series: series)
    }

    /// Number of elements (0 for a series without a finite x).
    public var count: Int { (order.count + pointsPerElement - 1) / pointsPerElement }
    /// True when each element is an interval of several points.
    public var isIntervals: Bool { pointsPerElement > 1 }

    /// Positions in `order` of element `element`'s points.
    public func positions(of element: Int) -> Range<Int> {
        let start = min(order.count, max(0, element) * pointsPerElement)
        return start..<min(order.count, start + pointsPerElement)
    }

    /// Indices into the series of element `element`'s points, in x order.
    public func points(of element: Int) -> PointOrder.SubSequence { order[positions(of: element)] }

    /// Position in `order` of the point at series index `index`; nil when its x is not finite.
    public func position(ofPoint index: Int, in series: DataSeries) -> Int? {
        guard series.x.indices.contains(index), series.x[index].isFinite else { return nil }
        let x = series.x[index]
        // Binary search for the first point at this x, then walk the ties (they are in file order).
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if series.x[order[mid]] < x { lo = mid + 1 } else { hi = mid }
        }
        while lo < order.count, series.x[order[lo]] == x {
            if order[lo] == index { return lo }
            lo += 1
        }
        return nil
    }

    /// The series index of the point whose x is nearest to `x` (the first of ties); nil for an empty order.
    public func point(nearestX x: Double, in series: DataSeries) -> Int? {
        guard !order.isEmpty else { return nil }
        var lo = 0, hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if series.x[order[mid]] < x { lo = mid + 1 } else { hi = mid }
        }
        if lo == order.count { return order[lo - 1] }
        if lo > 0, abs(series.x[order[lo - 1]] - x) <= abs(series.x[order[lo]] - x) { return order[lo - 1] }
        return order[lo]
    }

    /// The element holding the point at series index `index`; nil when its x is not finite.
    public func element(containingPoint index: Int, in series: DataSeries) -> Int? {
        position(ofPoint: index, in: series).map { $0 / pointsPerElement }
    }
}

/// What one element holds: its x span and the range and mean of its values.
public struct ElementSummary: Sendable, Equatable {
    /// x of the element's first and last point (equal for a single point).
    public var firstX: Double, lastX: Double
    /// Smallest and largest value and the mean, in y units; nil when every value is missing.
    public var minY: Double?, maxY: Double?, meanY: Double?
    /// Series indices of the first smallest and first largest value.
    public var minIndex: Int?, maxIndex: Int?
    /// Number of present values.
    public var valueCount: Int

    /// Summarises element `element` of `elements` over the points of `series`.
    public init(_ elements: SeriesElements, element: Int, series: DataSeries) {
        let points = elements.points(of: element)
        firstX = points.first.map { series.x[$0] } ?? .nan
        lastX = points.last.map { series.x[$0] } ?? .nan
        var sum = 0.0, count = 0
        var lo: Int?, hi: Int?
        for i in points {
            let y = series.y[i]
            guard y.isFinite else { continue }
            sum += y
            count += 1
            if lo.map({ y < series.y[$0] }) ?? true { lo = i }
            if hi.map({ y > series.y[$0] }) ?? true { hi = i }
        }
        valueCount = count
        minIndex = lo
        maxIndex = hi
        minY = lo.map { series.y[$0] }
        maxY = hi.map { series.y[$0] }
        meanY = count > 0 ? sum / Double(count) : nil
    }
}

extension SceneRect {
    /// Whether `point` lies inside the rectangle or on its edge.
    public func contains(_ point: ScenePoint) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}
