// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which points of a series are new after its file grew: the series found again in the new chart, and the
/// indices there of the points the old series did not have.
///
/// Rows appended to a log in time order keep every old point where it was and add points at the end; that
/// case is found by comparing the old points with the start of the new series. Otherwise (an earlier x
/// sorted in, a mean per x that changed) the new points are those whose x and y the old series did not have,
/// counted with repeats. Either way one pass over both series.
public struct SeriesGrowth: Sendable, Equatable {
    /// The series' index in the new chart: the one with the old series' name, else the same index; nil when
    /// the new chart has neither.
    public var series: Int?
    /// Indices in the new series of points the old series did not have, ascending.
    public var newPoints: [Int]
    /// True when every old point kept its index (points were only added after them), so a place in the old
    /// series is the same place in the new one.
    public var keepsOldIndices: Bool

    /// What happened to series `s` of `old` in `new`.
    public init(from old: ChartDescriptor, to new: ChartDescriptor, series s: Int) {
        guard old.series.indices.contains(s) else {
            self.init(series: new.series.indices.contains(s) ? s : nil, in: new, after: nil)
            return
        }
        let name = old.series[s].name
        let match = new.series.firstIndex { $0.name == name } ?? (new.series.indices.contains(s) ? s : nil)
        self.init(series: match, in: new, after: old.series[s])
    }

    private init(series match: Int?, in new: ChartDescriptor, after old: DataSeries?) {
        series = match
        guard let match else { newPoints = []; keepsOldIndices = false; return }
        let grown = new.series[match]
        guard let old else { newPoints = Array(grown.x.indices); keepsOldIndices = false; return }
        if Self.startsWith(grown, old) {
            newPoints = Array(old.count..<grown.count)
            keepsOldIndices = true
        } else {
            newPoints = Self.pointsNotIn(old, of: grown)
            keepsOldIndices = false
        }
    }

    /// True when `grown` begins with exactly `old`'s points (same x and y, bit for bit).
    private static func startsWith(_ grown: DataSeries, _ old: DataSeries) -> Bool {
        guard grown.count >= old.count else { return false }
        for i in old.x.indices where !same(grown.x[i], old.x[i]) || !same(grown.y[i], old.y[i]) { return false }
        return true
    }

    /// Indices of `grown`'s points whose (x, y) pair `old` does not have as often.
    private static func pointsNotIn(_ old: DataSeries, of grown: DataSeries) -> [Int] {
        struct Key: Hashable { var x: UInt64; var y: UInt64 }
        func key(_ series: DataSeries, _ i: Int) -> Key { Key(x: (series.x[i] + 0).bitPattern, y: (series.y[i] + 0).bitPattern) }
        var remaining: [Key: Int] = [:]
        for i in old.x.indices { remaining[key(old, i), default: 0] += 1 }
        var added: [Int] = []
        for i in grown.x.indices {
            let k = key(grown, i)
            if let n = remaining[k], n > 0 { remaining[k] = n - 1 } else { added.append(i) }
        }
        return added
    }

    /// Equal numbers, or both missing (NaN); 0 and -0 alike.
    private static func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
}

/// How each series of a chart grew into the next chart of a followed file, found on the follower's worker (a pass
/// over every point, 20–30 ms at ten million) so the main loop only picks the cursor's series.
public struct PreparedGrowth: Sendable {
    /// The chart grown from; the viewer lets it go off the main loop (`BackgroundJob.release`).
    public let chart: ChartDescriptor
    /// The growth of each of its series, by its index there.
    public let growths: [SeriesGrowth]

    /// Each series' growth from `old` to `new`.
    public init(from old: ChartDescriptor, to new: ChartDescriptor) {
        chart = old
        growths = old.series.indices.map { SeriesGrowth(from: old, to: new, series: $0) }
    }

    /// Series `s`'s growth when `shown` is the chart this was found from (the same names and the same arrays of
    /// points, not copies: the person may have chosen another chart meanwhile); nil otherwise.
    public func growth(of s: Int, from shown: ChartDescriptor) -> SeriesGrowth? {
        guard growths.indices.contains(s), shown.series.count == chart.series.count else { return nil }
        for (a, b) in zip(shown.series, chart.series)
        where a.name != b.name || !(Self.sameStorage(a.x, b.x) && Self.sameStorage(a.y, b.y)) {
            return nil
        }
        return growths[s]
    }

    /// True when two arrays are the same array (one buffer), which a comparison of their values would take a pass
    /// to show.
    private static func sameStorage(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count
            && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in pa.baseAddress == pb.baseAddress } }
    }
}
