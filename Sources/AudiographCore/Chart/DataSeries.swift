// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One value of an additional axis for a whole series, stored column-wise.
public enum AdditionalColumn: Sendable, Equatable {
    /// Numbers in the additional numeric axis's units; NaN where missing.
    case numeric([Double])
    /// Indices into the additional categorical axis's categories; -1 where missing.
    case categorical([Int32])
}

/// A named series of data points, stored column-wise so a million points cost a few flat arrays.
///
/// `x` holds numbers for a numeric x axis, seconds since the epoch for a date axis, and category indices
/// for a categorical axis. `y` holds NaN where a value is missing.
public struct DataSeries: Sendable {
    public var name: String
    /// True when the series is drawn as a line and heard as one continuous tone.
    public var isContinuous: Bool
    public var x: [Double]
    public var y: [Double]
    /// One column per entry of the chart's `additionalAxes`, in the same order.
    public var additional: [AdditionalColumn]
    /// Optional per-point labels (e.g. a car's make and model), same length as `x` when present.
    public var labels: [String]?
    /// Line numbers in the source file, same length as `x`, for messages; empty when unknown.
    public var sourceLines: [Int]
    /// The series' own y scale when its unit or magnitude differs from the chart's (see `ScaleGroups`); nil
    /// when it shares `ChartDescriptor.yAxis`.
    public var ownYAxis: NumericAxis?
    /// Decimals its values are written with (its own column's), nil for the y axis's.
    public var fractionDigits: Int?
    /// For a summarised chart: how many rows each point's mean (or total) was made of, same length as `x`.
    public var counts: [Int]?
    /// True when each point adds its rows up rather than averaging them (`Aggregation.sum`).
    public var countsAreTotals = false
    /// For a histogram: its bins (one per point, in order) and what the binned values were.
    public var histogram: Histogram?
    /// For a box plot: each point's box (one per group, in the x axis's order).
    public var boxes: [BoxStatistics]?
    /// For a candlestick chart: each point's candle (y is its close).
    public var candles: [Candle]?
    /// True for the total layer of grouped or stacked bars and stacked areas: the sum of the other series
    /// at each x, navigated and heard like them but not drawn as a layer.
    public var isTotal = false
    /// Indices of points whose x or y looks out of place in its column (`StrayValues`), ascending; said with
    /// "(looks out of place)" wherever the point is spoken.
    public var strays: [Int] = []

    public init(
        name: String, isContinuous: Bool, x: [Double], y: [Double], additional: [AdditionalColumn] = [],
        labels: [String]? = nil, sourceLines: [Int] = []
    ) {
        precondition(x.count == y.count, "x and y must have the same length")  // l10n: not shown
        self.name = name
        self.isContinuous = isContinuous
        self.x = x
        self.y = y
        self.additional = additional
        self.labels = labels
        self.sourceLines = sourceLines
    }

    public var count: Int { x.count }

    /// The point at `index`, assembled from the columns.
    public func point(at index: Int) -> DataPoint {
        let extras: [AdditionalValue] = additional.map { column in
            switch column {
            case .numeric(let values):
                return values[index].isNaN ? .missing : .number(values[index])
            case .categorical(let indices):
                return indices[index] < 0 ? .missing : .category(Int(indices[index]))
            }
        }
        return DataPoint(
            x: x[index], y: y[index].isNaN ? nil : y[index], additional: extras,
            label: labels?[index])
    }
}

/// One value of an additional axis at one point.
public enum AdditionalValue: Sendable, Equatable {
    case number(Double)
    /// Index into the categorical axis's categories.
    case category(Int)
    case missing
}

/// A single data point; `x` is interpreted by the chart's x axis (number, seconds since epoch, category index).
public struct DataPoint: Sendable, Equatable {
    public var x: Double
    /// nil when the value is missing (heard as silence, drawn as a gap).
    public var y: Double?
    public var additional: [AdditionalValue]
    public var label: String?
}
