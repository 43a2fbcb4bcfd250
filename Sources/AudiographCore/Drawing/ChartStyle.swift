// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Sizes, widths and per-series symbols for one appearance: what "thicker lines" and "its own marker shape"
/// mean in pixels.
public struct ChartStyle: Sendable, Equatable {
    public var palette: ChartPalette
    /// Series line width in pixels: 2, or 3.5 with increase contrast.
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
    /// Text sizes in pixels.
    public var titleSize = 16.0, axisTitleSize = 13.0, labelSize = 12.0
    /// Whether series differ by shape, dash and end label as well as colour.
    public var differentiateWithoutColor: Bool
    /// Whether every fill is opaque (an area's translucent fill becomes the colour it would show).
    public var reduceTransparency: Bool
    /// The reference level drawn as a labelled line (`ChartAppearance.referenceLevel`).
    public let referenceLevel: ReferenceLevel?

    /// Marker shapes in series order when colour must not carry meaning.
    public static let shapes: [MarkerShape] = [.circle, .square, .triangle, .diamond, .invertedTriangle, .cross,
                                               .plus, .star]
    /// Dash patterns (pixels at a 2-pixel line) in series order when colour must not carry meaning.
    public static let dashes: [[Double]] = [[], [10, 4], [2, 4], [10, 4, 2, 4], [16, 5], [5, 5], [2, 7],
                                            [16, 4, 4, 4]]

    /// The style for `appearance`.
    public init(appearance: ChartAppearance) {
        let high = appearance.increaseContrast
        palette = ChartPalette(appearance: appearance)
        lineWidth = high ? 3.5 : 2
        markerSize = high ? 11 : 8
        sizeRange = high ? 8...26 : 6...22
        axisWidth = high ? 2 : 1
        gridWidth = 1
        cursorWidth = high ? 3 : 2
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
