// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The axes in words, for describe's text, the viewer's X and Y keys and its chart details.
public struct AxisWording: Sendable {
    public let chart: ChartDescriptor

    public init(chart: ChartDescriptor) { self.chart = chart }

    /// The x axis: "Year, 1917 to 1975", or "Region, 4 categories".
    public var x: String {
        let x = XValueFormatting(axis: chart.xAxis)
        switch chart.xAxis {
        case .numeric(let a):
            return Localization.tr("%@, %@ to %@", a.title, x.string(a.range.lowerBound), x.string(a.range.upperBound))
        case .date(let a):
            return Localization.tr("%@, %@ to %@", a.title, x.string(a.range.lowerBound), x.string(a.range.upperBound))
        case .categorical(let a):
            return Localization.trn("%@, %ld category", "%@, %ld categories", a.categories.count, a.title, a.categories.count)
        }
    }

    /// The y axis: "Birth rate, 179 births per 10,000 people to 268 births per 10,000 people"; a chart with
    /// several scales names each: "Weight, 1,613 to 5,140; own scale: Cylinders, 3 to 8".
    public var y: String {
        let groups = chart.scaleGroups
        guard groups.count > 1 else { return y(of: chart.yAxis) }
        return groups.enumerated().map { g, members in
            g == 0 ? y(of: chart.yAxis) : Localization.tr("own scale: %@", y(of: chart.yAxis(ofSeries: members[0])))
        }.joined(separator: Localization.tr("; "))
    }

    /// One y scale in words: title, lowest and highest value, and whether it is logarithmic.
    public func y(of a: NumericAxis) -> String {
        var text = Localization.tr(
            "%@, %@ to %@", a.title, a.formatter.string(a.range.lowerBound), a.formatter.string(a.range.upperBound))
        if a.scale != .linear { text += Localization.tr(" (logarithmic scale)") }
        return text
    }

    /// One line per extra axis: "Size: Weight, 900 kg to 2,100 kg", "Category: Origin (Europe, Japan and USA)".
    public var additional: [String] {
        return chart.additionalAxes.map { axis in
            switch axis {
            case .numeric(let a):
                return Localization.tr(
                    "Size: %@, %@ to %@", a.title, a.formatter.string(a.range.lowerBound),
                    a.formatter.string(a.range.upperBound))
            case .categorical(let a):
                return Localization.tr(
                    "Category: %@ (%@)", a.title,
                    Localization.list(a.categories.prefix(8).map { $0 })
                        + (a.categories.count > 8 ? Localization.tr(" and %ld more", a.categories.count - 8) : ""))
            }
        }
    }
}
