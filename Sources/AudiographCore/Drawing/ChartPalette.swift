// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The colours of a chart for one appearance: background, text, axes, gridlines and series, each measured
/// against the background (WCAG 2.x) and darkened or lightened in Oklab until it has enough contrast.
public struct ChartPalette: Sendable, Equatable {
    /// Opaque page colour behind everything: white, or #1e1e1e when dark.
    public var background: RGBA
    /// Titles, legend and labels: ≥ 4.5:1 (≥ 7:1 with increase contrast).
    public var text: RGBA
    /// Tick labels: ≥ 4.5:1 (≥ 7:1 with increase contrast), a little quieter than `text`.
    public var secondaryText: RGBA
    /// Axis lines and tick marks: ≥ 3:1 (≥ 7:1 with increase contrast).
    public var axis: RGBA
    /// Gridlines: deliberately faint (about 1.3:1), never needed to read a value; ≥ 3:1 with increase contrast,
    /// as every line then is (WCAG 1.4.11), and still quieter than the axes.
    public var gridline: RGBA
    /// The focus cursor (line and ring): the strongest colour, ≥ 7:1.
    public var cursor: RGBA
    /// Series colours in order, each ≥ `markContrast` against the background (the coloured ones ≥ 4.5:1 on
    /// dark), each pair `distinct`; cycle with `seriesColor(_:)`.
    public var series: [RGBA]
    /// The contrast every series colour reaches, 3 or 7.
    public var markContrast: Double

    /// Minimum contrast of marks (lines, markers, bars) against the background, normally (WCAG 1.4.11).
    public static let markContrastNormal = 3.0
    /// Minimum contrast of text against the background, normally (WCAG 1.4.3).
    public static let textContrastNormal = 4.5
    /// Minimum contrast of text and marks with increase contrast on (WCAG 1.4.6).
    public static let increasedContrast = 7.0

    /// The Okabe–Ito colours (2008) in series order: blue, vermillion, reddish purple, orange, bluish green,
    /// yellow, black, sky blue. The first five are the ones a small chart or a scatter plot's categories use, so
    /// they are the five that stay furthest apart for every kind of colour vision once adjusted for contrast:
    /// sky blue (the same hue as blue, only lighter) comes last. The order never puts a red next to the green
    /// or a blue next to a yellow or orange, including when the list wraps round.
    public static let okabeIto: [RGBA] = [0x0072B2, 0xD55E00, 0xCC79A7, 0xE69F00, 0x009E73, 0xF0E442, 0x000000, 0x56B4E9]
        .map { RGBA(hex: $0) }

    /// The palette for `appearance` (dark or light, normal or increased contrast); computed once per pair.
    public init(appearance: ChartAppearance) {
        self = Self.computed[(appearance.dark ? 2 : 0) + (appearance.increaseContrast ? 1 : 0)]
    }

    /// The four palettes (light, light increased, dark, dark increased), measured and adjusted once.
    private static let computed: [ChartPalette] = [(false, false), (false, true), (true, false), (true, true)].map {
        ChartPalette(dark: $0.0, increaseContrast: $0.1)
    }

    private init(dark: Bool, increaseContrast: Bool) {
        var appearance = ChartAppearance()
        appearance.dark = dark
        appearance.increaseContrast = increaseContrast
        let high = appearance.increaseContrast
        let back = appearance.dark ? RGBA(hex: 0x1E1E1E) : RGBA(hex: 0xFFFFFF)
        let textMinimum = high ? Self.increasedContrast : Self.textContrastNormal
        let marks = high ? Self.increasedContrast : Self.markContrastNormal
        func ensure(_ hex: UInt32, _ minimum: Double) -> RGBA {
            PerceptualColor.ensuring(RGBA(hex: hex), contrast: minimum, against: back)
        }
        background = back
        markContrast = marks
        if appearance.dark {
            text = ensure(high ? 0xFFFFFF : 0xEDEDED, textMinimum)
            secondaryText = ensure(high ? 0xFFFFFF : 0xC4C4C4, textMinimum)
            axis = ensure(high ? 0xD0D0D0 : 0x8C8C8C, high ? Self.increasedContrast : 3)
            gridline = high ? ensure(0x5A5A5A, Self.markContrastNormal) : RGBA(hex: 0x383838)
            cursor = RGBA(hex: 0xFFFFFF)
        } else {
            text = ensure(high ? 0x000000 : 0x1A1A1A, textMinimum)
            secondaryText = ensure(high ? 0x000000 : 0x505050, textMinimum)
            axis = ensure(high ? 0x3C3C3C : 0x767676, high ? Self.increasedContrast : 3)
            gridline = high ? ensure(0xB4B4B4, Self.markContrastNormal) : RGBA(hex: 0xE3E3E3)
            cursor = RGBA(hex: 0x000000)
        }
        // Raising contrast pulls colours of similar hue together (blue and sky blue both end up dark blue on
        // white at 7:1), and some pairs that differ only in redness (vermillion and a darkened orange) look
        // alike to people with a red–green or blue–yellow deficiency: a colour too close to an earlier one, as
        // seen normally or through any of the three dichromacies, moves further from the background until apart.
        // On the dark background saturated colours look dim, so there each hue gets at least text contrast.
        var chosen: [RGBA] = []
        for base in Self.okabeIto {
            let chromatic = hypot(PerceptualColor.oklab(base).a, PerceptualColor.oklab(base).b) > 0.05
            var target = appearance.dark && !high && chromatic ? Self.darkSeriesContrast : marks
            var color = PerceptualColor.ensuring(base, contrast: target, against: back)
            while target < 20, chosen.contains(where: { !Self.distinct($0, color) }) {
                target += 0.25
                color = PerceptualColor.ensuring(base, contrast: target, against: back)
            }
            chosen.append(color)
        }
        series = chosen
    }

    /// Smallest Oklab distance between two series colours (about five just-noticeable differences).
    public static let minimumSeriesDistance = 0.1
    /// Smallest Oklab distance between two series colours as simulated for protanopia, deuteranopia and
    /// tritanopia (`PerceptualColor.simulated`).
    public static let minimumSimulatedSeriesDistance = 0.05
    /// Contrast of the coloured series on the dark background with normal contrast (text level: dark blue
    /// at the 3:1 minimum is hard to see on #1E1E1E).
    public static let darkSeriesContrast = 4.5

    /// Whether two series colours are told apart with normal colour vision and with each dichromacy.
    public static func distinct(_ first: RGBA, _ second: RGBA) -> Bool {
        guard PerceptualColor.distance(first, second) >= minimumSeriesDistance else { return false }
        return ColorVisionDeficiency.allCases.allSatisfy {
            PerceptualColor.distance(PerceptualColor.simulated(first, $0), PerceptualColor.simulated(second, $0))
                >= minimumSimulatedSeriesDistance
        }
    }

    /// The colour of series (or category) `index`, cycling through `series`.
    public func seriesColor(_ index: Int) -> RGBA {
        series[((index % series.count) + series.count) % series.count]
    }
}
