import AudiographCore
import CGtk
import CGtkShim

/// The chart area of a window: a focusable GtkDrawingArea that paints the current document's scene.
///
/// Ownership: the drawing area belongs to the widget tree (its parent holds the only reference); this
/// object keeps a borrowed pointer, valid until the window is destroyed. The draw function's box holds
/// this view weakly and is released by the GDestroyNotify GTK calls when the area is finalized.
@MainActor
final class ChartView {
    let widget: UnsafeMutablePointer<GtkWidget>
    private var chart: ChartDescriptor?
    private var appearance = ChartAppearance()
    private let measure: any TextMeasuring
    /// The scene last painted, reused while the size, chart, appearance and focus stay the same.
    private var cachedScene: ChartScene?
    /// The current point; drawn as the cursor while the chart has keyboard focus.
    private(set) var current = ChartFocus(series: 0, index: 0)
    private var hasFocus = false

    private final class DrawBox {
        weak var view: ChartView?
        init(_ view: ChartView) { self.view = view }
    }

    private static let draw: GtkDrawingAreaDrawFunc = { _, cr, width, height, data in
        nonisolated(unsafe) let box = Unmanaged<DrawBox>.fromOpaque(data!).takeUnretainedValue()
        guard let context = cr else { return }
        nonisolated(unsafe) let borrowed = context
        MainActor.assumeIsolated { box.view?.paint(borrowed, width: Double(width), height: Double(height)) }
    }

    private static let releaseDrawBox: GDestroyNotify = { data in
        Unmanaged<DrawBox>.fromOpaque(data!).release()
    }

    init(measure: any TextMeasuring) {
        self.measure = measure
        widget = gtk_drawing_area_new()
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_focusable(widget, 1)
        gtk_widget_set_size_request(widget, 320, 240)
        let box = Unmanaged.passRetained(DrawBox(self)).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(widget), Self.draw, box, Self.releaseDrawBox)
        // Focus in and out redraw: the scene draws the focus ring and cursor only while focused.
        // The widget owns the controller once added.
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(gpointerOf(focus), "enter") { [weak self] in self?.focusChanged(true) }
        Signal.connect(gpointerOf(focus), "leave") { [weak self] in self?.focusChanged(false) }
        gtk_widget_add_controller(widget, focus)
    }

    private func focusChanged(_ focused: Bool) {
        hasFocus = focused
        cachedScene = nil
        gtk_widget_queue_draw(widget)
    }

    /// Shows `chart` (nil: nothing) and names the area after it for screen readers.
    func show(_ chart: ChartDescriptor?) {
        self.chart = chart
        current = ChartFocus(series: 0, index: 0)
        cachedScene = nil
        ag_gtk_accessible_set_label(opaque(widget), chart?.title ?? "")
        gtk_widget_queue_draw(widget)
    }

    /// Redraws with new appearance settings.
    func setAppearance(_ appearance: ChartAppearance) {
        guard appearance != self.appearance else { return }
        self.appearance = appearance
        cachedScene = nil
        gtk_widget_queue_draw(widget)
    }

    private func paint(_ cr: OpaquePointer, width: Double, height: Double) {
        guard let chart else { return }
        let scene: ChartScene
        if let cached = cachedScene, cached.width == width, cached.height == height {
            scene = cached
        } else {
            let focus = hasFocus && !chart.series.isEmpty ? current : nil
            scene = ChartScenes.make(chart, width: width, height: height, appearance: appearance, focus: focus,
                                     measure: measure)
            cachedScene = scene
        }
        ScenePainter.paint(scene, on: cr)
    }
}

/// The one place the viewer asks the core for a chart scene.
enum ChartScenes {
    static func make(_ chart: ChartDescriptor, width: Double, height: Double, appearance: ChartAppearance,
                     focus: ChartFocus?, measure: any TextMeasuring) -> ChartScene {
        ChartSceneBuilder.build(chart: chart, size: SceneSize(width: width, height: height), appearance: appearance,
                                focus: focus, measure: measure)
    }
}
