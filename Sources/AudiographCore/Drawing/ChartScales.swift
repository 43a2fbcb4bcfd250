// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The visible range of one axis with the gridlines drawn across it, in data units.
public struct ChartScale: Sendable, Equatable {
    /// Visible range (for a log scale both bounds > 0); categories i sit at i in −0.5…count−0.5.
    public var range: ClosedRange<Double>
    /// Gridline positions inside `range`, ascending.
    public var gridlines: [Double]
    public var logarithmic: Bool

    public init(range: ClosedRange<Double>, gridlines: [Double], logarithmic: Bool = false) {
        self.range = range; self.gridlines = gridlines; self.logarithmic = logarithmic
    }

    /// The scale of a value axis: its range widened to whole gridline steps (to include 0 when `includeZero`,
    /// as bars grow from 0), so the plot starts and ends on a gridline; powers of ten for a log axis.
    public static func value(_ axis: NumericAxis, includeZero: Bool = false) -> ChartScale {
        var low = axis.range.lowerBound, high = axis.range.upperBound
        guard low.isFinite, high.isFinite else { return ChartScale(range: 0...1, gridlines: [0, 1]) }
        if axis.scale != .linear && low > 0 {
            var lo = pow(10, floor(log10(low) + 1e-9)), hi = pow(10, ceil(log10(high) - 1e-9))
            if hi <= lo { lo /= 10; hi *= 10 }
            return ChartScale(range: lo...hi, gridlines: Gridlines.log10(lo...hi), logarithmic: true)
        }
        if includeZero { low = min(low, 0); high = max(high, 0) }
        if high <= low {
            if low == 0 { high = 1 } else { let d = abs(low) * 0.1; low -= d; high += d }
        }
        let unchanged = low == axis.range.lowerBound && high == axis.range.upperBound
        let lines = unchanged && axis.gridlines.count >= 2 ? axis.gridlines : Gridlines.linear(low...high)
        let step = lines.count >= 2 ? lines[1] - lines[0] : (high - low) / 4
        let first = (low / step + 1e-9).rounded(.down), last = (high / step - 1e-9).rounded(.up)
        let decimals = pow(10, max(0, -floor(log10(step))) + 1)
        var gridlines: [Double] = []
        var k = first
        while k <= last && gridlines.count < 200 {
            let v = (k * step * decimals).rounded() / decimals
            gridlines.append(v == 0 ? 0 : v)
            k += 1
        }
        let lo = min(low, gridlines.first ?? low), hi = max(high, gridlines.last ?? high)
        return ChartScale(range: lo...hi, gridlines: gridlines)
    }

    /// The scale of the x axis: the data's range for lines (widened to whole steps for scatter plots, whose
    /// markers should not sit on the edge), calendar gridlines for dates, one slot per category.
    public static func x(_ axis: XAxis, kind: ChartKind) -> ChartScale {
        switch axis {
        case .numeric(let a):
            if kind == .scatter { return value(a) }
            guard a.range.upperBound > a.range.lowerBound else { return value(a) }
            let log = a.scale != .linear && a.range.lowerBound > 0
            return ChartScale(range: a.range, gridlines: a.gridlines.filter { a.range.contains($0) }, logarithmic: log)
        case .date(let a):
            guard a.range.upperBound > a.range.lowerBound else {
                let day = 86_400.0
                let range = (a.range.lowerBound - day)...(a.range.upperBound + day)
                return ChartScale(range: range, gridlines: DateGridlines.lines(range))
            }
            return ChartScale(range: a.range, gridlines: a.gridlines.filter { a.range.contains($0) })
        case .categorical(let a):
            let n = max(1, a.categories.count)
            return ChartScale(range: -0.5...(Double(n) - 0.5), gridlines: (0..<a.categories.count).map(Double.init))
        }
    }
}
