// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// One GLib timeout on the main loop that its owner can replace or cancel: the source is removed exactly once.
///
/// GLib removes a one-shot source itself when it has run, and a repeating one when its body returns false;
/// this type forgets the source id at that moment, so `cancel()` never removes a finished source (a GLib
/// critical) or one that GLib has given the same id since. Replacing a schedule cancels the one before;
/// letting the timer go cancels it too.
@MainActor
final class MainLoopTimer {
    private var source: UInt32 = 0
    /// Counts the schedules made, so a finished one does not forget a newer one's source.
    private var schedules = 0

    init() {}

    /// Whether the body is still due to run.
    var isScheduled: Bool { source != 0 }

    /// Runs `body` once after `milliseconds`, instead of anything scheduled before.
    func once(after milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) {
        repeating(every: milliseconds) {
            body(); return false
        }
    }

    /// Runs `body` every `milliseconds` while it returns true, instead of anything scheduled before.
    func repeating(every milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) {
        cancel()
        schedules += 1
        let schedule = schedules
        source = MainLoop.every(milliseconds: milliseconds) { [weak self] in
            let goOn = body()
            // GLib removes the source when the body says stop; a body that rescheduled this timer made a new one.
            if !goOn, let self, self.schedules == schedule { self.source = 0 }
            return goOn
        }
    }

    /// Removes the source if it has not finished; nothing runs after this.
    func cancel() {
        if source != 0 { g_source_remove(source) }
        source = 0
    }

    isolated deinit { cancel() }
}
