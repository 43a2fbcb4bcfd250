import CGtk

/// The Keyboard Shortcuts window (Ctrl+? and F1): GTK's GtkShortcutsWindow, filled from `ActionTable`,
/// one group per menu, so it lists exactly the keys that work.
@MainActor
enum ShortcutsWindow {
    /// GtkBuilder XML for the window: GtkShortcutsWindow can only be filled through GtkBuilder.
    static func builderXML(_ entries: [ActionEntry]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"window\"><property name=\"modal\">1</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">all</property>"
        xml += "<property name=\"max-height\">14</property>"
        for section in MenuSection.allCases {
            let keyed = entries.filter { $0.section == section && !$0.accelerators.isEmpty }
            guard !keyed.isEmpty else { continue }
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">"
                + escaped(section.title.replacingOccurrences(of: "_", with: "")) + "</property>"
            for entry in keyed {
                xml += "<child><object class=\"GtkShortcutsShortcut\"><property name=\"title\">"
                    + escaped(entry.plainLabel) + "</property><property name=\"accelerator\">"
                    + escaped(entry.accelerators.joined(separator: " ")) + "</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        return xml
    }

    /// Shows the window over `parent`.
    ///
    /// Ownership: the builder's reference is dropped once the window is taken out; the window is a toplevel
    /// GTK keeps until it is closed (it destroys itself on close).
    static func present(parent: UnsafeMutablePointer<GtkWidget>?) {
        let builder = gtk_builder_new_from_string(builderXML(ActionTable.entries), -1)!
        defer { g_object_unref(gpointerOf(builder)) }
        guard let object = gtk_builder_get_object(builder, "window") else { return }
        let window = UnsafeMutablePointer<GtkWidget>(OpaquePointer(object))
        if let parent { gtk_window_set_transient_for(gcast(window), gcast(parent)) }
        gtk_window_present(gcast(window))
    }
}
