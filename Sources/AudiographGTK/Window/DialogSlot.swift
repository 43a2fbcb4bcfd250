// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// A window over a document window (Chart Details, the braille lines, the data table, Go To and Find Value,
/// Choose Columns, Other Charts), kept by a `DialogSlot`.
@MainActor
protocol ChildDialog: AnyObject {
    /// The dialog's GtkWindow, owned by GTK until it is destroyed.
    var window: UnsafeMutablePointer<GtkWidget> { get }
    /// Gives the dialog's first control the keyboard focus (called once the dialog is active: `DialogFocus`).
    func focusFirst()
}

/// Holds at most one child dialog of a kind for a document window: makes and presents it, presents the open one
/// again instead of a second copy, and when it is destroyed lets go of it and gives the focus back to the
/// document window, so Orca says where the person is.
///
/// The one place a child dialog's lifecycle is written; `DialogFocus` (the Orca 48 first-focus workaround) is
/// applied here for each. Ownership: the slot holds the dialog object until its window's "destroy"; the window
/// is GTK's (transient for the document window, destroyed with it).
@MainActor
final class DialogSlot<Dialog: ChildDialog> {
    /// The open dialog, until its window is destroyed.
    private(set) var dialog: Dialog?
    private let returnFocus: @MainActor () -> Void

    /// A slot whose dialogs give the focus back with `returnFocus` when they close.
    init(returnFocus: @escaping @MainActor () -> Void) {
        self.returnFocus = returnFocus
    }

    var isOpen: Bool { dialog != nil }

    /// Presents the open dialog, or makes one with `make` (nil: none can be made now) and presents it, its first
    /// control focused once it is active. `closing` runs when it is destroyed, before the focus goes back.
    func show(_ make: () -> Dialog?, closing: (@MainActor (Dialog) -> Void)? = nil) {
        if let dialog { return gtk_window_present(gcast(dialog.window)) }
        guard let made = make() else { return }
        dialog = made
        // Connected after the dialog's own "destroy" handlers (made in its init), so those run first.
        Signal.connect(gpointerOf(made.window), "destroy") { [weak self, weak made] in
            guard let self, let made, self.dialog === made else { return }
            self.dialog = nil
            closing?(made)
            self.returnFocus()
        }
        DialogFocus.present(made.window) { [weak made] in made?.focusFirst() }
    }

    /// Closes the open dialog, if any (its "destroy" then empties the slot).
    func close() {
        guard let dialog else { return }
        gtk_window_destroy(gcast(dialog.window))
    }
}
