// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Foundation

/// Paints a `ChartScene` with cairo (and Pango for text). Everything about how the chart looks was
/// decided by the core when it built the scene; this only turns each item into cairo calls.
enum ScenePainter {
    /// Paints `scene` onto `cr`, whose origin is the top left of the chart and whose unit is one pixel; the
    /// markers `raster` stands for (when it fits the scene) as its one image.
    static func paint(_ scene: ChartScene, on cr: OpaquePointer, raster: MarkerRaster? = nil) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        setColor(cr, scene.background)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        let image = raster.flatMap { $0.fits(scene) ? $0 : nil }
        var i = 0
        while i < scene.items.count {
            if let image, i == image.items.lowerBound {
                image.paint(on: cr)
                i = image.items.upperBound
                continue
            }
            paint(scene.items[i], on: cr)
            i += 1
        }
    }

    static func paint(_ item: SceneItem, on cr: OpaquePointer) {
        switch item {
        case .rectangle(let rect, let fill):
            setColor(cr, fill)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
        case .polyline(let points, let color, let width, let dash):
            guard let first = points.first, points.count > 1 else { return }
            cairo_move_to(cr, first.x, first.y)
            for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            stroke(cr, color: color, width: width, dash: dash)
        case .marker(let shape, let center, let size, let fill, let strokeColor, let lineWidth):
            paintMarker(cr, shape, center, size, fill, strokeColor, lineWidth)
        case .text(let text, let at, let anchor, let size, let bold, let color, let rotation):
            paintText(cr, text, at, anchor, size, bold, color, rotation)
        case .polygon(let points, let fill):
            guard let first = points.first, points.count > 2 else { return }
            setColor(cr, fill)
            cairo_move_to(cr, first.x, first.y)
            for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            cairo_close_path(cr)
            cairo_fill(cr)
        case .outline(let rect, let color, let width, let dash):
            // Inset by half the line so the outline stays inside the rectangle.
            cairo_rectangle(cr, rect.x + width / 2, rect.y + width / 2, max(0, rect.width - width), max(0, rect.height - width))
            stroke(cr, color: color, width: width, dash: dash)
        }
    }

    private static func setColor(_ cr: OpaquePointer, _ color: RGBA) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private static func stroke(_ cr: OpaquePointer, color: RGBA, width: Double, dash: [Double]) {
        setColor(cr, color)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, dash.isEmpty ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// A marker `size` pixels wide centred on `c`. Cross and plus are lines only (no area to fill):
    /// they are stroked in the fill colour when there is one, at least a fifth of the size thick.
    private static func paintMarker(
        _ cr: OpaquePointer, _ shape: MarkerShape, _ c: ScenePoint, _ size: Double,
        _ fill: RGBA?, _ strokeColor: RGBA, _ lineWidth: Double
    ) {
        let r = size / 2
        switch shape {
        case .cross, .plus:
            let arm = shape == .cross ? r * 0.85 : r
            if shape == .cross {
                cairo_move_to(cr, c.x - arm, c.y - arm); cairo_line_to(cr, c.x + arm, c.y + arm)
                cairo_move_to(cr, c.x - arm, c.y + arm); cairo_line_to(cr, c.x + arm, c.y - arm)
            } else {
                cairo_move_to(cr, c.x - arm, c.y); cairo_line_to(cr, c.x + arm, c.y)
                cairo_move_to(cr, c.x, c.y - arm); cairo_line_to(cr, c.x, c.y + arm)
            }
            setColor(cr, fill ?? strokeColor)
            cairo_set_line_width(cr, max(lineWidth, size / 5))
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_stroke(cr)
            return
        case .circle:
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r, 0, 2 * Double.pi)
        case .square:
            let half = r * 0.9
            cairo_rectangle(cr, c.x - half, c.y - half, 2 * half, 2 * half)
        case .diamond:
            polygon(cr, [(0, -r), (r, 0), (0, r), (-r, 0)], c)
        case .triangle:
            polygon(cr, [(0, -r), (r, r * 0.8), (-r, r * 0.8)], c)
        case .invertedTriangle:
            polygon(cr, [(0, r), (r, -r * 0.8), (-r, -r * 0.8)], c)
        case .star:
            var corners: [(Double, Double)] = []
            for index in 0..<10 {
                let radius = index.isMultiple(of: 2) ? r : r * 0.45
                let angle = -Double.pi / 2 + Double(index) * Double.pi / 5
                corners.append((radius * cos(angle), radius * sin(angle)))
            }
            polygon(cr, corners, c)
        }
        if let fill {
            setColor(cr, fill)
            cairo_fill_preserve(cr)
        }
        setColor(cr, strokeColor)
        cairo_set_line_width(cr, lineWidth)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        cairo_stroke(cr)
    }

    private static func polygon(_ cr: OpaquePointer, _ corners: [(Double, Double)], _ c: ScenePoint) {
        guard let first = corners.first else { return }
        cairo_move_to(cr, c.x + first.0, c.y + first.1)
        for corner in corners.dropFirst() { cairo_line_to(cr, c.x + corner.0, c.y + corner.1) }
        cairo_close_path(cr)
    }

    /// One line of text whose `anchor` point sits at `at`, turned by `rotation` radians about that point
    /// (cairo's sense in y-down pixels: −π/2 reads bottom to top).
    private static func paintText(
        _ cr: OpaquePointer, _ text: String, _ at: ScenePoint, _ anchor: TextAnchor,
        _ size: Double, _ bold: Bool, _ color: RGBA, _ rotation: Double
    ) {
        guard !text.isEmpty, let layout = pango_cairo_create_layout(cr) else { return }
        defer { g_object_unref(gpointer(layout)) }
        let (width, height) = ChartFont.set(text, size: size, bold: bold, in: layout)
        let (fx, fy) = anchorFractions(anchor)
        cairo_save(cr)
        cairo_translate(cr, at.x, at.y)
        if rotation != 0 { cairo_rotate(cr, rotation) }
        cairo_move_to(cr, -fx * width, -fy * height)
        setColor(cr, color)
        pango_cairo_show_layout(cr, layout)
        cairo_restore(cr)
    }

    /// Where the anchor sits inside the text box, as fractions of its width and height.
    static func anchorFractions(_ anchor: TextAnchor) -> (Double, Double) {
        switch anchor {
        case .topLeft: return (0, 0)
        case .top: return (0.5, 0)
        case .topRight: return (1, 0)
        case .left: return (0, 0.5)
        case .center: return (0.5, 0.5)
        case .right: return (1, 0.5)
        case .bottomLeft: return (0, 1)
        case .bottom: return (0.5, 1)
        case .bottomRight: return (1, 1)
        }
    }
}
