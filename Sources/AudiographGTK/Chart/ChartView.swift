// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// The chart of a window: the drawing, and over it the elements a screen reader and the keyboard walk.
///
/// With the chart focused, the keys of `ActionTable.chartActions` move the cursor (playing each point's
/// tone, and moving the focus so Orca speaks the point), play and stop the audio graph, and speak the
/// summary and axes. The cursor follows the sound while it plays; pausing or stopping puts the focus on the
/// point last heard.
///
/// Ownership: `widget` (an overlay) belongs to the widget tree; the drawing area and the element layer belong
/// to it. This object keeps borrowed pointers, valid until the window is destroyed. The draw function's box
/// holds this view weakly and is released by the GDestroyNotify GTK calls when the area is finalized.
@MainActor
final class ChartView {
    let widget: UnsafeMutablePointer<GtkWidget>
    let area: UnsafeMutablePointer<GtkWidget>
    let layer = ChartElementLayer()
    /// Where the person is in the chart and what each chart action says and plays (toolkit-free).
    let session: ChartSession
    var chart: ChartDescriptor? { session.chart }
    var navigator: ChartNavigator? { session.navigator }
    /// The chart's work off the main loop (analysis, scores, a range's words, new points), decided in Core.
    private let work: ChartWork
    var appearance = ChartAppearance()
    let measure: any TextMeasuring
    /// The scene last painted, reused while the size, chart, appearance and focus stay the same.
    var cachedScene: ChartScene?
    /// The chart drawn at the current size without its cursor: a cursor move redraws from this, without a
    /// pass over every point (180 ms at 30 million points before, under a millisecond now).
    var sceneBase: ChartSceneBase? { didSet { markerRaster = nil } }
    /// The markers of `sceneBase` painted into an image on the layout worker (a crowded scatter plot), or nil.
    var markerRaster: MarkerRaster?
    /// The size the elements were last placed for.
    var placedSize: (width: Double, height: Double)?
    /// The layout being made on a worker for a big chart, and the size and appearance it is for.
    var layout: (job: BackgroundJob, size: SceneSize, appearance: ChartAppearance)?
    /// The scene painted last, shown stretched while a big chart is laid out again at a new size.
    var lastPainted: ChartScene?
    var lastRaster: MarkerRaster?
    /// The size of the drawing area at its last paint (a new layout of a grown chart is made for it).
    var drawnSize: SceneSize?
    var hasFocus = false
    /// The application's sound device and sound settings, shared with the other windows.
    private let audio: AudioPlayback
    /// The timer moving the cursor with the sound.
    private let followTimer = MainLoopTimer()
    /// The second after Space while the sound device opens, then "Waiting for the sound device…".
    private let deviceWait = MainLoopTimer()
    /// Called for D (chart details); the window opens the dialog.
    var onDetails: (() -> Void)?
    /// Called for B (braille lines) with the current series and the cell of the current point; the window
    /// opens the view.
    var onBraille: ((_ lines: ChartBraille, _ series: Int, _ cell: Int) -> Void)?
    /// Called for F3 before anything was found: the window opens Find Value.
    var onFindValue: (() -> Void)?
    /// The verbosity and the tone and speech switches, shared by every window.
    private let feedback: PointFeedback

    /// This view, for the session's view of the sound device (made before the view exists).
    private final class WeakView {
        weak var view: ChartView?
    }

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

    init(measure: any TextMeasuring, audio: AudioPlayback, feedback: PointFeedback) {
        self.measure = measure
        self.audio = audio
        self.feedback = feedback
        let me = WeakView()
        session = ChartSession(
            feedback: feedback, soundSettings: { [audio] in audio.settings },
            audioStatus: { [audio] in
                AudioStatus(
                    state: audio.state, ownedByThisChart: me.view != nil && audio.owner === me.view,
                    isStarting: audio.isStarting, currentFrame: audio.currentFrame, lastFailure: audio.lastFailure)
            })
        widget = gtk_overlay_new()
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        // The drawing is for eyes; screen readers get the element layer instead.
        area = ag_gtk_widget_new_with_role(gtk_drawing_area_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_widget_set_size_request(area, 320, 240)
        gtk_overlay_set_child(gcast(widget), area)
        gtk_overlay_add_overlay(gcast(widget), layer.group)
        gtk_overlay_add_overlay(gcast(widget), layer.speechOff)
        work = ChartWork(jobs: GLibJobs.shared, session: session)
        me.view = self
        work.onAnalysed = { [weak self] in self?.apply($0) }
        work.onRangeDescribed = { [weak self] words, copying in
            if copying { Clipboard.copy(words) }
            self?.announce(copying ? Localization.tr("Copied") : words)
        }
        work.onNewPointsSound = { [weak self] buffer in
            guard let self, self.session.playback == nil else { return }
            self.audio.play(buffer, owner: self)
        }
        work.onNewPointsSentence = { [weak self] in self?.announce($0) }
        let box = Unmanaged.passRetained(DrawBox(self)).toOpaque()
        gtk_drawing_area_set_draw_func(gcast(area), Self.draw, box, Self.releaseDrawBox)
        // Focus entering or leaving the chart (any of its elements) redraws the focus frame and cursor.
        // The overlay owns the controllers once added.
        let focus = gtk_event_controller_focus_new()!
        Signal.connect(gpointerOf(focus), "enter") { [weak self] in self?.focusChanged(true) }
        Signal.connect(gpointerOf(focus), "leave") { [weak self] in self?.focusChanged(false) }
        gtk_widget_add_controller(widget, focus)
        let keys = gtk_event_controller_key_new()!
        Signal.connectKeyPressed(gpointerOf(keys)) { [weak self] _, _ in
            Trace.mark("key")
            // The controller is the overlay's while this runs; the event is GTK's, valid during the signal.
            guard let event = gtk_event_controller_get_current_event(keys) else { return false }
            return self?.keyPressed(event) ?? false
        }
        gtk_widget_add_controller(widget, keys)
    }

    private func focusChanged(_ focused: Bool) {
        hasFocus = focused
        cachedScene = nil
        gtk_widget_queue_draw(area)
    }

    /// Shows `chart` (nil: nothing) whole, rebuilds its accessible elements and analyses it in the background.
    func show(_ chart: ChartDescriptor?) {
        show(prepared: chart.map(ChartNavigator.init(chart:)))
    }

    /// Shows the chart of `prepared` as `show(_:)` does, with its navigator made on a worker (a big chart's
    /// costs a pass over the points, or a sort: not for the main loop).
    func show(prepared: ChartNavigator?) {
        session.show(nil)
        present(prepared: prepared)
    }

    /// Shows the chart of `prepared` (the document's, or a part of it while zoomed) with the cursor on its first
    /// point.
    private func present(prepared: ChartNavigator?) {
        Trace.mark("present-start")  // bench/chart_appears.py measures from here
        stopSound()
        cancelWork()
        session.present(prepared: prepared)
        let chart = prepared?.chart
        cachedScene = nil
        sceneBase = nil
        placedSize = nil
        lastPainted = nil
        lastRaster = nil
        layer.rebuild(navigator, wording: feedback.wording, comparison: session.currentComparison)
        syncCursor(focus: false)
        gtk_widget_queue_draw(area)
        if chart != nil { work.chartShown(settings: audio.settings) }
    }

    /// The file grew (View ▸ Follow File): the session puts `grown` in the shown chart's place (the person's
    /// place kept); this drops the drawing, plays the new points of the current series (unless a sound is
    /// playing) and says what arrived, at most once a second ("12 new points, latest 4.2"). `grown` is the grown
    /// chart's navigator, and `growths` how each series grew, both made on the follower's worker.
    func grow(to grown: ChartNavigator, growths: PreparedGrowth? = nil) {
        Trace.mark("grow-start")
        defer { Trace.mark("grow-end") }
        // The chart grown from is freed off the main loop (its columns are as big as the file).
        BackgroundJob.release(session.navigator)
        defer { BackgroundJob.release(growths) }
        guard let effects = session.grow(to: grown.chart, prepared: grown, growths: growths) else {
            return show(prepared: grown)
        }
        if effects.replaced {
            cachedScene = nil
            sceneBase = nil
            placedSize = nil
            layout?.job.cancel()
            layout = nil
            if let navigator { layer.refit(navigator, wording: feedback.wording, comparison: session.currentComparison) }
            syncCursor(focus: false, redraw: false)
            redrawGrown()
        }
        work.chartGrew(effects, settings: audio.settings)
    }

    /// Draws the grown chart: a big one is laid out on a worker for the size last drawn, and the last picture
    /// stays up until it is done, with no frame between (that frame, the same picture again, cost the main
    /// loop 20–25 ms of a 10M-point chart's growth: docs/performance.md); a small or hidden one is drawn as usual.
    private func redrawGrown() {
        if let chart, let navigator, let size = drawnSize, lastPainted != nil,
            !Self.laysOutOnTheMainLoop(chart), gtk_widget_get_mapped(area) != 0
        {
            layOutOnAWorker(chart, size: size, elements: navigator.elements)
        } else {
            gtk_widget_queue_draw(area)
        }
    }

    /// Stops the analysis and layout under way and forgets the shown chart's findings (another chart, or the
    /// window closing); returns at once.
    func cancelWork() {
        layout?.job.cancel()
        layout = nil
        work.cancel()
    }

    /// The analysis of the shown chart, or nil while it is being made: then Orca says "Still analysing…"
    /// and `action` (D, say) is performed once it is ready. Never makes the main loop wait.
    func analysisOrWait(for action: ActionID.Chart) -> ChartAnalysis? {
        var effects = SessionEffects()
        let analysis = session.analysisOrWait(for: action, &effects)
        apply(effects)
        return analysis
    }

    /// The shown chart.
    var shownChart: ChartDescriptor? { chart }

    /// Gives the keyboard focus to the chart's current element.
    /// The chart's name as the accessibility bus has it, or nil before a chart is shown.
    var accessibleName: String? { layer.groupName.flatMap { $0.isEmpty ? nil : $0 } }

    func grabFocus() {
        if !layer.grabFocus() { gtk_widget_grab_focus(widget) }
    }

    /// Redraws with new appearance settings.
    func setAppearance(_ appearance: ChartAppearance) {
        guard appearance != self.appearance else { return }
        self.appearance = appearance
        cachedScene = nil
        sceneBase = nil
        placedSize = nil
        gtk_widget_queue_draw(area)
    }

    // MARK: Keys and actions

    /// A chart key from the action table: keyval and modifiers as gtk_accelerator_parse reads the accelerator,
    /// and its command. The keyval is the shifted one where the accelerator has Shift ("<Shift>n" is N),
    /// so gdk_key_event_matches finds the key's place at that level in the Latin layout (below).
    private static let keyTable: [(keyval: UInt32, modifiers: GdkModifierType, command: ActionID.Chart)] = {
        ActionTable.chartActions.flatMap { entry -> [(UInt32, GdkModifierType, ActionID.Chart)] in
            guard case .chart(let command) = entry.id else { return [] }
            return entry.accelerators.compactMap { accelerator -> (UInt32, GdkModifierType, ActionID.Chart)? in
                var key: guint = 0
                var mods = GdkModifierType(rawValue: 0)
                guard gtk_accelerator_parse(accelerator, &key, &mods) != 0 else { return nil }
                if mods.rawValue & GDK_SHIFT_MASK.rawValue != 0 { key = gdk_keyval_to_upper(key) }
                return (key, mods, command)
            }
        }
    }()

    /// Performs the chart action of a key press, matched as GtkShortcutController matches the global
    /// accelerators: a key whose keyval is the accelerator's wins (an exact match); otherwise a key in the
    /// accelerator's place in another layout of the keyboard (a partial match), so on a Russian or Greek
    /// layout the key where N is on a US keyboard (т, ν) still means N. Caps Lock is ignored. False when no
    /// chart action has this key or the action does not apply now (the key passes on).
    private func keyPressed(_ event: OpaquePointer) -> Bool {
        var partial: ActionID.Chart?
        for key in Self.keyTable {
            switch gdk_key_event_matches(event, key.keyval, key.modifiers) {
            case GDK_KEY_MATCH_EXACT: return perform(key.command)
            case GDK_KEY_MATCH_PARTIAL where partial == nil: partial = key.command
            default: break
            }
        }
        return partial.map { perform($0) } ?? false
    }

    /// Performs a chart action through the session and carries out what it asks; false when the action does
    /// not apply now (the key passes on).
    @discardableResult
    func perform(_ command: ActionID.Chart) -> Bool {
        apply(session.perform(command))
    }

    /// Carries out a session step: stops, shows, renames, moves the cursor, plays, redraws, speaks and does
    /// what only the view can, in that order. False when the step did not apply (the key passes on).
    @discardableResult
    private func apply(_ effects: SessionEffects) -> Bool {
        guard effects.handled else { return false }
        if effects.stopsSound { silence() } else if effects.stopsPlayback { followTimer.cancel() }
        if let shown = effects.present { present(prepared: shown.navigator, series: shown.series, x: shown.x) }
        if effects.elements == .rename, let navigator {
            layer.rename(navigator, wording: feedback.wording, comparison: session.currentComparison)
        }
        switch effects.cursor {
        case .moveFocus?: syncCursor(focus: true)
        case .keepFocus?: syncCursor(focus: false)
        case .nameOnly?: layer.setGroupName(session.groupName())
        case nil: break
        }
        if effects.holdsFocusWithoutSpeech, hasFocus { layer.holdFocusWithoutSpeech() }
        switch effects.sound {
        case .score(let score)?: audio.play(Synthesizer().render(score), owner: self)
        case .edgeCue?: if let chart { audio.play(Synthesizer().render(Sonifier(chart: chart).edgeScore()), owner: self) }
        case nil: break
        }
        if effects.redraw {
            cachedScene = nil
            gtk_widget_queue_draw(area)
        }
        effects.speech.forEach(announce)
        switch effects.playback {
        case .start(let start)?: startSound(start)
        case .pause?:
            audio.pause()
            followTimer.cancel()
        case .resume?:
            audio.resume()
            startFollowing()
        case nil: break
        }
        switch effects.request {
        case .details?: onDetails?()
        case .braille(let lines, let series, let cell)?: onBraille?(lines, series, cell)
        case .describeRange(let part, let series, let copying)?: work.describeRange(part, series: series, copying: copying)
        case .copy(let text)?: Clipboard.copy(text)
        case .changeSpeed(let step)?:
            audio.changeLength(by: step)
            apply(session.speedChanged(by: step))
            work.prepareScores(settings: audio.settings)  // made again for the new length
        case .analysis?: work.analysisWanted(settings: audio.settings)
        case .findValue?: onFindValue?()
        case nil: break
        }
        return true
    }

    // MARK: Go To and Find Value

    /// Ctrl+G's text: the cursor moves in the session at once; the viewer carries out the effects with `land`.
    func goTo(_ text: String) -> SearchOutcome { session.goTo(text) }
    /// Ctrl+F's text, kept for F3.
    func find(_ text: String) -> SearchOutcome { session.find(text) }
    /// What was typed last in each, shown again when it opens.
    var goToText: String { session.goToText }
    var findText: String { session.findText }

    /// What to type in Go To on this chart (`ChartSession.goToHint`).
    var goToHint: String { session.goToHint }

    /// Ctrl+T: what the shown chart's table is made from, and the selected range's words when one is.
    func dataTable() -> (request: DataTableRequest, range: String?)? {
        guard let request = session.dataTableRequest(), let chart else { return nil }
        let range = session.selectedSpan.map { XValueFormatting(axis: chart.xAxis).span($0.lowerBound, $0.upperBound) }
        return (request, range)
    }

    /// The data table's cursor reached a point: the chart's cursor follows and plays its tone.
    func followTable(series: Int, point: Int) {
        apply(session.followTable(series: series, point: point))
    }

    /// After Go To or Find moved the cursor and the chart has the focus again: the point gets the focus and
    /// its tone plays; the words to say are returned, for the window to say once it is active.
    func land(_ effects: SessionEffects) -> [String] {
        var quiet = effects
        quiet.speech = []
        apply(quiet)
        return effects.speech
    }

    /// The verbosity changed (here or in another window, or in Preferences): every element is renamed.
    func feedbackChanged() {
        guard let navigator else { return }
        layer.rename(navigator, wording: feedback.wording, comparison: session.currentComparison)
        if feedback.speech, layer.holdsFocusWithoutSpeech { syncCursor(focus: true) }
    }

    /// The braille view's caret reached `cell` of series `series`' line: the cursor moves to the first point
    /// drawn there and plays its tone; the chart's name says where it is (the focus is in the braille view).
    func followBraille(series: Int, cell: Int) {
        apply(session.followBraille(series: series, cell: cell))
    }

    // MARK: Ranges, zoom and following

    /// Whether the window follows the chart's file as it grows (said in the chart's name, for Where Am I and
    /// for a window that starts following before Orca reads it).
    var followsFile: Bool {
        get { session.followsFile }
        set {
            guard newValue != session.followsFile else { return }
            session.followsFile = newValue
            syncCursor(focus: false)
        }
    }

    /// Shows the chart of `prepared` with the cursor in series `series` on the point nearest `x`, the focus there.
    private func present(prepared: ChartNavigator, series: Int, x: Double?) {
        let focused = hasFocus
        present(prepared: prepared)
        session.placeCursor(series: series, x: x)
        syncCursor(focus: true)
        if focused, !hasFocus { grabFocus() }  // the focused element went with the old chart's
    }

    // MARK: Cursor, focus and drawing

    /// Puts the element layer's focusable element and the group's name on the navigator's cursor, redraws,
    /// and moves the keyboard focus there when `focus` is true or the chart had it; `redraw` false leaves the
    /// redrawing to the caller.
    private func syncCursor(focus: Bool, redraw: Bool = true) {
        guard let navigator, chart != nil else {
            layer.setGroupName("")
            return
        }
        let here = navigator.current
        layer.setGroupName(session.groupName())
        if focus, hasFocus, !feedback.speech, here != nil {
            // Point speech off: the focus waits on the layer's "point speech is off" element, since every
            // focus move makes Orca speak; the group's name says the point (docs/decisions.md, "Point speech off").
            layer.holdFocusWithoutSpeech()
        } else {
            layer.setCurrent(series: navigator.series, element: navigator.element, focus: focus && hasFocus)
        }
        cachedScene = nil
        if redraw { gtk_widget_queue_draw(area) }
    }

    // MARK: Playing

    /// Starts what the session asked for: the score rendered, played from its place, the cursor following;
    /// the words are said once the sound has started (while the device opens, a failure may follow).
    private func startSound(_ start: SoundStart) {
        let buffer = Synthesizer().render(start.score)
        startFollowing()
        audio.play(buffer, fromFrame: buffer.frame(atSeconds: start.fromSeconds), owner: self) { [weak self] outcome in
            guard let self else { return }
            switch outcome {
            case .started: self.announce(start.startedWords)
            case .restored: self.announce(start.restoredWords)
            case .failed(let failure):
                self.followTimer.cancel()
                self.apply(self.session.noSound(failure))
            }
        }
        if audio.isStarting { sayWhileTheDeviceOpens() }
    }

    /// Says that the sound is coming when the device takes more than a second to open (a busy or slow
    /// device), so silence after Space is not taken for a frozen window.
    private func sayWhileTheDeviceOpens() {
        deviceWait.once(after: 1000) { [weak self] in
            guard let self, self.session.playback != nil, self.audio.owner === self, self.audio.isStarting else { return }
            self.announce(Localization.tr("Waiting for the sound device…"))
        }
    }

    /// The cursor follows the sound, ten times a second, without moving the focus (Orca would talk over it).
    private func startFollowing() {
        followTimer.repeating(every: 100) { [weak self] in
            guard let self else { return false }
            let (goOn, effects) = self.session.followSound()
            self.apply(effects)
            return goOn
        }
    }

    /// Stops the sound this chart plays and the cursor's following of it; others' sound plays on.
    private func silence() {
        followTimer.cancel()
        deviceWait.cancel()
        if audio.owner === self { audio.stop() }
    }

    /// Stops the sound this chart started (another chart, the window closing); others' sound plays on.
    func stopSound() {
        session.endPlayback()
        silence()
    }

    // MARK: Speech

    /// Speaks `message` through the screen reader without moving the focus.
    func announce(_ message: String) {
        Widgets.announce(message, in: widget)
    }
}
