import CGtk
import CGtkShim

/// The Preferences window (Ctrl+comma): the View settings as check buttons bound to the same application
/// actions as the View menu, so both always agree. Escape closes.
///
/// Ownership: the GtkWindow is a toplevel GTK keeps until closed; it is destroyed with its parent.
@MainActor
enum PreferencesWindow {
    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let window = gtk_window_new()!
        gtk_window_set_title(gcast(window), tr("Preferences"))
        if let parent { gtk_window_set_transient_for(gcast(window), gcast(parent)) }
        gtk_window_set_modal(gcast(window), 1)
        gtk_window_set_destroy_with_parent(gcast(window), 1)
        gtk_window_set_resizable(gcast(window), 0)
        let content = Widgets.box(vertical: true, spacing: 12)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                     gtk_widget_set_margin_end] { side(content, 18) }
        let heading = Widgets.label(tr("How charts are drawn"), xalign: 0)
        Widgets.append(content, heading)
        let group = Widgets.box(vertical: true, spacing: 6)
        for entry in ActionTable.entries where entry.kind == .toggle {
            let check = gtk_check_button_new_with_mnemonic(entry.label)!
            gtk_actionable_set_action_name(gcast(check), entry.name)
            Widgets.append(group, check)
        }
        // The heading names the group of check buttons for screen readers.
        ag_gtk_accessible_set_labelled_by(opaque(group), heading)
        Widgets.append(content, group)
        Widgets.append(content, Widgets.label(
            tr("Comma and period make charts play slower or faster; the chart says the new length."), wrap: true, xalign: 0))
        let close = Widgets.button(tr("_Close"))
        gtk_widget_set_halign(close, GTK_ALIGN_END)
        Widgets.append(content, close)
        gtk_window_set_child(gcast(window), content)
        Signal.connect(gpointerOf(close), "clicked") { gtk_window_close(gcast(window)) }
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(gcast(shortcuts), gtk_shortcut_new(
            gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, shortcuts)
        gtk_window_present(gcast(window))
    }
}
