// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension SceneDraft {
    /// The reference level (`ChartStyle.referenceLevel`) as a dashed line across the plot for each series
    /// that takes one, labelled above its right end ("Mean: 222 births per 10,000 people", with the series'
    /// name first when there are several); none for kinds without a level (histograms).
    mutating func drawReferenceLines() {
        guard let level = style.referenceLevel else { return }
        let layers = chart.series.indices.filter { !chart.series[$0].isTotal }
        for s in layers {
            guard let value = level.value(inSeries: s, of: chart), let label = level.lineLabel(inSeries: s, of: chart) else {
                continue
            }
            let y = yMap.pixel(value)
            guard y.isFinite, y >= plot.y - 0.5, y <= plot.y + plot.height + 0.5 else { continue }
            let line = [ScenePoint(x: plot.x, y: y), ScenePoint(x: plot.x + plot.width, y: y)]
            // Under the marks (with the gridlines), so the data is never cut by it.
            grid.append(.polyline(line, color: palette.text, width: style.axisWidth + 0.5, dash: [6, 4]))
            let words = layers.count > 1 ? Localization.tr("%@, %@", chart.series[s].name, label) : label
            addLabel(
                .text(
                    words, at: ScenePoint(x: plot.x + plot.width - 6, y: y - 3), anchor: .bottomRight,
                    size: style.labelSize, bold: false, color: palette.text, rotation: 0), .legend)
        }
    }
}
