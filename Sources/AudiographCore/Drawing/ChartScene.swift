// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A colour with alpha, each component 0…1 (sRGB).
public struct RGBA: Sendable, Equatable, Hashable {
    public var red: Double, green: Double, blue: Double, alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// A colour from a 0xRRGGBB number.
    /// This colour laid over `background` at `share` of its strength (0…1), as an opaque colour: what a
    /// translucent fill looks like on that background, for Reduce Transparency.
    public func opaque(share: Double, over background: RGBA) -> RGBA {
        func mix(_ a: Double, _ b: Double) -> Double { a * share + b * (1 - share) }
        return RGBA(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }

    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }
}

/// A point in device-independent pixels, origin top left, y down.
public struct ScenePoint: Sendable, Equatable {
    public var x: Double, y: Double
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A rectangle in pixels, origin top left.
public struct SceneRect: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// The shape drawn at a data point; each series gets its own when colour must not carry meaning.
public enum MarkerShape: String, Sendable, CaseIterable {
    case circle, square, triangle, diamond, cross, plus, invertedTriangle, star
}

/// Where a text's anchor point sits relative to the text.
public enum TextAnchor: Sendable, Equatable {
    case topLeft, top, topRight, left, center, right, bottomLeft, bottom, bottomRight
}

/// One thing to paint, in painting order. The GTK view paints these with cairo and nothing else, so
/// everything about how a chart looks is decided (and unit-tested) here in the core.
public enum SceneItem: Sendable, Equatable {
    /// A filled rectangle.
    case rectangle(SceneRect, fill: RGBA)
    /// An open polyline; `dash` lengths in pixels, empty for solid.
    case polyline([ScenePoint], color: RGBA, width: Double, dash: [Double])
    /// A marker centred at a point; `size` is its width in pixels; `fill` nil for an outline only.
    case marker(MarkerShape, at: ScenePoint, size: Double, fill: RGBA?, stroke: RGBA, lineWidth: Double)
    /// A line of text; `size` in pixels; `rotation` in radians, counter-clockwise (−π/2 reads bottom to top).
    case text(String, at: ScenePoint, anchor: TextAnchor, size: Double, bold: Bool, color: RGBA, rotation: Double)
    /// A rectangle outline (focus ring, cursor box); `dash` empty for solid.
    case outline(SceneRect, color: RGBA, width: Double, dash: [Double])
    /// A filled closed polygon (an area under a line), without outline.
    case polygon([ScenePoint], fill: RGBA)
}

/// Measures text so the layout can leave room for labels (the GTK side measures with Pango).
public protocol TextMeasuring: Sendable {
    /// Width of `text` in pixels at `size` pixels.
    func width(of text: String, size: Double, bold: Bool) -> Double
}

/// A fixed-ratio estimate (0.6 em per character), for tests and headless use.
public struct EstimatedTextMeasure: TextMeasuring {
    public init() {}
    public func width(of text: String, size: Double, bold: Bool) -> Double {
        Double(text.count) * size * (bold ? 0.64 : 0.6)
    }
}

/// The accessibility settings that change how a chart is drawn.
public struct ChartAppearance: Sendable, Equatable {
    /// Dark background and light marks.
    public var dark = false
    /// Colours ≥ 7:1 against the background, thicker lines, larger markers.
    public var increaseContrast = false
    /// No translucent fill or overlay anywhere.
    public var reduceTransparency = false
    /// Every series its own marker shape and dash pattern and a label at its end, so nothing needs colour.
    public var differentiateWithoutColor = false
    /// No animated cursor.
    public var reduceMotion = false
    /// The reference level drawn as a labelled line for each series; nil for none.
    public var referenceLevel: ReferenceLevel?
    /// The desktop's text scaling as a factor (GNOME's Large Text is 1.25; 1 is normal): chart text grows by it.
    public var textScale = 1.0
    /// The chart's own zoom as a factor (Ctrl+plus and Ctrl+minus, `ChartZoom`): text, lines, marks and the
    /// cursor grow by it.
    public var zoom = 1.0

    public init() {}
}

/// A whole chart as paint instructions for one size and appearance, plus where things are for the cursor
/// and the accessibility tree.
public struct ChartScene: Sendable {
    public var width: Double, height: Double
    public var background: RGBA
    public var items: [SceneItem]
    /// The area inside the axes, in pixels.
    public var plotArea: SceneRect
    /// Pixel position of each point, per series (`nil` for a missing value); empty for series with too many
    /// points to place one by one.
    public var pointPositions: [[ScenePoint?]]
    /// Where each element of the keyboard cursor is drawn, per series, when the builder was given the
    /// elements: the marker or bar of a point, the span of an interval. Screen readers get these as extents.
    public var elementFrames: [[SceneRect]]

    public init(
        width: Double, height: Double, background: RGBA, items: [SceneItem], plotArea: SceneRect,
        pointPositions: [[ScenePoint?]], elementFrames: [[SceneRect]] = []
    ) {
        self.width = width; self.height = height; self.background = background; self.items = items
        self.plotArea = plotArea; self.pointPositions = pointPositions; self.elementFrames = elementFrames
    }
}
