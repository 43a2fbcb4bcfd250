// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The heatmap's sequential colour scale: viridis (van der Walt and Smith, 2015), perceptually uniform,
/// readable by the common kinds of colour blindness and in greyscale, dark purple for the least value to
/// yellow for the greatest. Nine anchors, interpolated linearly between them.
public enum HeatmapScale {
    static let anchors: [UInt32] = [0x440154, 0x472D7B, 0x3B528B, 0x2C728E, 0x21918C, 0x28AE80, 0x5EC962, 0xADDC30, 0xFDE725]

    /// The colour of `fraction` (0: least, 1: greatest) of the scale.
    public static func color(_ fraction: Double) -> RGBA {
        let t = min(1, max(0, fraction.isFinite ? fraction : 0)) * Double(anchors.count - 1)
        let i = min(anchors.count - 2, Int(t)), u = t - Double(i)
        let a = RGBA(hex: anchors[i]), b = RGBA(hex: anchors[i + 1])
        return RGBA(
            red: a.red + (b.red - a.red) * u, green: a.green + (b.green - a.green) * u,
            blue: a.blue + (b.blue - a.blue) * u)
    }

    /// The text colour that reads on `fill`: black on the light end, white on the dark end.
    public static func textColor(on fill: RGBA) -> RGBA {
        Contrast.ratio(RGBA(red: 0, green: 0, blue: 0), fill) >= Contrast.ratio(RGBA(red: 1, green: 1, blue: 1), fill)
            ? RGBA(red: 0, green: 0, blue: 0) : RGBA(red: 1, green: 1, blue: 1)
    }
}

extension SceneDraft {
    /// The y scale of a heatmap: one slot per row, the first row at the top.
    static func heatmapRowScale(rows: Int) -> ChartScale {
        ChartScale(range: -0.5...(Double(max(1, rows)) - 0.5), gridlines: (0..<rows).map(Double.init))
    }

    /// The name of the row drawn at `value` on a heatmap's row scale.
    func heatmapRowName(at value: Double) -> String {
        let row = chart.series.count - 1 - Int(value.rounded())
        return chart.series.indices.contains(row) ? chart.series[row].name : ""
    }

    /// Pixels of the cell of row `s`, column `i`; nil outside the grid.
    func cellRect(series s: Int, index i: Int) -> SceneRect? {
        guard chart.series.indices.contains(s), i >= 0, i < chart.series[s].count else { return nil }
        let row = Double(chart.series.count - 1 - s), column = chart.series[s].x[i]
        let left = xMap.pixel(column - 0.5).rounded(), right = xMap.pixel(column + 0.5).rounded()
        let top = yMap.pixel(row + 0.5).rounded(), bottom = yMap.pixel(row - 0.5).rounded()
        return SceneRect(x: left, y: top, width: max(1, right - left), height: max(1, bottom - top))
    }

    /// The value's place on the colour scale, from the chart's least value (0) to its greatest (1).
    func heatmapFraction(_ value: Double) -> Double {
        let range = chart.yAxis.range
        return range.upperBound > range.lowerBound ? (value - range.lowerBound) / (range.upperBound - range.lowerBound) : 0.5
    }

    /// Every cell filled with its value's colour, a missing one left as background with a thin cross; each
    /// cell's value written in it without colour (Differentiate Without Color) when it fits.
    mutating func drawHeatmap() {
        for (s, series) in chart.series.enumerated() {
            var positions: [ScenePoint?] = []
            for i in 0..<series.count {
                guard let cell = cellRect(series: s, index: i) else { positions.append(nil); continue }
                let centre = ScenePoint(x: cell.x + cell.width / 2, y: cell.y + cell.height / 2)
                positions.append(centre)
                let value = series.y[i]
                guard value.isFinite else {
                    marks.append(
                        .polyline(
                            [
                                ScenePoint(x: cell.x + 3, y: cell.y + 3),
                                ScenePoint(x: cell.x + cell.width - 3, y: cell.y + cell.height - 3)
                            ],
                            color: palette.gridline, width: 1, dash: []))
                    continue
                }
                let fill = HeatmapScale.color(heatmapFraction(value))
                marks.append(
                    .rectangle(
                        SceneRect(
                            x: cell.x + 0.5, y: cell.y + 0.5, width: max(1, cell.width - 1),
                            height: max(1, cell.height - 1)), fill: fill))
                guard style.differentiateWithoutColor else { continue }
                let text = chart.valueFormatter(ofSeries: s).plain(value)
                let size = min(style.labelSize, cell.height * 0.6)
                if size >= 8, measure.width(of: text, size: size, bold: false) <= cell.width - 4 {
                    overlays.append(
                        .text(
                            text, at: centre, anchor: .center, size: size, bold: false,
                            color: HeatmapScale.textColor(on: fill), rotation: 0))
                }
            }
            pointPositions[s] = positions
        }
    }

    /// The legend of a heatmap: five steps of the colour scale, each with the value it stands for.
    func heatmapLegendEntries() -> [LegendEntry] {
        let range = chart.yAxis.range
        let title = LegendEntry(
            swatch: .bar(color: palette.background, marker: nil), name: Localization.tr("%@:", chart.yAxis.title))
        return [title]
            + (0...4).map { k in
                let fraction = Double(k) / 4
                let value = range.lowerBound + (range.upperBound - range.lowerBound) * fraction
                return LegendEntry(
                    swatch: .bar(color: HeatmapScale.color(fraction), marker: nil),
                    name: chart.yAxis.formatter.string(value))
            }
    }
}
