// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A flag one thread sets to stop another's long work: a read, an analysis, a layout or an export.
///
/// The worker checks `isCancelled` between steps (a chunk of the file, a series, a block of samples) and
/// returns early; setting it never waits for the worker.
public final class CancellationFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    public init() {}

    /// Asks the work to stop; returns at once.
    public func cancel() { lock.withLock { cancelled = true } }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { lock.withLock { cancelled } }
}
