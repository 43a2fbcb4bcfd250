// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Work done off the main loop, whose result comes back on the GLib main loop; `cancel()` drops it.
///
/// The one way the viewer leaves the main loop: loading, analysis, layout, Other Charts, opening the sound
/// device, exports, following a file and saves all start one. The main loop never waits for the work: it
/// starts the job and carries on; `done` runs later on the main thread, exactly once, unless the job was
/// cancelled first (then never). The work reads `cancellation` to stop early. Each job runs on a thread of
/// its own, or on a `Lane` when jobs must run one after another in the order they were started (saves).
/// Every thread or lane name is listed in docs/architecture.md (ThreadTableTests checks it).
/// Ownership: the thread holds the work until it returns; `done` is posted with the result.
final class BackgroundJob: Sendable {
    /// Set by `cancel()`; the work should check it and return early.
    let cancellation = CancellationFlag()

    /// A named serial lane: its jobs run one at a time, in the order they were started.
    final class Lane: Sendable {
        fileprivate let queue: DispatchQueue
        init(name: String) { queue = DispatchQueue(label: name) }
    }

    /// Starts `work` on a new thread named `name`; `done` gets its result on the main loop unless cancelled.
    init<Value: Sendable>(
        name: String, work: @escaping @Sendable (CancellationFlag) -> Value?,
        done: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        let run = Self.runner(cancellation, work, done)
        let thread = Thread(block: run)
        thread.name = name  // l10n: not shown
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Starts `work` on `lane`, after the jobs started on it before; `done` as above.
    init<Value: Sendable>(
        on lane: Lane, work: @escaping @Sendable (CancellationFlag) -> Value?,
        done: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        lane.queue.async(execute: Self.runner(cancellation, work, done))
    }

    /// Lets go of `value` on a lane of its own, a moment from now: the last reference to a big chart's columns
    /// (hundreds of megabytes) costs whichever thread drops it 10–20 ms while the kernel unmaps their pages,
    /// which the main loop must not spend. The caller drops its own references first; the moment's wait (50 ms)
    /// is what makes the lane's the last.
    static func release(_ value: some Sendable) {
        releaseLane.queue.asyncAfter(deadline: .now() + .milliseconds(50)) { withExtendedLifetime(value) {} }
    }

    private static let releaseLane = Lane(name: "audiograph-release")  // l10n: not shown

    /// Asks the work to stop and makes sure `done` is not called; returns at once.
    func cancel() { cancellation.cancel() }

    /// The work, then its result posted to the main loop unless cancelled meanwhile.
    private static func runner<Value: Sendable>(
        _ cancellation: CancellationFlag,
        _ work: @escaping @Sendable (CancellationFlag) -> Value?,
        _ done: @escaping @MainActor @Sendable (Value) -> Void
    ) -> @Sendable () -> Void {
        return {
            guard let value = work(cancellation), !cancellation.isCancelled else { return }
            MainLoop.post {
                guard !cancellation.isCancelled else { return }
                done(value)
            }
        }
    }
}
