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
    /// The application's sound device, shared with the other windows.
    private let audio: AudioPlayback
    /// True from Space until Escape, a move or another chart: Space then pauses and resumes this sound.
    private var playingSeries = false

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

    init(measure: any TextMeasuring, audio: AudioPlayback) {
        self.measure = measure
        self.audio = audio
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
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(gpointerOf(keys)) { [weak self] keyval, state in
            self?.keyPressed(keyval, state: state) ?? false
        }
        gtk_widget_add_controller(widget, keys)
    }

    private func focusChanged(_ focused: Bool) {
        hasFocus = focused
        cachedScene = nil
        gtk_widget_queue_draw(widget)
    }

    /// Shows `chart` (nil: nothing) and names the area after it for screen readers.
    func show(_ chart: ChartDescriptor?) {
        stopSound()
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

    // MARK: Keys

    /// The chart's own keys (issue 5): moving the cursor plays the point's tone; Space plays the series.
    /// Keys with Control, Alt, Shift or Super are left to others (Ctrl+Left, Shift+Space come later).
    private func keyPressed(_ keyval: UInt32, state: GdkModifierType) -> Bool {
        let modifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue
            | GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue
        guard state.rawValue & modifiers == 0, let chart, !chart.series.isEmpty else { return false }
        let count = chart.series[current.series].count
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: move(to: ChartFocus(series: current.series, index: current.index - 1))
        case GDK_KEY_Right, GDK_KEY_KP_Right: move(to: ChartFocus(series: current.series, index: current.index + 1))
        case GDK_KEY_Home, GDK_KEY_KP_Home: move(to: ChartFocus(series: current.series, index: 0))
        case GDK_KEY_End, GDK_KEY_KP_End: move(to: ChartFocus(series: current.series, index: count - 1))
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up:
            move(to: ChartFocus(series: current.series - 1, index: current.index))
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down:
            move(to: ChartFocus(series: current.series + 1, index: current.index))
        case GDK_KEY_space, GDK_KEY_KP_Space: playOrPause()
        case GDK_KEY_Escape:
            guard playingSeries || audio.owner === self else { return false }
            stopSound()
        default:
            return false
        }
        return true
    }

    /// Moves the cursor to `target`, clamped to the chart (series first, then the index to that series' points),
    /// redraws and plays the point's tone, noting any gridline crossed on the way.
    private func move(to target: ChartFocus) {
        guard let chart, !chart.series.isEmpty else { return }
        let series = min(max(target.series, 0), chart.series.count - 1)
        let index = min(max(target.index, 0), max(chart.series[series].count - 1, 0))
        let next = ChartFocus(series: series, index: index)
        let previous = next.series == current.series && next != current ? current.index : nil
        if next != current {
            current = next
            cachedScene = nil
            gtk_widget_queue_draw(widget)
        }
        playingSeries = false
        let score = Sonifier(chart: chart).pointScore(series: series, index: index, from: previous)
        audio.play(Synthesizer().render(score), owner: self)
    }

    /// Space: plays the current series from the current point, or pauses and resumes what Space started.
    private func playOrPause() {
        guard let chart, chart.series.indices.contains(current.series) else { return }
        if playingSeries && audio.owner === self {
            switch audio.state {
            case .playing: audio.pause(); return
            case .paused: audio.resume(); return
            case .idle: break
            }
        }
        let score = Sonifier(chart: chart).score(.single(current.series))
        let buffer = Synthesizer().render(score)
        var frame = 0
        let series = chart.series[current.series]
        if let layout = score.layouts.first, series.x.indices.contains(current.index) {
            frame = buffer.frame(atSeconds: layout.slotStart(ofX: series.x[current.index]))
        }
        audio.play(buffer, fromFrame: frame, owner: self)
        playingSeries = true
    }

    /// Stops the sound this chart started (Escape, another chart, the window closing); others' sound plays on.
    func stopSound() {
        playingSeries = false
        if audio.owner === self { audio.stop() }
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
