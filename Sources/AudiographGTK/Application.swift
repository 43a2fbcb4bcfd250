// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// The Audiograph desktop application: a GtkApplication ("org.audiograph.Audiograph") that opens each
/// file it is given in its own window, with the actions of `ActionTable` and the View settings.
///
/// Ownership: this object owns the GtkApplication (the reference from gtk_application_new, dropped after
/// `run` returns) and the `DocumentWindow` objects (until each window's "destroy"). Menus and actions
/// are handed to GTK, which keeps its own references; ours are dropped as soon as they are handed over.
/// Threading: everything here runs on the main thread, inside g_application_run's main loop.
@MainActor
public final class AudiographApplication {
    public static let applicationID = "org.audiograph.Audiograph"

    let application: UnsafeMutablePointer<GtkApplication>
    private var windows: [DocumentWindow] = []
    private var desktop: DesktopAppearance?
    private let store: ViewSettingsStore
    /// The charts chosen for tables of given columns (Remember in Choose Columns and Other Charts).
    let columnChoices: ColumnSetChoices
    /// The View toggles as the menu shows them: saved settings, with command-line flags turned on for this run.
    private var viewSettings: ViewSettings
    /// What the settings file holds: changed by the menu toggles and comma/period, never by command-line flags.
    private var savedSettings: ViewSettings
    private var commandLineFlags = ViewSettings()
    /// `--follow`: the files named on the command line are followed as they grow.
    private var followOpenedFiles = false
    /// `audiograph -`: the table on standard input is still to be opened, in the first window.
    private var opensStandardInput = false
    private lazy var measure: any TextMeasuring = PangoTextMeasure()
    private var cachedExamples: [URL]?
    /// The one sound device of every window, opened on the first sound.
    let audio = AudioPlayback()
    /// The verbosity and the point tone and speech switches of every window.
    let feedback: PointFeedback

    public init() {
        g_set_application_name("Audiograph")
        application = gtk_application_new(Self.applicationID, G_APPLICATION_HANDLES_OPEN)
        store = ViewSettingsStore(configDirectory: String(cString: g_get_user_config_dir()))
        columnChoices = ColumnSetChoices(configDirectory: String(cString: g_get_user_config_dir()))
        savedSettings = store.load()
        viewSettings = savedSettings
        audio.setLength(factor: viewSettings.playLength)
        feedback = PointFeedback(settings: savedSettings)
        audio.setReferenceLevel(savedSettings.referenceLevel)
        addCommandLineOptions()
        let app = gpointerOf(application)
        Signal.connectLocalOptions(app) { [unowned self] options in self.handleLocalOptions(options) }
        Signal.connect(app, "startup") { [unowned self] in self.startup() }
        Signal.connect(app, "activate") { [unowned self] in self.activate() }
        Signal.connectOpen(app) { [unowned self] paths in self.open(paths) }
        Signal.connect(app, "shutdown") { [unowned self] in self.desktop?.close() }
        feedback.onChange = { [unowned self] in
            self.feedback.store(in: &self.savedSettings)
            self.feedback.store(in: &self.viewSettings)
            self.saveSettings()
            if self.audio.settings.referenceLevel != self.feedback.reference {
                self.audio.setReferenceLevel(self.feedback.reference)
                self.appearanceChanged()
            }
            for window in self.windows { window.feedbackChanged() }
        }
        audio.onLengthChange = { [unowned self] factor in
            guard self.savedSettings.playLength != factor else { return }
            self.viewSettings.playLength = factor
            self.savedSettings.playLength = factor
            self.saveSettings()
        }
    }

    /// Runs the application with the process's arguments; returns the exit status. A "-" among them (before
    /// any "--") opens the table on standard input: only this process can read it, so this process then runs on
    /// its own instead of handing its files to a viewer already running.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        var arguments = arguments
        let options = arguments.prefix { $0 != "--" }
        if let dash = options.dropFirst().firstIndex(of: StandardInput.argument) {
            arguments.remove(at: dash)
            opensStandardInput = true
            g_application_set_flags(
                gcast(application),
                GApplicationFlags(
                    rawValue: G_APPLICATION_HANDLES_OPEN.rawValue
                        | G_APPLICATION_NON_UNIQUE.rawValue))
        }
        var cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        let status = cArguments.withUnsafeMutableBufferPointer { buffer in
            g_application_run(gcast(application), Int32(buffer.count), buffer.baseAddress)
        }
        g_object_unref(gpointerOf(application))
        return status
    }

    /// What the charts should look like now: View toggles, the desktop's high contrast, dark style and animations.
    var chartAppearance: ChartAppearance {
        var appearance = ChartAppearance()
        appearance.dark = desktop?.prefersDark ?? false
        appearance.increaseContrast = viewSettings.increaseContrast || (desktop?.highContrast ?? false)
        appearance.reduceTransparency = viewSettings.reduceTransparency
        appearance.differentiateWithoutColor = viewSettings.differentiateWithoutColor
        appearance.reduceMotion = desktop?.reduceMotion ?? false
        appearance.referenceLevel = feedback.reference
        appearance.textScale = desktop?.textScale ?? 1
        appearance.zoom = viewSettings.chartZoom
        return appearance
    }

    // MARK: Command line

    private static let flags: [(name: String, description: String)] = [
        ("high-contrast", N_("Draw charts with increased contrast for this run (colours at least 7:1, thicker lines)")),
        ("reduce-transparency", N_("Draw charts without translucent fills or overlays for this run")),
        ("differentiate-without-color", N_("Give each series its own marker shape, dash pattern and end label for this run")),
        ("follow", N_("Follow each file as it grows: new rows are added to the chart, played and said as they arrive"))
    ]

    private func addCommandLineOptions() {
        g_application_set_option_context_parameter_string(gcast(application), Localization.tr("[FILE…]"))
        g_application_set_option_context_summary(
            gcast(application),
            Localization.tr("Opens each CSV or TSV file in its own window as a chart you can see and hear."))
        for flag in Self.flags {
            g_application_add_main_option(
                gcast(application), flag.name, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                Localization.tr(flag.description), nil)
        }
        // Answered by main.swift before GTK starts (it needs no display); listed here so --help shows it.
        g_application_add_main_option(
            gcast(application), "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
            Localization.tr("Print the version and exit"), nil)
    }

    private func handleLocalOptions(_ options: UnsafeMutablePointer<GVariantDict>) -> Int32 {
        if g_variant_dict_contains(options, "high-contrast") != 0 { commandLineFlags.increaseContrast = true }
        if g_variant_dict_contains(options, "reduce-transparency") != 0 { commandLineFlags.reduceTransparency = true }
        if g_variant_dict_contains(options, "differentiate-without-color") != 0 {
            commandLineFlags.differentiateWithoutColor = true
        }
        if g_variant_dict_contains(options, "follow") != 0 { followOpenedFiles = true }
        viewSettings.increaseContrast = viewSettings.increaseContrast || commandLineFlags.increaseContrast
        viewSettings.reduceTransparency = viewSettings.reduceTransparency || commandLineFlags.reduceTransparency
        viewSettings.differentiateWithoutColor =
            viewSettings.differentiateWithoutColor || commandLineFlags.differentiateWithoutColor
        return -1  // go on with the default handling (activate or open)
    }

    // MARK: Life cycle

    private func startup() {
        matchSystemMessagesToInterfaceLanguage()
        // Window managers and task switchers show the installed icon (share/icons/hicolor/…/apps).
        gtk_window_set_default_icon_name(Self.applicationID)
        let desktop = DesktopAppearance()
        desktop.onChange = { [unowned self] in self.appearanceChanged() }
        self.desktop = desktop
        desktop.setHighContrastWindows(chartAppearance.increaseContrast)
        addApplicationActions()
        setAccelerators()
        AccessibilityRegistration.shared.start()
        MainLoopHeartbeat.startIfTracing()
        ObjectCensus.startIfTracing()
        let menubar = MenuModel.menubar(from: ActionTable.entries)
        gtk_application_set_menubar(application, menubar)
        g_object_unref(gpointer(menubar))
    }

    /// GTK's own words (file chooser, shortcut keys) come from GTK's gettext, which ignores LANGUAGE while
    /// the locale is plain C, as it is when no LANG is set. When Audiograph itself speaks another language,
    /// messages switch to C.UTF-8 (numbers, dates and sorting stay C), so GTK's gettext follows LANGUAGE too
    /// and no window mixes two languages.
    private func matchSystemMessagesToInterfaceLanguage() {
        guard Localization.language != nil, let current = setlocale(LC_MESSAGES, nil),
            ["C", "POSIX"].contains(String(cString: current))
        else { return }
        setlocale(LC_MESSAGES, "C.UTF-8")
    }

    private func activate() {
        if openStandardInput() { return }
        if let window = windows.last {
            window.present()
        } else {
            newWindow().present()
        }
    }

    private func open(_ paths: [String]) {
        _ = openStandardInput()
        for path in paths { openInNewWindow(.file(path: path), following: followOpenedFiles) }
    }

    /// `audiograph -`: opens the table on standard input in a window of its own, once; false when none was asked.
    private func openStandardInput() -> Bool {
        guard opensStandardInput else { return false }
        opensStandardInput = false
        openInNewWindow(.standardInput)
        return true
    }

    /// Opens `source` in a window showing no chart, or in a new window.
    func openInNewWindow(_ source: TableSource, following: Bool = false) {
        let window = windows.first(where: \.isReusable) ?? newWindow()
        window.followWhenLoaded = following
        window.present()
        window.open(source: source)
    }

    private func newWindow() -> DocumentWindow {
        let window = DocumentWindow(app: self, measure: measure, audio: audio, feedback: feedback)
        windows.append(window)
        return window
    }

    func windowClosed(_ window: DocumentWindow) {
        windows.removeAll { $0 === window }
    }

    /// The examples folder's CSV files (see `ExampleFiles` for where it is looked for).
    func exampleFiles() -> [URL] {
        if let cachedExamples { return cachedExamples }
        let found = ExampleFiles.directory().map(ExampleFiles.list(in:)) ?? []
        cachedExamples = found
        return found
    }

    // MARK: Actions

    /// The window that has the focus, or the newest.
    private var activeWindow: DocumentWindow? {
        let active = gtk_application_get_active_window(application)
        return windows.first { UnsafeMutableRawPointer($0.window) == UnsafeMutableRawPointer(active) } ?? windows.last
    }

    private func addApplicationActions() {
        for entry in ActionTable.entries {
            let action: OpaquePointer
            switch entry.id {
            case .app(let command):
                action = g_simple_action_new(entry.shortName, nil)
                Signal.connectWithPointer(gpointerOf(action), "activate") { [unowned self] _ in self.perform(command) }
            case .toggle(let toggle):
                let state = g_variant_new_boolean(toggleValue(toggle) ? 1 : 0)
                action = g_simple_action_new_stateful(entry.shortName, nil, state)
                // Activating a boolean action without a parameter asks to flip its state; GLib then emits
                // change-state, handled here.
                Signal.connectWithPointer(gpointerOf(action), "change-state") { [unowned self] value in
                    guard let value else { return }
                    let on = g_variant_get_boolean(OpaquePointer(value)) != 0
                    g_simple_action_set_state(action, OpaquePointer(value))
                    self.setToggle(toggle, on)
                }
            case .window, .chart:
                continue  // each window registers these (DocumentWindow)
            }
            g_action_map_add_action(opaque(application), action)
            g_object_unref(gpointerOf(action))
        }
    }

    private func setAccelerators() {
        for entry in ActionTable.entries where entry.keys == .global {
            var strings = entry.accelerators.map { strdup($0) } + [nil]
            defer { strings.forEach { free($0) } }
            strings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_application_set_accels_for_action(application, entry.name, $0)
                }
            }
        }
    }

    private func perform(_ command: ActionID.App) {
        switch command {
        case .open:
            FileChooser.choose(parent: activeWindow?.window) { [unowned self] path in self.openChosen(.file(path: path)) }
        case .pasteTable: pasteTable()
        case .chartLarger:
            zoomCharts(to: ChartZoom.larger(than: viewSettings.chartZoom), limit: Localization.tr("Largest chart size"))
        case .chartSmaller:
            zoomCharts(to: ChartZoom.smaller(than: viewSettings.chartZoom), limit: Localization.tr("Smallest chart size"))
        case .chartNormalSize: zoomCharts(to: 1, limit: "")
        case .quit: for window in windows { gtk_window_destroy(gcast(window.window)) }
        case .shortcuts:
            let owner = activeWindow
            ShortcutsWindow.present(parent: owner?.window) { [weak owner] in owner?.returnFocus() }
        case .preferences:
            let owner = activeWindow
            PreferencesWindow.present(parent: owner?.window, feedback: feedback) { [weak owner] in owner?.returnFocus() }
        }
    }

    /// A file from the Open dialog, or a pasted table, opens in the active window when it shows no chart, else
    /// in a new one.
    private func openChosen(_ source: TableSource) {
        if let window = activeWindow, window.isReusable {
            window.open(source: source)
        } else {
            openInNewWindow(source)
        }
    }

    /// Ctrl+V: the clipboard's table opens as "Pasted table" (`openChosen`); a clipboard without one is said in
    /// the window the person pasted in, which stays as it was.
    private func pasteTable() {
        let asker = activeWindow
        Clipboard.readTable { [weak self, weak asker] table in
            guard let self else { return }
            guard let table else {
                asker?.announce(
                    Localization.tr(
                        "The clipboard holds no table. Copy cells in a spreadsheet or a table on a web page, then paste again."))
                return
            }
            self.openChosen(.held(table))
        }
    }

    /// Ctrl+plus, Ctrl+minus, Ctrl+0: every chart redrawn at `zoom` (nil past the last step, said with
    /// `limit`), remembered in the settings file; the active window says the new size ("Chart size 125%").
    private func zoomCharts(to zoom: Double?, limit: String) {
        let current = viewSettings.chartZoom
        guard let zoom else {
            activeWindow?.announce(Localization.tr("%@, %d%%", limit, ChartZoom.percent(current)))
            return
        }
        if zoom != current {
            viewSettings.chartZoom = zoom
            savedSettings.chartZoom = zoom
            saveSettings()
            appearanceChanged()
        }
        activeWindow?.announce(Localization.tr("Chart size %d%%", ChartZoom.percent(zoom)))
    }

    private func toggleValue(_ toggle: ActionID.Toggle) -> Bool {
        switch toggle {
        case .increaseContrast: return viewSettings.increaseContrast
        case .reduceTransparency: return viewSettings.reduceTransparency
        case .differentiateWithoutColor: return viewSettings.differentiateWithoutColor
        }
    }

    /// A View toggle changed from the menu: remembered in the settings file and redrawn everywhere.
    private func setToggle(_ toggle: ActionID.Toggle, _ on: Bool) {
        switch toggle {
        case .increaseContrast: viewSettings.increaseContrast = on; savedSettings.increaseContrast = on
        case .reduceTransparency: viewSettings.reduceTransparency = on; savedSettings.reduceTransparency = on
        case .differentiateWithoutColor:
            viewSettings.differentiateWithoutColor = on
            savedSettings.differentiateWithoutColor = on
        }
        saveSettings()
        appearanceChanged()
    }

    /// Writes the settings file off the main loop; a failure is reported on standard error and the app goes on.
    private func saveSettings() {
        let store = store, settings = savedSettings
        FileSaves.run(
            { try store.save(settings) },
            done: { error in
                guard let error else { return }
                FileHandle.standardError.write(
                    Data(
                        Localization.tr(
                            "audiograph: can't save the View settings to %@: %@\n",
                            store.url.path, error.localizedDescription
                        ).utf8))
            })
    }

    /// Applies the appearance to every window: the charts, and GTK's high-contrast theme round them.
    private func appearanceChanged() {
        let appearance = chartAppearance
        desktop?.setHighContrastWindows(appearance.increaseContrast)
        for window in windows { window.appearanceChanged(appearance) }
    }
}
