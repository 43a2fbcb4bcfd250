// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The chart's legend in words, one entry per series or category, saying what is drawn for it: its colour
/// by name, its line's pattern and its marker shape ("Birth rate: blue dashed line with squares"), so a
/// person who sees the chart a little, or asks someone who sees it, can match a series to its look.
public enum LegendWording {
    /// Each legend entry of `chart` drawn with `appearance`, in legend order; empty when the chart draws no
    /// legend (one series).
    public static func entries(chart: ChartDescriptor, appearance: ChartAppearance) -> [String] {
        let style = ChartStyle(appearance: appearance)
        let draft = SceneDraft(
            chart: chart, size: SceneSize(width: 640, height: 480), style: style,
            measure: EstimatedTextMeasure())
        return draft.legendEntries().map { entry in
            Localization.tr("%@: %@", entry.name, look(entry.swatch, palette: style.palette, dark: appearance.dark))
        }
    }

    /// "blue dashed line with squares", "orange bars", "reddish purple triangles".
    static func look(_ swatch: LegendSwatch, palette: ChartPalette, dark: Bool) -> String {
        switch swatch {
        case .line(let color, let dash, let marker):
            let line =
                colorName(color, palette: palette, dark: dark).map {
                    Localization.trc("legend: a colour, then a line's pattern", "%@ %@", $0, dashName(dash))
                } ?? dashName(dash)
            guard let marker else { return line }
            return Localization.tr("%@ with %@", line, shapeName(marker))
        case .marker(let shape, _, let fill, let stroke):
            guard let name = colorName(fill ?? stroke, palette: palette, dark: dark) else {
                return fill == nil ? Localization.tr("hollow %@", shapeName(shape)) : shapeName(shape)
            }
            return Localization.trc("legend: a colour, then marker shapes", "%@ %@", name, shapeName(shape))
        case .bar(let color, let marker):
            let bars =
                colorName(color, palette: palette, dark: dark).map { Localization.tr("%@ bars", $0) }
                ?? Localization.tr("bars")
            guard let marker else { return bars }
            return Localization.tr("%@ marked with %@", bars, shapeName(marker))
        }
    }

    /// The Okabe–Ito name of a series colour of `palette` (the palette's eighth, black, is drawn light on a
    /// dark background: grey there); nil for a colour outside the series palette.
    static func colorName(_ color: RGBA, palette: ChartPalette, dark: Bool) -> String? {
        guard let index = palette.series.firstIndex(of: color) else { return nil }
        switch index {
        case 0: return Localization.tr("blue")
        case 1: return Localization.tr("vermillion")
        case 2: return Localization.tr("reddish purple")
        case 3: return Localization.tr("orange")
        case 4: return Localization.tr("bluish green")
        case 5: return Localization.tr("yellow")
        case 6: return dark ? Localization.tr("grey") : Localization.tr("black")
        default: return Localization.tr("sky blue")
        }
    }

    /// The plural name of a marker shape: "circles", "downward triangles".
    static func shapeName(_ shape: MarkerShape) -> String {
        switch shape {
        case .circle: return Localization.tr("circles")
        case .square: return Localization.tr("squares")
        case .triangle: return Localization.tr("triangles")
        case .diamond: return Localization.tr("diamonds")
        case .invertedTriangle: return Localization.tr("downward triangles")
        case .cross: return Localization.tr("crosses")
        case .plus: return Localization.tr("plus signs")
        case .star: return Localization.tr("stars")
        }
    }

    /// "solid line", "dashed line", … for a dash pattern of `ChartStyle.dashes` (scaled to any line width).
    static func dashName(_ dash: [Double]) -> String {
        guard let first = dash.first, first > 0 else { return Localization.tr("solid line") }
        let pattern = dash.map { $0 / first * 10 }.map { ($0 * 10).rounded() / 10 }
        switch pattern {
        case [10, 4]: return Localization.tr("dashed line")
        case [10, 20]: return Localization.tr("dotted line")
        case [10, 4, 2, 4]: return Localization.tr("dash-dotted line")
        case [10, 3.1]: return Localization.tr("long-dashed line")
        case [10, 10]: return Localization.tr("evenly dashed line")
        case [10, 35]: return Localization.tr("sparsely dotted line")
        case [10, 2.5, 2.5, 2.5]: return Localization.tr("long dash-dotted line")
        default: return Localization.tr("patterned line")
        }
    }
}
