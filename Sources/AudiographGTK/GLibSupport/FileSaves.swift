// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes the viewer's own small files (settings.json, sidecars) off the main loop, one after another.
///
/// Each save is an atomic write with two fsyncs, which can take a long time on a busy or slow disk; the main
/// loop hands it to one serial queue, so saves land in the order they were asked for, and hears the outcome
/// back on the main loop.
enum FileSaves {
    private static let queue = DispatchQueue(label: "audiograph-saves")  // l10n: not shown

    /// Runs `save` on the saving queue; `done` gets nil, or the error it threw, on the main loop.
    static func run(_ save: @escaping @Sendable () throws -> Void,
                    done: @escaping @MainActor @Sendable ((any Error)?) -> Void) {
        queue.async {
            let failure: (any Error)?
            do { try save(); failure = nil } catch { failure = error }
            MainLoop.post { done(failure) }
        }
    }
}
