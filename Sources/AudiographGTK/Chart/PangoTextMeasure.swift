// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Foundation

/// The font every chart text uses: the desktop's sans-serif (DejaVu Sans on a bare Debian).
enum ChartFont {
    static let family = "Sans"

    /// A new font description for `size` pixels (caller frees it with pango_font_description_free).
    static func description(size: Double, bold: Bool) -> OpaquePointer {
        let font = pango_font_description_new()!
        pango_font_description_set_family(font, family)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        return font
    }

    /// Puts `text` in chart type at `size` pixels into `layout`; returns its logical width and height in pixels.
    /// The one place the measurer and the painter set text, so what is measured is what is drawn.
    static func set(_ text: String, size: Double, bold: Bool, in layout: OpaquePointer) -> (width: Double, height: Double) {
        let font = description(size: size, bold: bold)
        defer { pango_font_description_free(font) }
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }
}

/// Measures chart text with Pango, exactly as `ScenePainter` will draw it, so the layout leaves the
/// right room for labels.
///
/// Thread-safe: it owns a private Pango font map and context (not the per-thread default font map),
/// used under a lock, so the scene can be built on any thread. Widths are cached per text, size and weight.
/// Ownership: the font map and context are created here and unreffed in deinit; nothing else holds them.
final class PangoTextMeasure: TextMeasuring, @unchecked Sendable {
    private struct Key: Hashable { var text: String; var size: Double; var bold: Bool }

    private let lock = NSLock()
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    private let context: OpaquePointer
    private var cache: [Key: Double] = [:]

    init() {
        fontMap = pango_cairo_font_map_new()
        context = pango_font_map_create_context(fontMap)
    }

    deinit {
        g_object_unref(gpointer(context))
        g_object_unref(gpointer(fontMap))
    }

    func width(of text: String, size: Double, bold: Bool) -> Double {
        let key = Key(text: text, size: size, bold: bold)
        return lock.withLock {
            if let known = cache[key] { return known }
            let layout = pango_layout_new(context)!
            defer { g_object_unref(gpointer(layout)) }
            let width = ChartFont.set(text, size: size, bold: bold, in: layout).width
            if cache.count > 4096 { cache.removeAll() }
            cache[key] = width
            return width
        }
    }
}
