// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// Work posted to the GLib main loop from any thread.
///
/// Other threads (file loading, later audio) never touch GTK: they post a closure here and it runs on
/// the main thread inside the GLib loop. `Task { @MainActor in }` would not do: it schedules on
/// DispatchQueue.main, which the GLib loop does not drain.
///
/// Ownership: the closure's box is retained once when posted and released by the source's GDestroyNotify,
/// which GLib calls exactly once after the source is removed (after it ran, or if the loop is destroyed).
public enum MainLoop {
    /// A posted closure. Its hand-over from the posting thread to the main thread is published through a
    /// pthread lock as well as GLib's: GLib's own locks are futexes that ThreadSanitizer cannot see, so
    /// without this it reports every post as a data race (Tests/sanitizers runs the main-loop code).
    private final class Job: @unchecked Sendable {
        private let lock = NSLock()
        private let stored: @MainActor @Sendable () -> Void
        init(_ body: @escaping @MainActor @Sendable () -> Void) {
            lock.lock()
            stored = body
            lock.unlock()
        }

        var body: @MainActor @Sendable () -> Void { lock.withLock { stored } }
    }

    private final class Tick: @unchecked Sendable {
        let body: @MainActor () -> Bool
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    private static let runOnce: GSourceFunc = { data in
        let job = Unmanaged<Job>.fromOpaque(data!).takeUnretainedValue()
        MainActor.assumeIsolated { job.body() }
        return 0  // G_SOURCE_REMOVE
    }

    private static let runTick: GSourceFunc = { data in
        let tick = Unmanaged<Tick>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { tick.body() } ? 1 : 0  // G_SOURCE_CONTINUE : G_SOURCE_REMOVE
    }

    private static let releaseJob: GDestroyNotify = { data in
        Unmanaged<Job>.fromOpaque(data!).release()
    }

    private static let releaseTick: GDestroyNotify = { data in
        Unmanaged<Tick>.fromOpaque(data!).release()
    }

    /// Runs `body` once on the main thread, soon; callable from any thread.
    public static func post(_ body: @escaping @MainActor @Sendable () -> Void) {
        let data = Unmanaged.passRetained(Job(body)).toOpaque()
        // An idle source, not g_main_context_invoke: that would run at once when called on the main thread.
        // Default priority, so results and progress are not starved by redraws.
        g_idle_add_full(G_PRIORITY_DEFAULT, runOnce, data, releaseJob)
    }

    /// Calls `body` every `milliseconds` on the main thread while it returns true; returns the source id.
    /// Only `MainLoopTimer` keeps the id: a timer that may need removing is one of those.
    @MainActor @discardableResult
    static func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> UInt32 {
        let data = Unmanaged.passRetained(Tick(body)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runTick, data, releaseTick)
    }

}
