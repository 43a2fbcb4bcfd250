import Foundation

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A `JobRunning` that runs nothing until the test says so: jobs wait in a queue (`runNext`, `runAll`), timers
/// on a clock the test moves (`advance`), and what work posts back runs right after its work. Lets a test cancel a
/// load halfway, close a dialog while its job runs, or finish jobs in any order, on one thread.
@MainActor
final class StepJobs: JobRunning {
    /// A job's or timer's handle: cancelling it drops what has not run yet.
    final class Handle: Cancelling {
        let flag = CancellationFlag()
        private(set) var cancelled = false
        func cancel() {
            cancelled = true
            flag.cancel()
        }
    }

    private struct Job {
        let name: String
        let lane: String?
        let handle: Handle
        let run: @MainActor () -> Void
    }

    private struct Timer {
        var due: UInt64
        let every: UInt32?
        let handle: Handle
        let body: @MainActor () -> Void
    }

    /// What work posted from its thread, run after the work returns.
    private final class Posted: @unchecked Sendable {
        let lock = NSLock()
        var bodies: [@MainActor @Sendable () -> Void] = []
    }

    private var queue: [Job] = []
    private var timers: [Timer] = []
    private let posted = Posted()
    /// Milliseconds since the runner was made, moved only by `advance`.
    private(set) var now: UInt64 = 0

    /// The names of the jobs waiting to run, oldest first.
    var waiting: [String] { queue.map(\.name) }
    /// The lanes of the jobs waiting to run (nil for a thread of its own), oldest first.
    var waitingLanes: [String?] { queue.map(\.lane) }
    /// How many timers have yet to run (once or again).
    var pendingTimers: Int { timers.filter { !$0.handle.cancelled }.count }

    func start<Value: Sendable>(
        _ name: String, lane: String?, work: @escaping @Sendable (CancellationFlag) -> Value?,
        done: @escaping @MainActor (Value) -> Void
    ) -> any Cancelling {
        let handle = Handle()
        queue.append(
            Job(name: name, lane: lane, handle: handle) { [posted] in
                guard !handle.cancelled else { return }
                let value = work(handle.flag)
                let bodies = posted.lock.withLock { () -> [@MainActor @Sendable () -> Void] in
                    defer { posted.bodies = [] }
                    return posted.bodies
                }
                for body in bodies { body() }
                guard let value, !handle.cancelled else { return }
                done(value)
            })
        return handle
    }

    nonisolated var post: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void {
        { [posted] body in posted.lock.withLock { posted.bodies.append(body) } }
    }

    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any Cancelling {
        let handle = Handle()
        timers.append(Timer(due: now + UInt64(milliseconds), every: nil, handle: handle, body: body))
        return handle
    }

    func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any Cancelling {
        let handle = Handle()
        timers.append(Timer(due: now + UInt64(milliseconds), every: milliseconds, handle: handle, body: body))
        return handle
    }

    /// Runs the oldest waiting job (its work, then its `done`); returns its name, or nil when none waits.
    @discardableResult
    func runNext() -> String? {
        guard !queue.isEmpty else { return nil }
        let job = queue.removeFirst()
        job.run()
        return job.name
    }

    /// Runs waiting jobs, and the jobs they start, until none waits; returns their names in order.
    @discardableResult
    func runAll() -> [String] {
        var ran: [String] = []
        while let name = runNext() {
            ran.append(name)
            precondition(ran.count < 100, "jobs keep starting jobs: \(ran)")
        }
        return ran
    }

    /// Moves the clock on by `milliseconds`, running each timer that falls due, in order.
    func advance(_ milliseconds: UInt64) {
        let end = now + milliseconds
        while let index = timers.indices.filter({ !timers[$0].handle.cancelled && timers[$0].due <= end })
            .min(by: { timers[$0].due < timers[$1].due })
        {
            let timer = timers[index]
            now = max(now, timer.due)
            if let every = timer.every { timers[index].due += UInt64(every) } else { timers.remove(at: index) }
            timer.body()
        }
        timers.removeAll { $0.handle.cancelled }
        now = end
    }
}
