// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Calls a GIO asynchronous function with a Swift closure as its GAsyncReadyCallback.
///
/// Ownership: the closure's box is retained once as the call's user_data and released in the callback,
/// which GIO calls exactly once, on the main loop.
@MainActor
enum Async {
    typealias Done = @MainActor (OpaquePointer?) -> Void

    private final class Box: @unchecked Sendable {
        let done: Done
        init(_ done: @escaping Done) { self.done = done }
    }

    private static let ready: GAsyncReadyCallback = { _, result, data in
        let box = Unmanaged<Box>.fromOpaque(data!).takeRetainedValue()
        nonisolated(unsafe) let result = result
        MainActor.assumeIsolated { box.done(result) }
    }

    /// Starts `start(callback, userData)` and runs `done(result)` when it has finished.
    static func call(_ start: (GAsyncReadyCallback, gpointer) -> Void, done: @escaping Done) {
        start(ready, Unmanaged.passRetained(Box(done)).toOpaque())
    }
}
