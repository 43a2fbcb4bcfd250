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
            let finite = group.flatMap { chart.series[$0].y.filter(\.isFinite) }
            let low = finite.min() ?? 0, high = finite.max() ?? 0
            for s in group {
                let series = chart.series[s]
                let values = XOrder.indices(of: series).map { series.y[$0] }
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
