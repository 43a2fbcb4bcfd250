// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Runs independent pieces of work side by side on every core and keeps their results in order.
public enum ParallelMap {
    /// `body(0)` … `body(count - 1)` run with `DispatchQueue.concurrentPerform`; their results in index order, or
    /// nil when any returned nil (work given up, such as on cancellation).
    /// A map inside another one's iteration runs its own one after another (libdispatch's rule against too many
    /// threads), so one piece of work is done in place: it nests nothing.
    public static func map<Value>(_ count: Int, _ body: @Sendable (Int) -> Value?) -> [Value]? {
        if count == 1 { return body(0).map { [$0] } }
        let slots = Slots<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            if let value = body(i) { slots.store(value, at: i) }
        }
        return slots.values
    }
}

/// Results stored by index from several threads, under a lock.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Value, at index: Int) { lock.withLock { slots[index] = value } }

    /// Every result in index order, or nil when one is missing.
    var values: [Value]? {
        lock.withLock {
            let filled = slots.compactMap { $0 }
            return filled.count == slots.count ? filled : nil
        }
    }
}
