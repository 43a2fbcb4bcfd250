// SPDX-License-Identifier: GPL-3.0-or-later

/// What a `DocumentSession` step asks of the window, in the order the window carries it out: the page, the
/// chart, the line of notes, the sheets, following, what to say, and what only the window can do.
public struct DocumentEffects {
    /// Which page the window shows; it gives the page's first control (or the chart) the keyboard focus.
    public enum Page: Equatable {
        /// The start page, made afresh (recent files change).
        case start
        /// The progress page of a load that is taking a while (focus on Cancel).
        case loading
        /// The chart page.
        case chart
        /// "Can't open data.csv" and why, focus on Open Another….
        case failed(fileName: String, message: String)
        /// A followed file with no rows yet: "Waiting for rows in sensor.csv" and why.
        case waiting(fileName: String, message: String)
    }

    /// What happens to the chart the window shows.
    public enum ChartChange {
        /// Show this chart whole (made on a worker), the cursor on its first point.
        case show(ChartNavigator)
        /// The followed file grew: the chart grows in place, the cursor kept (`growths` says how each series
        /// grew; nil when it is not known).
        case grow(ChartNavigator, PreparedGrowth?)
        /// No chart.
        case clear
    }

    /// What only the window can do; the session has decided everything it needs.
    public enum Request {
        /// Ask where to export (a save dialog titled for `format`, suggesting `suggestedName`); the answer comes
        /// back as `.exportTo`.
        case chooseExportTarget(AudioGraphFileFormat, suggestedName: String)
        /// Render the shown chart as `format` into `target` (never over `sparing`, the table's own file).
        case export(AudioGraphFileFormat, target: String, sparing: String?)
        /// Ask where to save the held table, suggesting `suggestedName`; the answer comes back as `.saveTableTo`.
        case chooseSaveTarget(suggestedName: String)
    }

    /// How the window watches the followed file for changes.
    public enum Watch: Equatable {
        /// Watch the file at this path (a file monitor) and perform `.fileChanged` when it changes.
        case start(String)
        /// Stop watching.
        case stop
    }

    public var page: Page?
    /// The loading page starts afresh for this file name ("Opening data.csv…" at 0 %).
    public var loadingFile: String?
    /// How far the load has got.
    public var progress: ImportProgress?
    public var chart: ChartChange?
    /// The chart takes the keyboard focus.
    public var focusChart = false
    /// The line of notes under the chart (empty hides it); nil leaves it as it is.
    public var notes: String?
    /// The sheet list shows the shown document's workbook.
    public var showsSheets = false
    /// The sheet list goes back to the sheet shown (a chosen sheet could not be charted).
    public var revertsSheet = false
    /// Whether the chart says it follows its file; nil leaves it as it is.
    public var followsFile: Bool?
    public var watch: Watch?
    /// A file to add to the recently used files.
    public var recentFile: String?
    /// The column picker closes (a new table replaces the one it was choosing from).
    public var closesColumnPicker = false
    /// A document the window let go of, to be freed off the main loop (a big table's pages cost 10–20 ms).
    public var released: ChartDocument?
    /// Sentences for the screen reader, in order, said from where the focus is.
    public var speech: [String] = []
    /// Said once the window is active again (after a popup or dialog closes, Orca drops what is said sooner).
    public var speechOnceActive: String?
    public var request: Request?

    public init() {}

    /// Whether this asks nothing of the window.
    public var isEmpty: Bool {
        page == nil && loadingFile == nil && progress == nil && chart == nil && !focusChart && notes == nil
            && !showsSheets && !revertsSheet && followsFile == nil && watch == nil && recentFile == nil
            && !closesColumnPicker && released == nil && speech.isEmpty && speechOnceActive == nil && request == nil
    }

    /// These effects followed by `later`'s (`later`'s single values win; sentences add up).
    mutating func merge(_ later: DocumentEffects) {
        page = later.page ?? page
        loadingFile = later.loadingFile ?? loadingFile
        progress = later.progress ?? progress
        chart = later.chart ?? chart
        focusChart = focusChart || later.focusChart
        notes = later.notes ?? notes
        showsSheets = showsSheets || later.showsSheets
        revertsSheet = revertsSheet || later.revertsSheet
        followsFile = later.followsFile ?? followsFile
        watch = later.watch ?? watch
        recentFile = later.recentFile ?? recentFile
        closesColumnPicker = closesColumnPicker || later.closesColumnPicker
        released = later.released ?? released
        speech += later.speech
        speechOnceActive = later.speechOnceActive ?? speechOnceActive
        request = later.request ?? request
    }
}
