// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

/// The viewer's `JobRunning`: each job a `BackgroundJob` (a thread of its own, or a named lane), each timer a
/// GLib timeout, results and timer bodies on the GLib main loop.
@MainActor
final class GLibJobs: JobRunning {
    static let shared = GLibJobs()

    /// Lanes by name, made on first use and kept for the program's life (a lane is a serial queue).
    private var lanes: [String: BackgroundJob.Lane] = [:]

    @discardableResult
    func start<Value: Sendable>(
        _ name: String, lane: String?, work: @escaping @Sendable (CancellationFlag) -> Value?,
        done: @escaping @MainActor (Value) -> Void
    ) -> any Cancelling {
        // `done` runs on the main loop, where the session lives; BackgroundJob wants it Sendable to post it there.
        let relay = MainActorRelay(done)
        let finish: @MainActor @Sendable (Value) -> Void = { relay.body($0) }
        guard let lane else { return BackgroundJob(name: name, work: work, done: finish) }
        return BackgroundJob(on: self.lane(named: lane), work: work, done: finish)
    }

    /// The lane named `name` (thread table: docs/architecture.md lists each).
    func lane(named name: String) -> BackgroundJob.Lane {
        if let lane = lanes[name] { return lane }
        let lane = BackgroundJob.Lane(name: name)
        lanes[name] = lane
        return lane
    }

    nonisolated var post: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void { { MainLoop.post($0) } }

    @discardableResult
    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any Cancelling {
        GLibTimer(milliseconds: milliseconds, repeats: false, body)
    }

    @discardableResult
    func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any Cancelling {
        GLibTimer(milliseconds: milliseconds, repeats: true, body)
    }
}

extension BackgroundJob: Cancelling {}

/// A closure bound to the main actor, carried through a Sendable wrapper to be called there.
private final class MainActorRelay<Value>: Sendable {
    nonisolated(unsafe) let body: @MainActor (Value) -> Void
    init(_ body: @escaping @MainActor (Value) -> Void) { self.body = body }
}

/// One GLib timeout that runs until it has run (once) or is cancelled; letting go of the handle does not stop it:
/// the timeout's body holds its `MainLoopTimer` until GLib lets go of the body.
@MainActor
private final class GLibTimer: Cancelling {
    private let timer = MainLoopTimer()

    init(milliseconds: UInt32, repeats: Bool, _ body: @escaping @MainActor () -> Void) {
        timer.repeating(every: milliseconds) { [timer] in
            withExtendedLifetime(timer) { body() }
            return repeats
        }
    }

    func cancel() { timer.cancel() }
}
