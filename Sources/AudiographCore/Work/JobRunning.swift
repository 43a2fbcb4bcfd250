// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Something started that its owner can stop: a job off the main loop, or a timer on it.
@MainActor
public protocol Cancelling: AnyObject {
    /// Stops it: a job's result and a timer's body are not heard after this. Returns at once.
    func cancel()
}

/// Where a session's work runs: off the loop that owns the session, its result coming back on that loop.
///
/// The viewer's runner (AudiographGTK's `GLibJobs`) starts each job on a thread of its own and posts the result
/// to the GLib main loop; unit tests use one that runs nothing until the test says so, so a test can cancel a
/// load halfway, close a dialog while its job runs, or finish jobs in any order.
@MainActor
public protocol JobRunning: AnyObject {
    /// Starts `work` (named `name` for the thread table; on `lane` after the jobs started on that lane before,
    /// when it is given). `done` gets its result on the owner's loop, once, unless the job was cancelled first or
    /// `work` returned nil.
    @discardableResult
    func start<Value: Sendable>(
        _ name: String, lane: String?, work: @escaping @Sendable (CancellationFlag) -> Value?,
        done: @escaping @MainActor (Value) -> Void
    ) -> any Cancelling

    /// How a job's work reports back while it runs: `body` runs on the owner's loop, later.
    var post: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void { get }

    /// Runs `body` once after `milliseconds` on the owner's loop, unless cancelled first.
    @discardableResult
    func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any Cancelling

    /// Runs `body` every `milliseconds` on the owner's loop until cancelled.
    @discardableResult
    func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> any Cancelling
}

extension JobRunning {
    /// Starts `work` on a thread of its own (`start(_:lane:work:done:)` without a lane).
    @discardableResult
    public func start<Value: Sendable>(
        _ name: String, work: @escaping @Sendable (CancellationFlag) -> Value?,
        done: @escaping @MainActor (Value) -> Void
    ) -> any Cancelling {
        start(name, lane: nil, work: work, done: done)
    }
}
