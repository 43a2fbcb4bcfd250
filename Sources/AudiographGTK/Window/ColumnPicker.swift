// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// The "Choose Columns" window: x, y series, series-by, size, category and chart kind for the shown chart,
/// and whether to remember them in the file's sidecar settings. Apply charts the file again through the
/// document window; a choice that can't be charted shows why here and leaves the old chart on screen.
///
/// Ownership: the GtkWindow is a toplevel owned by GTK (transient for and destroyed with the document
/// window); this object is kept by the `DocumentWindow`'s `DialogSlot` until "destroy".
/// Widgets are borrowed pointers, not used after "destroy".
@MainActor
final class ColumnPicker: ChartChoiceWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Called once, when the window has been destroyed.
    private var choices: ColumnChoices
    /// The table charted; its sidecar keeps the choice when it is a file.
    private let source: TableSource
    /// The settings the shown chart was made with; the picker's choices replace its column roles.
    private let base: ChartSettings
    private weak var owner: DocumentWindow?
    let message: UnsafeMutablePointer<GtkWidget>
    private let firstControl: UnsafeMutablePointer<GtkWidget>
    var applying = false
    private(set) var destroyed = false

    init(parent: UnsafeMutablePointer<GtkWidget>, document: ChartDocument, source: TableSource, owner: DocumentWindow) {
        choices = ColumnChoices(document: document)
        self.source = source
        base = document.settings
        self.owner = owner
        let fileName = source.displayName

        window = Widgets.dialogWindow(title: Localization.tr("Choose Columns — %@", fileName), parent: parent)
        gtk_window_set_resizable(gcast(window), 0)
        ObjectCensus.track(window, as: "ColumnPicker")

        let content = Widgets.box(vertical: true, spacing: 12)
        gtk_widget_set_margin_top(content, 18)
        gtk_widget_set_margin_bottom(content, 18)
        gtk_widget_set_margin_start(content, 18)
        gtk_widget_set_margin_end(content, 18)
        Widgets.append(
            content,
            Widgets.label(
                Localization.tr("Which columns of %@ make the chart.", fileName), wrap: true, xalign: 0))

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(gcast(grid), 8)
        gtk_grid_set_column_spacing(gcast(grid), 12)
        Widgets.append(content, grid)
        var row: Int32 = 0
        func addRow(
            _ label: String, _ control: UnsafeMutablePointer<GtkWidget>, mnemonicTarget: UnsafeMutablePointer<GtkWidget>? = nil
        ) {
            // Not `mnemonicTarget ?? control`: release builds reject sending `control` into ??'s autoclosure.
            var target = control
            if let mnemonicTarget { target = mnemonicTarget }
            let title = Widgets.mnemonicLabel(label, for: target)
            #if GTK_4_12
                gtk_widget_set_valign(title, GTK_ALIGN_BASELINE_FILL)
            #else
                gtk_widget_set_valign(title, GTK_ALIGN_BASELINE)  // GTK_ALIGN_BASELINE_FILL is new in 4.12
            #endif
            gtk_grid_attach(gcast(grid), title, 0, row, 1, 1)
            gtk_widget_set_hexpand(control, 1)
            gtk_grid_attach(gcast(grid), control, 1, row, 1, 1)
            row += 1
        }

        let choices = self.choices
        let x = Self.dropDown(
            choices.xOptions.map { choices.title(of: $0, none: Localization.tr("Row number")) },
            selected: choices.xOptions.firstIndex(of: choices.x) ?? 0)
        firstControl = x
        addRow(Localization.tr("_X axis"), x)

        let (ySeries, yChecks) = Self.checkList(
            choices.yColumns.map { choices.headers[$0] },
            on: choices.yColumns.map { choices.y.contains($0) })
        addRow(Localization.tr("_Y series"), ySeries)
        gtk_widget_set_valign(gtk_grid_get_child_at(gcast(grid), 0, row - 1), GTK_ALIGN_START)
        if let firstY = yChecks.first {
            // The label names the group; its mnemonic moves focus to the first check button.
            Signal.connectMnemonicActivate(gpointerOf(ySeries)) { _ in gtk_widget_grab_focus(firstY) != 0 }
        }

        let seriesBy = Self.dropDown(
            choices.textOptions.map { choices.title(of: $0, none: Localization.tr("None")) },
            selected: choices.textOptions.firstIndex(of: choices.seriesBy) ?? 0)
        addRow(Localization.tr("_Series by"), seriesBy)
        let size = Self.dropDown(
            choices.sizeOptions.map { choices.title(of: $0, none: Localization.tr("None")) },
            selected: choices.sizeOptions.firstIndex(of: choices.size) ?? 0)
        addRow(Localization.tr("Si_ze"), size)
        let category = Self.dropDown(
            choices.textOptions.map { choices.title(of: $0, none: Localization.tr("None")) },
            selected: choices.textOptions.firstIndex(of: choices.category) ?? 0)
        addRow(Localization.tr("Ca_tegory"), category)
        let kind = Self.dropDown(
            ColumnChoices.kinds.map(ColumnChoices.title(of:)),
            selected: ColumnChoices.kinds.firstIndex(of: choices.kind) ?? 0)
        addRow(Localization.tr("Chart _kind"), kind)

        let rememberBox = Widgets.box(vertical: true, spacing: 2)
        let remember = Widgets.checkButton(Localization.tr("_Remember for this file"))
        Widgets.append(rememberBox, remember)
        let sidecarName = (SidecarSettings.path(for: source.path ?? fileName) as NSString).lastPathComponent
        let note = Widgets.label(
            Localization.tr(
                "Saves the choice in %@ next to the file, and for other files with the same columns; the file itself is never changed.",
                sidecarName),
            classes: ["caption"], wrap: true, xalign: 0)
        gtk_widget_set_margin_start(note, 28)  // under the check button's label, past its box
        Widgets.append(rememberBox, note)
        Widgets.append(content, rememberBox)
        // A pasted or piped-in table has no file to keep the choice beside (Save Table As makes one).
        if source.path == nil { gtk_widget_set_visible(rememberBox, 0) }

        message = Widgets.label("", classes: ["error"], wrap: true, xalign: 0)
        gtk_label_set_selectable(gcast(message), 1)
        gtk_widget_set_visible(message, 0)
        Widgets.append(content, message)

        let buttons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 6)
        let cancel = Widgets.button(Localization.tr("_Cancel"))
        let apply = Widgets.button(Localization.tr("_Apply"), suggested: true)
        Widgets.append(buttons, cancel)
        Widgets.append(buttons, apply)
        Widgets.append(content, buttons)
        gtk_window_set_child(gcast(window), content)
        gtk_window_set_default_widget(gcast(window), apply)

        // Changes go straight into `choices`; the drop-downs' indices map back through the option lists.
        Self.onSelected(x) { [weak self] index in self?.choices.x = self?.choices.xOptions[index] ?? nil }
        Self.onSelected(seriesBy) { [weak self] index in self?.choices.seriesBy = self?.choices.textOptions[index] ?? nil }
        Self.onSelected(size) { [weak self] index in self?.choices.size = self?.choices.sizeOptions[index] ?? nil }
        Self.onSelected(category) { [weak self] index in self?.choices.category = self?.choices.textOptions[index] ?? nil }
        Self.onSelected(kind) { [weak self] index in self?.choices.kind = ColumnChoices.kinds[index] }
        for (column, button) in zip(choices.yColumns, yChecks) {
            Signal.connect(gpointerOf(button), "toggled") { [weak self] in
                self?.choices.setY(column, gtk_check_button_get_active(gcast(button)) != 0)
            }
        }
        Signal.connect(gpointerOf(remember), "toggled") { [weak self] in
            self?.choices.remember = gtk_check_button_get_active(gcast(remember)) != 0
        }
        Signal.connect(gpointerOf(cancel), "clicked") { [weak self] in self?.close() }
        Signal.connect(gpointerOf(apply), "clicked") { [weak self] in self?.applyClicked() }
        // Escape closes (Widgets.dialogWindow); closing by any means cancels.
        Signal.connectReturningBool(gpointerOf(window), "close-request") { [weak self] in
            if let self, self.applying { self.owner?.cancelChartAgain() }
            return false
        }
        Signal.connect(gpointerOf(window), "destroy") { [weak self] in self?.destroyed = true }
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(ColumnPicker.self) }

    /// The first choice (x) takes the focus.
    func focusFirst() { gtk_widget_grab_focus(firstControl) }

    /// Closes without applying; a chart being made for Apply is dropped.
    func close() {
        guard !destroyed else { return }
        if applying { owner?.cancelChartAgain() }
        applying = false
        gtk_window_destroy(gcast(window))
    }

    // MARK: Apply

    /// Says "Making the chart…" when Apply takes a while; goes with the picker.
    private let makingNotice = MainLoopTimer()

    private func applyClicked() {
        guard !applying, let owner else { return }
        if let problem = choices.problem { return show(problem) }
        let settings = choices.settings(replacing: base)
        let remember = choices.remember
        applyAndClose(settings, remember: remember, owner: owner)
        makingNotice.once(after: DocumentSession.progressDelayMilliseconds) { [weak self] in
            guard let self, self.applying, !self.destroyed else { return }
            self.show(Localization.tr("Making the chart…"), isError: false)
        }
    }

    // MARK: Widgets

    private static func dropDown(_ items: [String], selected: Int) -> UnsafeMutablePointer<GtkWidget> {
        let dropDown = Widgets.dropDown(items, selected: selected)
        gtk_widget_set_halign(dropDown, GTK_ALIGN_FILL)
        return dropDown
    }

    /// Calls `body` with the drop-down's selected index whenever it changes.
    private static func onSelected(_ dropDown: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor (Int) -> Void) {
        Signal.connectWithPointer(gpointerOf(dropDown), "notify::selected") { _ in
            let index = gtk_drop_down_get_selected(gcast(dropDown))
            if index != UInt32(GTK_INVALID_LIST_POSITION) { body(Int(index)) }
        }
    }

    /// A framed group of check buttons, one per title, scrolling once it is taller than about eight rows;
    /// returns the frame (role GROUP, named by the row's label) and the check buttons in order.
    private static func checkList(_ titles: [String], on: [Bool])
        -> (widget: UnsafeMutablePointer<GtkWidget>, checks: [UnsafeMutablePointer<GtkWidget>])
    {
        let list = Widgets.box(vertical: true, spacing: 2)
        gtk_widget_set_margin_top(list, 4)
        gtk_widget_set_margin_bottom(list, 4)
        gtk_widget_set_margin_start(list, 6)
        gtk_widget_set_margin_end(list, 6)
        var checks: [UnsafeMutablePointer<GtkWidget>] = []
        for (title, active) in zip(titles, on) {
            let check = gtk_check_button_new_with_label(title)!
            gtk_check_button_set_active(gcast(check), active ? 1 : 0)
            Widgets.append(list, check)
            checks.append(check)
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(gcast(scroller), 1)
        gtk_scrolled_window_set_max_content_height(gcast(scroller), 240)
        gtk_scrolled_window_set_child(gcast(scroller), list)
        let frame = gtk_frame_new(nil)!
        gtk_frame_set_child(gcast(frame), scroller)
        return (frame, checks)
    }
}
