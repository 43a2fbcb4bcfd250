// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// Painting the chart: the scene at the drawing area's size (cached, or from the layout without its cursor), a
/// big chart laid out on a worker while the last picture stays up stretched, and the elements placed over their
/// points.
extension ChartView {
    func paint(_ cr: OpaquePointer, width: Double, height: Double) {
        guard let chart, let navigator else { return }
        let size = SceneSize(width: width, height: height)
        drawnSize = size
        if let raster = markerRaster, raster.scale != Int(gtk_widget_get_scale_factor(area)) {
            // Moved to a screen of another scale: the markers' image is made again, at this one.
            sceneBase = nil
            cachedScene = nil
        }
        let scene: ChartScene
        if let cached = cachedScene, cached.width == width, cached.height == height {
            scene = cached
        } else if let base = sceneBase.flatMap({ $0.size == size ? $0 : nil }) {
            scene = sceneFrom(base, placing: placedSize.map { $0.width != width || $0.height != height } ?? true)
        } else if Self.laysOutOnTheMainLoop(chart) {
            sceneBase = ChartScenes.prepare(chart, size: size, appearance: appearance, measure: measure)
            scene = sceneFrom(sceneBase!, placing: true)
        } else {
            layOutOnAWorker(chart, size: size, elements: navigator.elements)
            paintPlaceholder(cr, width: width, height: height)
            return
        }
        let started = Trace.isEnabled ? Trace.now() : 0
        ScenePainter.paint(scene, on: cr, raster: markerRaster)
        lastPainted = scene
        lastRaster = markerRaster
        if Trace.isEnabled {
            Trace.write("redraw-start", at: started)
            Trace.mark("redraw-end")
        }
    }

    /// The scene of `base` with the cursor, cached; with `placing`, the elements are moved to where their
    /// points are drawn (a pass over the points).
    private func sceneFrom(_ base: ChartSceneBase, placing: Bool) -> ChartScene {
        guard let navigator else { return base.scene(focus: nil) }
        let scene = base.scene(focus: hasFocus ? session.sceneFocus : nil, elements: placing ? navigator.elements : [])
        cachedScene = scene
        if placing { place(scene.elementFrames, size: base.size) }
        return scene
    }

    /// Puts the accessible elements over their points, after the paint under way (moving widgets while GTK
    /// paints would start a new layout inside this one).
    private func place(_ frames: [[SceneRect]], size: SceneSize) {
        placedSize = (size.width, size.height)
        MainLoop.post { [weak self] in
            self?.layer.place(frames, width: size.width, height: size.height)
            Trace.mark("place-end")  // the elements are over their points
        }
    }

    /// Charts with more points than this are laid out on a worker: a layout costs about 10 ms per million
    /// points, and the main loop must not stall over 50 ms.
    private static let pointsLaidOutOnTheMainLoop = 250_000

    /// Whether `chart` is laid out on the main loop: not when it has many points, nor a scatter plot with more
    /// points than a marker image is made for (GTK takes about 4 ms per 1,000 markers to paint them).
    static func laysOutOnTheMainLoop(_ chart: ChartDescriptor) -> Bool {
        let points = chart.series.reduce(0) { $0 + $1.count }
        return points <= pointsLaidOutOnTheMainLoop && !(chart.kind == .scatter && points >= MarkerRaster.minimumMarkers)
    }

    /// Lays out `chart` at `size` on a worker, unless that is under way; the chart is drawn once it is done.
    func layOutOnAWorker(_ chart: ChartDescriptor, size: SceneSize, elements: [SeriesElements]) {
        if let layout, layout.size == size, layout.appearance == appearance { return }
        layout?.job.cancel()
        let appearance = appearance, measure = measure, scale = Int(gtk_widget_get_scale_factor(area))
        Trace.mark("layout-start")
        let job = BackgroundJob(
            name: "audiograph-layout",
            work: { cancellation -> LaidOut? in
                let base = ChartScenes.prepare(chart, size: size, appearance: appearance, measure: measure)
                guard !cancellation.isCancelled else { return nil }
                let scene = base.scene(focus: nil, elements: elements)
                return LaidOut(base: base, frames: scene.elementFrames, raster: MarkerRaster(scene: scene, scale: max(1, scale)))
            },
            done: { [weak self] laidOut in
                self?.laidOut(laidOut)
            })
        layout = (job, size, appearance)
    }

    private func laidOut(_ result: LaidOut) {
        layout = nil
        sceneBase = result.base
        markerRaster = result.raster
        cachedScene = nil
        place(result.frames, size: result.base.size)
        gtk_widget_queue_draw(area)
    }

    /// A chart laid out on a worker: the scene without its cursor, where each element goes, and its markers as
    /// an image when there are many.
    private struct LaidOut: Sendable {
        var base: ChartSceneBase
        var frames: [[SceneRect]]
        var raster: MarkerRaster?
    }

    /// While a new layout is made: the last scene drawn, stretched to the new size, or nothing at first.
    private func paintPlaceholder(_ cr: OpaquePointer, width: Double, height: Double) {
        guard let last = lastPainted, last.width > 0, last.height > 0 else { return }
        cairo_save(cr)
        cairo_scale(cr, width / last.width, height / last.height)
        ScenePainter.paint(last, on: cr, raster: lastRaster)
        cairo_restore(cr)
    }
}

/// The one place the viewer asks the core for a chart scene.
enum ChartScenes {
    static func prepare(
        _ chart: ChartDescriptor, size: SceneSize, appearance: ChartAppearance,
        measure: any TextMeasuring
    ) -> ChartSceneBase {
        ChartSceneBuilder.prepare(chart: chart, size: size, appearance: appearance, measure: measure)
    }
}
