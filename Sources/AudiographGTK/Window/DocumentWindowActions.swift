// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim

/// A document window's actions (the menus' and keys' window commands, the chart keys), Escape on the menu bar,
/// and files dropped on the window.
extension DocumentWindow {
    /// Per-window actions (window commands and chart keys); the window's action map takes a reference, we
    /// drop ours.
    func addWindowActions() {
        for entry in ActionTable.entries {
            let id = entry.id
            switch id {
            case .app, .toggle: continue  // application-wide (AudiographApplication)
            case .window, .chart: break
            }
            let action = g_simple_action_new(entry.shortName, nil)!
            Signal.connectWithPointer(gpointerOf(action), "activate") { [weak self] _ in self?.perform(id) }
            g_action_map_add_action(opaque(window), action)
            g_object_unref(gpointerOf(action))
            // Borrowed: the window's action map keeps it until the window goes.
            if needsAChart(id) { chartActions.append(action) }
        }
    }

    /// Whether `id` does anything only while a chart is shown (it is disabled otherwise).
    private func needsAChart(_ id: ActionID) -> Bool {
        switch id {
        case .window(let command):
            switch command {
            case .export, .exportMIDI, .chooseColumns, .otherCharts, .followFile, .chooseSheet, .saveTable, .goTo,
                .findValue, .dataTable:
                return true
            case .close, .fullscreen: return false
            }
        case .chart: return true
        case .app, .toggle: return false
        }
    }

    /// A window action from the menu or a global key; chart actions go to the chart (from the menu, the
    /// focus then goes back to it so Orca says where the cursor is).
    private func perform(_ id: ActionID) {
        switch id {
        case .window(let command):
            switch command {
            case .close: gtk_window_close(gcast(window))
            case .chooseColumns: chooseColumns()
            case .otherCharts: showOtherCharts()
            case .chooseSheet:
                if !sheetChooser.focus() { chartView.announce(Localization.tr("This file has no other sheets.")) }
            case .saveTable: perform(.saveTable)
            case .goTo: showSearch(.goTo)
            case .findValue: showSearch(.findValue)
            case .dataTable: showDataTable()
            case .export: perform(.export(.wav))
            case .exportMIDI: perform(.export(.midi))
            case .followFile: perform(.toggleFollowing)
            case .fullscreen:
                if gtk_window_is_fullscreen(gcast(window)) != 0 {
                    gtk_window_unfullscreen(gcast(window))
                } else {
                    gtk_window_fullscreen(gcast(window))
                }
            }
        case .chart(.details):
            showDetails()
        case .chart(let command):
            if let focus = gtk_window_get_focus(gcast(window)),
                gtk_widget_is_ancestor(focus, chartView.widget) == 0
            {
                chartView.grabFocus()
            }
            chartView.perform(command)
        case .app, .toggle:
            break  // registered on the application, never on a window
        }
    }

    /// Escape on the menu bar (after a menu was closed, GTK 4.8 leaves the focus there) gives the focus back to
    /// the page, as a second Escape does on other desktops. The window owns the controller once added.
    func addMenuBarEscape() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(gpointerOf(keys)) { [weak self] keyval, _ in
            guard let self, keyval == UInt32(GDK_KEY_Escape),
                let focus = gtk_window_get_focus(gcast(self.window)),
                gtk_widget_get_ancestor(focus, gtk_popover_menu_bar_get_type()) != nil
            else { return false }
            self.focusContent()
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Files dropped on the window open here (the first) and in new windows (the rest). The window owns
    /// the controller once added.
    func addDropTarget() {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        Signal.connectDrop(gpointerOf(target)) { [weak self] value in
            guard let self, ag_gtk_value_holds_file_list(value) != 0,
                let list = g_value_get_boxed(value)
            else { return false }
            // Transfer container: we free the list, the files stay owned by the GdkFileList.
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            var paths: [String] = []
            while let current = node {
                if let file = current.pointee.data { paths.append(filePath(OpaquePointer(file))) }
                node = current.pointee.next
            }
            g_slist_free(head)
            guard let first = paths.first else { return false }
            self.open(first)
            for path in paths.dropFirst() { self.app.openInNewWindow(.file(path: path)) }
            return true
        }
        gtk_widget_add_controller(window, target)
    }
}
