// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Foundation

/// A crowded chart's markers painted once into an image, on the layout worker, so the main loop paints them as
/// one image: GTK replaying 20,000 antialiased markers cost the main loop 85–110 ms when a dense scatter plot
/// appeared (docs/performance.md, issue 35).
///
/// Made by `init?(scene:scale:)` from the scene without its cursor: in a one-panel chart the markers come before
/// the cursor in every scene of one base, so their places in the items are the same with it; with several
/// panels a cursor in an upper one moves them, `fits` says no, and the markers are painted one by one. Ownership: the one cairo image
/// surface is this object's, destroyed with it on whichever thread lets go last (cairo's reference counts are
/// atomic, and nothing else draws on the surface once made).
final class MarkerRaster: @unchecked Sendable {
    /// Fewest markers in a row worth an image (a few thousand paint in a few milliseconds).
    static let minimumMarkers = 2_000

    /// The items the image stands for, and the first and last of them (checked again when painting).
    let items: Range<Int>
    /// Device pixels per pixel it was painted at.
    let scale: Int
    private let first: SceneItem, last: SceneItem
    private let surface: OpaquePointer

    /// The longest run of markers in `scene` painted at `scale` device pixels per pixel; nil when the run is short.
    init?(scene: ChartScene, scale: Int) {
        var best = 0..<0, start: Int?
        for (i, item) in scene.items.enumerated() {
            if case .marker = item {
                if start == nil { start = i }
                if let start, i + 1 - start > best.count { best = start..<(i + 1) }
            } else {
                start = nil
            }
        }
        let width = Int32((scene.width * Double(scale)).rounded(.up)), height = Int32((scene.height * Double(scale)).rounded(.up))
        guard best.count >= Self.minimumMarkers, width > 0, height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)
        else { return nil }
        // The scale first: a cairo context takes its surface's device transform when it is made.
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        for i in best { ScenePainter.paint(scene.items[i], on: cr) }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        items = best
        self.scale = scale
        first = scene.items[best.lowerBound]
        last = scene.items[best.upperBound - 1]
        self.surface = surface
    }

    deinit { cairo_surface_destroy(surface) }

    /// Whether this image stands for `scene`'s items in `items`.
    func fits(_ scene: ChartScene) -> Bool {
        scene.items.count >= items.upperBound && scene.items[items.lowerBound] == first
            && scene.items[items.upperBound - 1] == last
    }

    /// Paints the image over `cr`, whose unit is one pixel of the scene.
    func paint(on cr: OpaquePointer) {
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
    }
}
