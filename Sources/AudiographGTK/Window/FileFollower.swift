// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Foundation

/// Follows a window's growing CSV file (View ▸ Follow File, `audiograph --follow`): opens it as a
/// `FollowedFile` on a worker, then reads what is appended whenever the file changes, and hands each update
/// to `onUpdate` on the main loop.
///
/// A GFileMonitor (inotify on Linux) wakes it when the file is written, moved or deleted; a slow timer
/// also looks now and then, for file systems that send no events (NFS, some FUSE mounts). Each look is one
/// `FollowedFile.poll` on a worker thread (`BackgroundJob`), never two at once: a wake during a poll is kept
/// and served when it ends. The main loop never reads the file.
///
/// Ownership: the monitor is a GObject this object owns (one reference, dropped by `stop()`); the timer is
/// cancelled by `stop()`. The window calls `stop()` before it lets go of this object.
@MainActor
final class FileFollower {
    let path: String
    /// Called on the main loop once the file is open to follow, with the document as it is then and its chart's
    /// navigator (made on the worker: a pass over the points).
    var onOpened: ((ChartDocument, ChartNavigator) -> Void)?
    /// Called on the main loop with each update that brings something (new rows, a reload, the file gone), the
    /// new chart's navigator when it has a new chart, and how each series grew when rows were appended (all made
    /// on the worker: passes over the points).
    var onUpdate: ((FollowUpdate, ChartNavigator?, PreparedGrowth?) -> Void)?
    /// Called once if the file cannot be followed at all (it no longer charts), with the reason.
    var onFailure: ((String) -> Void)?
    private var followed: FollowedFile?
    private var monitor: UnsafeMutablePointer<GFileMonitor>?
    private let timer = MainLoopTimer()
    private var job: BackgroundJob?
    private var wokenDuringPoll = false
    private var stopped = false

    /// How often the file is looked at without an event, in milliseconds.
    static let fallbackMilliseconds: UInt32 = 2000

    /// Starts following `path` with the chart settings `settings` (the window's current ones).
    init(path: String, settings: ChartSettings, readingSidecar: Bool) {
        self.path = path
        job = BackgroundJob(name: "audiograph-follow-open", work: { cancellation -> Result<Opened, ImportError>? in
            do {
                let followed = try FollowedFile.open(path: path, overrides: settings, readingSidecar: readingSidecar,
                                                     cancellation: cancellation)
                return .success(Opened(followed: followed, document: followed.document,
                                       navigator: ChartNavigator(chart: followed.document.chart)))
            } catch let error as ImportError {
                return .failure(error)
            } catch {
                return .failure(.unreadable(path: path, reason: error.localizedDescription))
            }
        }, done: { [weak self] result in
            self?.opened(result)
        })
    }

    /// The file opened to follow, and its document then (read on the worker: `document` waits for a poll).
    private struct Opened: Sendable {
        var followed: FollowedFile
        var document: ChartDocument
        var navigator: ChartNavigator
    }

    private func opened(_ result: Result<Opened, ImportError>) {
        job = nil
        guard !stopped else { return }
        switch result {
        case .failure(let error):
            onFailure?(error.message)
        case .success(let opened):
            followed = opened.followed
            watch()
            onOpened?(opened.document, opened.navigator)
            wake()
        }
    }

    /// The file monitor and the fallback timer.
    private func watch() {
        guard let file = g_file_new_for_path(path) else { return }
        defer { g_object_unref(gpointerOf(file)) }
        var error: UnsafeMutablePointer<GError>?
        if let made = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) {
            monitor = made
            Signal.connectFileChanged(gpointerOf(made)) { [weak self] _ in self?.wake() }
        } else {
            g_error_free(error)  // no monitor here: the timer alone follows the file
        }
        timer.repeating(every: Self.fallbackMilliseconds) { [weak self] in
            self?.wake()
            return self != nil
        }
    }

    /// Looks at the file on a worker, unless a look is under way (then once more after it).
    private func wake() {
        guard !stopped, let followed else { return }
        if job != nil {
            wokenDuringPoll = true
            return
        }
        wokenDuringPoll = false
        job = BackgroundJob(name: "audiograph-follow", work: { cancellation -> Polled in
            let before = followed.document.chart
            let update = followed.poll(cancellation: cancellation)
            switch update.change {
            case .appended:
                return Polled(update: update, navigator: ChartNavigator(chart: update.document.chart),
                              growths: PreparedGrowth(from: before, to: update.document.chart))
            case .reloaded: return Polled(update: update, navigator: ChartNavigator(chart: update.document.chart))
            case .nothingNew, .unavailable: return Polled(update: update, navigator: nil)
            }
        }, done: { [weak self] polled in
            guard let self else { return }
            self.job = nil
            Trace.mark("follow-polled")  // tests wait on it to know the file was looked at
            if case .nothingNew = polled.update.change {} else {
                self.onUpdate?(polled.update, polled.navigator, polled.growths)
            }
            if self.wokenDuringPoll { self.wake() }
        })
    }

    /// A look at the file, and the new chart's navigator when it has one.
    private struct Polled: Sendable {
        var update: FollowUpdate
        var navigator: ChartNavigator?
        var growths: PreparedGrowth?
    }

    /// Stops watching and drops the worker's result; returns at once.
    func stop() {
        stopped = true
        job?.cancel()
        job = nil
        timer.cancel()
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(gpointerOf(monitor))
        }
        monitor = nil
    }
}
