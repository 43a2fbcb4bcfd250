// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// The "Other Charts" window: the charts the shown file's table can make, best first, each one spoken
/// sentence ("Scatter plot: weight against mpg, coloured by origin, 398 points"). The list is one Tab stop;
/// Enter or Show Chart redraws the chart as the chosen one, and Remember for this file keeps the choice in
/// the sidecar settings. The list is worked out on another thread, so a large table never stalls the window.
///
/// Ownership: the GtkWindow is a toplevel owned by GTK (transient for and destroyed with the document
/// window); this object is kept by the `DocumentWindow`'s `DialogSlot` until "destroy". Widgets are
/// borrowed pointers, not used after "destroy".
@MainActor
final class OtherCharts: ChartChoiceWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Called once, when the window has been destroyed.
    /// The table charted; its sidecar keeps the choice when it is a file.
    private let source: TableSource
    private weak var owner: DocumentWindow?
    private let list: UnsafeMutablePointer<GtkWidget>
    let message: UnsafeMutablePointer<GtkWidget>
    private let showButton: UnsafeMutablePointer<GtkWidget>
    private var suggestions: [ChartSuggestion] = []
    private var remember = false
    var applying = false
    private(set) var destroyed = false
    /// Lists the other charts off the main loop; cancelled when the window closes.
    private var suggestionsJob: BackgroundJob?

    init(parent: UnsafeMutablePointer<GtkWidget>, document: ChartDocument, source: TableSource, owner: DocumentWindow) {
        self.source = source
        self.owner = owner
        let fileName = source.displayName
        window = Widgets.dialogWindow(title: Localization.tr("Other Charts — %@", fileName), parent: parent)
        gtk_window_set_default_size(gcast(window), 640, 420)
        ObjectCensus.track(window, as: "OtherCharts")

        let content = Widgets.box(vertical: true, spacing: 12)
        Widgets.setMargins(content, 18)
        let intro = Widgets.label(
            Localization.tr("Charts %@ can make, best first; the first is the one shown now.", fileName),
            wrap: true, xalign: 0)
        Widgets.append(content, intro)

        list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gcast(list), GTK_SELECTION_BROWSE)
        ag_gtk_accessible_set_label(opaque(list), Localization.tr("Charts"))
        let placeholder = Widgets.label(Localization.tr("Working out the charts…"), xalign: 0)
        gtk_list_box_append(gcast(list), placeholder)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(scroller), list)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_scrolled_window_set_min_content_height(gcast(scroller), 200)
        Widgets.append(content, scroller)

        let rememberBox = Widgets.box(vertical: true, spacing: 2)
        let rememberCheck = Widgets.checkButton(Localization.tr("_Remember for this file"))
        Widgets.append(rememberBox, rememberCheck)
        let sidecarName = (SidecarSettings.path(for: source.path ?? fileName) as NSString).lastPathComponent
        let note = Widgets.label(
            Localization.tr(
                "Saves the choice in %@ next to the file, and for other files with the same columns; the file itself is never changed.",
                sidecarName), classes: ["caption"], wrap: true, xalign: 0)
        gtk_widget_set_margin_start(note, 28)
        Widgets.append(rememberBox, note)
        Widgets.append(content, rememberBox)
        // A pasted or piped-in table has no file to keep the choice beside (Save Table As makes one).
        if source.path == nil { gtk_widget_set_visible(rememberBox, 0) }

        message = Widgets.label("", classes: ["error"], wrap: true, xalign: 0)
        gtk_widget_set_visible(message, 0)
        Widgets.append(content, message)

        let buttons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = Widgets.button(Localization.tr("_Cancel"))
        showButton = Widgets.button(Localization.tr("_Show Chart"), suggested: true)
        gtk_widget_set_sensitive(showButton, 0)
        Widgets.append(buttons, cancel)
        Widgets.append(buttons, showButton)
        Widgets.append(content, buttons)
        gtk_window_set_child(gcast(window), content)
        gtk_window_set_default_widget(gcast(window), showButton)
        // The rows are one Tab stop: the arrows move between charts, Tab goes on to the check button.
        Widgets.makeOneTabStop(list, before: cancel, after: rememberCheck)

        Signal.connect(gpointerOf(rememberCheck), "toggled") { [weak self] in
            self?.remember = gtk_check_button_get_active(gcast(rememberCheck)) != 0
        }
        Signal.connect(gpointerOf(cancel), "clicked") { [weak self] in self?.close() }
        Signal.connect(gpointerOf(showButton), "clicked") { [weak self] in self?.showSelected() }
        Signal.connectWithPointer(gpointerOf(list), "row-activated") { [weak self] _ in self?.showSelected() }
        Signal.connectReturningBool(gpointerOf(window), "close-request") { [weak self] in
            if let self, self.applying { self.owner?.cancelChartAgain() }
            return false
        }
        Signal.connect(gpointerOf(window), "destroy") { [weak self] in
            guard let self else { return }
            self.destroyed = true
            self.suggestionsJob?.cancel()
        }

        suggestionsJob = BackgroundJob(
            name: "audiograph-suggestions", work: { _ in ChartSuggestions.list(for: document) },
            done: { [weak self] found in self?.fill(found) })
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(OtherCharts.self) }

    /// The list takes the focus.
    func focusFirst() { Widgets.focusInto(list) }

    /// Closes without changing the chart; a chart being made is dropped.
    func close() {
        guard !destroyed else { return }
        if applying { owner?.cancelChartAgain() }
        applying = false
        gtk_window_destroy(gcast(window))
    }

    /// Replaces the placeholder with one row per chart, the shown one first and selected.
    private func fill(_ found: [ChartSuggestion]) {
        guard !destroyed else { return }
        suggestions = found
        let focus = gtk_window_get_focus(gcast(window))
        let hadFocus = focus == nil || focus == list || gtk_widget_is_ancestor(focus, list) != 0
        // One by one: gtk_list_box_remove_all is GTK 4.12, and Debian 12 has 4.8.
        while let row = gtk_list_box_get_row_at_index(gcast(list), 0) { gtk_list_box_remove(gcast(list), gcast(row)) }
        for (n, suggestion) in found.enumerated() {
            let text = n == 0 ? Localization.tr("%@ (shown now)", suggestion.sentence) : suggestion.sentence
            let label = Widgets.label(text, wrap: true, xalign: 0)
            gtk_widget_set_margin_top(label, 6)
            gtk_widget_set_margin_bottom(label, 6)
            gtk_widget_set_margin_start(label, 6)
            gtk_list_box_append(gcast(list), label)
            if let row = gtk_widget_get_parent(label) { ag_gtk_accessible_set_label(opaque(row), text) }
        }
        gtk_widget_set_sensitive(showButton, found.isEmpty ? 0 : 1)
        if let first = gtk_list_box_get_row_at_index(gcast(list), 0) {
            gtk_list_box_select_row(gcast(list), first)
            if hadFocus { gtk_widget_grab_focus(gcast(first)) }
        }
        if found.count <= 1 { show(Localization.tr("This table makes no other chart."), isError: false) }
    }

    /// Redraws the chart as the selected row's, keeping the choice in the sidecar when asked.
    private func showSelected() {
        guard !applying, let owner, let row = gtk_list_box_get_selected_row(gcast(list)) else { return }
        let index = Int(gtk_list_box_row_get_index(row))
        guard suggestions.indices.contains(index) else { return }
        let settings = suggestions[index].settings
        let remember = self.remember
        applyAndClose(settings, remember: remember, owner: owner)
    }

}
