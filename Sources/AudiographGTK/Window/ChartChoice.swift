// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// What the windows that change the shown chart share (Choose Columns, Other Charts): a message line the screen
/// reader speaks.
@MainActor
enum ChartChoice {
    /// Shows `text` in the `message` label (styled as an error when it is one) and has the screen reader speak
    /// it; the keyboard focus stays where it is.
    static func show(
        _ text: String, isError: Bool, in message: UnsafeMutablePointer<GtkWidget>,
        window: UnsafeMutablePointer<GtkWidget>
    ) {
        gtk_label_set_text(gcast(message), text)
        if isError { gtk_widget_add_css_class(message, "error") } else { gtk_widget_remove_css_class(message, "error") }
        gtk_widget_set_visible(message, 1)
        Widgets.announce(text, in: window)
    }
}

/// A window that changes the shown chart (Choose Columns, Other Charts): its message line, and whether a chart
/// is being made for it or it has been closed.
@MainActor
protocol ChartChoiceWindow: ChildDialog {
    /// The line above the buttons that says what happens or went wrong.
    var message: UnsafeMutablePointer<GtkWidget> { get }
    /// A chart is being made for this window's choice.
    var applying: Bool { get set }
    /// The window has been destroyed (its widgets are gone).
    var destroyed: Bool { get }
}

extension ChartChoiceWindow {
    /// Charts `owner`'s table again with `settings` (kept beside its file and for tables of the same columns when
    /// `remember` is on: `DocumentSession`); this window
    /// closes once the chart is shown, or says in its message line why it could not be made.
    func applyAndClose(_ settings: ChartSettings, remember: Bool, owner: DocumentWindow) {
        applying = true
        owner.chartAgain(settings, remember: remember) { [weak self] failure in
            guard let self, !self.destroyed else { return }
            self.applying = false
            if let failure { return self.show(failure) }
            gtk_window_destroy(gcast(self.window))
        }
    }

    /// Shows `text` above the buttons and has the screen reader speak it; focus stays where it is.
    func show(_ text: String, isError: Bool = true) {
        ChartChoice.show(text, isError: isError, in: message, window: window)
    }
}
