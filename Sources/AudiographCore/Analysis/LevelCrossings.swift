// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One place where a series passes from one side of a level to the other, walking its points in order.
public struct LevelCrossing: Sendable, Equatable {
    /// Which way the series went across the level.
    public enum Direction: Sendable, Equatable {
        /// From below the level to above it.
        case upward
        /// From above the level to below it.
        case downward
    }

    /// Index into the series of the last point with a value before the crossing (on the side the series
    /// left, or exactly on the level).
    public var from: Int
    /// Index into the series of the first point on the other side.
    public var to: Int
    public var direction: Direction
    /// Where a straight line between the values of `from` and `to` meets the level: 0 at `from` … 1 at `to`.
    public var fraction: Double
    /// True when points without a value lie between `from` and `to` in walking order (a broken line).
    public var acrossGap: Bool

    public init(from: Int, to: Int, direction: Direction, fraction: Double, acrossGap: Bool) {
        self.from = from
        self.to = to
        self.direction = direction
        self.fraction = fraction
        self.acrossGap = acrossGap
    }
}

/// Where values cross a level, and whether one step of the cursor crossed it.
///
/// The rule: a value exactly on the level is not yet a crossing; the crossing is counted when the series
/// reaches the other side. A missing value (NaN, ±infinity) neither counts nor breaks anything: the walk
/// goes on from the last point with a value. So 1, 2, 3 against 2 crosses once (between 2 and 3), and
/// 1, 2, 1 never does.
public enum LevelCrossings {
    /// +1 when `value` is above `level`, -1 below, 0 exactly on it or missing.
    static func side(_ value: Double, of level: Double) -> Int {
        guard value.isFinite else { return 0 }
        return value > level ? 1 : (value < level ? -1 : 0)
    }

    /// Every crossing of `level` by the values `ys` walked in `order` (indices into `ys`), in walking order.
    public static func find<Order: Sequence>(ys: [Double], order: Order, level: Double) -> [LevelCrossing]
    where Order.Element == Int {
        var crossings: [LevelCrossing] = []
        var lastSide = 0
        var previous: Int?
        var gap = false
        for i in order {
            let y = ys[i]
            guard y.isFinite else { gap = previous != nil; continue }
            let here = side(y, of: level)
            if here != 0 {
                if lastSide != 0, here != lastSide, let from = previous {
                    let span = y - ys[from]
                    let fraction = span == 0 ? 1 : min(1, max(0, (level - ys[from]) / span))
                    crossings.append(
                        LevelCrossing(
                            from: from, to: i, direction: here > 0 ? .upward : .downward,
                            fraction: fraction, acrossGap: gap))
                }
                lastSide = here
            }
            previous = i
            gap = false
        }
        return crossings
    }

    /// Every crossing of `level` by `series`, walked in x order as it is heard.
    public static func find(in series: DataSeries, level: Double) -> [LevelCrossing] {
        find(ys: series.y, order: XOrder.indices(of: series), level: level)
    }

    /// Whether a step of the cursor from walking position `a` to position `b` of `order` (indices into `ys`)
    /// crossed `level`, and which way; nil when it did not. The step may jump over several points: only
    /// the two ends' sides are compared. Landing on the level (or on a missing value) is not yet a
    /// crossing; leaving from a point on the level (or missing) counts from the side of the nearest point
    /// with a value behind it, away from `b`.
    public static func step<Order: RandomAccessCollection>(
        ys: [Double], order: Order, from a: Int, to b: Int,
        level: Double
    ) -> LevelCrossing.Direction?
    where Order.Element == Int, Order.Index == Int {
        guard a != b, order.indices.contains(a), order.indices.contains(b) else { return nil }
        let there = side(ys[order[b]], of: level)
        guard there != 0 else { return nil }
        let away = a < b ? -1 : 1
        var k = a
        var here = side(ys[order[k]], of: level)
        while here == 0 {
            k += away
            guard order.indices.contains(k) else { return nil }
            here = side(ys[order[k]], of: level)
        }
        return here == there ? nil : (there > 0 ? .upward : .downward)
    }

    /// Whether a step of the cursor from point `a` to point `b` of `series` (indices into the series)
    /// crossed `level`, and which way; nil when it did not or either point has no finite x. As
    /// `step(ys:order:from:to:level:)`, walking the series in x order.
    public static func step(in series: DataSeries, from a: Int, to b: Int, level: Double) -> LevelCrossing.Direction? {
        let elements = SeriesElements(series: series, index: 0)
        guard let pa = elements.position(ofPoint: a, in: series),
            let pb = elements.position(ofPoint: b, in: series)
        else { return nil }
        return step(ys: series.y, order: elements.order, from: pa, to: pb, level: level)
    }
}
