// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// One window: the start page, a file loading, a chart, or why a file couldn't be opened.
///
/// Ownership: the GtkApplicationWindow belongs to GTK (the application's window list and GTK's toplevel
/// list hold it until gtk_window_destroy). The `AudiographApplication` keeps this object in its window list
/// until the window's "destroy" signal; widgets inside are owned by their parents and referenced here
/// only by borrowed pointers, which are not used after "destroy".
@MainActor
final class DocumentWindow {
    /// What the window shows, and of which table.
    enum Content: Equatable {
        case start
        case loading(TableSource)
        case chart(TableSource)
        case failed(TableSource)
    }

    let window: UnsafeMutablePointer<GtkWidget>
    private(set) var content: Content = .start {
        didSet { updateActions() }
    }
    private(set) var document: ChartDocument?
    private let stack: UnsafeMutablePointer<GtkWidget>
    private var startPage: UnsafeMutablePointer<GtkWidget>?
    private let loadingPage: LoadingPage
    private let errorPage: ErrorPage
    private let chartView: ChartView
    private let warnings: UnsafeMutablePointer<GtkWidget>
    /// Ctrl+E's progress and Cancel, under the chart while a WAV file is being saved.
    private let exportRow: ExportRow
    /// The workbook's sheets, beside the buttons when it has more than one.
    private let sheetChooser = SheetChooser()
    /// The sheet being read after a choice in `sheetChooser`, until its chart is shown or refused.
    private var sheetBeingOpened: String?
    private unowned let app: AudiographApplication
    /// Where a chart chosen with Remember is kept for tables of the same columns.
    var columnChoices: ColumnSetChoices { app.columnChoices }
    private let audio: AudioPlayback
    private var loader: DocumentLoader?
    /// The shown file followed as it grows (View ▸ Follow File); nil when not following.
    private var follower: FileFollower?
    /// Follow each file this window opens once it is shown (`audiograph --follow`).
    var followWhenLoaded = false
    /// A load that charts the shown file again with other settings, keeping the chart until it is done.
    private var rechartLoader: DocumentLoader?
    /// The actions that need a chart (Choose Columns, the chart keys, export), enabled while one is
    /// shown (the window's action map holds them).
    private var chartActions: [OpaquePointer] = []
    /// The open chart details dialog, until its window is destroyed.
    private var details: ChartDetails?
    /// The open braille view, until its window is destroyed.
    private var brailleView: BrailleView?
    /// The open data table, until its window is destroyed, and the job making its rows before it opens.
    private var dataTable: DataTableWindow?
    private var dataTableJob: BackgroundJob?
    /// The open Go To or Find Value dialog, until its window is destroyed.
    private var searchDialog: PointSearchDialog?
    /// The open column picker, until its window is destroyed.
    private var picker: ColumnPicker?
    /// The open Other Charts window, until it is destroyed.
    private var otherCharts: OtherCharts?
    /// Content to return to when a load is cancelled.
    private var contentBeforeLoad: Content = .start
    private var destroyed = false

    /// Milliseconds a load may take before the progress page replaces what the window shows.
    static let progressDelayMilliseconds: UInt32 = 150

    init(app: AudiographApplication, measure: any TextMeasuring, audio: AudioPlayback, feedback: PointFeedback) {
        self.app = app
        self.audio = audio
        window = gtk_application_window_new(app.application)
        gtk_window_set_default_size(gcast(window), 960, 640)
        gtk_application_window_set_show_menubar(gcast(window), 1)
        ObjectCensus.track(window, as: "DocumentWindow")

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(gcast(stack), GTK_STACK_TRANSITION_TYPE_NONE)
        // The pages' buttons call back into this window, which does not exist yet: through a weak relay.
        let relay = WeakRelay()
        loadingPage = LoadingPage(cancel: { relay.window?.cancelLoad() })
        errorPage = ErrorPage(showStart: { relay.window?.showStartPage() })
        chartView = ChartView(measure: measure, audio: audio, feedback: feedback)
        exportRow = ExportRow(announce: { relay.window?.chartView.announce($0) })
        warnings = Widgets.label("", wrap: true, xalign: 0)
        gtk_label_set_max_width_chars(gcast(warnings), 200)
        gtk_widget_set_margin_start(warnings, 12)
        gtk_widget_set_margin_end(warnings, 12)
        gtk_widget_set_margin_bottom(warnings, 6)
        gtk_widget_set_visible(warnings, 0)
        let chartPage = Widgets.box(vertical: true, spacing: 0)
        Widgets.append(chartPage, chartView.widget)
        // The two things a newcomer looks for, as buttons after the chart in the Tab order.
        let bar = Widgets.box(vertical: false, spacing: 8)
        Widgets.setMargins(bar, 6)
        Widgets.append(bar, Widgets.button(tr("_Play"), action: ActionID.chart(.play).name))
        Widgets.append(bar, Widgets.button(tr("Chart _Details…"), action: ActionID.chart(.details).name))
        Widgets.append(bar, sheetChooser.widget)
        // Beside the buttons, not under them: the chart keeps its size (a big chart is laid out again on resize).
        Widgets.append(bar, exportRow.widget)
        Widgets.append(chartPage, bar)
        Widgets.append(chartPage, warnings)

        addPage(loadingPage.widget, "loading")
        addPage(errorPage.widget, "error")
        addPage(chartPage, "chart")
        gtk_window_set_child(gcast(window), stack)

        relay.window = self
        chartView.onDetails = { relay.window?.showDetails() }
        chartView.onBraille = { relay.window?.showBraille($0, series: $1, cell: $2) }
        chartView.onFindValue = { relay.window?.showSearch(.findValue) }
        sheetChooser.onChoose = { relay.window?.chooseSheet($0) }
        addWindowActions()
        addDropTarget()
        addMenuBarEscape()
        Signal.connectWithPointer(gpointerOf(window), "notify::is-active") { _ in relay.window?.windowActivated() }
        // F11 changes nothing a screen reader would notice: say it once the window manager has done it.
        Signal.connectWithPointer(gpointerOf(window), "notify::fullscreened") { _ in
            guard let window = relay.window else { return }
            Widgets.announce(gtk_window_is_fullscreen(gcast(window.window)) != 0 ? tr("Full screen") : tr("Full screen off"),
                             in: window.window)
        }
        Signal.connect(gpointerOf(window), "destroy") { [weak self] in self?.windowDestroyed() }
        showStartPage()
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(DocumentWindow.self) }

    /// Adds `page` to the stack as `name`. GTK 4.8 names an unlabelled stack page "GtkStackPage" on the
    /// accessibility bus, and Orca said "GtkStackPage panel" on the way into the chart: it gets an empty name.
    private func addPage(_ page: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard let stackPage = gtk_stack_add_named(gcast(stack), page, name) else { return }
        ag_gtk_accessible_set_label(stackPage, "")
    }

    /// Shows and focuses the window.
    func present() { gtk_window_present(gcast(window)) }

    /// The window became the active one (it opened, or the person switched back to it): the focus is given
    /// again to the widget that had it. GTK 4.8 sends screen readers no window:activate and no focus event
    /// for a window that opens with its focus already placed, so Orca stayed silent, and it ignores speech
    /// from a window it does not know is active. A fresh focus event tells it, and it says the window and
    /// where the person is, as it does for other applications.
    private func windowActivated() {
        guard !destroyed, gtk_window_is_active(gcast(window)) != 0, let focus = gtk_window_get_focus(gcast(window)) else { return }
        refocus(focus)
        sayPendingAnnouncement()
        guard !waitedForRegistration else { return }
        waitedForRegistration = true
        // A window manager may activate a new window before GTK has joined the accessibility registry, and
        // Orca then drops what the window said as coming from an unknown application. If the program joins
        // only now, the window says again where the person is.
        AccessibilityRegistration.shared.whenJoiningLate { [weak self] in self?.sayWhereAfterLateJoin() }
    }

    private var waitedForRegistration = false

    /// What is to be said once the window has the focus back, or nil.
    private var pendingAnnouncement: String?
    /// Longest wait, in milliseconds, for the window to be active again before a pending announcement is said.
    private static let pendingAnnouncementLimit: UInt32 = 1_000

    /// Says `message` once the window is active again, after its focus is given anew; at the latest after
    /// `pendingAnnouncementLimit`. A sheet without a chart is refused before the Sheet list's popup has closed:
    /// the window is then deactivated and activated again, and Orca drops what is said before it knows the window
    /// and its focused point again (spreadsheet_tests lost "no column contains numbers" once in two CI runs).
    private func announceOnceActive(_ message: String) {
        pendingAnnouncement = message
        MainLoop.after(milliseconds: Self.pendingAnnouncementLimit) { [weak self] in self?.sayPendingAnnouncement() }
    }

    private func sayPendingAnnouncement() {
        guard !destroyed, let message = pendingAnnouncement else { return }
        pendingAnnouncement = nil
        chartView.announce(message)
    }

    /// After a late join: the focus arrives again, so Orca says the focused control (the point, or Open
    /// Another… with the error as its description), and over a chart the window's and chart's names are
    /// announced, as Orca would have said them when the window opened. (Only there: an announcement goes
    /// through the focused control's description, which on the error page holds the error.)
    private func sayWhereAfterLateJoin() {
        guard !destroyed, gtk_window_is_active(gcast(window)) != 0, let focus = gtk_window_get_focus(gcast(window)) else { return }
        refocus(focus)
        guard case .chart = content, let chartName = chartView.accessibleName else { return }
        Widgets.announce(([takeTitle()].compactMap { $0 } + [chartName]).joined(separator: tr(", ")), in: window)
    }

    /// The window's title, as its frame is named.
    private func takeTitle() -> String? {
        gtk_window_get_title(gcast(window)).map { String(cString: $0) }
    }

    /// Takes the focus off `focus` and gives it back, so the accessibility bus hears the focus arrive.
    private func refocus(_ focus: UnsafeMutablePointer<GtkWidget>) {
        let held = g_object_ref(gpointerOf(focus))  // unset focus may drop the last other reference
        defer { g_object_unref(held) }
        gtk_window_set_focus(gcast(window), nil)
        gtk_widget_grab_focus(focus)
    }

    /// Has the screen reader say `message` from where the focus is: the chart's point, or the page's control.
    func announce(_ message: String) {
        guard !destroyed else { return }
        if case .chart = content { chartView.announce(message) } else { Widgets.announce(message, in: window) }
    }

    /// After a dialog over this window closes: the window is activated again (without a window manager
    /// nobody else would) and its page gets the keyboard focus, so Orca says where the person is.
    func returnFocus() {
        guard !destroyed else { return }  // the dialog went with this window
        present()
        focusContent()
    }

    /// True while the window shows no chart, so an opened file may replace what it shows.
    var isReusable: Bool {
        switch content {
        case .start, .failed: return loader == nil
        default: return false
        }
    }

    // MARK: Pages

    func showStartPage() {
        cancelLoad()
        content = .start
        document = nil
        chartView.show(nil)
        setTitle(nil)
        let (page, openButton) = StartPage.make(examples: app.exampleFiles(), recent: RecentFiles.list()) { [weak self] path in
            self?.open(path)
        }
        if let old = startPage { gtk_stack_remove(gcast(stack), old) }
        addPage(page, "start")
        startPage = page
        gtk_stack_set_visible_child_name(gcast(stack), "start")
        gtk_widget_grab_focus(openButton)
    }

    private func setTitle(_ source: TableSource?) {
        let title = source.map { Localization.tr("%@ — Audiograph", $0.displayName) } ?? tr("Audiograph")
        gtk_window_set_title(gcast(window), title)
    }

    // MARK: Loading

    /// Opens the file at `path` in this window.
    func open(_ path: String) { open(source: .file(path: path)) }

    /// Opens `source` in this window: reads it in the background, showing progress if it takes a while.
    func open(source: TableSource) {
        stopFollowing(saying: false)
        loader?.cancel()
        cancelRechart()
        picker?.close()
        if loader == nil { contentBeforeLoad = content }
        let loader = DocumentLoader(source: source, remembered: app.columnChoices)
        self.loader = loader
        content = .loading(source)
        setTitle(source)
        loadingPage.reset(fileName: source.displayName)
        MainLoop.after(milliseconds: Self.progressDelayMilliseconds) { [weak self] in
            guard let self, self.loader === loader, !self.destroyed else { return }
            gtk_stack_set_visible_child_name(gcast(self.stack), "loading")
            self.loadingPage.focusCancel()
        }
        loader.start(progress: { [weak self] progress in
            guard let self, self.loader === loader else { return }
            self.loadingPage.update(fraction: progress.fraction, bytesRead: progress.bytesRead, totalBytes: progress.totalBytes)
        }, completion: { [weak self] result in
            guard let self, self.loader === loader, !self.destroyed else { return }
            self.loader = nil
            self.finishLoading(source: source, result: result)
        })
    }

    private func cancelLoad() {
        guard let loader else { return }
        loader.cancel()
        self.loader = nil
        // Back to what the window showed before; the reader stops at its next chunk and its result is dropped.
        switch contentBeforeLoad {
        case .chart(let source) where document != nil:
            content = .chart(source)
            setTitle(source)
            gtk_stack_set_visible_child_name(gcast(stack), "chart")
        default:
            showStartPage()
        }
    }

    private func finishLoading(source: TableSource, result: Result<DocumentLoader.Loaded, any Error>) {
        switch result {
        case .success(let loaded):
            show(loaded.document, navigator: loaded.navigator, source: loaded.source)
            if let path = loaded.source.path {
                RecentFiles.add(path)
                if followWhenLoaded { startFollowing() }
            } else {
                // GTK 4.8 tells Orca nothing of a window's title, and a file's chart says nothing of where its
                // table came from: a pasted or piped-in table is named ("Pasted table") once the window is active.
                announceOnceActive(loaded.source.displayName)
            }
        case .failure(let error):
            if case ImportError.cancelled = error { return }
            let message = (error as? ImportError)?.message ?? error.localizedDescription
            document = nil
            chartView.show(nil)
            content = .failed(source)
            setTitle(source)
            errorPage.show(fileName: source.displayName, message: message)
            gtk_stack_set_visible_child_name(gcast(stack), "error")
            gtk_widget_grab_focus(errorPage.openButton)
        }
    }

    private func show(_ document: ChartDocument, navigator: ChartNavigator, source: TableSource) {
        self.document = document
        content = .chart(source)
        setTitle(source)
        chartView.show(prepared: navigator)
        chartView.setAppearance(app.chartAppearance)
        let note = Localization.sentences(document.warnings)
        gtk_label_set_text(gcast(warnings), note)
        gtk_widget_set_visible(warnings, note.isEmpty ? 0 : 1)
        sheetChooser.show(document.table.workbook)
        gtk_stack_set_visible_child_name(gcast(stack), "chart")
        chartView.grabFocus()
    }

    // MARK: Choosing columns

    /// Charts the shown file again with `settings` (which replace its sidecar's), reading it in the background
    /// through the same loader as `open`. The chart on screen stays until the new one is ready; `completion`
    /// gets nil once the new chart is shown, or the core's message when it can't be made (the old chart stays).
    func rechart(settings: ChartSettings, completion: @escaping @MainActor (String?) -> Void) {
        guard case .chart(let source) = content else { return completion(tr("There is no chart to change.")) }
        cancelRechart()
        let loader = DocumentLoader(source: source, settings: settings, readingSidecar: false)
        rechartLoader = loader
        loader.start(progress: { _ in }, completion: { [weak self] result in
            guard let self, self.rechartLoader === loader, !self.destroyed else { return }
            self.rechartLoader = nil
            switch result {
            case .success(let loaded):
                // A followed file goes on being followed, as the new chart.
                let following = self.follower != nil
                self.stopFollowing(saying: false)
                self.show(loaded.document, navigator: loaded.navigator, source: loaded.source)
                if following { self.startFollowing() }
                completion(nil)
            case .failure(let error):
                completion((error as? ImportError)?.message ?? error.localizedDescription)
            }
        })
    }

    /// Charts sheet `name` of the shown workbook, remembered in its sidecar; the sheet's own column choices
    /// start afresh (another sheet's columns mean nothing here). The new chart takes the focus and Orca then hears
    /// "Sheet Costs" (the first point alone does not say which sheet it is); a slow sheet is said to be opening,
    /// and a sheet without a chart says why, from the chart still shown, the list back on its sheet.
    private func chooseSheet(_ name: String) {
        guard case .chart(let source) = content, let path = source.path else { return }
        sheetBeingOpened = name
        MainLoop.after(milliseconds: Self.progressDelayMilliseconds) { [weak self] in
            guard let self, self.sheetBeingOpened == name, !self.destroyed else { return }
            self.chartView.announce(Localization.tr("Opening sheet %@…", name))
        }
        ChartChoice.apply(ChartSettings(sheet: name), remember: true, path: path, owner: self) { [weak self] failure in
            guard let self, !self.destroyed else { return }
            self.sheetBeingOpened = nil
            if let failure {
                // Back on the chart still shown, which says why: an announcement on the drop-down's button is
                // not read by Orca 43, one on the chart's point is.
                self.sheetChooser.revert()
                self.chartView.grabFocus()
                self.announceOnceActive(failure)
            } else {
                self.chartView.announce(Localization.tr("Sheet %@", name))
            }
        }
    }

    // MARK: Following the file

    /// Starts following the shown file with the settings its chart was made with: the chart grows as rows
    /// are appended (`FileFollower`, `ChartView.grow`); Orca says so once the file is open to follow.
    private func startFollowing() {
        guard case .chart(let source) = content, let document, follower == nil else { return }
        guard let path = source.path else {
            return chartView.announce(Localization.tr("%@ is not a file, so it can't grow: save it as a file to follow it.",
                                                      source.displayName))
        }
        let fileName = (path as NSString).lastPathComponent
        let follower = FileFollower(path: path, settings: document.settings, readingSidecar: false)
        follower.onOpened = { [weak self, weak follower] opened, navigator in
            guard let self, let follower, self.follower === follower else { return }
            self.document = opened
            self.chartView.grow(to: navigator)
            self.chartView.announce(Localization.tr("Following %@: new rows play and are said as they arrive", fileName))
        }
        follower.onUpdate = { [weak self, weak follower] update, navigator, growths in
            guard let self, let follower, self.follower === follower else { return }
            self.followed(update, navigator: navigator, growths: growths, fileName: fileName)
        }
        follower.onFailure = { [weak self, weak follower] message in
            guard let self, let follower, self.follower === follower else { return }
            self.follower = nil
            self.chartView.followsFile = false
            self.chartView.announce(Localization.tr("Can't follow %@: %@", fileName, message))
        }
        self.follower = follower
        chartView.followsFile = true
    }

    /// What a look at the followed file found: new rows (the chart grows in place), the file read again from
    /// the start (a new chart, said why), or the file gone or unreadable (said; the last chart stays).
    private func followed(_ update: FollowUpdate, navigator: ChartNavigator?, growths: PreparedGrowth?, fileName: String) {
        switch update.change {
        case .nothingNew:
            return
        case .appended:
            BackgroundJob.release(document)  // the table grown from, freed off the main loop
            document = update.document
            chartView.grow(to: navigator ?? ChartNavigator(chart: update.document.chart), growths: growths)
        case .reloaded(let reason, _):
            document = update.document
            chartView.show(prepared: navigator ?? ChartNavigator(chart: update.document.chart))
            chartView.grabFocus()
            chartView.announce(reason.message(file: fileName))
        case .unavailable(let message):
            chartView.announce(message)
        }
        let note = Localization.sentences(update.document.warnings)
        gtk_label_set_text(gcast(warnings), note)
        gtk_widget_set_visible(warnings, note.isEmpty ? 0 : 1)
    }

    /// Stops following (View ▸ Follow File again, another file, the window closing); says so when `saying`.
    private func stopFollowing(saying: Bool) {
        guard let follower else { return }
        follower.stop()
        self.follower = nil
        chartView.followsFile = false
        if saying {
            chartView.announce(Localization.tr("Stopped following %@", (follower.path as NSString).lastPathComponent))
        }
    }

    /// Stops a `rechart` under way; its completion is not called.
    func cancelRechart() {
        rechartLoader?.cancel()
        rechartLoader = nil
    }

    /// Opens the column picker for the shown chart (Choose Columns, Ctrl+K).
    private func chooseColumns() {
        guard case .chart(let source) = content, let document, loader == nil else { return }
        if let picker { return picker.present() }
        let picker = ColumnPicker(parent: window, document: document, source: source, owner: self)
        picker.onClosed = { [weak self, weak picker] in
            guard let self, self.picker === picker, !self.destroyed else { return }
            self.picker = nil
            self.returnFocus()
        }
        self.picker = picker
        picker.present()
    }

    /// Opens the list of other charts for the shown file (Other Charts, Ctrl+J).
    private func showOtherCharts() {
        guard case .chart(let source) = content, let document, loader == nil else { return }
        if let otherCharts { return otherCharts.present() }
        let dialog = OtherCharts(parent: window, document: document, source: source, owner: self)
        dialog.onClosed = { [weak self, weak dialog] in
            guard let self, self.otherCharts === dialog, !self.destroyed else { return }
            self.otherCharts = nil
            self.returnFocus()
        }
        otherCharts = dialog
        dialog.present()
    }

    private func updateActions() {
        var enabled = false
        if case .chart = content { enabled = true }
        for action in chartActions { g_simple_action_set_enabled(action, enabled ? 1 : 0) }
    }

    /// Redraws the chart with the application's current appearance.
    func appearanceChanged(_ appearance: ChartAppearance) {
        chartView.setAppearance(appearance)
    }

    // MARK: Actions and drops

    /// Per-window actions (window commands and chart keys); the window's action map takes a reference, we
    /// drop ours.
    private func addWindowActions() {
        for entry in ActionTable.entries {
            let id = entry.id
            switch id {
            case .app, .toggle: continue  // application-wide (AudiographApplication)
            case .window, .chart: break
            }
            let action = g_simple_action_new(entry.shortName, nil)!
            Signal.connectWithPointer(gpointerOf(action), "activate") { [weak self] _ in self?.perform(id) }
            g_action_map_add_action(opaque(window), action)
            g_object_unref(gpointerOf(action))
            // Borrowed: the window's action map keeps it until the window goes.
            if needsAChart(id) { chartActions.append(action) }
        }
        updateActions()
    }

    /// Whether `id` does anything only while a chart is shown (it is disabled otherwise).
    private func needsAChart(_ id: ActionID) -> Bool {
        switch id {
        case .window(let command):
            switch command {
            case .export, .exportMIDI, .chooseColumns, .otherCharts, .followFile, .chooseSheet, .saveTable, .goTo,
                 .findValue, .dataTable: return true
            case .close, .fullscreen: return false
            }
        case .chart: return true
        case .app, .toggle: return false
        }
    }

    /// A window action from the menu or a global key; chart actions go to the chart (from the menu, the
    /// focus then goes back to it so Orca says where the cursor is).
    private func perform(_ id: ActionID) {
        switch id {
        case .window(let command):
            switch command {
            case .close: gtk_window_close(gcast(window))
            case .chooseColumns: chooseColumns()
            case .otherCharts: showOtherCharts()
            case .chooseSheet:
                if !sheetChooser.focus() { chartView.announce(tr("This file has no other sheets.")) }
            case .saveTable: saveTable()
            case .goTo: showSearch(.goTo)
            case .findValue: showSearch(.findValue)
            case .dataTable: showDataTable()
            case .export: exportAudioGraph(as: .wav)
            case .exportMIDI: exportAudioGraph(as: .midi)
            case .followFile: if follower == nil { startFollowing() } else { stopFollowing(saying: true) }
            case .fullscreen:
                if gtk_window_is_fullscreen(gcast(window)) != 0 { gtk_window_unfullscreen(gcast(window)) }
                else { gtk_window_fullscreen(gcast(window)) }
            }
        case .chart(.details):
            showDetails()
        case .chart(let command):
            if let focus = gtk_window_get_focus(gcast(window)),
               gtk_widget_is_ancestor(focus, chartView.widget) == 0 { chartView.grabFocus() }
            chartView.perform(command)
        case .app, .toggle:
            break  // registered on the application, never on a window
        }
    }

    // MARK: Details and export

    /// D: the chart details dialog; closing it puts the focus back on the same point.
    private func showDetails() {
        guard case .chart = content, let chart = chartView.shownChart else { return }
        if let details { return details.present() }
        guard let analysis = chartView.analysisOrWait(for: .details) else { return }
        let dialog = ChartDetails(parent: window, chart: chart, analysis: analysis, reason: document?.reason ?? "",
                                  notes: document?.warnings ?? [], appearance: app.chartAppearance,
                                  play: { [weak self] in self?.chartView.perform(.playAll) })
        dialog.onClosed = { [weak self, weak dialog] in
            guard let self, self.details === dialog, !self.destroyed else { return }
            self.details = nil
            self.returnFocus()
        }
        details = dialog
        dialog.present()
    }

    /// B: the chart's braille lines in a text view; closing it puts the focus back on the same point.
    private func showBraille(_ lines: ChartBraille, series: Int, cell: Int) {
        guard case .chart = content, brailleView == nil else { return }
        let view = BrailleView(parent: window, lines: lines, series: series, cell: cell)
        view.onCaret = { [weak self] series, cell in self?.chartView.followBraille(series: series, cell: cell) }
        view.onClosed = { [weak self, weak view] in
            guard let self, self.brailleView === view, !self.destroyed else { return }
            self.brailleView = nil
            self.returnFocus()
        }
        brailleView = view
        view.present()
    }

    /// Ctrl+G and Ctrl+F: the Go To or Find Value dialog over the chart. When what was typed moved the
    /// cursor the dialog closes, the chart takes the focus back on the new point (so the screen reader says
    /// it), its tone plays, and the reason ("Nearest to 1950", "12 points above 24") is said once the window
    /// is active again; Escape leaves the cursor where it was.
    private func showSearch(_ kind: ActionID.Window) {
        guard case .chart = content, chartView.shownChart != nil else { return }
        if let searchDialog { return searchDialog.present() }
        var landing: SessionEffects?
        let submit: (String) -> String? = { [weak self] text in
            guard let self else { return nil }
            switch kind == .goTo ? self.chartView.goTo(text) : self.chartView.find(text) {
            case .moved(let effects):
                landing = effects
                return nil
            case .stayed(let sentence):
                return sentence
            }
        }
        let dialog = kind == .goTo
            ? PointSearchDialog(parent: window, title: tr("Go To"), label: tr("_Go to:"),
                                hint: chartView.goToHint, text: chartView.goToText, submit: submit)
            : PointSearchDialog(parent: window, title: tr("Find Value"), label: tr("_Find values:"),
                                hint: tr("A condition on the values, such as above 24, below 0, = 42 or between 10 and 20. F3 finds the next, Shift+F3 the previous."),
                                text: chartView.findText, submit: submit)
        dialog.onClosed = { [weak self, weak dialog] _ in
            guard let self, self.searchDialog === dialog, !self.destroyed else { return }
            self.searchDialog = nil
            // The cursor moves first, so the focus given back lands on the new point: moved while the window
            // is inactive, the old point (which had the focus) stops being focusable and the keys went nowhere.
            let speech = landing.map { self.chartView.land($0) } ?? []
            self.returnFocus()
            if !speech.isEmpty { self.announceOnceActive(speech.joined(separator: tr(", "))) }
        }
        searchDialog = dialog
        dialog.present()
    }

    /// Ctrl+T: the chart's rows in a table beside it, at the cursor's row (the selected range's rows when one
    /// is selected), made on a worker; the chart's cursor follows the table's, and closing it puts the focus
    /// back on that point.
    private func showDataTable() {
        guard case .chart = content, dataTableJob == nil else { return }
        if let dataTable { return dataTable.present() }
        guard let (request, range) = chartView.dataTable() else { return }
        dataTableJob = BackgroundJob(name: "audiograph-table", work: { _ in request.make() }, done: { [weak self] made in
            guard let self, !self.destroyed else { return }
            self.dataTableJob = nil
            self.openDataTable(made.table, row: made.row, range: range)
        })
    }

    private func openDataTable(_ table: DataTable, row: Int, range: String?) {
        guard case .chart = content, dataTable == nil else { return }
        let view = DataTableWindow(parent: window, table: table, row: row, range: range)
        view.onPoint = { [weak self] series, point in self?.chartView.followTable(series: series, point: point) }
        view.onClosed = { [weak self, weak view] in
            guard let self, self.dataTable === view, !self.destroyed else { return }
            self.dataTable = nil
            self.returnFocus()
        }
        dataTable = view
        view.present()
    }

    /// The verbosity or a switch changed: the chart's elements are named anew.
    func feedbackChanged() {
        chartView.feedbackChanged()
    }

    /// Ctrl+E and Ctrl+Shift+E: renders the whole audio graph (every series, as Shift+Space plays it) and
    /// saves it as WAV or MIDI on a worker (ExportRow), through a temporary file renamed into place. The name
    /// chosen decides when it ends in .wav, .mid or .midi; else `format`, the command's, does.
    private func exportAudioGraph(as format: AudioGraphFileFormat) {
        guard case .chart(let source) = content, let chart = chartView.shownChart else { return }
        let base = (source.displayName as NSString).deletingPathExtension
        let title = format == .midi ? tr("Export Audio Graph as MIDI") : tr("Export Audio Graph")
        FileChooser.save(parent: window, title: title, accept: tr("_Export"),
                         suggesting: base + "." + format.fileExtension) { [weak self] target in
            guard let self, !self.destroyed, self.chartView.shownChart != nil else { return }
            // Back to the chart first, so Orca (which followed the dialog) hears where the person is and
            // then what the export says.
            self.returnFocus()
            let chosen = AudioGraphFileFormat.named(by: target) ?? format
            let dataFile: String? = if case .file(let path) = source { path } else { nil }
            self.exportRow.start(chart: chart, settings: self.audio.settings, format: chosen, target: target,
                                 sparing: dataFile) { [weak self] message in
                guard let self else { return }
                gtk_label_set_text(gcast(self.warnings), message)
                gtk_widget_set_visible(self.warnings, 1)
                self.chartView.announce(message)
            }
        }
    }

    /// Ctrl+S: a pasted or piped-in table saved as a CSV file where the person chooses (written off the main
    /// loop through `OutputFile`, which follows a link and replaces its target whole, with the chart's settings in the new file's sidecar when it has any); the
    /// window then shows that file, so Remember, Follow File and the recent files name it. A table that is a
    /// file already is said to be one.
    private func saveTable() {
        guard case .chart(let source) = content, let document else { return }
        guard case .held(let table) = source else {
            return chartView.announce(Localization.tr("This table is already the file %@.", source.displayName))
        }
        FileChooser.save(parent: window, title: tr("Save Table As"), accept: tr("_Save"),
                         suggesting: table.name + ".csv") { [weak self] target in
            guard let self, !self.destroyed else { return }
            self.returnFocus()
            let settings = document.settings
            let name = (target as NSString).lastPathComponent
            FileSaves.run({
                // The person's path: a link is followed, a pipe written in place (and then no sidecar beside it).
                let written = try OutputFile.write(try table.csvText(), to: target)
                if case .file = written, settings != ChartSettings() { try SidecarSettings.save(settings, for: target) }
            }, done: { [weak self] error in
                guard let self, !self.destroyed else { return }
                if let error {
                    let reason = (error as? ImportError)?.message ?? error.localizedDescription
                    return self.chartView.announce(Localization.tr("Can't save %@: %@", name, reason))
                }
                if case .chart(.held(let shown)) = self.content, shown === table {
                    self.content = .chart(.file(path: target))
                    self.setTitle(.file(path: target))
                }
                RecentFiles.add(target)
                self.chartView.announce(Localization.tr("Saved as %@", name))
            })
        }
    }

    /// Escape on the menu bar (after a menu was closed, GTK 4.8 leaves the focus there) gives the focus back to
    /// the page, as a second Escape does on other desktops. The window owns the controller once added.
    private func addMenuBarEscape() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(gpointerOf(keys)) { [weak self] keyval, _ in
            guard let self, keyval == UInt32(GDK_KEY_Escape),
                  let focus = gtk_window_get_focus(gcast(self.window)),
                  gtk_widget_get_ancestor(focus, gtk_popover_menu_bar_get_type()) != nil else { return false }
            self.focusContent()
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Puts the keyboard focus on the page: the chart when one is shown, else the page's first control.
    func focusContent() {
        if case .chart = content {
            chartView.grabFocus()
        } else {
            _ = gtk_widget_child_focus(stack, GTK_DIR_TAB_FORWARD)
        }
    }

    /// Files dropped on the window open here (the first) and in new windows (the rest). The window owns
    /// the controller once added.
    private func addDropTarget() {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        Signal.connectDrop(gpointerOf(target)) { [weak self] value in
            guard let self, ag_gtk_value_holds_file_list(value) != 0,
                  let list = g_value_get_boxed(value) else { return false }
            // Transfer container: we free the list, the files stay owned by the GdkFileList.
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            var paths: [String] = []
            while let current = node {
                if let file = current.pointee.data { paths.append(filePath(OpaquePointer(file))) }
                node = current.pointee.next
            }
            g_slist_free(head)
            guard let first = paths.first else { return false }
            self.open(first)
            for path in paths.dropFirst() { self.app.openInNewWindow(.file(path: path)) }
            return true
        }
        gtk_widget_add_controller(window, target)
    }

    @MainActor private final class WeakRelay {
        weak var window: DocumentWindow?
    }

    private func windowDestroyed() {
        destroyed = true
        stopFollowing(saying: false)
        chartView.stopSound()
        chartView.cancelWork()
        dataTableJob?.cancel()
        exportRow.cancel(saying: false)
        loader?.cancel()
        loader = nil
        cancelRechart()
        chartActions = []
        app.windowClosed(self)
    }
}
