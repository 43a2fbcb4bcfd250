// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes the viewer's own small files (settings.json, sidecars) off the main loop, one after another.
///
/// Each save is an atomic write with two fsyncs, which can take a long time on a busy or slow disk; the main
/// loop hands it to one serial `BackgroundJob.Lane`, so saves land in the order they were asked for, and hears the outcome
/// back on the main loop.
@MainActor
enum FileSaves {
    /// The lane the document sessions' saves (sidecars, Save Table As) run on too, so saves land in order.
    static let laneName = "audiograph-saves"  // l10n: not shown

    /// Runs `save` on the saving queue; `done` gets nil, or the error it threw, on the main loop.
    static func run(
        _ save: @escaping @Sendable () throws -> Void,
        done: @escaping @MainActor @Sendable ((any Error)?) -> Void
    ) {
        // A save is never cancelled: a choice the person made is written even if its window has closed.
        _ = BackgroundJob(
            on: GLibJobs.shared.lane(named: laneName),
            work: { _ -> SaveOutcome? in
                do { try save(); return SaveOutcome(failure: nil) } catch { return SaveOutcome(failure: error) }
            }, done: { outcome in done(outcome.failure) })
    }

    /// What one save ended in.
    private struct SaveOutcome: Sendable {
        var failure: (any Error)?
    }
}
