// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Builds the menu bar from the action table.
@MainActor
enum MenuModel {
    /// A new menu bar model (transfer full: the caller drops its reference after handing it to GTK).
    /// One submenu per section, a menu section per group so separators fall between groups.
    static func menubar(from entries: [ActionEntry]) -> UnsafeMutablePointer<GMenuModel> {
        let bar = g_menu_new()!
        for section in MenuSection.allCases {
            let inSection = entries.filter { $0.section == section }
            guard !inSection.isEmpty else { continue }
            let submenu = g_menu_new()!
            for group in Set(inSection.map(\.group)).sorted() {
                let part = g_menu_new()!
                for entry in inSection where entry.group == group {
                    let item = g_menu_item_new(entry.label, entry.name)!
                    // Chart keys are not registered with GTK (they would leave text fields), so the menu is
                    // told which key to show.
                    if entry.keys == .chart, let key = entry.accelerators.first {
                        g_menu_item_set_attribute_value(item, "accel", g_variant_new_string(key))
                    }
                    g_menu_append_item(part, item)
                    g_object_unref(gpointerOf(item))
                }
                g_menu_append_section(submenu, nil, gcast(part))
                g_object_unref(gpointerOf(part))
            }
            g_menu_append_submenu(bar, section.title, gcast(submenu))
            g_object_unref(gpointerOf(submenu))
        }
        return gcast(bar)
    }
}
