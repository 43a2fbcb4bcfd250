// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The order in which a series is heard and walked: by x, not by file line.
enum XOrder {
    /// Indices of the series' points with a finite x, in x order (ties and already-sorted data in file order).
    static func indices(of series: DataSeries) -> PointOrder {
        let x = series.x
        var sorted = true, allFinite = true
        var previous = -Double.infinity
        for v in x {
            guard v.isFinite else { allFinite = false; continue }
            if v < previous { sorted = false; break }
            previous = v
        }
        // The usual case, x already in order: no index array at all (80 MB for a 10-million-point series).
        if sorted && allFinite { return PointOrder(count: x.count) }
        let finite = x.indices.filter { x[$0].isFinite }
        return PointOrder(sorted ? finite : finite.sorted { x[$0] < x[$1] || (x[$0] == x[$1] && $0 < $1) })
    }
}

/// Indices into a series in the order its points are walked and heard; stores nothing when that is
/// simply 0, 1, 2, … (x already sorted and finite), else the indices themselves.
public struct PointOrder: RandomAccessCollection, Sendable, Equatable {
    private let explicit: [Int]?
    public let count: Int

    /// 0..<count, stored as just the count.
    init(count: Int) {
        explicit = nil
        self.count = count
    }

    /// These indices, in this order.
    init(_ indices: [Int]) {
        explicit = indices
        count = indices.count
    }

    /// True when the order is 0, 1, 2, … (nothing stored).
    public var isIdentity: Bool { explicit == nil }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> Int { explicit?[position] ?? position }
}
