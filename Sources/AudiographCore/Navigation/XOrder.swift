import Foundation

/// The order in which a series is heard and walked: by x, not by file line.
enum XOrder {
    /// Indices of the series' points with a finite x, in x order (ties and already-sorted data in file order).
    static func indices(of series: DataSeries) -> [Int] {
        let x = series.x
        var sorted = true
        var previous = -Double.infinity
        for v in x where v.isFinite {
            if v < previous { sorted = false; break }
            previous = v
        }
        let finite = x.indices.filter { x[$0].isFinite }
        return sorted ? finite : finite.sorted { x[$0] < x[$1] || (x[$0] == x[$1] && $0 < $1) }
    }
}
