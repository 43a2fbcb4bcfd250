// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Foundation

/// A request to end `play --follow`, made by SIGINT (Ctrl+C) or SIGTERM: the follow loop waits on it
/// between looks at the file, and a signal wakes it at once.
final class StopRequest: @unchecked Sendable {
    /// Guards `requested`; signalled when it is set.
    private let condition = NSCondition()
    private var requested = false
    private var sources: [any DispatchSourceSignal] = []
    /// Run once, on a Dispatch queue, when a signal asks to stop (to stop the sound at once).
    private let onRequest: @Sendable () -> Void

    /// Catches SIGINT and SIGTERM from now on, instead of being ended by them; `onRequest` runs when one comes.
    init(onRequest: @escaping @Sendable () -> Void) {
        self.onRequest = onRequest
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.request() }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }

    /// Asks the loop to stop; returns at once.
    func request() {
        condition.withLock {
            requested = true
            condition.broadcast()
        }
        onRequest()
    }

    /// Whether a stop was asked for.
    var isRequested: Bool { condition.withLock { requested } }

    /// Waits up to `seconds` for a stop; true when one was asked for.
    func wait(seconds: TimeInterval) -> Bool {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !requested && condition.wait(until: deadline) {}
            return requested
        }
    }
}
