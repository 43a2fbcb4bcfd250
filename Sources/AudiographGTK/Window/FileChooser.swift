// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// The Open and Export dialogs: GtkFileDialog on GTK 4.10 and later, GtkFileChooserNative on GTK 4.8
/// (Debian 12), which has no GtkFileDialog; 4.10 deprecates the chooser. Both use the desktop portal inside
/// sandboxes (Flatpak, Snap) and GTK's own dialog elsewhere. Chosen at build time (GTK_4_10, Package.swift).
@MainActor
enum FileChooser {
    /// Asks for one CSV, TSV, JSON, spreadsheet or text file; calls `chosen` with its path unless the person cancels.
    static func choose(parent: UnsafeMutablePointer<GtkWidget>?, chosen: @escaping @MainActor (String) -> Void) {
        let tables = gtk_file_filter_new()!
        gtk_file_filter_set_name(
            tables, Localization.tr("Tables and spreadsheets (CSV, TSV, JSON, Excel .xlsx, OpenDocument .ods)"))
        for mime in [
            "text/csv", "text/tab-separated-values", "text/x-csv", "application/csv",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/vnd.oasis.opendocument.spreadsheet", "application/json", "application/x-ndjson"
        ] {
            gtk_file_filter_add_mime_type(tables, mime)
        }
        for pattern in [
            "*.csv", "*.tsv", "*.json", "*.ndjson", "*.jsonl", "*.xlsx", "*.ods",
            "*.CSV", "*.TSV", "*.JSON", "*.NDJSON", "*.JSONL", "*.XLSX", "*.ODS"
        ] {
            gtk_file_filter_add_pattern(tables, pattern)
        }
        let text = gtk_file_filter_new()!
        gtk_file_filter_set_name(text, Localization.tr("All text files"))
        gtk_file_filter_add_mime_type(text, "text/plain")
        gtk_file_filter_add_pattern(text, "*.txt")
        for pattern in ["*.csv", "*.tsv"] { gtk_file_filter_add_pattern(text, pattern) }
        ObjectCensus.track(gpointerOf(tables), as: "FileChooser")
        ObjectCensus.track(gpointerOf(text), as: "FileChooser")
        present(
            Request(
                title: Localization.tr("Open a Table"), accept: Localization.tr("_Open"), saving: false, suggestedName: nil,
                filters: [tables, text]), parent: parent, chosen: chosen)
    }

    /// Asks where to save a file, under `title` with the button `accept` (Export, Save), suggesting `name`;
    /// calls `chosen` with the path unless the person cancels. GTK's own dialog asks before replacing a file.
    static func save(
        parent: UnsafeMutablePointer<GtkWidget>?, title: String, accept: String, suggesting name: String,
        chosen: @escaping @MainActor (String) -> Void
    ) {
        present(
            Request(
                title: title, accept: accept, saving: true, suggestedName: name,
                filters: []), parent: parent, chosen: chosen)
    }

    /// What one dialog asks. `filters` are our references from gtk_file_filter_new (GTK 4 filters are not
    /// floating); `present` hands them to the dialog, which keeps its own, and drops ours. The first is the default.
    private struct Request {
        let title: String
        let accept: String
        let saving: Bool
        let suggestedName: String?
        let filters: [OpaquePointer]
    }
}

#if GTK_4_10
    extension FileChooser {
        /// Shows a GtkFileDialog for `request` and calls `chosen` with the picked path; a cancel calls nothing.
        ///
        /// Ownership: our reference from gtk_file_dialog_new lives until the answer arrives (the callback runs
        /// exactly once, on the main loop, cancelled or not) and is dropped there.
        private static func present(
            _ request: Request, parent: UnsafeMutablePointer<GtkWidget>?,
            chosen: @escaping @MainActor (String) -> Void
        ) {
            let dialog = gtk_file_dialog_new()!
            ObjectCensus.track(gpointerOf(dialog), as: "FileChooser")
            gtk_file_dialog_set_title(dialog, request.title)
            gtk_file_dialog_set_accept_label(dialog, request.accept)  // GTK makes its button with mnemonics
            gtk_file_dialog_set_modal(dialog, 1)
            if let name = request.suggestedName { gtk_file_dialog_set_initial_name(dialog, name) }
            if !request.filters.isEmpty {
                let list = g_list_store_new(gtk_file_filter_get_type())!
                ObjectCensus.track(gpointerOf(list), as: "FileChooser")
                for filter in request.filters {
                    g_list_store_append(list, gpointerOf(filter))
                    g_object_unref(gpointerOf(filter))
                }
                gtk_file_dialog_set_filters(dialog, gcast(list))
                gtk_file_dialog_set_default_filter(dialog, request.filters[0])
                g_object_unref(gpointerOf(list))
            }
            let window: UnsafeMutablePointer<GtkWindow>? = parent.map { gcast($0) }
            let saving = request.saving
            Async.call(
                { ready, data in
                    if saving {
                        gtk_file_dialog_save(dialog, window, nil, ready, data)
                    } else {
                        gtk_file_dialog_open(dialog, window, nil, ready, data)
                    }
                },
                done: { result in
                    // A NULL error pointer: a cancel or dismissal is not worth a message, and nothing else is expected.
                    let file =
                        saving
                        ? gtk_file_dialog_save_finish(dialog, result, nil)
                        : gtk_file_dialog_open_finish(dialog, result, nil)
                    if let file {
                        let path = filePath(file)
                        g_object_unref(gpointerOf(file))
                        chosen(path)
                    }
                    g_object_unref(gpointerOf(dialog))
                })
        }
    }
#else
    extension FileChooser {
        /// Shows a GtkFileChooserNative for `request` and calls `chosen` with the picked path on Accept; then
        /// destroys the dialog and drops our reference (from gtk_file_chooser_native_new), whatever the answer.
        private static func present(
            _ request: Request, parent: UnsafeMutablePointer<GtkWidget>?,
            chosen: @escaping @MainActor (String) -> Void
        ) {
            let dialog = gtk_file_chooser_native_new(
                request.title, parent.map { gcast($0) },
                request.saving ? GTK_FILE_CHOOSER_ACTION_SAVE : GTK_FILE_CHOOSER_ACTION_OPEN,
                request.accept, Localization.tr("_Cancel"))!
            ObjectCensus.track(gpointerOf(dialog), as: "FileChooser")
            gtk_native_dialog_set_modal(gcast(dialog), 1)
            let chooser = dialog
            if let name = request.suggestedName { gtk_file_chooser_set_current_name(chooser, name) }
            for filter in request.filters {
                gtk_file_chooser_add_filter(chooser, filter)  // the chooser takes its own reference
                g_object_unref(gpointerOf(filter))
            }
            if let first = request.filters.first { gtk_file_chooser_set_filter(chooser, first) }
            Signal.connectWithInt(gpointerOf(dialog), "response") { response in
                if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser) {
                    let path = filePath(file)
                    g_object_unref(gpointer(file))
                    chosen(path)
                }
                gtk_native_dialog_destroy(gcast(dialog))
                g_object_unref(gpointerOf(dialog))
            }
            gtk_native_dialog_show(gcast(dialog))
        }
    }
#endif
