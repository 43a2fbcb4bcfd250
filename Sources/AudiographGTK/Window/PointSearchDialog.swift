// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim

/// Go To (Ctrl+G) and Find Value (Ctrl+F): a one-line entry over the chart. Enter hands the text to `submit`;
/// when the cursor moved the dialog closes and the chart, with the focus back, says the point; when it did
/// not, the reason is shown under the entry and said (the focus arrives on the entry again, described by
/// it), and the text is selected to be typed over. Escape
/// closes it and the cursor stays where it was. The entry opens with what was typed last, selected.
///
/// Ownership: `window` is GTK's (a transient dialog, destroyed when closed); this object keeps borrowed
/// pointers to it and its entry and message until then.
@MainActor
final class PointSearchDialog: ChildDialog {
    let window: UnsafeMutablePointer<GtkWidget>
    private let entry: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    /// The text typed; returns nil when the cursor moved (the dialog closes) or the sentence saying why not.
    private let submit: (String) -> String?

    /// A dialog titled `title` whose entry is labelled `label` (with a mnemonic) and described by `hint`
    /// (what to type, said by the screen reader after the label), showing `text`.
    init(
        parent: UnsafeMutablePointer<GtkWidget>, title: String, label: String, hint: String, text: String,
        submit: @escaping (String) -> String?
    ) {
        self.submit = submit
        window = Widgets.dialogWindow(title: title, parent: parent)
        gtk_window_set_default_size(gcast(window), 460, -1)
        ObjectCensus.track(window, as: "PointSearch")
        let content = Widgets.box(vertical: true, spacing: 8)
        Widgets.setMargins(content, 18)
        entry = gtk_entry_new()!
        gtk_editable_set_text(gcast(entry), text)
        ag_gtk_accessible_set_description(opaque(entry), hint)
        Widgets.append(content, Widgets.mnemonicLabel(label, for: entry))
        Widgets.append(content, entry)
        Widgets.append(content, Widgets.label(hint, wrap: true, xalign: 0))
        message = Widgets.label("", wrap: true, xalign: 0)
        gtk_widget_set_visible(message, 0)
        Widgets.append(content, message)
        let buttons = Widgets.box(vertical: false, spacing: 8)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = Widgets.button(Localization.tr("_Cancel"))
        Signal.connect(gpointerOf(cancel), "clicked") { [window] in gtk_window_close(gcast(window)) }
        let go = Widgets.button(Localization.tr("_Go"), suggested: true)
        Signal.connect(gpointerOf(go), "clicked") { [weak self] in self?.submitted() }
        Widgets.append(buttons, cancel)
        Widgets.append(buttons, go)
        Widgets.append(content, buttons)
        gtk_window_set_child(gcast(window), content)
        // The entry belongs to the window; its handler goes with it.
        Signal.connect(gpointerOf(entry), "activate") { [weak self] in self?.submitted() }
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(PointSearchDialog.self) }

    /// The entry takes the focus, its text selected so typing replaces it.
    func focusFirst() {
        gtk_widget_grab_focus(entry)
        gtk_editable_select_region(gcast(entry), 0, -1)
    }

    /// Enter or Go: the cursor moved (the dialog closes), or the reason is shown, said and the text selected.
    private func submitted() {
        let text = String(cString: gtk_editable_get_text(gcast(entry)))
        guard let refusal = submit(text) else {
            gtk_window_close(gcast(window))
            return
        }
        gtk_label_set_text(gcast(message), refusal)
        gtk_widget_set_visible(message, 1)
        // Said as the entry's description when the focus arrives on it again: an announcement (a description
        // set and cleared, on GTK 4.8) on a focused entry went unsaid by Orca 43, and wiped the hint.
        ag_gtk_accessible_set_description(opaque(entry), refusal)
        let held = g_object_ref(gpointerOf(entry))  // unsetting the focus may drop the last other reference
        defer { g_object_unref(held) }
        gtk_window_set_focus(gcast(window), nil)
        gtk_widget_grab_focus(entry)
        gtk_editable_select_region(gcast(entry), 0, -1)
    }
}
