// SPDX-License-Identifier: GPL-3.0-or-later

/// What a person (or the window on their behalf) asks of a window's document: `DocumentSession.perform` turns
/// each into `DocumentEffects`.
public enum DocumentAction {
    /// Open a file, a pasted table (`.held`) or standard input (`.standardInput`) in this window.
    case open(TableSource)
    /// Cancel on the loading page: back to what the window showed before.
    case cancelLoad
    /// Start Page on the error page.
    case showStart
    /// Read the shown table again from its file, with the settings its chart was made with.
    case reload
    /// Chart the shown table again with `settings` (Choose Columns, Other Charts), kept beside the file and for
    /// tables of the same columns when `remember` is on; `done` hears nil once the chart is shown and saved,
    /// or the sentence saying why not (the old chart stays).
    case chartAgain(ChartSettings, remember: Bool, done: @MainActor (String?) -> Void)
    /// The window that asked to chart again closed first: the chart being made is dropped.
    case cancelChartAgain
    /// Chart sheet `name` of the shown workbook, remembered in its sidecar.
    case chooseSheet(String)
    /// View ▸ Follow File: start following the shown file, or stop.
    case toggleFollowing
    /// The followed file may have changed (a file monitor's event): look at it.
    case fileChanged
    /// Ctrl+E, Ctrl+Shift+E: ask where to export the audio graph.
    case export(AudioGraphFileFormat)
    /// The person chose `target` for an export asked for as `format`.
    case exportTo(String, AudioGraphFileFormat)
    /// Ctrl+S: ask where to save a pasted or piped-in table.
    case saveTable
    /// The person chose `target` for Save Table As.
    case saveTableTo(String)
    /// The window is going: stop every job and timer; nothing is heard after this.
    case close
}
