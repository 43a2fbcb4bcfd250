// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// Where the keyboard focus goes in a document window, and how what is said reaches Orca: the workarounds for
/// what GTK 4.8 does not tell screen readers.
extension DocumentWindow {
    /// Longest wait, in milliseconds, for the window to be active again before a pending announcement is said.
    static let pendingAnnouncementLimit: UInt32 = 1_000

    /// The window became the active one (it opened, or the person switched back to it): the focus is given
    /// again to the widget that had it. GTK 4.8 sends screen readers no window:activate and no focus event
    /// for a window that opens with its focus already placed, so Orca stayed silent, and it ignores speech
    /// from a window it does not know is active. A fresh focus event tells it, and it says the window and
    /// where the person is, as it does for other applications.
    func windowActivated() {
        guard !destroyed, gtk_window_is_active(gcast(window)) != 0, let focus = gtk_window_get_focus(gcast(window)) else {
            return
        }
        refocus(focus)
        sayPendingAnnouncement()
        guard !waitedForRegistration else { return }
        waitedForRegistration = true
        // A window manager may activate a new window before GTK has joined the accessibility registry, and
        // Orca then drops what the window said as coming from an unknown application. If the program joins
        // only now, the window says again where the person is.
        AccessibilityRegistration.shared.whenJoiningLate { [weak self] in self?.sayWhereAfterLateJoin() }
    }

    /// Says `message` once the window is active again, after its focus is given anew; at the latest after
    /// `pendingAnnouncementLimit`. A sheet without a chart is refused before the Sheet list's popup has closed:
    /// the window is then deactivated and activated again, and Orca drops what is said before it knows the window
    /// and its focused point again (spreadsheet_tests lost "no column contains numbers" once in two CI runs).
    func announceOnceActive(_ message: String) {
        pendingAnnouncement = message
        GLibJobs.shared.after(milliseconds: Self.pendingAnnouncementLimit) { [weak self] in self?.sayPendingAnnouncement() }
    }

    private func sayPendingAnnouncement() {
        guard !destroyed, let message = pendingAnnouncement else { return }
        pendingAnnouncement = nil
        chartView.announce(message)
    }

    /// After a late join: the focus arrives again, so Orca says the focused control (the point, or Open
    /// Another… with the error as its description), and over a chart the window's and chart's names are
    /// announced, as Orca would have said them when the window opened. (Only there: an announcement goes
    /// through the focused control's description, which on the error page holds the error.)
    private func sayWhereAfterLateJoin() {
        guard !destroyed, gtk_window_is_active(gcast(window)) != 0, let focus = gtk_window_get_focus(gcast(window)) else {
            return
        }
        refocus(focus)
        guard session.showsChart, let chartName = chartView.accessibleName else { return }
        Widgets.announce(([session.title, chartName]).joined(separator: Localization.tr(", ")), in: window)
    }

    /// Takes the focus off `focus` and gives it back, so the accessibility bus hears the focus arrive.
    private func refocus(_ focus: UnsafeMutablePointer<GtkWidget>) {
        let held = g_object_ref(gpointerOf(focus))  // unset focus may drop the last other reference
        defer { g_object_unref(held) }
        gtk_window_set_focus(gcast(window), nil)
        gtk_widget_grab_focus(focus)
    }

    /// Has the screen reader say `message` from where the focus is: the chart's point, or the page's control.
    func announce(_ message: String) {
        guard !destroyed else { return }
        if session.showsChart { chartView.announce(message) } else { Widgets.announce(message, in: window) }
    }

    /// After a dialog over this window closes: the window is activated again (without a window manager
    /// nobody else would) and its page gets the keyboard focus, so Orca says where the person is.
    func returnFocus() {
        guard !destroyed else { return }  // the dialog went with this window
        present()
        focusContent()
    }

    /// Puts the keyboard focus on the page: the chart when one is shown, else the page's first control.
    func focusContent() {
        if session.showsChart {
            chartView.grabFocus()
        } else {
            _ = gtk_widget_child_focus(stack, GTK_DIR_TAB_FORWARD)
        }
    }
}
