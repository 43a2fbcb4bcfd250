// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A chart's series as braille lines: what `describe --braille` prints, the viewer's Braille view shows and
/// each chart element carries for a braille display.
///
/// Series that share a y scale share the line's scale (the lowest value among them on the bottom row, the
/// highest on the top), so their lines compare; a series on its own scale is scaled to its own values.
public struct ChartBraille: Sendable {
    public let chart: ChartDescriptor
    /// The line of each series, in the chart's series order.
    public let lines: [BrailleLine]

    public init(chart: ChartDescriptor, width: Int = BrailleLine.defaultWidth) {
        self.chart = chart
        var lines = [BrailleLine?](repeating: nil, count: chart.series.count)
        for group in chart.scaleGroups {
            // The group's range in one pass, and each series' values in x order without a copy when x is in order
            // already: copying them cost the viewer 160 MB at ten million points, its peak (issue 35).
            var low = Double.infinity, high = -Double.infinity
            for s in group {
                for v in chart.series[s].y where v.isFinite {
                    if v < low { low = v }
                    if v > high { high = v }
                }
            }
            if low > high { (low, high) = (0, 0) }
            for s in group {
                let series = chart.series[s]
                let order = XOrder.indices(of: series)
                let values = order.isIdentity && order.count == series.y.count ? series.y : order.map { series.y[$0] }
                lines[s] = BrailleLine(values: values, low: low, high: high, width: width)
            }
        }
        self.lines = lines.map { $0 ?? BrailleLine(values: [], low: 0, high: 0, width: width) }
    }

    /// "Birth rate: ⣀⣄⣤…": the series' name, then its line.
    public func labelledLine(_ s: Int) -> String {
        Localization.tr("%@: %@", chart.series[s].name, lines[s].text)
    }

    /// Every series' labelled line, one per line of text, ending with a newline.
    public var text: String {
        chart.series.indices.map { labelledLine($0) + "\n" }.joined()
    }
}
