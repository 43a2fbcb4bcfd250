// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

/// Every command of the viewer, by who carries it out. Each handler switches over its own kind with no
/// `default:`, so a new command cannot be added without the compiler asking for its handler.
public enum ActionID: Hashable, Sendable, CaseIterable {
    /// Application-wide commands (`AudiographApplication`).
    public enum App: String, Sendable, CaseIterable {
        case open, preferences, quit, shortcuts
        /// Ctrl+V: the clipboard's table in a window of its own, "Pasted table".
        case pasteTable = "paste-table"
        /// Ctrl+plus, Ctrl+minus, Ctrl+0: every chart's text, lines, marks and cursor bigger, smaller, or normal.
        case chartLarger = "chart-larger"
        case chartSmaller = "chart-smaller"
        case chartNormalSize = "chart-normal-size"
    }

    /// The View menu's switches, application-wide (`AudiographApplication`, the Preferences window).
    public enum Toggle: String, Sendable, CaseIterable {
        case increaseContrast = "increase-contrast"
        case reduceTransparency = "reduce-transparency"
        case differentiateWithoutColor = "differentiate-without-color"
    }

    /// Commands of one window (`DocumentWindow`).
    public enum Window: String, Sendable, CaseIterable {
        case export, close, fullscreen
        case exportMIDI = "export-midi"
        case chooseColumns = "choose-columns"
        case otherCharts = "other-charts"
        /// View ▸ Follow File: the chart grows as rows are appended to its file; again to stop.
        case followFile = "follow-file"
        /// Alt+S: the keyboard focus to the Sheet list of a workbook of several sheets.
        case chooseSheet = "choose-sheet"
        /// Ctrl+S: a pasted or piped-in table saved as a CSV file, which the window then shows.
        case saveTable = "save-table"
        /// Ctrl+G: the cursor to the point at a typed x value or label.
        case goTo = "go-to"
        /// Ctrl+F: the cursor to the next point whose value meets a typed condition ("above 24").
        case findValue = "find-value"
        /// Ctrl+T: the chart's rows in a table beside it, at the cursor's row.
        case dataTable = "data-table"
    }

    /// The chart's own keys (`ChartView`, which hands them to its `ChartSession`), also in the Chart and Go
    /// menus; the enum lives in the core with the session.
    public typealias Chart = ChartAction

    case app(App)
    case toggle(Toggle)
    case window(Window)
    case chart(Chart)

    public static var allCases: [ActionID] {
        App.allCases.map(ActionID.app) + Toggle.allCases.map(ActionID.toggle)
            + Window.allCases.map(ActionID.window) + Chart.allCases.map(ActionID.chart)
    }

    /// GTK's detailed action name: "app.open" (application-wide), "win.play" (per window).
    public var name: String {
        switch self {
        case .app(let command): return "app." + command.rawValue
        case .toggle(let toggle): return "app." + toggle.rawValue
        case .window(let command): return "win." + command.rawValue
        case .chart(let command): return "win." + command.rawValue
        }
    }

    /// The action with GTK name `name` ("win.play"), if there is one.
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }
}
