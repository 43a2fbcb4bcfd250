// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A person exploring one chart, without a toolkit: where the cursor is, the part of a box or candle Up and
/// Down reached, the selected range, the zoom, the compared series, and what each chart action says and plays.
///
/// The viewer (`ChartView`) maps keys to `ChartAction`s, hands each to `perform`, and carries out the
/// `SessionEffects` it gets back: speech for the screen reader, a sound, the accessible elements, the drawing,
/// and what only it can do (playback, dialogs, work on a worker). Every action's words and sounds are unit
/// tested here without a display (ChartSessionTests). Used on one thread (the viewer's main loop).
public final class ChartSession {
    /// The verbosity, the tone and speech switches and the reference level, shared by every window.
    public let feedback: PointFeedback
    /// The sound settings now (the length a person chose, the reference level), read at each action.
    let soundSettings: () -> SonificationSettings
    /// What the sound device is doing for this chart, read at each action that plays or stops.
    private let audioStatus: () -> AudioStatus

    /// The chart shown (the document's, or a part of it while zoomed).
    public private(set) var chart: ChartDescriptor?
    /// The cursor (it follows the sound while Space plays: `followSound`).
    public internal(set) var navigator: ChartNavigator?
    /// The part of the current element Up and Down reached (an index into its parts); nil for the whole
    /// element. Any move along the series clears it.
    public internal(set) var part: Int?
    /// The selected range: the x where it started, and whether plain moves keep it (M) or end it (Shift+arrows).
    public private(set) var selection: (anchorX: Double, sticky: Bool)?
    /// While zoomed to a part: the whole chart, what to add to the part's x to get the whole's, the part's
    /// words ("1930 to 1945, 16 points"), and the whole chart's navigator when it is at hand.
    public internal(set) var zoom: (whole: ChartDescriptor, xShift: Double, words: String, wholeNavigator: ChartNavigator?)?
    /// The series the current one is compared with (C), and how the two are heard (Shift+C); nil for none.
    public private(set) var comparison: (second: Int, sound: ComparisonSound)?
    /// What was last typed in Go To and in Find Value (each entry shows it again), and the condition F3 finds.
    public internal(set) var goToText = "", findText = ""
    public internal(set) var findCondition: ValueCondition?
    /// Points of interest per series, found on first use.
    public internal(set) var interests: [Int: [PointOfInterest]] = [:]
    /// The analysis and braille lines of the shown chart, once made on a worker; nil meanwhile.
    public private(set) var analysis: ChartAnalysis?
    public private(set) var braille: ChartBraille?
    /// The action that asked for the analysis before it was ready; performed once it is.
    public private(set) var waitingForAnalysis: ChartAction?
    /// Whether the window follows the chart's file as it grows (said in the chart's name).
    public var followsFile = false
    /// What Space or a range key started, while it plays or is paused; nil otherwise.
    public private(set) var playback: Playback?
    /// The followed file's new points not yet said (SessionGrowth).
    var newPoints: NewPointsAnnouncer
    /// Counts the charts shown (a growth of a followed file, a zoom): prepared scores are taken only for the
    /// chart they were made from.
    public private(set) var chartChanges = 0
    /// The shown chart's scores made on a worker (`offer(_:forChartChange:)`); nil until then.
    private var preparedScores: PreparedScores?

    /// A session reading the sound settings and the device's state from the viewer at each action; `clock`
    /// (seconds on a monotonic scale) paces the sentences about a followed file's new points.
    public init(
        feedback: PointFeedback, soundSettings: @escaping () -> SonificationSettings,
        audioStatus: @escaping () -> AudioStatus = { AudioStatus() },
        clock: @escaping @Sendable () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }
    ) {
        self.feedback = feedback
        self.soundSettings = soundSettings
        self.audioStatus = audioStatus
        newPoints = NewPointsAnnouncer(clock: clock)
    }

    // MARK: The chart shown

    /// Shows `chart` whole (nil: nothing), the cursor on its first point; no range, zoom or comparison.
    public func show(_ chart: ChartDescriptor?) {
        show(prepared: chart.map(ChartNavigator.init(chart:)))
    }

    /// Shows the chart of `prepared` whole (nil: nothing) as `show(_:)` does, with that navigator, made on a worker
    /// (a big chart's navigator takes a pass over its points, or a sort).
    public func show(prepared: ChartNavigator?) {
        zoom = nil
        selection = nil
        comparison = nil
        present(prepared: prepared)
    }

    /// Shows `chart` (the document's, or a part while zoomed) with the cursor on its first point, forgetting
    /// what was found in the one before.
    public func present(_ chart: ChartDescriptor?) {
        present(prepared: chart.map(ChartNavigator.init(chart:)))
    }

    /// Presents the chart of `prepared` as `present(_:)` does, with that navigator (its cursor put back on the
    /// first point).
    public func present(prepared: ChartNavigator?) {
        playback = nil
        self.chart = prepared?.chart
        chartChanges += 1
        preparedScores = nil
        navigator = prepared.map { $0.atStart() }
        part = nil
        interests = [:]
        forgetFindings()
    }

    /// The file grew: `grown` replaces the shown chart, the cursor already placed in `navigator` (`grow(to:)`).
    func replace(with grown: ChartDescriptor, navigator: ChartNavigator) {
        chart = grown
        chartChanges += 1
        preparedScores = nil
        self.navigator = navigator
        interests = [:]
        analysis = nil
        braille = nil
    }

    /// The scores made on a worker for the chart shown at `chartChange` (a value of `chartChanges`): kept when that
    /// chart is still shown, so Space plays at once; dropped otherwise.
    public func offer(_ scores: PreparedScores, forChartChange chartChange: Int) {
        guard chartChange == chartChanges else { return }
        preparedScores = scores
    }

    /// The analysis and braille lines are no longer the shown chart's, no action waits for them, and the
    /// new points not yet said are no longer new.
    public func forgetFindings() {
        analysis = nil
        braille = nil
        waitingForAnalysis = nil
        newPoints.discard()
    }

    /// The analysis made on a worker, for the shown chart when `current` (else for one it has grown from: it
    /// answers the action that waited for it and is not kept). Performs that action.
    public func analysisReady(_ analysis: ChartAnalysis, braille: ChartBraille, current: Bool) -> SessionEffects {
        self.analysis = analysis
        self.braille = braille
        defer {
            if !current {
                self.analysis = nil
                self.braille = nil
            }
        }
        guard let waiting = waitingForAnalysis else { return SessionEffects() }
        waitingForAnalysis = nil
        return perform(waiting)
    }

    /// The analysis for `action`, or nil while it is made: then the effects say "Still analysing…" and ask
    /// the viewer for it, and `action` is performed once it is ready (Chart Details asks this way too).
    public func analysisOrWait(for action: ChartAction, _ effects: inout SessionEffects) -> ChartAnalysis? {
        if let analysis { return analysis }
        guard chart != nil else { return nil }
        waitingForAnalysis = action
        effects.speech.append(Localization.tr("Still analysing…"))
        effects.request = .analysis
        return nil
    }

    // MARK: Actions

    /// Carries out `action`: what changed, what to say and what to play.
    public func perform(_ action: ChartAction) -> SessionEffects {
        var effects = SessionEffects()
        guard navigator != nil else {
            effects.handled = false
            return effects
        }
        switch action {
        case .play: playOrPause(all: false, &effects)
        case .playAll: playOrPause(all: true, &effects)
        case .stop:
            if playback == nil, selection != nil { return clearSelection() }
            stopPlaying(&effects)
        case .slower: effects.request = .changeSpeed(step: 1)
        case .faster: effects.request = .changeSpeed(step: -1)
        case .details: effects.request = .details
        case .previousPoint: go(.previous, &effects)
        case .nextPoint: go(.next, &effects)
        case .firstPoint: go(.first, &effects)
        case .lastPoint: go(.last, &effects)
        case .backTenth: go(.tenthBack, &effects)
        case .forwardTenth: go(.tenthForward, &effects)
        case .previousSeries: go(.previousSeries, &effects)
        case .nextSeries: go(.nextSeries, &effects)
        case .stepUp: step(up: true, &effects)
        case .stepDown: step(up: false, &effects)
        case .minimum: jumpToExtreme(highest: false, &effects)
        case .maximum: jumpToExtreme(highest: true, &effects)
        case .nextInterest: jumpToInterest(forward: true, &effects)
        case .previousInterest: jumpToInterest(forward: false, &effects)
        case .speakSummary:
            if let analysis = analysisOrWait(for: action, &effects) { effects.speech.append(analysis.summary) }
        case .speakXAxis:
            if let chart { effects.speech.append(Localization.tr("X axis: %@", AxisWording(chart: chart).x)) }
        case .speakYAxis:
            if let chart { effects.speech.append(Localization.tr("Y axis: %@", AxisWording(chart: chart).y)) }
        case .braille: showBraille(&effects)
        case .markRange: markRange(&effects)
        case .extendBack: extend(.previous, &effects)
        case .extendForward: extend(.next, &effects)
        case .playRange:
            if let part = selectedPart(refitting: false, &effects) {
                playPart(part, saying: Localization.tr("Playing %@", part.words), &effects)
            }
        case .describeRange:
            if let navigator, let part = selectedPart(refitting: true, &effects) {
                effects.request = .describeRange(part, series: navigator.series, copying: false)
            }
        case .copyPoint:
            guard let words = currentWords() else { return .saying(Localization.tr("No point to copy")) }
            effects.request = .copy(words)
            effects.speech.append(Localization.tr("Copied"))
        case .copySummary:
            if selection != nil {
                if let navigator, let part = selectedPart(refitting: true, &effects) {
                    effects.request = .describeRange(part, series: navigator.series, copying: true)
                }
            } else if let analysis = analysisOrWait(for: action, &effects) {
                effects.request = .copy(analysis.summary)
                effects.speech.append(Localization.tr("Copied"))
            }
        case .findNext: findAgain(forward: true, &effects)
        case .findPrevious: findAgain(forward: false, &effects)
        case .zoomIn: zoomIn(&effects)
        case .zoomOut: zoomOut(&effects)
        case .playToHere: playAlong(toHere: true, &effects)
        case .playFromHere: playAlong(toHere: false, &effects)
        case .referenceLevel: nextReferenceLevel(&effects)
        case .compare: compareWithNextSeries(&effects)
        case .comparisonSound: nextComparisonSound(&effects)
        case .verbosity:
            feedback.nextPreset()
            // The elements are renamed when the viewer hears of the change (`PointFeedback.onChange`), in every window.
            effects.speech.append(Localization.tr("Verbosity: %@", feedback.preset.localizedName))
        case .pointTones:
            feedback.toggleTones()
            effects.speech.append(feedback.tones ? Localization.tr("Point tones on") : Localization.tr("Point tones off"))
        case .pointSpeech:
            feedback.toggleSpeech()
            if feedback.speech {
                // Back to the point the person is on: the focus lands there and the screen reader says it.
                effects.speech.append(Localization.tr("Point speech on"))
                effects.cursor = .moveFocus
            } else {
                effects.speech.append(Localization.tr("Point speech off"))
                effects.holdsFocusWithoutSpeech = true
            }
        }
        return effects
    }

    // MARK: Moving the cursor

    /// Moves the cursor; plays the new element's tone (or the edge cue and says so at either end). A range
    /// selected with Shift and the arrows ends, unless `extending` it. True when the cursor moved.
    @discardableResult
    func go(
        _ move: CursorMove, reason: String? = nil, extending: Bool = false,
        _ effects: inout SessionEffects
    ) -> Bool {
        guard var navigator, let chart else { return false }
        if !extending, selection?.sticky == false { selection = nil }
        let before = navigator
        let result = navigator.move(move)
        self.navigator = navigator
        endPlayback(&effects)
        if result == .moved { part = nil }
        guard result == .moved else {
            effects.sound = .edgeCue
            switch move {
            case .previousSeries: effects.speech.append(Localization.tr("First series"))
            case .nextSeries: effects.speech.append(Localization.tr("Last series"))
            case .previous, .tenthBack, .first: effects.speech.append(Localization.tr("Start of data"))
            case .next, .tenthForward, .last, .point: effects.speech.append(Localization.tr("End of data"))
            }
            return false
        }
        let endsComparison: Bool
        switch move {
        case .previousSeries, .nextSeries: endsComparison = comparison != nil
        case .previous, .next, .first, .last, .tenthBack, .tenthForward, .point: endsComparison = false
        }
        if endsComparison {
            comparison = nil
            effects.elements = .rename
        }
        effects.cursor = .moveFocus
        if let score = currentTone(from: before.series == navigator.series ? before.point : nil) {
            effects.sound = .score(score)
        }
        if let reason { effects.speech.append(reason) }
        if endsComparison { effects.speech.append(Localization.tr("Comparison off")) }
        if let level = feedback.reference, before.series == navigator.series, let from = before.point,
            let to = navigator.point,
            Sonifier(chart: chart, settings: soundSettings()).stepCrossing(series: navigator.series, from: from, to: to) != nil
        {
            effects.speech.append(level.crossingPhrase(inSeries: navigator.series, of: chart))
        }
        return true
    }

    /// The braille view's caret reached `cell` of series `series`' line: the cursor moves to the first point
    /// drawn there and plays its tone; the focus stays in the braille view.
    public func followBraille(series: Int, cell: Int) -> SessionEffects {
        var effects = SessionEffects()
        guard var navigator, let chart, chart.series.indices.contains(series) else { return effects }
        while navigator.series < series, navigator.move(.nextSeries) == .moved {}
        while navigator.series > series, navigator.move(.previousSeries) == .moved {}
        guard navigator.series == series, let here = navigator.current, let braille,
            let position = braille.lines[series].firstPosition(inCell: cell),
            here.order.indices.contains(position)
        else { return effects }
        let before = self.navigator?.series == series ? self.navigator?.point : nil
        navigator.move(.point(here.order[position]))
        self.navigator = navigator
        part = nil
        endPlayback(&effects)
        effects.cursor = .keepFocus
        if let score = currentTone(from: before) { effects.sound = .score(score) }
        return effects
    }

    /// B: the braille lines, the caret on the current point's cell ("Still analysing…" until they are made).
    private func showBraille(_ effects: inout SessionEffects) {
        guard let navigator, analysisOrWait(for: .braille, &effects) != nil, let braille else { return }
        let position = navigator.current.map { $0.positions(of: navigator.element).lowerBound } ?? 0
        effects.request = .braille(
            braille, series: navigator.series,
            cell: braille.lines[navigator.series].cell(ofPosition: position))
    }

    /// The tone of the element under the cursor (nil with point tones off): a box's or a candle's own sound,
    /// the compared pair, an interval's sweep, or the point, gliding from `previous` on the same series.
    public func currentTone(from previous: Int?) -> Score? {
        guard feedback.tones, let navigator, let chart, let here = navigator.current, let point = navigator.point
        else { return nil }
        let settings = soundSettings()
        let sonifier = Sonifier(chart: chart, settings: settings)
        if chart.series[navigator.series].boxes != nil {
            return sonifier.boxScore(series: navigator.series, index: point)
        } else if chart.series[navigator.series].candles != nil, !here.isIntervals {
            return sonifier.candleScore(series: navigator.series, index: point)
        } else if let compared = currentComparison, !here.isIntervals {
            return compared.score(point: point, sound: comparison?.sound ?? .alternating, settings: settings)
        } else if here.isIntervals, here.points(of: navigator.element).first == point {
            return sonifier.intervalScore(
                series: navigator.series, points: here.points(of: navigator.element),
                fromX: previous.map { chart.series[navigator.series].x[$0] })
        }
        return sonifier.pointScore(series: navigator.series, index: point, from: previous)
    }

    /// [ and ]: the lowest or highest value of the current series.
    private func jumpToExtreme(highest: Bool, _ effects: inout SessionEffects) {
        guard let navigator, let analysis = analysisOrWait(for: highest ? .maximum : .minimum, &effects),
            analysis.series.indices.contains(navigator.series)
        else { return }
        let stats = analysis.series[navigator.series].statistics
        guard let index = highest ? stats.maxIndex : stats.minIndex else { return }
        let words = highest ? InterestReason.highest.words : InterestReason.lowest.words
        go(.point(index), reason: pointReason(words, index), &effects)
    }

    /// N and Shift+N: the next or previous point of interest of the current series.
    private func jumpToInterest(forward: Bool, _ effects: inout SessionEffects) {
        guard let navigator, let chart, let here = navigator.current,
            let analysis = analysisOrWait(for: forward ? .nextInterest : .previousInterest, &effects)
        else { return }
        let s = navigator.series
        let found = interests[s] ?? PointsOfInterest.find(in: chart.series[s], analysis: analysis.series[s], elements: here)
        interests[s] = found
        guard let next = navigator.interest(after: forward, among: found) else {
            effects.sound = .edgeCue
            effects.speech.append(
                forward
                    ? Localization.tr("No more points of interest after this one")
                    : Localization.tr("No points of interest before this one"))
            return
        }
        let words = Localization.list(next.reasons.map(\.words))
        go(.point(next.index), reason: pointReason(words, next.index), &effects)
    }

    /// What to say after a jump: the reason, and the point itself when the focus lands on an interval.
    func pointReason(_ words: String, _ index: Int) -> String {
        guard let navigator, let chart, navigator.current?.isIntervals == true else {
            return Localization.startingSentence(words)
        }
        return Localization.tr(
            "%@: %@", Localization.startingSentence(words),
            ElementNames(chart: chart).pointWords(index, in: chart.series[navigator.series]))
    }

    // MARK: The parts of a box or candle

    /// The parts Up and Down step through on the current element: a box's values from lowest to highest
    /// (Up goes higher, starting from the median) or a candle's open, high, low, close and volume (Down reads
    /// on, Up back); nil on elements without parts.
    public func currentParts() -> ElementParts? {
        guard let navigator, let chart, let point = navigator.point else { return nil }
        let series = chart.series[navigator.series]
        let names = ElementNames(chart: chart)
        if let box = series.boxes?[point] {
            return ElementParts(
                parts: box.parts.map { (names.partWords($0, of: box, in: series), box.value(of: $0)) },
                firstUp: box.medianPart + 1, firstDown: box.medianPart - 1, upward: 1,
                pastFirst: Localization.tr("Bottom of the box plot"),
                pastLast: Localization.tr("Top of the box plot"))
        }
        if let candle = series.candles?[point] {
            let parts = candle.parts
            return ElementParts(
                parts: parts.map { (names.candlePartWords($0, of: candle, in: series), candle.price(of: $0)) },
                firstUp: parts.count - 1, firstDown: 0, upward: -1,
                pastFirst: Localization.tr("First value of the candle"),
                pastLast: Localization.tr("Last value of the candle"))
        }
        return nil
    }

    /// Up and Down: the next part of the element (`currentParts`), its value played and said; on charts whose
    /// elements have no parts, the previous or next series.
    private func step(up: Bool, _ effects: inout SessionEffects) {
        guard let navigator, let chart, let point = navigator.point, let parts = currentParts() else {
            go(up ? .previousSeries : .nextSeries, &effects)
            return
        }
        let next = part.map { up ? $0 + parts.upward : $0 - parts.upward } ?? (up ? parts.firstUp : parts.firstDown)
        endPlayback(&effects)
        guard parts.parts.indices.contains(next) else {
            effects.sound = .edgeCue
            effects.speech.append(next < 0 ? parts.pastFirst : parts.pastLast)
            return
        }
        part = next
        if let value = parts.parts[next].value {
            effects.sound = .score(
                Sonifier(chart: chart, settings: soundSettings())
                    .valueScore(series: navigator.series, value: value, point: point))
        }
        if feedback.speech { effects.speech.append(parts.parts[next].words) }
        effects.redraw = true
    }

    // MARK: Ranges and zoom

    /// The x of the point the cursor is on, in the shown chart's units.
    public var cursorX: Double? {
        guard let navigator, let chart, let point = navigator.point else { return nil }
        let x = chart.series[navigator.series].x[point]
        return x.isFinite ? x : nil
    }

    /// The selected range's x span: from where it started to the cursor.
    public var selectedSpan: ClosedRange<Double>? {
        guard let selection, let x = cursorX else { return nil }
        return min(selection.anchorX, x)...max(selection.anchorX, x)
    }

    /// Whether the shown chart can have a range; says why not when it cannot (a histogram).
    private func rangesAvailable(_ effects: inout SessionEffects) -> Bool {
        guard let chart else { return false }
        if !chart.canRestrictX {
            effects.speech.append(
                Localization.tr("A histogram's bins cannot be selected as a range: each counts values of the whole column."))
        }
        return chart.canRestrictX
    }

    /// M: the selected range starts at the current point; moves with or without Shift extend it.
    private func markRange(_ effects: inout SessionEffects) {
        guard rangesAvailable(&effects), let chart, let x = cursorX else { return }
        selection = (x, true)
        effects.redraw = true
        effects.speech.append(Localization.tr("Range starts at %@", XValueFormatting(axis: chart.xAxis).string(x)))
    }

    /// Shift+Left and Shift+Right: the range from the mark (or from the current point) to the next point.
    private func extend(_ move: CursorMove, _ effects: inout SessionEffects) {
        guard rangesAvailable(&effects) else { return }
        if selection == nil, let x = cursorX { selection = (x, false) }
        guard go(move, extending: true, &effects), let words = selectedPart(refitting: false, &effects)?.words else { return }
        effects.speech.append(words)
    }

    /// Escape with nothing playing: the selected range ends. Not handled when there is none (the key passes on).
    public func clearSelection() -> SessionEffects {
        var effects = SessionEffects()
        guard selection != nil else {
            effects.handled = false
            return effects
        }
        selection = nil
        effects.redraw = true
        effects.speech.append(Localization.tr("Selection cleared"))
        return effects
    }

    /// The part of the shown chart the selected range covers (see `ChartPart`); says what to do when nothing
    /// is selected.
    private func selectedPart(refitting: Bool, _ effects: inout SessionEffects) -> ChartPart? {
        guard let navigator, let chart, rangesAvailable(&effects) else { return nil }
        guard let span = selectedSpan else {
            effects.speech.append(
                Localization.tr("No range is selected. Shift+Right selects from this point on; M marks where a range starts."))
            return nil
        }
        return ChartPart(of: chart, span: span, series: navigator.series, refitting: refitting)
    }

    /// H and Shift+H: the current series from its first point to the cursor, or from the cursor to its last.
    private func playAlong(toHere: Bool, _ effects: inout SessionEffects) {
        guard let navigator, let chart, rangesAvailable(&effects), let x = cursorX else { return }
        let xs = chart.series[navigator.series].x.filter(\.isFinite)
        guard let first = xs.min(), let last = xs.max(),
            let part = ChartPart(of: chart, span: toHere ? first...x : x...last, series: navigator.series, refitting: false)
        else { return }
        playPart(
            part,
            saying: toHere
                ? Localization.tr("Playing from the start to here")
                : Localization.tr("Playing from here to the end"), &effects)
    }

    /// Z: the selected range fills the chart; the keys move inside it, and its name says it is zoomed.
    private func zoomIn(_ effects: inout SessionEffects) {
        guard let navigator, let chart, let x = cursorX, let part = selectedPart(refitting: true, &effects) else { return }
        // The whole chart's navigator is kept for Shift+Z: making it again is a sort when x is not in order (about
        // a second on the main loop for five million points).
        zoom = (
            zoom?.whole ?? chart, (zoom?.xShift ?? 0) + part.categoryOffset, part.words,
            zoom == nil ? navigator : zoom?.wholeNavigator
        )
        selection = nil
        effects.present = (ChartNavigator(chart: part.chart), navigator.series, x - part.categoryOffset)
        effects.speech.append(Localization.tr("Zoomed to %@", part.words))
    }

    /// Shift+Z: the whole chart again, the cursor on the same point.
    private func zoomOut(_ effects: inout SessionEffects) {
        guard let navigator, let zoom else {
            effects.speech.append(Localization.tr("The whole chart is shown."))
            return
        }
        let x = cursorX.map { $0 + zoom.xShift }
        self.zoom = nil
        selection = nil
        effects.present = (zoom.wholeNavigator ?? ChartNavigator(chart: zoom.whole), navigator.series, x)
        effects.speech.append(Localization.tr("Whole chart, %@", ChartPart.words(zoom.whole, series: navigator.series)))
    }

    /// After `present(chart)` for a zoom: the cursor in series `series` on the point nearest `x`.
    public func placeCursor(series: Int, x: Double?) {
        guard var navigator, let chart else { return }
        while navigator.series < series, navigator.move(.nextSeries) == .moved {}
        if let x, let here = navigator.current, let point = here.point(nearestX: x, in: chart.series[navigator.series]) {
            navigator.move(.point(point))
        }
        self.navigator = navigator
    }

    // MARK: Playing

    /// What Space started ends: the cursor stops following the sound (the sound itself plays out).
    func endPlayback(_ effects: inout SessionEffects) {
        playback = nil
        effects.stopsPlayback = true
    }

    /// The sound this chart started is stopped from outside (another chart, the window closing).
    public func endPlayback() {
        playback = nil
    }

    /// Space (one series) and Shift+Space (all series): plays from the cursor, or pauses and resumes.
    private func playOrPause(all: Bool, _ effects: inout SessionEffects) {
        guard let navigator, let chart else { return }
        let wanted: Int? = all ? nil : navigator.series
        let audio = audioStatus()
        if let playback, playback.series == wanted, audio.ownedByThisChart {
            switch audio.state {
            case .playing:
                effects.playback = .pause
                effects.cursor = .moveFocus
                effects.speech.append(Localization.tr("Paused"))
                return
            case .paused:
                effects.playback = .resume
                return
            case .idle: break
            }
        }
        let settings = soundSettings()
        let compared = all ? nil : currentComparison
        // Compared, the score's first layout is the current series' (or their difference's), on its x.
        let score =
            compared.map { $0.score(comparison?.sound ?? .alternating, settings: settings) }
            ?? preparedScores?.score(wanted.map { .single($0) } ?? .all, settings: settings)
            ?? Sonifier(chart: chart, settings: settings).score(wanted.map { .single($0) } ?? .all)
        guard score.duration > 0 else { return }
        var seconds = 0.0
        let followed = compared == nil ? navigator.series : 0
        if let point = navigator.point, let layout = score.layouts.first(where: { $0.series == followed }) ?? score.layouts.first
        {
            seconds = layout.slotStart(ofX: chart.series[navigator.series].x[point])
        }
        playback = Playback(score: score, series: wanted, layoutSeries: compared == nil ? nil : 0)
        effects.playback = .start(
            SoundStart(
                score: score, fromSeconds: seconds,
                startedWords: all ? Localization.tr("Playing all series") : Localization.tr("Playing"),
                restoredWords: all
                    ? Localization.tr("Sound is back. Playing all series") : Localization.tr("Sound is back. Playing")))
    }

    /// Plays the current series of `part` at the shown chart's pitches and pace, the cursor following; says
    /// `words` once the sound has started.
    private func playPart(_ part: ChartPart, saying words: String, _ effects: inout SessionEffects) {
        guard let navigator, let chart else { return }
        let settings = part.pacedSettings(soundSettings(), whole: chart, series: navigator.series)
        let score = Sonifier(chart: part.chart, settings: settings).score(.single(navigator.series))
        guard score.duration > 0, part.chart.series[navigator.series].count > 0 else {
            effects.speech.append(Localization.tr("This series has no points there."))
            return
        }
        effects.stopsSound = true
        playback = Playback(
            score: score, series: navigator.series, xShift: part.categoryOffset,
            focusedAtStart: (navigator.series, navigator.element))
        effects.playback = .start(
            SoundStart(
                score: score, fromSeconds: 0, startedWords: words,
                restoredWords: Localization.tr("Sound is back. %@", words)))
    }

    /// Escape: stops what this chart plays and puts the focus on the point last heard; not handled when
    /// nothing is.
    private func stopPlaying(_ effects: inout SessionEffects) {
        let audio = audioStatus()
        guard playback != nil || audio.ownedByThisChart, audio.state != .idle || playback != nil else {
            effects.handled = false
            return
        }
        playback = nil
        effects.stopsSound = true
        effects.cursor = .moveFocus
        if audio.state != .idle { effects.speech.append(Localization.tr("Stopped")) }
    }

    /// One step of following the sound (ten a second): the point now sounding becomes the cursor, without
    /// moving the focus; at the end the focus lands there. `goOn` is false once there is nothing to follow.
    public func followSound() -> (goOn: Bool, effects: SessionEffects) {
        var effects = SessionEffects()
        let audio = audioStatus()
        guard let playback, audio.ownedByThisChart, var navigator, let chart else { return (false, effects) }
        if audio.isStarting { return (true, effects) }
        if audio.state == .idle {
            self.playback = nil
            effects.cursor = .moveFocus
            if let start = playback.focusedAtStart, start == (navigator.series, navigator.element), feedback.speech,
                let here = navigator.current
            {
                // A part ended on the element that had the focus: no focus move to speak, so say it.
                effects.speech.append(ElementNames(chart: chart, wording: feedback.wording).name(navigator.element, of: here))
            }
            if let failure = audio.lastFailure {
                // The device went away mid-sound: say so, or the silence would seem like the end of the data.
                effects.speech.append(Localization.tr("%@. Press Space to try again.", failure.reason))
            }
            return (false, effects)
        }
        guard let frame = audio.currentFrame,
            let layout = playback.score.layouts.first(where: { $0.series == playback.layoutSeries ?? navigator.series }),
            let here = navigator.current
        else { return (true, effects) }
        let x = layout.x(atTime: Double(frame) / Double(AudioBuffer.standardSampleRate)) + playback.xShift
        if let point = here.point(nearestX: x, in: chart.series[navigator.series]), point != navigator.point {
            navigator.move(.point(point))
            self.navigator = navigator
            part = nil
            effects.cursor = .nameOnly
            effects.redraw = true
        }
        return (true, effects)
    }

    /// The sound could not start: what to say (the device's reason, and that everything else works without
    /// sound); the playback ends.
    public func noSound(_ failure: AudioOutputError) -> SessionEffects {
        var effects = SessionEffects()
        endPlayback(&effects)
        // The device's reason says what failed; its advice is for the command line, so the viewer gives its own.
        effects.speech.append(
            Localization.tr(
                "No sound: %@. The chart, its keys and speech work without sound; Control+E saves the audio graph as a WAV file.",
                failure.reason))
        return effects
    }

    /// Comma and period changed the play length by `step`: says how long the whole chart now plays.
    public func speedChanged(by step: Int) -> SessionEffects {
        guard let navigator, let chart else { return SessionEffects() }
        let seconds = Sonifier(chart: chart, settings: soundSettings()).playDuration(
            pointCount: chart.series[navigator.series].count)
        return .saying(
            Localization.tr(
                "%@: plays in %@ seconds",
                step > 0 ? Localization.tr("Slower") : Localization.tr("Faster"),
                ValueFormatter.format(seconds, fractionDigits: seconds < 10 ? 1 : 0, grouping: true)))
    }

    // MARK: Reference level and comparison

    /// L: the next reference level, drawn and heard at once in every window; says where it lies.
    private func nextReferenceLevel(_ effects: inout SessionEffects) {
        guard let navigator, let chart else { return }
        guard ReferenceLevel.applies(to: chart.kind) else {
            effects.speech.append(Localization.tr("A histogram takes no reference level: its heights are counts."))
            return
        }
        feedback.nextReference()
        if let level = feedback.reference, let label = level.lineLabel(inSeries: navigator.series, of: chart) {
            effects.speech.append(Localization.tr("Reference level: %@", label))
        } else {
            effects.speech.append(Localization.tr("Reference level off"))
        }
    }

    /// The current series compared with the chosen one, when comparing.
    public var currentComparison: SeriesComparison? {
        guard let comparison, let chart, let navigator else { return nil }
        return SeriesComparison(chart: chart, first: navigator.series, second: comparison.second)
    }

    /// C: compare the current series with the next other series, and after the last, no longer compare.
    private func compareWithNextSeries(_ effects: inout SessionEffects) {
        guard let navigator, let chart else { return }
        guard chart.series.count > 1, chart.kind != .histogram else {
            effects.speech.append(Localization.tr("This chart has one series: there is nothing to compare it with."))
            return
        }
        let others = chart.series.indices.filter { $0 != navigator.series }
        let next = comparison.map { current in others.first { $0 > current.second } } ?? others.first
        if let next {
            comparison = (next, comparison?.sound ?? .alternating)
        } else {
            comparison = nil
        }
        comparisonChanged(
            saying: currentComparison.map { Localization.tr("Comparing %@", soundWords($0)) }
                ?? Localization.tr("Comparison off"), &effects)
    }

    /// Shift+C: in turns, together (left and right), their difference (when they share a scale), and round.
    private func nextComparisonSound(_ effects: inout SessionEffects) {
        guard let current = comparison, let compared = currentComparison else {
            effects.speech.append(Localization.tr("Press C first to choose a series to compare with."))
            return
        }
        let ways = ComparisonSound.allCases.filter { $0 != .difference || compared.hasDifference }
        let next = ways[((ways.firstIndex(of: current.sound) ?? 0) + 1) % ways.count]
        comparison = (current.second, next)
        comparisonChanged(saying: Localization.tr("Hearing %@", soundWords(compared)), &effects)
    }

    /// What the comparison is and how it sounds: "ACME and BOLT in turns", "ACME on the left and BOLT on the
    /// right", "ACME minus BOLT".
    private func soundWords(_ compared: SeriesComparison) -> String {
        let a = compared.chart.series[compared.first].name, b = compared.chart.series[compared.second].name
        switch comparison?.sound ?? .alternating {
        case .alternating: return Localization.tr("%@ and %@ in turns", a, b)
        case .together: return Localization.tr("%@ on the left and %@ on the right", a, b)
        case .difference: return Localization.tr("%@ minus %@", a, b)
        }
    }

    /// Renames the elements for the comparison (or without one), says `words`, and plays the current point.
    private func comparisonChanged(saying words: String, _ effects: inout SessionEffects) {
        playback = nil
        effects.stopsSound = true
        effects.elements = .rename
        effects.speech.append(words)
        if let score = currentTone(from: nil) { effects.sound = .score(score) }
    }

    // MARK: Names and the drawn cursor

    /// The words of the element the cursor is on, as it is named at the current verbosity (what the screen
    /// reader said on arriving there), or of the box or candle part reached with Up and Down; nil with no point.
    public func currentWords() -> String? {
        guard let navigator, let here = navigator.current, navigator.point != nil else { return nil }
        if let part, let parts = currentParts(), parts.parts.indices.contains(part) { return parts.parts[part].words }
        return ElementNames(chart: navigator.chart, wording: feedback.wording)
            .name(navigator.element, of: here, comparison: currentComparison)
    }

    /// The chart's name for the element group: the chart, what is selected, the part it is zoomed to, and
    /// whether its file is followed.
    public func groupName() -> String {
        guard let chart else { return "" }
        let here = navigator?.current
        var name = ElementNames(chart: chart).chartName(selecting: here == nil ? nil : navigator?.element, of: here)
        if let zoom { name = Localization.tr("%@, zoomed to %@", name, zoom.words) }
        if followsFile { name = Localization.tr("%@, following its file", name) }
        return name
    }

    /// The cursor as the scene draws it: the point, the box part reached, the selected range, and the
    /// interval's span on a long series.
    public var sceneFocus: ChartFocus? {
        guard let navigator, let chart, let here = navigator.current, let point = navigator.point else { return nil }
        var focus = ChartFocus(series: navigator.series, index: point)
        if let part, let parts = currentParts(), parts.parts.indices.contains(part) {
            focus.value = parts.parts[part].value
        }
        focus.selection = selectedSpan
        if here.isIntervals {
            let summary = here.summary(of: navigator.element, in: chart.series[navigator.series])
            if let lo = summary.minY, let hi = summary.maxY {
                focus.band = DataRect(x: summary.firstX...summary.lastX, y: lo...hi)
            }
        }
        return focus
    }
}

/// The parts of one chart element that Up and Down step through, in index order, each with its words and its
/// value on the y axis (nil when it has none there, such as a candle's volume).
public struct ElementParts {
    public var parts: [(words: String, value: Double?)]
    /// Where Up and Down land first from the whole element.
    public var firstUp: Int, firstDown: Int
    /// +1 when Up goes to the next index, -1 when it goes to the previous.
    public var upward: Int
    /// What is said on trying to go below index 0, or past the last index.
    public var pastFirst: String, pastLast: String
}
