// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A move of the keyboard cursor.
public enum CursorMove: Sendable, Equatable {
    case previous, next, first, last
    /// A tenth of the series back or forward (at least one element).
    case tenthBack, tenthForward
    /// The neighbouring series, at the same x as near as it has.
    case previousSeries, nextSeries
    /// A given point of the current series (a jump to the minimum, maximum or a point of interest).
    case point(Int)
}

/// What a move did.
public enum CursorMoveResult: Sendable, Equatable {
    case moved
    /// Already at the first or last element (or series) in that direction: the cursor stays.
    case atEdge
}

/// Where the keyboard cursor is in a chart, and how keys move it: element by element along a series (points,
/// or intervals of a long one), by tenths, to either end, between series, and onto particular points.
///
/// Plain Foundation so every rule is unit-tested; the viewer keeps one per shown chart.
public struct ChartNavigator: Sendable {
    public let chart: ChartDescriptor
    /// The elements of every series, in series order.
    public let elements: [SeriesElements]
    /// The series the cursor is in.
    public private(set) var series = 0
    /// The element of that series the cursor is on.
    public private(set) var element = 0
    /// Series index of the point the cursor is on: the element's first point, or the point a jump landed on.
    public private(set) var point: Int?

    /// The navigator of `chart`, the cursor on its first point. It costs a pass over the points (their x order and
    /// each interval's summary; a sort when x is not in order, about a second for five million points), so the
    /// viewer makes it for a big chart on a worker.
    public init(chart: ChartDescriptor) {
        self.chart = chart
        elements = chart.series.enumerated().map { SeriesElements(series: $1, index: $0, summarising: true) }
        if let first = elements.first, first.count > 0 { point = first.points(of: 0).first }
    }

    /// The same navigator with the cursor on the chart's first point, as `init(chart:)` leaves it.
    public func atStart() -> ChartNavigator {
        var start = self
        start.series = 0
        start.element = 0
        start.point = elements.first.flatMap { $0.count > 0 ? $0.points(of: 0).first : nil }
        return start
    }

    /// The current series' elements; nil for a chart without series.
    public var current: SeriesElements? { elements.indices.contains(series) ? elements[series] : nil }

    /// Moves the cursor; at either end it stays and says so.
    @discardableResult
    public mutating func move(_ move: CursorMove) -> CursorMoveResult {
        guard let here = current else { return .atEdge }
        let count = here.count
        switch move {
        case .previous: return go(to: element - 1, count: count)
        case .next: return go(to: element + 1, count: count)
        case .first: return go(to: 0, count: count, edgeWhenSame: false)
        case .last: return go(to: count - 1, count: count, edgeWhenSame: false)
        case .tenthBack: return go(to: element - max(1, count / 10), count: count, clamping: true)
        case .tenthForward: return go(to: element + max(1, count / 10), count: count, clamping: true)
        case .previousSeries: return switchSeries(to: series - 1)
        case .nextSeries: return switchSeries(to: series + 1)
        case .point(let index):
            let data = chart.series[series]
            guard let target = here.element(containingPoint: index, in: data) else { return .atEdge }
            element = target
            point = index
            return .moved
        }
    }

    private mutating func go(to target: Int, count: Int, clamping: Bool = false, edgeWhenSame: Bool = true) -> CursorMoveResult {
        guard count > 0 else { return .atEdge }
        var next = target
        if next < 0 || next >= count {
            guard clamping else { return .atEdge }
            next = min(max(next, 0), count - 1)
        }
        if next == element && (edgeWhenSame || clamping) && point == current?.points(of: element).first {
            return .atEdge
        }
        element = next
        point = current?.points(of: next).first
        return .moved
    }

    private mutating func switchSeries(to target: Int) -> CursorMoveResult {
        guard elements.indices.contains(target) else { return .atEdge }
        let x = point.map { chart.series[series].x[$0] }
        series = target
        let here = elements[target], data = chart.series[target]
        guard here.count > 0 else { element = 0; point = nil; return .moved }
        // The first point at or after the old x, else the last.
        var position = here.order.count - 1
        if let x, let found = here.order.firstIndex(where: { data.x[$0] >= x }) { position = found }
        if x == nil { position = 0 }
        element = position / here.pointsPerElement
        point = here.points(of: element).first
        return .moved
    }

    /// The next point of interest after the cursor (`forward`) or before it, among `interests` (x order).
    public func interest(after forward: Bool, among interests: [PointOfInterest]) -> PointOfInterest? {
        guard let here = current else { return nil }
        let data = chart.series[series]
        let position = point.flatMap { here.position(ofPoint: $0, in: data) } ?? -1
        let located = interests.compactMap { poi in here.position(ofPoint: poi.index, in: data).map { ($0, poi) } }
        return forward ? located.first { $0.0 > position }?.1 : located.last { $0.0 < position }?.1
    }
}
