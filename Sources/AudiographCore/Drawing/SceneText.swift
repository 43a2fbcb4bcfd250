// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The size of a scene in device-independent pixels.
public struct SceneSize: Sendable, Equatable {
    public var width: Double, height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// The current point of a chart: series index into `chart.series` and point index into that series, and
/// the interval around it when the cursor walks a long series by interval.
public struct ChartFocus: Sendable, Equatable {
    public var series: Int, index: Int
    /// The interval the cursor is on, in data units (x span, y from lowest to highest value); nil for a point.
    public var band: DataRect?
    /// The part of the element the cursor is on (a box's quartile, whisker or outlier), in y units; nil for
    /// the whole element.
    public var value: Double?
    /// The selected range's x span, in x axis units; nil when nothing is selected.
    public var selection: ClosedRange<Double>?
    public init(
        series: Int, index: Int, band: DataRect? = nil, value: Double? = nil,
        selection: ClosedRange<Double>? = nil
    ) {
        self.series = series; self.index = index; self.band = band; self.value = value; self.selection = selection
    }
}

/// A rectangle in data units: an x span and a y span.
public struct DataRect: Sendable, Equatable {
    public var x: ClosedRange<Double>, y: ClosedRange<Double>
    public init(x: ClosedRange<Double>, y: ClosedRange<Double>) { self.x = x; self.y = y }
}

extension SceneRect {
    /// Whether the two rectangles share any area (touching edges do not count).
    public func intersects(_ other: SceneRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// Whether `other` lies wholly inside this rectangle, allowing `tolerance` pixels.
    public func contains(_ other: SceneRect, tolerance: Double = 0.01) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance && other.x + other.width <= x + width + tolerance
            && other.y + other.height <= y + height + tolerance
    }
}

extension SceneItem {
    /// The box a text item covers in pixels (its measured width × `SceneText.lineHeight` × size, placed by its
    /// anchor, then turned by its rotation about the anchor); nil for other items.
    public func textBounds(measure: any TextMeasuring) -> SceneRect? {
        guard case let .text(string, at, anchor, size, bold, _, rotation) = self else { return nil }
        return SceneText.bounds(
            width: measure.width(of: string, size: size, bold: bold), size: size, at: at,
            anchor: anchor, rotation: rotation)
    }
}

/// Text geometry shared by the layout and its tests: boxes, truncation and wrapping.
public enum SceneText {
    /// Height of a line of text as a multiple of its size in pixels (Pango's logical extents are about 1.2).
    public static let lineHeight = 1.25

    /// The box of text `width` pixels wide at `size` pixels, anchored at `at`, rotated by `rotation` radians
    /// about the anchor (cairo's sense: −π/2 reads bottom to top).
    public static func bounds(
        width: Double, size: Double, at: ScenePoint, anchor: TextAnchor,
        rotation: Double = 0
    ) -> SceneRect {
        let height = size * lineHeight
        let left: Double, top: Double
        switch anchor {
        case .topLeft, .left, .bottomLeft: left = 0
        case .top, .center, .bottom: left = -width / 2
        case .topRight, .right, .bottomRight: left = -width
        }
        switch anchor {
        case .topLeft, .top, .topRight: top = 0
        case .left, .center, .right: top = -height / 2
        case .bottomLeft, .bottom, .bottomRight: top = -height
        }
        guard rotation != 0 else { return SceneRect(x: at.x + left, y: at.y + top, width: width, height: height) }
        let c = cos(rotation), s = sin(rotation)
        let corners = [(left, top), (left + width, top), (left, top + height), (left + width, top + height)]
            .map { (dx, dy) in (at.x + dx * c - dy * s, at.y + dx * s + dy * c) }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return SceneRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `text` shortened with "…" so it measures at most `maxWidth` pixels; empty when not even "…" fits.
    public static func truncated(
        _ text: String, toWidth maxWidth: Double, size: Double, bold: Bool = false,
        measure: any TextMeasuring
    ) -> String {
        if measure.width(of: text, size: size, bold: bold) <= maxWidth { return text }
        let characters = Array(text)
        var low = 0, high = characters.count  // longest prefix that fits with the ellipsis
        while low < high {
            let mid = (low + high + 1) / 2
            let candidate = String(characters[..<mid]).trimmingCharacters(in: .whitespaces) + "…"
            if measure.width(of: candidate, size: size, bold: bold) <= maxWidth { low = mid } else { high = mid - 1 }
        }
        let result = String(characters[..<low]).trimmingCharacters(in: .whitespaces) + "…"
        return measure.width(of: result, size: size, bold: bold) <= maxWidth ? result : ""
    }

    /// `text` broken at spaces into at most `maxLines` lines of at most `maxWidth` pixels, the last one
    /// truncated with "…" when the words do not fit.
    public static func wrapped(
        _ text: String, toWidth maxWidth: Double, maxLines: Int, size: Double,
        bold: Bool = false, measure: any TextMeasuring
    ) -> [String] {
        let words = text.split(separator: " ").map(String.init)
        var lines: [String] = []
        var current = ""
        var index = 0
        while index < words.count {
            let candidate = current.isEmpty ? words[index] : current + " " + words[index]
            if measure.width(of: candidate, size: size, bold: bold) <= maxWidth || current.isEmpty {
                current = candidate
                index += 1
            } else {
                if lines.count >= maxLines - 1 { break }  // the rest goes on the last line, truncated
                lines.append(current)
                current = ""
            }
        }
        if index < words.count {
            current = (current.isEmpty ? "" : current + " ") + words[index...].joined(separator: " ")
        }
        if !current.isEmpty { lines.append(current) }
        return lines.prefix(maxLines).map { truncated($0, toWidth: maxWidth, size: size, bold: bold, measure: measure) }
    }
}
