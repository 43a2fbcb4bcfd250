// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Summarises rows that share an x as one point: the mean (or the total) of their values and how many there were.
enum MeanByX {
    /// One point per distinct x among `rows`, in ascending x: the mean of the finite y values there (their sum
    /// when `adding`; NaN when none) and the count of rows with a value.
    static func summarise(xs: [Double], ys: [Double], rows: [Int], adding: Bool = false) -> (
        x: [Double], y: [Double], counts: [Int]
    ) {
        let ordered = rows.sorted { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }
        var outX: [Double] = [], outY: [Double] = [], counts: [Int] = []
        var i = 0
        while i < ordered.count {
            let x = xs[ordered[i]]
            var sum = 0.0, n = 0
            while i < ordered.count && xs[ordered[i]] == x {
                let y = ys[ordered[i]]
                if y.isFinite { sum += y; n += 1 }
                i += 1
            }
            outX.append(x)
            outY.append(n == 0 ? .nan : adding ? sum : sum / Double(n))
            counts.append(n)
        }
        return (outX, outY, counts)
    }
}
