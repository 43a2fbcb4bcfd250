// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What Go To or Find Value did with what was typed.
public enum SearchOutcome {
    /// The cursor moved: the effects play and say the point as a step does (the viewer carries them out once
    /// the chart has the focus again).
    case moved(SessionEffects)
    /// The cursor stayed; the sentence says why and what to type (the entry stays open to try again).
    case stayed(String)
}

extension ChartSession {
    /// What to type in Go To on the shown chart, with its first x as the example: "A value of Year, such as 1917."
    public var goToHint: String {
        guard let chart else { return "" }
        let first = chart.series.first?.x.first(where: \.isFinite).map { XValueFormatting(axis: chart.xAxis).string($0) } ?? ""
        switch chart.xAxis {
        case .date:
            return Localization.tr("A date of %@ in any spelling, such as %@, Sep 2008 or 15/9/2008.", chart.xAxis.title, first)
        case .numeric: return Localization.tr("A value of %@, such as %@.", chart.xAxis.title, first)
        case .categorical: return Localization.tr("A name in %@ or its start, such as %@.", chart.xAxis.title, first)
        }
    }

    /// Ctrl+G: the cursor to the point of the current series at the x value or label typed, or to the
    /// nearest, said so ("Nearest to 1950"); beyond the data, the data's range is said and the cursor stays.
    public func goTo(_ text: String) -> SearchOutcome {
        goToText = text
        guard let navigator, let chart, let elements = navigator.current else {
            return .stayed(Localization.tr("No chart is shown."))
        }
        switch PointSearch(chart: chart, series: navigator.series, elements: elements).place(text) {
        case .found(let point): return land(on: point, reason: nil)
        case .nearest(let point):
            return land(
                on: point,
                reason: Localization.tr(
                    "Nearest to %@",
                    text.trimmingCharacters(in: .whitespacesAndNewlines)))
        case .outside(let sentence), .unreadable(let sentence): return .stayed(sentence)
        }
    }

    /// Ctrl+F: `text` read as a condition on the values ("above 24"), kept for F3, and the cursor to the next
    /// point after it in the current series that meets it (from the first when none is after). The first
    /// find says how many points meet it; none said so, and the cursor stays.
    public func find(_ text: String) -> SearchOutcome {
        findText = text
        guard let condition = ValueCondition(parsing: text) else {
            return .stayed(Localization.tr("Type a condition such as above 24, below 0 or between 10 and 20."))
        }
        guard let navigator, let chart, let elements = navigator.current else {
            return .stayed(Localization.tr("No chart is shown."))
        }
        findCondition = condition
        let search = PointSearch(chart: chart, series: navigator.series, elements: elements)
        let meeting = search.all(meeting: condition)
        let words = search.words(condition)
        guard let first = meeting.first else {
            return .stayed(Localization.tr("No points %@ in %@.", words, chart.series[navigator.series].name))
        }
        let counted = Localization.trn("%ld point %@", "%ld points %@", meeting.count, meeting.count, words)
        if let next = search.next(meeting: condition, from: navigator.point, forward: true) {
            return land(on: next, reason: counted)
        }
        return land(on: first, reason: Localization.tr("%@, from the start", counted))
    }

    /// F3 and Shift+F3: the next or previous point meeting the condition found last; at the end the edge cue
    /// and "No more points above 24". Before anything was found, the viewer opens Find Value.
    func findAgain(forward: Bool, _ effects: inout SessionEffects) {
        guard let condition = findCondition else {
            effects.request = .findValue
            return
        }
        guard let navigator, let chart, let elements = navigator.current else { return }
        let search = PointSearch(chart: chart, series: navigator.series, elements: elements)
        guard let point = search.next(meeting: condition, from: navigator.point, forward: forward) else {
            endPlayback(&effects)
            effects.sound = .edgeCue
            effects.speech.append(
                forward
                    ? Localization.tr("No more points %@", search.words(condition))
                    : Localization.tr("No earlier points %@", search.words(condition)))
            return
        }
        go(.point(point), reason: landingWords(point, reason: nil), &effects)
    }

    /// The cursor onto `point` of the current series, as a jump: its tone and focus, `reason` said first.
    private func land(on point: Int, reason: String?) -> SearchOutcome {
        var effects = SessionEffects()
        go(.point(point), reason: landingWords(point, reason: reason), &effects)
        return .moved(effects)
    }

    /// What to say besides the focus landing on `point`: the reason, and the point's own words when the
    /// focus lands on an interval of a long series (whose name is the interval's).
    private func landingWords(_ point: Int, reason: String?) -> String? {
        if let reason { return pointReason(reason, point) }
        guard let navigator, let chart, navigator.current?.isIntervals == true else { return nil }
        return ElementNames(chart: chart).pointWords(point, in: chart.series[navigator.series])
    }
}
