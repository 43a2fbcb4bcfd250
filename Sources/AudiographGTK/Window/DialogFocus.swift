// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// Shows a dialog and places its first keyboard focus only once the dialog is the active window, so that
/// every screen reader hears the dialog and then the focused control.
///
/// Why: Orca 48, handling the key that opened the dialog, finds the new active window, says it, and then
/// silently takes the control that already has the focus there as its own position. The focus event that
/// follows is for that same control, so Orca drops it: only the title was spoken (in about half the openings
/// on Debian 13). With nothing focused until the window is active and the keys that opened it have been
/// handled, Orca's silent step finds nothing, and the focus that arrives afterwards is news it speaks.
/// Orca 43 (Debian 12) speaks the dialog and the control either way.
@MainActor
enum DialogFocus {
    /// How long after the window becomes active the focus is placed, in milliseconds: long enough for a
    /// screen reader to have handled the key that opened the window, short enough not to be noticed.
    static let settleMilliseconds: UInt32 = 600

    /// Presents `window` and runs `focus` (which gives a control the focus) once the window is active and
    /// `settleMilliseconds` have passed; `focus` runs at most once, and not if the window was closed first.
    static func present(_ window: UnsafeMutablePointer<GtkWidget>, focus: @escaping @MainActor () -> Void) {
        // GTK gives a shown (and again a newly mapped) window's first focusable control the focus: until the
        // window is active, nothing inside can take it (can-focus covers the whole subtree in GTK 4).
        let content = gtk_window_get_child(gcast(window))
        if let content { gtk_widget_set_can_focus(content, 0) }
        gtk_window_present(gcast(window))
        let pending = Pending(
            window: window,
            focus: {
                if let content { gtk_widget_set_can_focus(content, 1) }; focus()
            })
        if gtk_window_is_active(gcast(window)) != 0 {
            pending.schedule()
            return
        }
        // The handler stays connected (the window owns it); `schedule` acts on the first activation only.
        Signal.connectWithPointer(gpointerOf(window), "notify::is-active") { _ in
            guard gtk_window_is_active(gcast(window)) != 0 else { return }
            pending.schedule()
        }
    }

    /// One dialog's first focus, waiting for its window to become active.
    ///
    /// Ownership: holds only a weak reference (GWeakRef) to the window, so a dialog closed before its focus
    /// is placed is destroyed at once, and its "destroy" handlers (which give the focus back to the document
    /// window) run then, not when the timer fires; the timer then finds no window and focuses nothing.
    @MainActor
    private final class Pending {
        /// The window while it exists; heap-allocated because GLib keeps the GWeakRef's address.
        nonisolated(unsafe) private let window = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
        let focus: @MainActor () -> Void
        private var scheduled = false
        /// The settle delay; its body holds this object until it has run.
        private let settle = MainLoopTimer()

        init(window: UnsafeMutablePointer<GtkWidget>, focus: @escaping @MainActor () -> Void) {
            g_weak_ref_init(self.window, gpointerOf(window))
            self.focus = focus
        }

        deinit {
            g_weak_ref_clear(window)
            window.deallocate()
        }

        func schedule() {
            guard !scheduled else { return }
            scheduled = true
            settle.once(after: DialogFocus.settleMilliseconds) { [self] in
                guard let alive = g_weak_ref_get(window) else { return }
                defer { g_object_unref(alive) }
                guard gtk_widget_get_visible(alive.assumingMemoryBound(to: GtkWidget.self)) != 0 else { return }
                focus()
                Trace.mark("dialog-focus")  // the ownership test waits for it (Tests/gui/gui_tests.py)
            }
        }
    }
}
