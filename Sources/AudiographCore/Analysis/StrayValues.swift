// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Values that look out of place in their column, most likely mistakes in the file: a year 1182 among the
/// 1800s, a reading thousands of times the others (a misplaced decimal point, a unit typed twice).
///
/// The rules see the middle 90% of the finite values (the 5th to the 95th percentile, by quickselect on at most
/// `sampleLimit` of them: O(n)):
/// - along a time (`amongTimes`), a value further below the 5th percentile or above the 95th than three times
///   the middle's width: for evenly spread times that is 30 times the spacing of the whole column, which no
///   real gap in a record reaches, and a year 1182 among 1802…1899 is 600 years out;
/// - among measures (`amongMeasures`), a value over 1,000 times a typical one (the median's magnitude, or the
///   middle's width for values around zero): heavy tails (cities' sizes) stay well inside that.
/// Both need ten values or more, and find none when more than one value in a hundred (or five) is that far out.
/// Each answer lists indices into the values, ascending.
enum StrayValues {
    /// Least number of finite values before any is called out of place.
    static let minimumCount = 10
    /// Times beyond the middle by this many times its width are out of place.
    static let timeReach = 3.0
    /// Measures larger in magnitude than this many times the middle's largest are out of place.
    static let measureRatio = 1_000.0

    static func amongTimes(_ values: [Double]) -> [Int] {
        guard let (low, high, _) = middle(values), high > low else { return [] }
        let reach = timeReach * (high - low)
        return rare(
            values.indices.filter { values[$0].isFinite && (values[$0] < low - reach || values[$0] > high + reach) },
            of: values.count)
    }

    /// `found` when it is rare, at most one value in a hundred (or 5): more far out are a part of the column (a
    /// second cluster), not mistakes, and are said as none.
    static func rare(_ found: [Int], of count: Int) -> [Int] {
        found.count <= max(5, count / 100) ? found : []
    }

    /// The measures out of place, and the typical size they are compared with: the median's magnitude, or the
    /// middle's width when that is larger (values around zero), in the values' units, and which of the two.
    static func amongMeasures(_ values: [Double]) -> (indices: [Int], typical: Double, isMedian: Bool) {
        guard let (low, high, median) = middle(values) else { return ([], 0, true) }
        let typical = max(abs(median), high - low)
        guard typical > 0 else { return ([], 0, true) }
        return (
            rare(values.indices.filter { values[$0].isFinite && abs(values[$0]) > measureRatio * typical }, of: values.count),
            typical, typical == abs(median)
        )
    }

    /// Most values the percentiles are taken from: a longer column is sampled at an even stride, which moves
    /// the 5th and 95th percentiles by a fraction of a percent and keeps the cost to one pass without a copy.
    static let sampleLimit = 100_000

    /// The 5th and 95th percentiles and the median (nearest rank) of the finite values, or nil with fewer than ten.
    static func middle(_ values: [Double]) -> (low: Double, high: Double, median: Double)? {
        let stride = max(1, values.count / sampleLimit)
        var finite: [Double] = []
        finite.reserveCapacity(min(values.count, sampleLimit + 1))
        for i in Swift.stride(from: 0, to: values.count, by: stride) where values[i].isFinite { finite.append(values[i]) }
        guard finite.count >= minimumCount else { return nil }
        let last = finite.count - 1
        let low = Quickselect.select(&finite, k: Int((Double(last) * 0.05).rounded()))
        let high = Quickselect.select(&finite, k: Int((Double(last) * 0.95).rounded()))
        let median = Quickselect.select(&finite, k: last / 2)
        return (low, high, median)
    }
}
