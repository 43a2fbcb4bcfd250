// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A yearly cycle in a series over dates (daily temperatures, monthly sales): which months are highest and
/// lowest on average, how much of the values' spread the month of the year accounts for, and the trend of
/// the yearly means, which is what "over the years" means for such a series.
///
/// Call as `YearlySeason.detect(xs: series.x, ys: series.y)` with x in seconds since the epoch (UTC). A
/// series is seasonal when it spans two years or more, has twelve values a year or more, and the month of the
/// year accounts for at least `minimumExplained` (30%) of the variation and for more than a straight line
/// does. O(n), one pass to group by month and year.
struct YearlySeason: Sendable, Equatable {
    /// The month (1…12) whose values are highest on average, and the one whose values are lowest.
    var highMonth: Int
    var lowMonth: Int
    /// Share of the values' variation the month of the year accounts for (between-month sum of squares over
    /// the total), 0…1.
    var explained: Double
    /// The trend of the means of whole years (those with a value in every month) against the year, in y
    /// units per year; nil with fewer than three whole years.
    var yearlyTrend: Trend?
    /// The first and last whole year whose means the trend is over.
    var firstYear: Int
    var lastYear: Int

    /// Least share of the variation the months must account for.
    static let minimumExplained = 0.3

    static func detect(xs: [Double], ys: [Double], lineR2: Double) -> YearlySeason? {
        let n = min(xs.count, ys.count)
        guard n >= 24, let first = xs.first(where: \.isFinite), let last = xs.last(where: \.isFinite),
            last - first >= 2 * 365 * 86_400, Double(n) / ((last - first) / (365.25 * 86_400)) >= 12,
            let shift = ys.first(where: \.isFinite)
        else { return nil }
        let firstYear = DateParsing.components(first).year
        let yearCount = DateParsing.components(last).year - firstYear + 1
        guard yearCount >= 2, yearCount <= 100_000 else { return nil }
        // Pass 1: each year's mean (of the values less the first, for precision), the total sum of squares.
        var yearSum = [Double](repeating: 0, count: yearCount), yearN = [Int](repeating: 0, count: yearCount)
        var yearMonths = [UInt16](repeating: 0, count: yearCount)
        var sum = 0.0, squares = 0.0, count = 0
        for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
            let c = DateParsing.components(xs[i])
            let y = c.year - firstYear
            guard y >= 0, y < yearCount else { continue }
            let v = ys[i] - shift
            yearSum[y] += v
            yearN[y] += 1
            yearMonths[y] |= UInt16(1) << UInt16(c.month - 1)
            sum += v
            squares += v * v
            count += 1
        }
        let total = squares - sum * sum / Double(max(count, 1))
        guard count >= 24, total > 0 else { return nil }
        // Pass 2: the month of the year's effect within each year (each value less its year's mean), so that a
        // wandering level (a share price) is no season: its months differ only by which years they fall in.
        var monthSum = [Double](repeating: 0, count: 12), monthCount = [Int](repeating: 0, count: 12)
        for i in 0..<n where xs[i].isFinite && ys[i].isFinite {
            let c = DateParsing.components(xs[i])
            let y = c.year - firstYear
            guard y >= 0, y < yearCount else { continue }
            monthSum[c.month - 1] += ys[i] - shift - yearSum[y] / Double(yearN[y])
            monthCount[c.month - 1] += 1
        }
        guard monthCount.allSatisfy({ $0 > 0 }) else { return nil }
        var between = 0.0
        for m in 0..<12 { between += monthSum[m] * monthSum[m] / Double(monthCount[m]) }
        let explained = between / total
        guard explained >= minimumExplained, explained > lineR2 else { return nil }
        let means = (0..<12).map { monthSum[$0] / Double(monthCount[$0]) }
        let high = means.indices.max { means[$0] < means[$1] }! + 1
        let low = means.indices.min { means[$0] < means[$1] }! + 1
        let whole = (0..<yearCount).filter { yearMonths[$0] == 0xFFF }
        let trend =
            whole.count >= 3
            ? Trend.compute(
                xs: whole.map { Double(firstYear + $0) },
                ys: whole.map { shift + yearSum[$0] / Double(yearN[$0]) }) : nil
        return YearlySeason(
            highMonth: high, lowMonth: low, explained: explained, yearlyTrend: trend,
            firstYear: firstYear + (whole.first ?? 0), lastYear: firstYear + (whole.last ?? 0))
    }
}
