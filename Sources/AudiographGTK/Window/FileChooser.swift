import CGtk

/// The Open dialog: GtkFileChooserNative, which uses the desktop portal inside sandboxes (Flatpak, Snap)
/// and GTK's own dialog elsewhere. GTK 4.8 has no GtkFileDialog.
@MainActor
enum FileChooser {
    /// Asks for one CSV, TSV or text file; calls `chosen` with its path unless the person cancels.
    ///
    /// Ownership: the native dialog is not a widget and nobody else holds it; our reference from
    /// gtk_file_chooser_native_new keeps it alive while shown and is dropped in its response handler.
    static func choose(parent: UnsafeMutablePointer<GtkWidget>?, chosen: @escaping @MainActor (String) -> Void) {
        let dialog = gtk_file_chooser_native_new(tr("Open a CSV File"), parent.map { gcast($0) },
                                                 GTK_FILE_CHOOSER_ACTION_OPEN, tr("_Open"), tr("_Cancel"))!
        gtk_native_dialog_set_modal(gcast(dialog), 1)
        let chooser = dialog
        let tables = gtk_file_filter_new()!
        gtk_file_filter_set_name(tables, tr("CSV and TSV tables"))
        for mime in ["text/csv", "text/tab-separated-values", "text/x-csv", "application/csv"] {
            gtk_file_filter_add_mime_type(tables, mime)
        }
        for pattern in ["*.csv", "*.tsv", "*.CSV", "*.TSV"] { gtk_file_filter_add_pattern(tables, pattern) }
        let text = gtk_file_filter_new()!
        gtk_file_filter_set_name(text, tr("All text files"))
        gtk_file_filter_add_mime_type(text, "text/plain")
        gtk_file_filter_add_pattern(text, "*.txt")
        for pattern in ["*.csv", "*.tsv"] { gtk_file_filter_add_pattern(text, pattern) }
        // The chooser takes its own references to the filters (they start floating and are sunk).
        gtk_file_chooser_add_filter(chooser, tables)
        gtk_file_chooser_add_filter(chooser, text)
        gtk_file_chooser_set_filter(chooser, tables)
        show(dialog, chosen: chosen)
    }
}

extension FileChooser {
    /// Asks where to save a WAV file, suggesting `name`; calls `chosen` with the path unless the person cancels.
    /// GTK's own dialog asks before replacing an existing file.
    ///
    /// Ownership: as for `choose`, our reference keeps the dialog alive until its response.
    static func save(parent: UnsafeMutablePointer<GtkWidget>?, suggesting name: String,
                     chosen: @escaping @MainActor (String) -> Void) {
        let dialog = gtk_file_chooser_native_new(tr("Export Audio Graph"), parent.map { gcast($0) },
                                                 GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Export"), tr("_Cancel"))!
        gtk_native_dialog_set_modal(gcast(dialog), 1)
        let chooser = dialog
        gtk_file_chooser_set_current_name(chooser, name)
        show(dialog, chosen: chosen)
    }
}

extension FileChooser {
    /// Shows `dialog` and calls `chosen` with the picked path on Accept; then destroys the dialog and drops
    /// our reference (the one from gtk_file_chooser_native_new), whatever the answer.
    private static func show(_ dialog: OpaquePointer, chosen: @escaping @MainActor (String) -> Void) {
        let chooser = dialog
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
