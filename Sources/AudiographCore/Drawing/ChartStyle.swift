// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Sizes, widths and per-series symbols for one appearance: what "thicker lines" and "its own marker shape"
/// mean in pixels.
public struct ChartStyle: Sendable, Equatable {
    public var palette: ChartPalette
    /// Series line width in pixels: 2, or 3.5 with increase contrast (times the zoom, as every size here).
    public var lineWidth: Double
    /// Marker width in pixels on lines and unsized scatter points: 8, or 11 with increase contrast.
    public var markerSize: Double
    /// Scatter marker widths in pixels for the smallest and largest value of a size axis: 6…22 (8…26).
    public var sizeRange: ClosedRange<Double>
    /// Axis line and tick width in pixels: 1, or 2 with increase contrast.
    public var axisWidth: Double
    /// Gridline width in pixels.
    public var gridWidth: Double
    /// Focus cursor line width in pixels: 2, or 3 with increase contrast.
    public var cursorWidth: Double
    /// Space in pixels between a focused point's marker and the cursor's ring round it: 5 each side (10 across).
    public var cursorGap: Double
    /// Text sizes in pixels: 16, 13 and 12 at the desktop's normal text size and no zoom.
    public var titleSize: Double, axisTitleSize: Double, labelSize: Double
    /// Whether series differ by shape, dash and end label as well as colour.
    public var differentiateWithoutColor: Bool
    /// Whether every fill is opaque (an area's translucent fill becomes the colour it would show).
    public var reduceTransparency: Bool
    /// The reference level drawn as a labelled line (`ChartAppearance.referenceLevel`).
    public let referenceLevel: ReferenceLevel?

    /// Marker shapes in series order when colour must not carry meaning.
    public static let shapes: [MarkerShape] = [
        .circle, .square, .triangle, .diamond, .invertedTriangle, .cross,
        .plus, .star
    ]
    /// Dash patterns (pixels at a 2-pixel line) in series order when colour must not carry meaning.
    public static let dashes: [[Double]] = [
        [], [10, 4], [2, 4], [10, 4, 2, 4], [16, 5], [5, 5], [2, 7],
        [16, 4, 4, 4]
    ]

    /// The style for `appearance`: sizes grow with its zoom, text also with the desktop's text scale (each
    /// factor kept within `ChartZoom.levels`' range, so a stray setting cannot make a chart unreadable).
    public init(appearance: ChartAppearance) {
        let high = appearance.increaseContrast
        let zoom = ChartZoom.clamped(appearance.zoom)
        let text = zoom * ChartZoom.clamped(appearance.textScale)
        palette = ChartPalette(appearance: appearance)
        lineWidth = (high ? 3.5 : 2) * zoom
        markerSize = (high ? 11 : 8) * zoom
        sizeRange = high ? (8 * zoom)...(26 * zoom) : (6 * zoom)...(22 * zoom)
        axisWidth = (high ? 2 : 1) * zoom
        gridWidth = zoom >= 2 ? 2 : 1
        cursorWidth = (high ? 3 : 2) * zoom
        cursorGap = 10 * zoom
        titleSize = 16 * text
        axisTitleSize = 13 * text
        labelSize = 12 * text
        differentiateWithoutColor = appearance.differentiateWithoutColor
        reduceTransparency = appearance.reduceTransparency
        referenceLevel = appearance.referenceLevel
    }

    /// The marker shape of series (or category) `index`: its own with differentiate without colour, else a circle.
    public func shape(_ index: Int) -> MarkerShape {
        differentiateWithoutColor ? Self.shapes[index % Self.shapes.count] : .circle
    }

    /// The dash pattern of series `index`, scaled to the line width: its own with differentiate without
    /// colour (combined with `shape` the pair repeats only after 64 series), else solid.
    public func dash(_ index: Int) -> [Double] {
        guard differentiateWithoutColor else { return [] }
        let pattern = Self.dashes[(index + index / Self.dashes.count) % Self.dashes.count]
        return pattern.map { $0 * lineWidth / 2 }
    }
}
