// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// How values along a numeric axis are spaced.
public enum AxisScale: String, Codable, Sendable {
    case linear, log10, ln
}

/// A numeric axis: title, unit, visible range, gridlines, scale and the formatter that speaks its values.
public struct NumericAxis: Sendable {
    public var title: String
    /// Unit as written in the file or settings ("°C", "births per 10,000"); nil when there is none.
    public var unit: String?
    /// Visible range in data units; equal bounds when the data has a single value.
    public var range: ClosedRange<Double>
    /// Gridline positions in data units, ascending, inside `range`.
    public var gridlines: [Double]
    public var scale: AxisScale
    public var formatter: ValueFormatter

    public init(
        title: String, unit: String? = nil, range: ClosedRange<Double>, gridlines: [Double] = [],
        scale: AxisScale = .linear, formatter: ValueFormatter
    ) {
        self.title = title
        self.unit = unit
        self.range = range
        self.gridlines = gridlines
        self.scale = scale
        self.formatter = formatter
    }
}

/// A categorical axis: title and the categories in display order.
public struct CategoricalAxis: Sendable {
    public var title: String
    public var categories: [String]

    public init(title: String, categories: [String]) {
        self.title = title
        self.categories = categories
    }
}

/// How precisely a date axis's values are known, which decides how they are written ("2024-01" vs "2024-01-31").
public enum DatePrecision: String, Codable, Sendable, Comparable {
    case year, quarter, month, week, day, minute, second
    /// A time of day without a date ("13:45"); the values are seconds since midnight of 1970-01-01.
    case timeOfDay

    public static func < (lhs: DatePrecision, rhs: DatePrecision) -> Bool {
        let order: [DatePrecision] = [.year, .quarter, .month, .week, .day, .minute, .second, .timeOfDay]
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
}

/// A date/time axis; values are seconds since 1970-01-01T00:00:00Z.
public struct DateAxis: Sendable {
    public var title: String
    /// Visible range in seconds since the epoch.
    public var range: ClosedRange<Double>
    /// The precision the values are spoken and drawn at: coarser than written when every value falls on
    /// 1 January, the first of a month or a whole minute (`DateValuePrecision`).
    public var precision: DatePrecision
    /// The precision the file wrote the values in, which JSON keeps ("2001-01-01" even when spoken "2001").
    public var writtenPrecision: DatePrecision
    /// Gridline positions in seconds since the epoch (round calendar instants), ascending, inside `range`.
    public var gridlines: [Double]
    /// The UTC offset, in seconds east of Greenwich, that all the file's times were written in (32400 for
    /// +09:00); times are spoken and written in it. Nil when the file wrote no zone or several.
    public var utcOffsetSeconds: Int?

    /// A date axis; gridlines default to round calendar instants over `range`.
    public init(
        title: String, range: ClosedRange<Double>, precision: DatePrecision, writtenPrecision: DatePrecision? = nil,
        gridlines: [Double]? = nil, utcOffsetSeconds: Int? = nil
    ) {
        self.title = title
        self.range = range
        self.precision = precision
        self.writtenPrecision = writtenPrecision ?? precision
        self.gridlines = gridlines ?? DateGridlines.lines(range)
        self.utcOffsetSeconds = utcOffsetSeconds
    }
}

/// The horizontal axis, which becomes time when the chart plays.
public enum XAxis: Sendable {
    case numeric(NumericAxis)
    case date(DateAxis)
    case categorical(CategoricalAxis)

    public var title: String {
        switch self {
        case .numeric(let a): return a.title
        case .date(let a): return a.title
        case .categorical(let a): return a.title
        }
    }

    /// "numeric", "date" or "categorical", as used in describe's JSON.
    public var kindName: String {
        switch self {
        case .numeric: return "numeric"
        case .date: return "date"
        case .categorical: return "categorical"
        }
    }
}

/// An extra axis whose values every point carries: numeric (→ note length) or categorical (→ timbre).
public enum AdditionalAxis: Sendable {
    case numeric(NumericAxis)
    case categorical(CategoricalAxis)

    public var title: String {
        switch self {
        case .numeric(let a): return a.title
        case .categorical(let a): return a.title
        }
    }
}
