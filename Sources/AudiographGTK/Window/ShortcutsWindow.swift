// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim

/// The Keyboard Shortcuts window (Ctrl+? and F1), filled from `ActionTable`, one list per menu, so it lists
/// exactly the keys that work.
///
/// Not GtkShortcutsWindow: on GTK 4.8 Orca hears that window as "GtkShortcutsWindow", its pages as "_1" and
/// "_2", and cannot reach a single shortcut with Tab or the arrows. Here each menu is a heading over a list
/// named by it, each row is named "Play or Pause: Space", each list is one Tab stop, and the arrows read
/// row by row. Escape closes.
///
/// Ownership: the GtkWindow is a toplevel GTK keeps until it is closed; it is destroyed with its parent.
@MainActor
enum ShortcutsWindow {
    /// One row of the window: what the command does and the keys that do it, as people read them.
    struct Row: Equatable {
        var command: String
        var keys: String
    }

    /// The rows under each menu's title, in menu order; commands without keys are left out.
    static func sections(_ entries: [ActionEntry]) -> [(title: String, rows: [Row])] {
        MenuSection.allCases.compactMap { section in
            let rows = entries.filter { $0.section == section && !$0.accelerators.isEmpty }
                .map {
                    Row(command: $0.plainLabel, keys: $0.accelerators.map(keyLabel).joined(separator: Localization.tr(" or ")))
                }
            return rows.isEmpty ? nil : (Widgets.withoutMnemonic(section.title), rows)
        }
    }

    /// "<Control>o" as GTK shows it to people ("Ctrl+O"); the accelerator itself when GTK cannot parse it.
    static func keyLabel(_ accelerator: String) -> String {
        var key: guint = 0
        var modifiers = GdkModifierType(0)
        guard gtk_accelerator_parse(accelerator, &key, &modifiers) != 0, key != 0,
            let label = gtk_accelerator_get_label(key, modifiers)
        else { return accelerator }
        defer { g_free(label) }
        return String(cString: label)
    }

    /// Shows the window over `parent`; `onClosed` runs once it has been closed.
    static func present(parent: UnsafeMutablePointer<GtkWidget>?, onClosed: @escaping @MainActor () -> Void) {
        let window = Widgets.dialogWindow(title: Localization.tr("Keyboard Shortcuts"), parent: parent)
        ObjectCensus.track(window, as: "Shortcuts")
        gtk_window_set_default_size(gcast(window), 560, 640)

        let outer = Widgets.box(vertical: true, spacing: 12)
        Widgets.setMargins(outer, 18)
        let content = Widgets.box(vertical: true, spacing: 6)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gcast(scroller), content)
        gtk_widget_set_vexpand(scroller, 1)
        Widgets.append(outer, scroller)
        let close = Widgets.closeButton(closing: window)
        Widgets.append(outer, close)

        var lists: [UnsafeMutablePointer<GtkWidget>] = []
        for section in sections(ActionTable.entries) {
            let heading = ag_gtk_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_HEADING)!
            gtk_label_set_text(gcast(heading), section.title)
            gtk_label_set_xalign(gcast(heading), 0)
            gtk_widget_add_css_class(heading, "heading")
            gtk_widget_set_margin_top(heading, lists.isEmpty ? 0 : 12)
            Widgets.append(content, heading)
            let list = gtk_list_box_new()!
            gtk_list_box_set_selection_mode(gcast(list), GTK_SELECTION_NONE)
            gtk_widget_add_css_class(list, "boxed-list")
            ag_gtk_accessible_set_labelled_by(opaque(list), heading)
            for row in section.rows {
                let line = Widgets.box(vertical: false, spacing: 12)
                Widgets.setMargins(line, 6)
                let command = Widgets.label(row.command, xalign: 0)
                gtk_widget_set_hexpand(command, 1)
                Widgets.append(line, command)
                Widgets.append(line, Widgets.label(row.keys, classes: ["monospace"], xalign: 1))
                gtk_list_box_append(gcast(list), line)
                if let item = gtk_widget_get_parent(line) {
                    ag_gtk_accessible_set_label(opaque(item), Localization.tr("%@: %@", row.command, row.keys))
                }
            }
            Widgets.append(content, list)
            lists.append(list)
        }
        // Each list is one Tab stop: Tab goes list to list, then Close; Shift+Tab comes back.
        for (index, list) in lists.enumerated() {
            Widgets.makeOneTabStop(
                list, before: index > 0 ? lists[index - 1] : close,
                after: index + 1 < lists.count ? lists[index + 1] : close)
        }
        gtk_window_set_child(gcast(window), outer)
        Signal.connect(gpointerOf(window), "destroy", onClosed)
        DialogFocus.present(window) { if let first = lists.first { Widgets.focusInto(first) } }
    }
}
