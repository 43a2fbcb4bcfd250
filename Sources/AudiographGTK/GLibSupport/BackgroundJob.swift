// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Work done on a thread of its own, whose result comes back on the GLib main loop; `cancel()` drops it.
///
/// The main loop never waits for the work: it starts the job and carries on; `done` runs later on the main
/// thread, exactly once, unless the job was cancelled first (then never). The work reads `cancellation`
/// to stop early. Ownership: the thread holds the work until it returns; `done` is posted with the result.
final class BackgroundJob: Sendable {
    /// Set by `cancel()`; the work should check it and return early.
    let cancellation = CancellationFlag()

    /// Starts `work` on a new thread named `name`; `done` gets its result on the main loop unless cancelled.
    init<Value: Sendable>(name: String, work: @escaping @Sendable (CancellationFlag) -> Value?,
                          done: @escaping @MainActor @Sendable (Value) -> Void) {
        let cancellation = cancellation
        let thread = Thread {
            guard let value = work(cancellation), !cancellation.isCancelled else { return }
            MainLoop.post {
                guard !cancellation.isCancelled else { return }
                done(value)
            }
        }
        thread.name = name  // l10n: not shown
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Asks the work to stop and makes sure `done` is not called; returns at once.
    func cancel() { cancellation.cancel() }
}
