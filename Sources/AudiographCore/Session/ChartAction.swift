// SPDX-License-Identifier: GPL-3.0-or-later
/// The chart's own commands: its keys, also in the viewer's Chart and Go menus (`ActionID.Chart` there). A
/// `ChartSession` carries them out; the viewer's action table gives each its keys and menu label.
public enum ChartAction: String, Sendable, CaseIterable {
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
    /// Ctrl+C: the current point's words, as the screen reader said them, onto the clipboard.
    case copyPoint = "copy-point"
    /// Ctrl+Shift+C: the selected range's description, or the chart's summary, onto the clipboard.
    case copySummary = "copy-summary"
    /// F3 and Shift+F3: the next or previous point meeting the condition typed in Find Value.
    case findNext = "find-next"
    case findPrevious = "find-previous"
}
