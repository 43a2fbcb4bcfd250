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
    private let area: UnsafeMutablePointer<GtkWidget>
    private let layer = ChartElementLayer()
    /// Where the person is in the chart and what each chart action says and plays (toolkit-free).
    let session: ChartSession
    private var chart: ChartDescriptor? { session.chart }
    private var navigator: ChartNavigator? {
        get { session.navigator }
        set { session.navigator = newValue }
    }
    private var appearance = ChartAppearance()
    private let measure: any TextMeasuring
    /// The scene last painted, reused while the size, chart, appearance and focus stay the same.
    private var cachedScene: ChartScene?
    /// The chart drawn at the current size without its cursor: a cursor move redraws from this, without a
    /// pass over every point (180 ms at 30 million points before, under a millisecond now).
    private var sceneBase: ChartSceneBase? { didSet { markerRaster = nil } }
    /// The markers of `sceneBase` painted into an image on the layout worker (a crowded scatter plot), or nil.
    private var markerRaster: MarkerRaster?
    /// The size the elements were last placed for.
    private var placedSize: (width: Double, height: Double)?
    /// The layout being made on a worker for a big chart, and the size and appearance it is for.
    private var layout: (job: BackgroundJob, size: SceneSize, appearance: ChartAppearance)?
    /// The scene painted last, shown stretched while a big chart is laid out again at a new size.
    private var lastPainted: ChartScene?
    private var lastRaster: MarkerRaster?
    /// The size of the drawing area at its last paint (a new layout of a grown chart is made for it).
    private var drawnSize: SceneSize?
    private var hasFocus = false
    /// The application's sound device and sound settings, shared with the other windows.
    private let audio: AudioPlayback
    /// The analysis under way for the shown chart; cancelled by the next `show` and when the window closes.
    private var analysisJob: BackgroundJob?
    /// The description of a selected range under way (Shift+S).
    private var rangeJob: BackgroundJob?
    /// The timer that says the gathered new points once a sentence is due.
    private let newPointsTimer = MainLoopTimer()
    /// The new points' tones being rendered.
    private var newPointsSound: BackgroundJob?
    /// The scores Space plays, being made for a big chart.
    private var scoresJob: BackgroundJob?
    /// Counts the charts shown (each growth of a followed file is a new one), so an analysis of an older
    /// chart is not kept.
    private var chartGeneration = 0
    /// The timer that analyses a grown chart once its file has been quiet.
    private let analysisDelay = MainLoopTimer()
    /// How long a followed file must stay unchanged before the grown chart is analysed, in milliseconds.
    static let analysisQuietMilliseconds: UInt32 = 700
    /// The timer moving the cursor with the sound.
    private let followTimer = MainLoopTimer()
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
        session = ChartSession(feedback: feedback, soundSettings: { [audio] in audio.settings }, audioStatus: { [audio] in
            AudioStatus(state: audio.state, ownedByThisChart: me.view != nil && audio.owner === me.view,
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
        me.view = self
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
        chartGeneration += 1
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
        if let chart { analyse(chart) }
    }

    /// Starts the analysis and braille lines of `chart` on a worker (what S, D, N, [ and ] and B wait for), and
    /// its scores when it is big.
    private func analyse(_ chart: ChartDescriptor) {
        prepareScores(chart)
        let generation = chartGeneration
        analysisJob = BackgroundJob(name: "audiograph-analysis", work: { cancellation in
            DiagnosticDelay.wait(milliseconds: DiagnosticDelay.analysisMilliseconds, cancellation: cancellation)
            guard let analysis = ChartAnalysis.analyze(chart, cancellation: cancellation) else { return nil }
            // The braille lines take a pass over every point: made here too, off the main loop.
            return Findings(analysis: analysis, braille: ChartBraille(chart: chart))
        }, done: { [weak self] result in
            self?.analysed(result, of: generation)
        })
    }

    /// Makes the scores Space and Shift+Space play for a big chart on a worker and hands them to the session
    /// (each a pass over every point: 36 ms of the main loop at ten million points when made on a key).
    private func prepareScores(_ chart: ChartDescriptor) {
        scoresJob?.cancel()
        scoresJob = nil
        guard PreparedScores.areWorthPreparing(for: chart) else { return }
        let change = session.chartChanges, settings = audio.settings
        scoresJob = BackgroundJob(name: "audiograph-scores", work: { cancellation in
            PreparedScores(chart: chart, settings: settings, cancellation: cancellation)
        }, done: { [weak self] scores in
            guard let self else { return }
            self.scoresJob = nil
            self.session.offer(scores, forChartChange: change)
        })
    }

    /// Analyses the shown chart once its followed file has been quiet for `analysisQuietMilliseconds` (or
    /// when a key asks for the analysis, see `analysisOrWait`); a running analysis is let finish first.
    private func analyseWhenQuiet() {
        analysisDelay.once(after: Self.analysisQuietMilliseconds) { [weak self] in
            guard let self else { return }
            if self.analysisJob != nil { return self.analyseWhenQuiet() }
            if let chart = self.chart, self.session.analysis == nil { self.analyse(chart) }
        }
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
            chartGeneration += 1
            // The grown chart is analysed once the file has been quiet for a moment: a logger writing every
            // few hundred ms would else restart a big chart's analysis before it ever finished.
            if !effects.keepsAnalysisUnderWay {
                analysisJob?.cancel()
                analysisJob = nil
            }
            analyseWhenQuiet()
            if let navigator { layer.refit(navigator, wording: feedback.wording, comparison: session.currentComparison) }
            syncCursor(focus: false, redraw: false)
            redrawGrown()
        }
        if let score = effects.newPointsScore {
            // Up to a second of sound: rendered on a worker (about 20 ms here), played when ready.
            newPointsSound?.cancel()
            newPointsSound = BackgroundJob(name: "audiograph-new-points", work: { _ in Synthesizer().render(score) },
                                           done: { [weak self] buffer in
                guard let self, self.session.playback == nil else { return }
                self.newPointsSound = nil
                self.audio.play(buffer, owner: self)
            })
        }
        if effects.newPointsNoted { sayNewPoints() }
    }

    /// Draws the grown chart: a big one is laid out on a worker for the size last drawn, and the last picture
    /// stays up until it is done, with no frame between (that frame, the same picture again, cost the main
    /// loop 20–25 ms of a 10M-point chart's growth: docs/performance.md); a small or hidden one is drawn as usual.
    private func redrawGrown() {
        if let chart, let navigator, let size = drawnSize, lastPainted != nil,
           !Self.laysOutOnTheMainLoop(chart), gtk_widget_get_mapped(area) != 0 {
            layOutOnAWorker(chart, size: size, elements: navigator.elements)
        } else {
            gtk_widget_queue_draw(area)
        }
    }

    /// Says the new points gathered once a sentence is due, and sets a timer for when it will be.
    private func sayNewPoints() {
        if let sentence = session.newPointsSentence() {
            announce(sentence)
        } else if !newPointsTimer.isScheduled, let wait = session.secondsUntilNewPointsAreDue() {
            newPointsTimer.once(after: UInt32(max(0, wait) * 1000) + 1) { [weak self] in
                self?.sayNewPoints()
            }
        }
    }

    /// Stops the analysis and layout under way and forgets the shown chart's findings (another chart, or the
    /// window closing); returns at once.
    func cancelWork() {
        rangeJob?.cancel()
        rangeJob = nil
        newPointsTimer.cancel()
        newPointsSound?.cancel()
        newPointsSound = nil
        analysisDelay.cancel()
        layout?.job.cancel()
        layout = nil
        analysisJob?.cancel()
        analysisJob = nil
        scoresJob?.cancel()
        scoresJob = nil
        session.forgetFindings()
    }

    /// What the background job finds in a chart: its analysis and its braille lines.
    private struct Findings: Sendable {
        var analysis: ChartAnalysis
        var braille: ChartBraille
    }

    private func analysed(_ result: Findings, of generation: Int) {
        analysisJob = nil
        Trace.mark("analysis-ready")
        // Of a chart that has grown since: it answers the key that waited for it, and is not kept.
        apply(session.analysisReady(result.analysis, braille: result.braille, current: generation == chartGeneration))
    }

    /// The analysis of the shown chart, or nil while it is being made: then Orca says "Still analysing…"
    /// and `action` (D, say) is performed once it is ready. Never makes the main loop wait.
    func analysisOrWait(for action: ActionID.Chart) -> ChartAnalysis? {
        var effects = SessionEffects()
        let analysis = session.analysisOrWait(for: action, &effects)
        apply(effects)
        return analysis
    }

    /// The analysis is wanted (a key asked before it was ready): started now unless it is under way.
    private func analyseNow() {
        guard let chart, analysisJob == nil else { return }
        // A grown chart waiting for its file to be quiet: analysed now, since a key asks.
        analysisDelay.cancel()
        analyse(chart)
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
        case .describeRange(let part, let series, let copying)?: describeRange(part, series: series, copying: copying)
        case .copy(let text)?: Clipboard.copy(text)
        case .changeSpeed(let step)?:
            audio.changeLength(by: step)
            apply(session.speedChanged(by: step))
            if let chart { prepareScores(chart) }  // made again for the new length
        case .analysis?: analyseNow()
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

    /// What to type in Go To on this chart: "A Year, such as 1917, or the start of a label."
    var goToHint: String {
        guard let chart else { return "" }
        let first = chart.series.first?.x.first(where: \.isFinite).map { XValueFormatting(axis: chart.xAxis).string($0) } ?? ""
        switch chart.xAxis {
        case .date: return tr("A date of %@ in any spelling, such as %@, Sep 2008 or 15/9/2008.", chart.xAxis.title, first)
        case .numeric: return tr("A value of %@, such as %@.", chart.xAxis.title, first)
        case .categorical: return tr("A name in %@ or its start, such as %@.", chart.xAxis.title, first)
        }
    }

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

    /// Shift+S: the selected range's own description (its values, lowest and highest, trend and shape), made
    /// on a worker and said when ready; with `copying` (Ctrl+Shift+C) put on the clipboard, and "Copied" said.
    private func describeRange(_ part: ChartPart, series s: Int, copying: Bool) {
        rangeJob?.cancel()
        rangeJob = BackgroundJob(name: "audiograph-range", work: { cancellation -> String? in
            guard let analysis = ChartAnalysis.analyze(part.chart, cancellation: cancellation),
                  analysis.series.indices.contains(s) else { return nil }
            return analysis.series[s].description
        }, done: { [weak self] words in
            self?.rangeJob = nil
            if copying { Clipboard.copy(words) }
            self?.announce(copying ? tr("Copied") : words)
        })
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

    private func paint(_ cr: OpaquePointer, width: Double, height: Double) {
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
    private static func laysOutOnTheMainLoop(_ chart: ChartDescriptor) -> Bool {
        let points = chart.series.reduce(0) { $0 + $1.count }
        return points <= pointsLaidOutOnTheMainLoop && !(chart.kind == .scatter && points >= MarkerRaster.minimumMarkers)
    }

    /// Lays out `chart` at `size` on a worker, unless that is under way; the chart is drawn once it is done.
    private func layOutOnAWorker(_ chart: ChartDescriptor, size: SceneSize, elements: [SeriesElements]) {
        if let layout, layout.size == size, layout.appearance == appearance { return }
        layout?.job.cancel()
        let appearance = appearance, measure = measure, scale = Int(gtk_widget_get_scale_factor(area))
        Trace.mark("layout-start")
        let job = BackgroundJob(name: "audiograph-layout", work: { cancellation -> LaidOut? in
            let base = ChartScenes.prepare(chart, size: size, appearance: appearance, measure: measure)
            guard !cancellation.isCancelled else { return nil }
            let scene = base.scene(focus: nil, elements: elements)
            return LaidOut(base: base, frames: scene.elementFrames, raster: MarkerRaster(scene: scene, scale: max(1, scale)))
        }, done: { [weak self] laidOut in
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
        MainLoop.after(milliseconds: 1000) { [weak self] in
            guard let self, self.session.playback != nil, self.audio.owner === self, self.audio.isStarting else { return }
            self.announce(tr("Waiting for the sound device…"))
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

/// The one place the viewer asks the core for a chart scene.
enum ChartScenes {
    static func prepare(_ chart: ChartDescriptor, size: SceneSize, appearance: ChartAppearance,
                        measure: any TextMeasuring) -> ChartSceneBase {
        ChartSceneBuilder.prepare(chart: chart, size: size, appearance: appearance, measure: measure)
    }
}
