// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The five-number summary of one group with Tukey's whiskers, in the values' units (docs/decisions.md,
/// "Box plots"): quartiles by the linear method (R type 7, numpy's default), whiskers at the most extreme
/// values within 1.5 interquartile ranges of the box, and every value beyond them an outlier.
public struct BoxStatistics: Sendable, Equatable, Codable {
    public var count: Int
    public var min: Double
    public var lowerWhisker: Double
    public var q1: Double
    public var median: Double
    public var q3: Double
    public var upperWhisker: Double
    public var max: Double
    /// Values beyond the whiskers, least first.
    public var outliers: [Double]

    /// How far beyond the box, in interquartile ranges, a whisker may reach.
    public static let whiskerReach = 1.5

    /// The summary of the finite `values`; nil when there is none.
    public init?(_ values: [Double]) {
        let sorted = values.filter(\.isFinite).sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        count = sorted.count
        min = first
        max = last
        q1 = Quantiles.type7(sorted: sorted, 0.25) ?? first
        median = Quantiles.type7(sorted: sorted, 0.5) ?? first
        q3 = Quantiles.type7(sorted: sorted, 0.75) ?? last
        let reach = Self.whiskerReach * (q3 - q1)
        let low = q1 - reach, high = q3 + reach
        lowerWhisker = sorted.first { $0 >= low } ?? first
        upperWhisker = sorted.last { $0 <= high } ?? last
        outliers = sorted.filter { $0 < low || $0 > high }
    }

    /// One step of the Up and Down keys through a box, lowest value first.
    public enum Part: Sendable, Equatable {
        case outlier(Double)
        /// The lower whisker's end; `isMinimum` when no value lies below it.
        case lowerWhisker(isMinimum: Bool)
        case q1, median, q3
        /// The upper whisker's end; `isMaximum` when no value lies above it.
        case upperWhisker(isMaximum: Bool)
    }

    /// Every part in value order: outliers below, lower whisker, Q1, median, Q3, upper whisker, outliers
    /// above.
    public var parts: [Part] {
        outliers.filter { $0 < lowerWhisker }.map(Part.outlier)
            + [.lowerWhisker(isMinimum: lowerWhisker == min), .q1, .median, .q3, .upperWhisker(isMaximum: upperWhisker == max)]
            + outliers.filter { $0 > upperWhisker }.map(Part.outlier)
    }

    /// Index in `parts` of the median, where Up and Down start.
    public var medianPart: Int { outliers.filter { $0 < lowerWhisker }.count + 2 }

    /// The value of a part, in the values' units.
    public func value(of part: Part) -> Double {
        switch part {
        case .outlier(let v): return v
        case .lowerWhisker: return lowerWhisker
        case .q1: return q1
        case .median: return median
        case .q3: return q3
        case .upperWhisker: return upperWhisker
        }
    }
}
