// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The work a shown chart starts off the main loop, without a toolkit: its analysis and braille lines, a big
/// chart's prepared scores, a selected range's description, a followed file's new points (their tones, and the
/// paced sentence about them), and the quiet delay before a grown chart is analysed.
///
/// The viewer (`ChartView`) says when a chart is shown or grows and carries out what comes back: the effects of
/// the analysis being ready (a key that waited for it), a range's words, the new points' sound and sentence.
/// Work runs through a `JobRunning`, so ChartWorkTests steps it by hand. Results of an older chart are not kept:
/// each is checked against `ChartSession.chartChanges`.
@MainActor
public final class ChartWork {
    /// How long a followed file must stay unchanged before the grown chart is analysed, in milliseconds: a logger
    /// writing every few hundred milliseconds would else restart a big chart's analysis before it ever finished.
    public static let analysisQuietMilliseconds: UInt32 = 700

    /// The analysis is ready: the effects of the action that waited for it (said, played, opened).
    public var onAnalysed: ((SessionEffects) -> Void)?
    /// A selected range's words (Shift+S), or the same words to copy when `copying` (Ctrl+Shift+C).
    public var onRangeDescribed: ((_ words: String, _ copying: Bool) -> Void)?
    /// The new points' tones, rendered; the viewer plays them unless something else plays.
    public var onNewPointsSound: ((AudioBuffer) -> Void)?
    /// A sentence about the followed file's new points, due now.
    public var onNewPointsSentence: ((String) -> Void)?

    private let jobs: any JobRunning
    private let session: ChartSession
    private var analysisJob: (any Cancelling)?
    private var scoresJob: (any Cancelling)?
    private var rangeJob: (any Cancelling)?
    private var newPointsSoundJob: (any Cancelling)?
    private var quietTimer: (any Cancelling)?
    private var newPointsTimer: (any Cancelling)?

    public init(jobs: any JobRunning, session: ChartSession) {
        self.jobs = jobs
        self.session = session
    }

    /// Whether the analysis of the shown chart is under way.
    public var isAnalysing: Bool { analysisJob != nil }

    /// Whether a grown chart waits for its file to be quiet before it is analysed.
    public var waitsForQuiet: Bool { quietTimer != nil }

    /// The session shows a new chart: what the one before started is dropped, and the new one's analysis (and a
    /// big chart's scores, for `settings`) started.
    public func chartShown(settings: SonificationSettings) {
        cancel()
        guard let chart = session.chart else { return }
        analyse(chart, settings: settings)
    }

    /// Starts the analysis and braille lines of `chart` on a worker (what S, D, N, [ and ] and B wait for), and its
    /// scores when it is big.
    private func analyse(_ chart: ChartDescriptor, settings: SonificationSettings) {
        prepareScores(settings: settings)
        let change = session.chartChanges
        analysisJob = jobs.start(
            "audiograph-analysis",
            work: { cancellation -> Findings? in
                DiagnosticDelay.wait(milliseconds: DiagnosticDelay.analysisMilliseconds, cancellation: cancellation)
                guard let analysis = ChartAnalysis.analyze(chart, cancellation: cancellation) else { return nil }
                // The braille lines take a pass over every point: made here too, off the main loop.
                return Findings(analysis: analysis, braille: ChartBraille(chart: chart))
            },
            done: { [weak self] findings in
                guard let self else { return }
                self.analysisJob = nil
                Trace.mark("analysis-ready")
                // Of a chart that has grown since: it answers the key that waited for it, and is not kept.
                let effects = self.session.analysisReady(
                    findings.analysis, braille: findings.braille,
                    current: change == self.session.chartChanges)
                self.onAnalysed?(effects)
            })
    }

    /// What the analysis job finds in a chart: its analysis and its braille lines.
    private struct Findings: Sendable {
        var analysis: ChartAnalysis
        var braille: ChartBraille
    }

    /// Makes the scores Space and Shift+Space play for a big chart on a worker and hands them to the session (each a
    /// pass over every point: 36 ms of the main loop at ten million points when made on a key); again after the
    /// play length changed.
    public func prepareScores(settings: SonificationSettings) {
        scoresJob?.cancel()
        scoresJob = nil
        guard let chart = session.chart, PreparedScores.areWorthPreparing(for: chart) else { return }
        let change = session.chartChanges
        scoresJob = jobs.start(
            "audiograph-scores",
            work: { cancellation in
                PreparedScores(chart: chart, settings: settings, cancellation: cancellation)
            },
            done: { [weak self] scores in
                guard let self else { return }
                self.scoresJob = nil
                self.session.offer(scores, forChartChange: change)
            })
    }

    /// The followed file grew and the session put the grown chart in place (`growth`): the grown chart is
    /// analysed once the file has been quiet for `analysisQuietMilliseconds` (an analysis of the old chart is let
    /// finish when the old points kept their places), the new points' tones are rendered, and what arrived is said
    /// when a sentence is due.
    public func chartGrew(_ growth: GrowthEffects, settings: SonificationSettings) {
        if growth.replaced {
            if !growth.keepsAnalysisUnderWay {
                analysisJob?.cancel()
                analysisJob = nil
            }
            analyseWhenQuiet(settings: settings)
        }
        if let score = growth.newPointsScore {
            // Up to a second of sound: rendered on a worker (about 20 ms), played when ready.
            newPointsSoundJob?.cancel()
            newPointsSoundJob = jobs.start(
                "audiograph-new-points", work: { _ in Synthesizer().render(score) },
                done: { [weak self] buffer in
                    guard let self else { return }
                    self.newPointsSoundJob = nil
                    self.onNewPointsSound?(buffer)
                })
        }
        if growth.newPointsNoted { sayNewPoints() }
    }

    /// Analyses the shown chart once its file has been quiet; an analysis under way is let finish first.
    private func analyseWhenQuiet(settings: SonificationSettings) {
        quietTimer?.cancel()
        quietTimer = jobs.after(milliseconds: Self.analysisQuietMilliseconds) { [weak self] in
            guard let self else { return }
            self.quietTimer = nil
            if self.analysisJob != nil { return self.analyseWhenQuiet(settings: settings) }
            if let chart = self.session.chart, self.session.analysis == nil { self.analyse(chart, settings: settings) }
        }
    }

    /// A key wants the analysis (the session asked, `SessionEffects.Request.analysis`): started now unless it is
    /// under way, even when a grown chart was waiting for its file to be quiet.
    public func analysisWanted(settings: SonificationSettings) {
        guard let chart = session.chart, analysisJob == nil else { return }
        quietTimer?.cancel()
        quietTimer = nil
        analyse(chart, settings: settings)
    }

    /// Shift+S: describes series `series` of `part` (a selected range) on a worker; a new range drops the one
    /// under way.
    public func describeRange(_ part: ChartPart, series: Int, copying: Bool) {
        rangeJob?.cancel()
        rangeJob = jobs.start(
            "audiograph-range",
            work: { cancellation -> String? in
                guard let analysis = ChartAnalysis.analyze(part.chart, cancellation: cancellation),
                    analysis.series.indices.contains(series)
                else { return nil }
                return analysis.series[series].description
            },
            done: { [weak self] words in
                guard let self else { return }
                self.rangeJob = nil
                self.onRangeDescribed?(words, copying)
            })
    }

    /// Says the new points gathered once a sentence is due, and sets a timer for when it will be.
    private func sayNewPoints() {
        if let sentence = session.newPointsSentence() {
            onNewPointsSentence?(sentence)
        } else if newPointsTimer == nil, let wait = session.secondsUntilNewPointsAreDue() {
            newPointsTimer = jobs.after(milliseconds: UInt32(max(0, wait) * 1000) + 1) { [weak self] in
                self?.newPointsTimer = nil
                self?.sayNewPoints()
            }
        }
    }

    /// Stops every job and timer and forgets the shown chart's findings (another chart, or the window closing).
    public func cancel() {
        for job in [analysisJob, scoresJob, rangeJob, newPointsSoundJob, quietTimer, newPointsTimer] { job?.cancel() }
        analysisJob = nil
        scoresJob = nil
        rangeJob = nil
        newPointsSoundJob = nil
        quietTimer = nil
        newPointsTimer = nil
        session.forgetFindings()
    }
}
