// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A window's document, without a toolkit: which page it shows (start, loading, chart, error, waiting for
/// rows), the table and chart shown, and every transition between them.
///
/// The window (AudiographGTK's `DocumentWindow`) hands each `DocumentAction` to `perform` and carries out the
/// `DocumentEffects` it gets back; work the session starts (a load, a save, a look at a followed file) runs
/// through a `JobRunning`, and its outcome comes back later through `onEffects`. Every transition is unit
/// tested without a display (DocumentSessionTests), with a runner that runs jobs and timers only when told to.
@MainActor
public final class DocumentSession {
    /// What the window holds.
    public enum State: Equatable {
        case start
        /// A table being read; the window keeps showing what it showed until the progress page is due.
        case loading(TableSource)
        case chart(TableSource)
        /// The table could not be opened, for `message`.
        case failed(TableSource, message: String)
        /// A file opened to follow that has no rows yet (empty, or only its header): it is looked at again
        /// until rows arrive.
        case waiting(TableSource, message: String)
    }

    public private(set) var state: State = .start
    /// The shown chart's document (nil unless a chart is shown, or kept under a load that may be cancelled).
    public private(set) var document: ChartDocument?
    /// The sheet being charted after a choice in the sheet list, until it is shown or refused.
    public private(set) var sheetBeingOpened: String?
    /// Follow each file this window opens once it is shown (`audiograph --follow`).
    public var followWhenLoaded = false
    /// Hears the effects of work that ends later (a load, a save, a look at the followed file).
    public var onEffects: ((DocumentEffects) -> Void)?

    /// Milliseconds a load may take before the progress page replaces what the window shows.
    public static let progressDelayMilliseconds: UInt32 = 150
    /// How often a followed file is looked at without a file monitor's event, and a file waited for is looked
    /// at again, in milliseconds.
    public static let followMilliseconds: UInt32 = 2000

    private let jobs: any JobRunning
    private let opening: DocumentOpening
    /// Charts chosen for tables of the same columns (`ColumnSetChoices`); nil when there is nowhere to keep them.
    private let remembered: ColumnSetChoices?
    /// The load under way: its job, the timer that shows the progress page, and what to return to on Cancel.
    private var load: (job: any Cancelling, progressTimer: (any Cancelling)?, before: State)?
    /// A load that charts the shown table again, the chart staying until it is done.
    private var rechart: (any Cancelling)?
    private var following: Following?
    /// Looks again at a file waited for.
    private var waitTimer: (any Cancelling)?
    private var sheetTimer: (any Cancelling)?
    private var closed = false

    /// The followed file: opened on a worker, then looked at on a worker whenever it may have changed, never
    /// two looks at once (a change during a look is served when it ends).
    private final class Following {
        let path: String
        var followed: FollowedFile?
        var job: (any Cancelling)?
        var timer: (any Cancelling)?
        var changedDuringLook = false
        /// Whether "waiting for rows" was said while the file could not be opened to follow.
        var saidWaiting = false
        init(path: String) { self.path = path }
    }

    public init(jobs: any JobRunning, opening: DocumentOpening = DocumentOpening(), remembered: ColumnSetChoices? = nil) {
        self.jobs = jobs
        self.opening = opening
        self.remembered = remembered
    }

    /// The window's title: "data.csv — Audiograph", or "Audiograph" on the start page.
    public var title: String {
        source.map { Localization.tr("%@ — Audiograph", $0.displayName) } ?? Localization.tr("Audiograph")
    }

    /// The table the window holds or is reading, if any.
    public var source: TableSource? {
        switch state {
        case .start: return nil
        case .loading(let source), .chart(let source), .failed(let source, _), .waiting(let source, _): return source
        }
    }

    /// Whether a chart is shown (the chart's actions are enabled).
    public var showsChart: Bool {
        if case .chart = state { return true }
        return false
    }

    /// True while the window shows no chart and reads nothing, so an opened file may replace what it shows.
    public var isReusable: Bool {
        switch state {
        case .start, .failed, .waiting: return load == nil
        case .loading, .chart: return false
        }
    }

    /// Whether the shown file is followed (or being opened to follow).
    public var isFollowing: Bool { following != nil }

    /// Carries out `action` and says what the window must do now; work it starts reports through `onEffects`.
    @discardableResult
    public func perform(_ action: DocumentAction) -> DocumentEffects {
        guard !closed else { return DocumentEffects() }
        switch action {
        case .open(let source): return open(source)
        case .cancelLoad: return cancelLoad()
        case .showStart: return showStart()
        case .reload: return reload()
        case .chartAgain(let settings, let remember, let done): return chartAgain(settings, remember: remember, done: done)
        case .cancelChartAgain: cancelRechart(); return DocumentEffects()
        case .chooseSheet(let name): return chooseSheet(name)
        case .toggleFollowing: return following == nil ? startFollowing() : stopFollowing(saying: true)
        case .fileChanged: lookAtFollowedFile(); return DocumentEffects()
        case .export(let format): return export(format)
        case .exportTo(let target, let format): return export(format, to: target)
        case .saveTable: return saveTable()
        case .saveTableTo(let target): return saveTable(to: target)
        case .close: return close()
        }
    }

    private func deliver(_ effects: DocumentEffects) {
        guard !closed, !effects.isEmpty else { return }
        onEffects?(effects)
    }

    // MARK: Opening

    private func open(_ source: TableSource) -> DocumentEffects {
        var effects = stopFollowing(saying: false)
        stopWaiting()
        let before = load?.before ?? state
        cancelLoadJob()
        cancelRechart()
        effects.closesColumnPicker = true
        state = .loading(source)
        effects.loadingFile = source.displayName
        startLoad(source, before: before, quietly: false)
        return effects
    }

    /// Reads `source` on a worker; the progress page shows if it takes longer than `progressDelayMilliseconds`
    /// (never when `quietly`: a file waited for is looked at again without a page flashing).
    private func startLoad(_ source: TableSource, before: State, quietly: Bool) {
        let opening = opening, remembered = remembered, post = jobs.post
        let progressTimer =
            quietly
            ? nil
            : jobs.after(milliseconds: Self.progressDelayMilliseconds) { [weak self] in
                guard let self, case .loading = self.state else { return }
                var effects = DocumentEffects()
                effects.page = .loading
                self.deliver(effects)
            }
        // Made here, holding the session weakly: the worker must not keep the session (and its window's state)
        // alive, nor let it go last, off the main loop.
        let progressed: @Sendable (ImportProgress, CancellationFlag) -> Void = { [weak self] value, cancellation in
            post { [weak self] in
                guard !cancellation.isCancelled, let self, case .loading = self.state else { return }
                var effects = DocumentEffects()
                effects.progress = value
                self.deliver(effects)
            }
        }
        let job = jobs.start(
            "audiograph-load",
            work: { cancellation -> Result<DocumentOpening.Opened, any Error>? in
                let report: (ImportProgress) -> Void = { progressed($0, cancellation) }
                return Result {
                    try opening.open(
                        source, settings: ChartSettings(), readingSidecar: true, remembered: remembered,
                        progress: report, cancellation: cancellation)
                }
            },
            done: { [weak self] result in
                guard let self else { return }
                self.load?.progressTimer?.cancel()
                self.load = nil
                self.deliver(self.finishLoading(source, result: result, quietly: quietly))
            })
        load = (job, progressTimer, before)
    }

    private func finishLoading(
        _ source: TableSource, result: Result<DocumentOpening.Opened, any Error>,
        quietly: Bool
    ) -> DocumentEffects {
        switch result {
        case .success(let opened):
            var effects = show(opened)
            if let path = opened.source.path {
                effects.recentFile = path
                if followWhenLoaded { effects.merge(startFollowing()) }
            } else {
                // GTK 4.8 tells Orca nothing of a window's title, and a pasted or piped-in table's chart says nothing
                // of where it came from: it is named once the window is active.
                effects.speechOnceActive = opened.source.displayName
            }
            return effects
        case .failure(let error):
            if case ImportError.cancelled = error { return DocumentEffects() }
            if followWhenLoaded, let path = source.path, let waiting = Self.waitingMessage(error, path: path) {
                return wait(for: source, saying: waiting, quietly: quietly)
            }
            let message = (error as? ImportError)?.message ?? error.localizedDescription
            document = nil
            state = .failed(source, message: message)
            var effects = DocumentEffects()
            effects.chart = .clear
            effects.page = .failed(fileName: source.displayName, message: message)
            return effects
        }
    }

    /// What to say of a file opened to follow that has no rows yet; nil for any other failure.
    static func waitingMessage(_ error: any Error, path: String) -> String? {
        let name = (path as NSString).lastPathComponent
        switch error as? ImportError {
        case .empty?: return Localization.tr("%@ is empty; waiting for rows.", name)
        case .headerOnly?: return Localization.tr("%@ has only its header; waiting for rows.", name)
        default: return nil
        }
    }

    /// Shows that `source` is waited for, and looks at it again every `followMilliseconds`.
    private func wait(for source: TableSource, saying message: String, quietly: Bool) -> DocumentEffects {
        var effects = DocumentEffects()
        scheduleWaitingLook(source)
        if quietly, state == .waiting(source, message: message) { return effects }
        document = nil
        state = .waiting(source, message: message)
        effects.chart = .clear
        effects.page = .waiting(fileName: source.displayName, message: message)
        return effects
    }

    private func scheduleWaitingLook(_ source: TableSource) {
        waitTimer = jobs.after(milliseconds: Self.followMilliseconds) { [weak self] in
            guard let self, case .waiting(let waited, _) = self.state, waited == source, self.load == nil else { return }
            self.waitTimer = nil
            self.startLoad(source, before: self.state, quietly: true)
        }
    }

    private func stopWaiting() {
        waitTimer?.cancel()
        waitTimer = nil
    }

    /// The chart of `opened` on the chart page, with its notes and sheets, the focus on it.
    private func show(_ opened: DocumentOpening.Opened) -> DocumentEffects {
        var effects = DocumentEffects()
        if let old = document { effects.released = old }
        document = opened.document
        state = .chart(opened.source)
        effects.chart = .show(opened.navigator)
        effects.page = .chart
        effects.focusChart = true
        effects.notes = Localization.sentences(opened.document.warnings)
        effects.showsSheets = true
        return effects
    }

    private func cancelLoadJob() {
        guard let load else { return }
        load.job.cancel()
        load.progressTimer?.cancel()
        self.load = nil
    }

    /// Back to what the window showed before the load; the reader stops at its next chunk, its result dropped.
    private func cancelLoad() -> DocumentEffects {
        guard let before = load?.before else { return DocumentEffects() }
        cancelLoadJob()
        if case .chart(let source) = before, document != nil {
            state = .chart(source)
            var effects = DocumentEffects()
            effects.page = .chart
            effects.focusChart = true
            return effects
        }
        return showStart()
    }

    private func showStart() -> DocumentEffects {
        var effects = stopFollowing(saying: false)
        cancelLoadJob()
        cancelRechart()
        stopWaiting()
        effects.released = document
        document = nil
        state = .start
        effects.chart = .clear
        effects.page = .start
        return effects
    }

    // MARK: Charting again

    /// Reads the shown file again with the settings its chart was made with (sidecar included).
    private func reload() -> DocumentEffects {
        guard case .chart = state, let document else { return DocumentEffects() }
        return chartAgain(document.settings, remember: false, readingSidecar: false) { _ in }
    }

    private func chartAgain(
        _ settings: ChartSettings, remember: Bool, readingSidecar: Bool = false,
        done: @escaping @MainActor (String?) -> Void
    ) -> DocumentEffects {
        guard case .chart(let source) = state else {
            done(Localization.tr("There is no chart to change."))
            return DocumentEffects()
        }
        cancelRechart()
        let opening = opening
        let headers = document?.readHeaders ?? []
        let remembered = remembered
        rechart = jobs.start(
            "audiograph-load",
            work: { cancellation -> Result<DocumentOpening.Opened, any Error>? in
                Result {
                    try opening.open(
                        source, settings: settings, readingSidecar: readingSidecar, remembered: nil,
                        progress: { _ in }, cancellation: cancellation)
                }
            },
            done: { [weak self] result in
                guard let self else { return }
                self.rechart = nil
                switch result {
                case .failure(let error):
                    if case ImportError.cancelled = error { return }
                    done((error as? ImportError)?.message ?? error.localizedDescription)
                case .success(let opened):
                    // A followed file goes on being followed, as the new chart.
                    let wasFollowing = self.following != nil
                    var effects = self.stopFollowing(saying: false)
                    effects.merge(self.show(opened))
                    if wasFollowing { effects.merge(self.startFollowing()) }
                    self.deliver(effects)
                    guard remember, let path = source.path else { return done(nil) }
                    self.remember(settings, path: path, headers: headers, in: remembered, done: done)
                }
            })
        return DocumentEffects()
    }

    /// Saves `settings` beside the file at `path`, and for any file with the same columns (a monthly export's
    /// next month), on the saving lane; `done` hears nil or why they could not be kept.
    private func remember(
        _ settings: ChartSettings, path: String, headers: [String], in remembered: ColumnSetChoices?,
        done: @escaping @MainActor (String?) -> Void
    ) {
        jobs.start(
            "audiograph-saves", lane: "audiograph-saves",
            work: { _ -> SaveOutcome? in
                do {
                    try SidecarSettings.save(settings, for: path)
                    if !headers.isEmpty { try? remembered?.remember(settings, forHeaders: headers) }
                    return SaveOutcome(failure: nil)
                } catch {
                    return SaveOutcome(failure: error.localizedDescription)
                }
            },
            done: { outcome in
                done(
                    outcome.failure.map {
                        Localization.tr(
                            "The chart has changed, but the choice could not be saved in %@: %@",
                            SidecarSettings.path(for: path), $0)
                    })
            })
    }

    /// What one save ended in: nil, or why it failed.
    private struct SaveOutcome: Sendable {
        var failure: String?
    }

    private func cancelRechart() {
        rechart?.cancel()
        rechart = nil
    }

    /// Charts sheet `name`: the new chart takes the focus and "Sheet Costs" is said (the first point alone does
    /// not say which sheet it is); a slow sheet is said to be opening, and a sheet without a chart says why, from
    /// the chart still shown, the list back on its sheet.
    private func chooseSheet(_ name: String) -> DocumentEffects {
        guard case .chart(let source) = state, source.path != nil else { return DocumentEffects() }
        sheetBeingOpened = name
        sheetTimer?.cancel()
        sheetTimer = jobs.after(milliseconds: Self.progressDelayMilliseconds) { [weak self] in
            guard let self, self.sheetBeingOpened == name else { return }
            var effects = DocumentEffects()
            effects.speech = [Localization.tr("Opening sheet %@…", name)]
            self.deliver(effects)
        }
        return chartAgain(ChartSettings(sheet: name), remember: true) { [weak self] failure in
            guard let self else { return }
            self.sheetBeingOpened = nil
            self.sheetTimer?.cancel()
            self.sheetTimer = nil
            var effects = DocumentEffects()
            if let failure {
                // Said from the chart still shown: an announcement on the drop-down's button is not read by Orca 43,
                // and the popup closing makes Orca drop what is said before the window is active again.
                effects.revertsSheet = true
                effects.focusChart = true
                effects.speechOnceActive = failure
            } else {
                effects.speech = [Localization.tr("Sheet %@", name)]
            }
            self.deliver(effects)
        }
    }

    // MARK: Following

    /// Starts following the shown file with the settings its chart was made with: the chart grows as rows are
    /// appended; said once the file is open to follow.
    private func startFollowing() -> DocumentEffects {
        var effects = DocumentEffects()
        guard case .chart(let source) = state, let document, following == nil else { return effects }
        guard let path = source.path else {
            effects.speech = [
                Localization.tr(
                    "%@ is not a file, so it can't grow: save it as a file to follow it.",
                    source.displayName)
            ]
            return effects
        }
        let following = Following(path: path)
        self.following = following
        effects.followsFile = true
        openFollowed(following, settings: document.settings)
        return effects
    }

    /// Opens the followed file to follow on a worker.
    private func openFollowed(_ following: Following, settings: ChartSettings) {
        let path = following.path
        following.job = jobs.start(
            "audiograph-follow-open",
            work: { cancellation -> Result<FollowOpened, ImportError>? in
                do {
                    let followed = try FollowedFile.open(
                        path: path, overrides: settings, readingSidecar: false,
                        cancellation: cancellation)
                    return .success(
                        FollowOpened(
                            followed: followed, document: followed.document,
                            navigator: ChartNavigator(chart: followed.document.chart)))
                } catch let error as ImportError {
                    return .failure(error)
                } catch {
                    return .failure(.unreadable(path: path, reason: error.localizedDescription))
                }
            },
            done: { [weak self, weak following] result in
                guard let self, let following, self.following === following else { return }
                following.job = nil
                self.deliver(self.followOpened(result, following: following, settings: settings))
            })
    }

    /// The followed file as opened to follow, its document then and its chart's navigator (made on the worker).
    private struct FollowOpened: Sendable {
        var followed: FollowedFile
        var document: ChartDocument
        var navigator: ChartNavigator
    }

    private func followOpened(
        _ result: Result<FollowOpened, ImportError>, following: Following,
        settings: ChartSettings
    ) -> DocumentEffects {
        var effects = DocumentEffects()
        let fileName = (following.path as NSString).lastPathComponent
        switch result {
        case .failure(let error):
            if let waiting = Self.waitingMessage(error, path: following.path) {
                // Emptied (a logger starting afresh): the last chart stays, and the file is opened again until rows
                // arrive; said once.
                if !following.saidWaiting { effects.speech = [waiting] }
                following.saidWaiting = true
                following.timer = jobs.after(milliseconds: Self.followMilliseconds) { [weak self, weak following] in
                    guard let self, let following, self.following === following else { return }
                    self.openFollowed(following, settings: settings)
                }
                return effects
            }
            self.following = nil
            effects.followsFile = false
            effects.speech = [Localization.tr("Can't follow %@: %@", fileName, error.message)]
        case .success(let opened):
            following.followed = opened.followed
            effects.watch = .start(following.path)
            // For file systems that send no events (NFS, some FUSE mounts), a look now and then.
            following.timer = jobs.every(milliseconds: Self.followMilliseconds) { [weak self] in self?.lookAtFollowedFile() }
            effects.released = document
            document = opened.document
            effects.chart = .grow(opened.navigator, nil)
            effects.speech = [Localization.tr("Following %@: new rows play and are said as they arrive", fileName)]
            lookAtFollowedFile()
        }
        return effects
    }

    /// Looks at the followed file on a worker, unless a look is under way (then once more after it).
    private func lookAtFollowedFile() {
        guard let following, let followed = following.followed else { return }
        if following.job != nil {
            following.changedDuringLook = true
            return
        }
        following.changedDuringLook = false
        following.job = jobs.start(
            "audiograph-follow",
            work: { cancellation -> FollowLook in
                let before = followed.document.chart
                let update = followed.poll(cancellation: cancellation)
                switch update.change {
                case .appended:
                    return FollowLook(
                        update: update, navigator: ChartNavigator(chart: update.document.chart),
                        growths: PreparedGrowth(from: before, to: update.document.chart))
                case .reloaded: return FollowLook(update: update, navigator: ChartNavigator(chart: update.document.chart))
                case .nothingNew, .unavailable: return FollowLook(update: update, navigator: nil)
                }
            },
            done: { [weak self, weak following] look in
                guard let self, let following, self.following === following else { return }
                following.job = nil
                Trace.mark("follow-polled")  // GUI tests wait on it to know the file was looked at
                self.deliver(self.followed(look, fileName: (following.path as NSString).lastPathComponent))
                if following.changedDuringLook { self.lookAtFollowedFile() }
            })
    }

    /// One look at the followed file, and the new chart's navigator and growth when it has them.
    private struct FollowLook: Sendable {
        var update: FollowUpdate
        var navigator: ChartNavigator?
        var growths: PreparedGrowth?
    }

    /// What a look found: new rows (the chart grows in place), the file read again from the start (a new chart,
    /// said why), or the file gone or unreadable (said; the last chart stays).
    private func followed(_ look: FollowLook, fileName: String) -> DocumentEffects {
        var effects = DocumentEffects()
        let update = look.update
        switch update.change {
        case .nothingNew:
            return effects
        case .appended:
            effects.released = document
            document = update.document
            effects.chart = .grow(look.navigator ?? ChartNavigator(chart: update.document.chart), look.growths)
        case .reloaded(let reason, _):
            effects.released = document
            document = update.document
            effects.chart = .show(look.navigator ?? ChartNavigator(chart: update.document.chart))
            effects.focusChart = true
            effects.speech = [reason.message(file: fileName)]
        case .unavailable(let message):
            effects.speech = [message]
        }
        effects.notes = Localization.sentences(update.document.warnings)
        return effects
    }

    /// Stops following (Follow File again, another file, the window closing); says so when `saying`.
    private func stopFollowing(saying: Bool) -> DocumentEffects {
        var effects = DocumentEffects()
        guard let following else { return effects }
        following.job?.cancel()
        following.timer?.cancel()
        self.following = nil
        effects.followsFile = false
        effects.watch = .stop
        if saying {
            effects.speech = [Localization.tr("Stopped following %@", (following.path as NSString).lastPathComponent)]
        }
        return effects
    }

    // MARK: Export and save

    private func export(_ format: AudioGraphFileFormat) -> DocumentEffects {
        var effects = DocumentEffects()
        guard case .chart(let source) = state else { return effects }
        let base = (source.displayName as NSString).deletingPathExtension
        effects.request = .chooseExportTarget(format, suggestedName: base + "." + format.fileExtension)
        return effects
    }

    /// The name chosen decides the format when it ends in .wav, .mid or .midi; else the command's does. The
    /// table's own file is never written over.
    private func export(_ format: AudioGraphFileFormat, to target: String) -> DocumentEffects {
        var effects = DocumentEffects()
        guard case .chart(let source) = state else { return effects }
        effects.request = .export(AudioGraphFileFormat.named(by: target) ?? format, target: target, sparing: source.path)
        return effects
    }

    /// Ctrl+S: a pasted or piped-in table is saved as CSV where the person chooses; a file is said to be one.
    private func saveTable() -> DocumentEffects {
        var effects = DocumentEffects()
        guard case .chart(let source) = state else { return effects }
        guard case .held(let table) = source else {
            effects.speech = [Localization.tr("This table is already the file %@.", source.displayName)]
            return effects
        }
        effects.request = .chooseSaveTarget(suggestedName: table.name + ".csv")
        return effects
    }

    /// Writes the held table to `target` on the saving lane (`OutputFile`: a link is followed and its target
    /// replaced whole, a pipe written in place), with the chart's settings in a new file's sidecar when it has
    /// any; the window then shows that file, so Remember, Follow File and the recent files name it.
    private func saveTable(to target: String) -> DocumentEffects {
        guard case .chart(.held(let table)) = state, let document else { return DocumentEffects() }
        let settings = document.settings
        let name = (target as NSString).lastPathComponent
        jobs.start(
            "audiograph-saves", lane: "audiograph-saves",
            work: { _ -> SaveOutcome? in
                do {
                    let written = try OutputFile.write(try table.csvText(), to: target)
                    if case .file = written, settings != ChartSettings() { try SidecarSettings.save(settings, for: target) }
                    return SaveOutcome(failure: nil)
                } catch {
                    return SaveOutcome(failure: (error as? ImportError)?.message ?? error.localizedDescription)
                }
            },
            done: { [weak self] outcome in
                guard let self else { return }
                var effects = DocumentEffects()
                if let failure = outcome.failure {
                    effects.speech = [Localization.tr("Can't save %@: %@", name, failure)]
                    return self.deliver(effects)
                }
                if case .chart(.held(let shown)) = self.state, shown === table { self.state = .chart(.file(path: target)) }
                effects.recentFile = target
                effects.speech = [Localization.tr("Saved as %@", name)]
                self.deliver(effects)
            })
        return DocumentEffects()
    }

    // MARK: Closing

    private func close() -> DocumentEffects {
        var effects = stopFollowing(saying: false)
        cancelLoadJob()
        cancelRechart()
        stopWaiting()
        sheetTimer?.cancel()
        closed = true
        effects.speech = []
        return effects
    }
}
