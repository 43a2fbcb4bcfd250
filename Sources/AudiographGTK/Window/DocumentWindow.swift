// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographSpreadsheet
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
    let window: UnsafeMutablePointer<GtkWidget>
    /// What the window holds and every transition between pages, decided without GTK (unit-tested).
    let session: DocumentSession
    let stack: UnsafeMutablePointer<GtkWidget>
    private var startPage: UnsafeMutablePointer<GtkWidget>?
    private let loadingPage: LoadingPage
    let errorPage: ErrorPage
    let chartView: ChartView
    private let warnings: UnsafeMutablePointer<GtkWidget>
    /// Ctrl+E's progress and Cancel, under the chart while a WAV file is being saved.
    private let exportRow: ExportRow
    /// The workbook's sheets, beside the buttons when it has more than one.
    let sheetChooser = SheetChooser()
    unowned let app: AudiographApplication
    private let audio: AudioPlayback
    /// The followed file's monitor, while the session follows it.
    private var fileWatch: FileWatch?
    /// The actions that need a chart (Choose Columns, the chart keys, export), enabled while one is
    /// shown (the window's action map holds them).
    var chartActions: [OpaquePointer] = []
    let details: DialogSlot<ChartDetails>
    let brailleView: DialogSlot<BrailleView>
    let dataTable: DialogSlot<DataTableWindow>
    /// The job making the data table's rows before it opens.
    var dataTableJob: BackgroundJob?
    let searchDialog: DialogSlot<PointSearchDialog>
    let picker: DialogSlot<ColumnPicker>
    let otherCharts: DialogSlot<OtherCharts>
    /// The window has been destroyed: nothing is shown or said after this.
    private(set) var destroyed = false
    /// Whether the window has asked to hear when the program joins the accessibility registry late.
    var waitedForRegistration = false
    /// What is to be said once the window has the focus back, or nil (`announceOnceActive`).
    var pendingAnnouncement: String?

    init(app: AudiographApplication, measure: any TextMeasuring, audio: AudioPlayback, feedback: PointFeedback) {
        self.app = app
        self.audio = audio
        session = DocumentSession(
            jobs: GLibJobs.shared, opening: DocumentOpening(readers: [SpreadsheetReader()]),
            remembered: app.columnChoices)
        window = gtk_application_window_new(app.application)
        gtk_window_set_default_size(gcast(window), 960, 640)
        gtk_application_window_set_show_menubar(gcast(window), 1)
        ObjectCensus.track(window, as: "DocumentWindow")

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(gcast(stack), GTK_STACK_TRANSITION_TYPE_NONE)
        // The pages' buttons and the dialogs call back into this window, which does not exist yet: through a
        // weak relay.
        let relay = WeakRelay()
        loadingPage = LoadingPage(cancel: { relay.window?.perform(.cancelLoad) })
        errorPage = ErrorPage(showStart: { relay.window?.perform(.showStart) })
        chartView = ChartView(measure: measure, audio: audio, feedback: feedback)
        exportRow = ExportRow(announce: { relay.window?.chartView.announce($0) })
        let returnFocus: @MainActor () -> Void = { relay.window?.returnFocus() }
        details = DialogSlot(returnFocus: returnFocus)
        brailleView = DialogSlot(returnFocus: returnFocus)
        dataTable = DialogSlot(returnFocus: returnFocus)
        searchDialog = DialogSlot(returnFocus: returnFocus)
        picker = DialogSlot(returnFocus: returnFocus)
        otherCharts = DialogSlot(returnFocus: returnFocus)
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
        Widgets.append(bar, Widgets.button(Localization.tr("_Play"), action: ActionID.chart(.play).name))
        Widgets.append(bar, Widgets.button(Localization.tr("Chart _Details…"), action: ActionID.chart(.details).name))
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
        session.onEffects = { relay.window?.carryOut($0) }
        chartView.onDetails = { relay.window?.showDetails() }
        chartView.onBraille = { relay.window?.showBraille($0, series: $1, cell: $2) }
        chartView.onFindValue = { relay.window?.showSearch(.findValue) }
        sheetChooser.onChoose = { relay.window?.perform(.chooseSheet($0)) }
        addWindowActions()
        addDropTarget()
        addMenuBarEscape()
        Signal.connectWithPointer(gpointerOf(window), "notify::is-active") { _ in relay.window?.windowActivated() }
        // F11 changes nothing a screen reader would notice: say it once the window manager has done it.
        Signal.connectWithPointer(gpointerOf(window), "notify::fullscreened") { _ in
            guard let window = relay.window else { return }
            Widgets.announce(
                gtk_window_is_fullscreen(gcast(window.window)) != 0
                    ? Localization.tr("Full screen") : Localization.tr("Full screen off"),
                in: window.window)
        }
        Signal.connect(gpointerOf(window), "destroy") { [weak self] in self?.windowDestroyed() }
        carryOut(session.perform(.showStart))
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(DocumentWindow.self) }

    @MainActor final class WeakRelay {
        weak var window: DocumentWindow?
    }

    /// Adds `page` to the stack as `name`. GTK 4.8 names an unlabelled stack page "GtkStackPage" on the
    /// accessibility bus, and Orca said "GtkStackPage panel" on the way into the chart: it gets an empty name.
    private func addPage(_ page: UnsafeMutablePointer<GtkWidget>, _ name: String) {
        guard let stackPage = gtk_stack_add_named(gcast(stack), page, name) else { return }
        ag_gtk_accessible_set_label(stackPage, "")
    }

    /// Shows and focuses the window.
    func present() { gtk_window_present(gcast(window)) }

    /// The shown chart's document, if a chart is shown.
    var document: ChartDocument? { session.document }

    /// True while the window shows no chart, so an opened file may replace what it shows.
    var isReusable: Bool { session.isReusable }

    /// Follow each file this window opens once it is shown (`audiograph --follow`).
    var followWhenLoaded: Bool {
        get { session.followWhenLoaded }
        set { session.followWhenLoaded = newValue }
    }

    /// Opens the file at `path` in this window.
    func open(_ path: String) { perform(.open(.file(path: path))) }

    /// Opens `source` in this window: read in the background, with progress if it takes a while.
    func open(source: TableSource) { perform(.open(source)) }

    /// Charts the shown table again with `settings` (Choose Columns, Other Charts); `done` hears nil once the new
    /// chart is shown (and kept, when `remember` is on), or why not.
    func chartAgain(_ settings: ChartSettings, remember: Bool, done: @escaping @MainActor (String?) -> Void) {
        perform(.chartAgain(settings, remember: remember, done: done))
    }

    /// Drops a chart being made for a dialog that closed.
    func cancelChartAgain() { perform(.cancelChartAgain) }

    /// Hands `action` to the session and carries out what it says.
    func perform(_ action: DocumentAction) {
        guard !destroyed else { return }
        carryOut(session.perform(action))
    }

    // MARK: Carrying out the session's effects

    /// Does what the session decided, in order: dialogs closed, the loading page, the chart, notes and sheets,
    /// following, the page and focus, the title, then what is said and what only the window can ask.
    private func carryOut(_ effects: DocumentEffects) {
        guard !destroyed else { return }
        if effects.closesColumnPicker { picker.dialog?.close() }
        if let fileName = effects.loadingFile { loadingPage.reset(fileName: fileName) }
        if let progress = effects.progress {
            loadingPage.update(fraction: progress.fraction, bytesRead: progress.bytesRead, totalBytes: progress.totalBytes)
        }
        switch effects.chart {
        case .show(let navigator)?:
            chartView.show(prepared: navigator)
            chartView.setAppearance(app.chartAppearance)
        case .grow(let navigator, let growths)?:
            chartView.grow(to: navigator, growths: growths)
        case .clear?:
            chartView.show(nil)
        case nil:
            break
        }
        if let released = effects.released { BackgroundJob.release(released) }
        if let notes = effects.notes {
            gtk_label_set_text(gcast(warnings), notes)
            gtk_widget_set_visible(warnings, notes.isEmpty ? 0 : 1)
        }
        if effects.showsSheets, let document = session.document { sheetChooser.show(document.table.workbook) }
        if effects.revertsSheet { sheetChooser.revert() }
        if let follows = effects.followsFile { chartView.followsFile = follows }
        switch effects.watch {
        case .start(let path)?:
            fileWatch?.stop()
            fileWatch = FileWatch(path: path) { [weak self] in self?.perform(.fileChanged) }
        case .stop?:
            fileWatch?.stop()
            fileWatch = nil
        case nil:
            break
        }
        if let path = effects.recentFile { RecentFiles.add(path) }
        if let page = effects.page { show(page) }
        if effects.focusChart { chartView.grabFocus() }
        gtk_window_set_title(gcast(window), session.title)
        updateActions()
        for sentence in effects.speech { announce(sentence) }
        if let sentence = effects.speechOnceActive { announceOnceActive(sentence) }
        if let request = effects.request { carryOut(request) }
    }

    /// Shows `page` and gives its first control (or the chart) the keyboard focus.
    private func show(_ page: DocumentEffects.Page) {
        switch page {
        case .start:
            let (made, openButton) = StartPage.make(examples: app.exampleFiles(), recent: RecentFiles.list()) {
                [weak self] path in
                self?.open(path)
            }
            if let old = startPage { gtk_stack_remove(gcast(stack), old) }
            addPage(made, "start")
            startPage = made
            gtk_stack_set_visible_child_name(gcast(stack), "start")
            gtk_widget_grab_focus(openButton)
        case .loading:
            gtk_stack_set_visible_child_name(gcast(stack), "loading")
            loadingPage.focusCancel()
        case .chart:
            gtk_stack_set_visible_child_name(gcast(stack), "chart")
            chartView.grabFocus()
        case .failed(let fileName, let message):
            errorPage.show(heading: Localization.tr("Can't open %@", fileName), message: message)
            gtk_stack_set_visible_child_name(gcast(stack), "error")
            gtk_widget_grab_focus(errorPage.openButton)
        case .waiting(let fileName, let message):
            errorPage.show(heading: Localization.tr("Waiting for rows in %@", fileName), message: message)
            gtk_stack_set_visible_child_name(gcast(stack), "error")
            gtk_widget_grab_focus(errorPage.openButton)
        }
    }

    /// What only the window can do: ask where to export or save (a file chooser), or export the shown chart.
    private func carryOut(_ request: DocumentEffects.Request) {
        switch request {
        case .chooseExportTarget(let format, let suggestedName):
            let title = format == .midi ? Localization.tr("Export Audio Graph as MIDI") : Localization.tr("Export Audio Graph")
            FileChooser.save(parent: window, title: title, accept: Localization.tr("_Export"), suggesting: suggestedName) {
                [weak self] target in
                guard let self, !self.destroyed else { return }
                // Back to the chart first, so Orca (which followed the dialog) hears where the person is and then
                // what the export says.
                self.returnFocus()
                self.perform(.exportTo(target, format))
            }
        case .export(let format, let target, let sparing):
            guard let chart = chartView.shownChart else { return }
            exportRow.start(
                chart: chart, settings: audio.settings, format: format, target: target,
                sparing: sparing
            ) { [weak self] message in
                guard let self else { return }
                gtk_label_set_text(gcast(self.warnings), message)
                gtk_widget_set_visible(self.warnings, 1)
                self.chartView.announce(message)
            }
        case .chooseSaveTarget(let suggestedName):
            FileChooser.save(
                parent: window, title: Localization.tr("Save Table As"), accept: Localization.tr("_Save"),
                suggesting: suggestedName
            ) { [weak self] target in
                guard let self, !self.destroyed else { return }
                self.returnFocus()
                self.perform(.saveTableTo(target))
            }
        }
    }

    private func updateActions() {
        let enabled: gboolean = session.showsChart ? 1 : 0
        for action in chartActions { g_simple_action_set_enabled(action, enabled) }
    }

    /// The verbosity or a switch changed: the chart's elements are named anew.
    func feedbackChanged() {
        chartView.feedbackChanged()
    }

    /// Redraws the chart with the application's current appearance.
    func appearanceChanged(_ appearance: ChartAppearance) {
        chartView.setAppearance(appearance)
    }

    private func windowDestroyed() {
        session.perform(.close)  // its effects (stop following) are carried out here, on a window going away
        destroyed = true
        fileWatch?.stop()
        fileWatch = nil
        chartView.stopSound()
        chartView.cancelWork()
        dataTableJob?.cancel()
        exportRow.cancel(saying: false)
        chartActions = []
        app.windowClosed(self)
    }
}
