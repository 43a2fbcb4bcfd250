// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Summary statistics of one series' y values (count, missing, extremes, mean, median, standard
/// deviation), all in y units except the counts and indices.
///
/// Call as `SeriesStatistics.compute(ys: series.y)`. NaN (and, defensively, ±infinity) counts as missing
/// and is skipped. O(n) without copying the values: one pass for extremes and sums, a compensated second
/// pass for the deviation, and a histogram-guided selection for the median (`HistogramSelect`, which
/// quickselects only the values of the histogram bin holding the middle rank; it reuses the first pass's count
/// and range).
public struct SeriesStatistics: Sendable, Equatable {
    /// Number of non-missing values.
    public var count: Int
    /// Number of missing values (NaN or infinite).
    public var missing: Int
    /// Index into the series of the first smallest value; nil when there are no values.
    public var minIndex: Int?
    /// Index into the series of the first largest value; nil when there are no values.
    public var maxIndex: Int?
    /// Arithmetic mean in y units; nil when there are no values.
    public var mean: Double?
    /// Median in y units (mean of the two middle values for an even count); nil when there are no values.
    public var median: Double?
    /// Sample standard deviation (n − 1 denominator) in y units; nil when fewer than 2 values.
    public var standardDeviation: Double?

    public init(
        count: Int, missing: Int, minIndex: Int?, maxIndex: Int?, mean: Double?, median: Double?,
        standardDeviation: Double?
    ) {
        self.count = count
        self.missing = missing
        self.minIndex = minIndex
        self.maxIndex = maxIndex
        self.mean = mean
        self.median = median
        self.standardDeviation = standardDeviation
    }

    /// Statistics of `ys`, skipping NaN (missing) values.
    public static func compute(ys: [Double]) -> SeriesStatistics {
        var count = 0
        var minIndex: Int?
        var maxIndex: Int?
        var minValue = Double.infinity
        var maxValue = -Double.infinity
        var sum = 0.0
        var deviationSum = 0.0
        var squareSum = 0.0
        var median: Double?
        ys.withUnsafeBufferPointer { src in
            for i in 0..<src.count {
                let y = src[i]
                guard y.isFinite else { continue }
                count += 1
                sum += y
                if y < minValue || minIndex == nil {
                    minValue = y
                    minIndex = i
                }
                if y > maxValue || maxIndex == nil {
                    maxValue = y
                    maxIndex = i
                }
            }
            guard count > 0 else { return }
            // Second pass of the corrected two-pass algorithm: the residual sum corrects the first-pass
            // mean's rounding error.
            let roughMean = sum / Double(count)
            for y in src where y.isFinite {
                let d = y - roughMean
                deviationSum += d
                squareSum += d * d
            }
            median = HistogramSelect.median(of: src, extent: .init(count: count, lowest: minValue, highest: maxValue))
        }
        let missing = ys.count - count
        guard count > 0 else {
            return SeriesStatistics(
                count: 0, missing: missing, minIndex: nil, maxIndex: nil, mean: nil,
                median: nil, standardDeviation: nil)
        }
        let roughMean = sum / Double(count)
        // Keep the mean inside the data's range despite rounding (e.g. all values equal).
        let mean = min(max(roughMean + deviationSum / Double(count), minValue), maxValue)
        var standardDeviation: Double?
        if count >= 2 {
            let variance = (squareSum - deviationSum * deviationSum / Double(count)) / Double(count - 1)
            standardDeviation = minValue == maxValue ? 0 : max(0, variance).squareRoot()
        }
        return SeriesStatistics(
            count: count, missing: missing, minIndex: minIndex, maxIndex: maxIndex,
            mean: mean, median: median, standardDeviation: standardDeviation)
    }
}
