// SPDX-License-Identifier: GPL-3.0-or-later
/// Every command of the viewer, by who carries it out. Each handler switches over its own kind with no
/// `default:`, so a new command cannot be added without the compiler asking for its handler.
public enum ActionID: Hashable, Sendable, CaseIterable {
    /// Application-wide commands (`AudiographApplication`).
    public enum App: String, Sendable, CaseIterable {
        case open, preferences, quit, shortcuts
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
    }

    /// The chart's own keys (`ChartView`), also in the Chart and Go menus.
    public enum Chart: String, Sendable, CaseIterable {
        case play
        case playAll = "play-all"
        case stop, slower, faster, details
        case speakSummary = "speak-summary"
        case speakXAxis = "speak-x-axis"
        case speakYAxis = "speak-y-axis"
        case previousPoint = "previous-point"
        case nextPoint = "next-point"
        case firstPoint = "first-point"
        case lastPoint = "last-point"
        case backTenth = "back-tenth"
        case forwardTenth = "forward-tenth"
        case minimum, maximum
        case nextInterest = "next-interest"
        case previousInterest = "previous-interest"
        case previousSeries = "previous-series"
        case nextSeries = "next-series"
        /// Up and Down: through the parts of the element (a box's quartiles, whiskers and outliers), or
        /// between series on a chart whose elements have no parts.
        case stepUp = "step-up"
        case stepDown = "step-down"
        /// V: Minimal, Standard, Detailed or the custom set of what is said at each point.
        case verbosity
        /// T and P: each step's tone, and each step's speech, off and on.
        case pointTones = "point-tones"
        case pointSpeech = "point-speech"
        /// B: the braille lines of the whole chart in a text view.
        case braille
        /// M: the selected range starts at the current point, and plain moves extend it.
        case markRange = "mark-range"
        /// Shift+Left and Shift+Right: select from the current point (or the mark) to the previous or next one.
        case extendBack = "extend-back"
        case extendForward = "extend-forward"
        /// R: play the selected range; Shift+S: describe it; Z: zoom to it; Shift+Z: the whole chart again.
        case playRange = "play-range"
        case describeRange = "describe-range"
        case zoomIn = "zoom-in"
        case zoomOut = "zoom-out"
        /// H and Shift+H: play from the first point to the current one, and from the current one to the last.
        case playToHere = "play-to-here"
        case playFromHere = "play-from-here"
        /// L: no reference level, the mean, the median, zero or the typed value.
        case referenceLevel = "reference-level"
        /// C: compare the current series with the next other one (round to none); Shift+C: how they are heard.
        case compare
        case comparisonSound = "comparison-sound"
    }

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
