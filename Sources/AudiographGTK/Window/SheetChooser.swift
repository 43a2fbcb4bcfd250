// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// The "Sheet" drop-down beside the chart's buttons: shown for a workbook of several sheets, one Tab stop, each
/// sheet named with its size ("Sales, 13 rows by 2 columns"). Choosing one calls `onChoose` with its name once
/// the list has closed. Alt+S (Chart ▸ Choose Sheet) focuses it without opening it: a label mnemonic would
/// open GTK 4.8's list on its first row, where Return chooses nothing.
///
/// Ownership: `widget` (a box) is owned by the window's button bar; the drop-down inside is replaced for each
/// workbook and owned by the box, and is referenced here only while it is its child.
@MainActor
final class SheetChooser {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private var dropDown: UnsafeMutablePointer<GtkWidget>?
    private var shown: WorkbookSheets?
    /// Called with the chosen sheet's name when the person picks another sheet.
    var onChoose: ((String) -> Void)?

    init() {
        widget = Widgets.box(vertical: false, spacing: 6)
        label = gtk_label_new(Localization.tr("Sheet:"))!
        Widgets.append(widget, label)
        gtk_widget_set_visible(widget, 0)
    }

    /// Lists the sheets of `workbook` with its chosen sheet selected; hides the chooser for CSV files and
    /// workbooks of one sheet.
    func show(_ workbook: WorkbookSheets?) {
        guard let workbook, workbook.sheets.count > 1 else {
            shown = nil
            gtk_widget_set_visible(widget, 0)
            return
        }
        if workbook == shown, dropDown != nil { return }
        shown = workbook
        if let old = dropDown { gtk_box_remove(gcast(widget), old) }
        let items = workbook.sheets.map { SheetWording.nameAndSize($0) }
        let dropDown = Widgets.dropDown(items, selected: workbook.chosen)
        gtk_label_set_mnemonic_widget(gcast(label), dropDown)
        Widgets.append(widget, dropDown)
        self.dropDown = dropDown
        focusChosenRowWhenOpened(dropDown)
        Signal.connectWithPointer(gpointerOf(dropDown), "notify::selected") { [weak self] _ in
            guard let self, let shown = self.shown else { return }
            let index = Int(gtk_drop_down_get_selected(gcast(dropDown)))
            guard shown.sheets.indices.contains(index), index != shown.chosen else { return }
            // The list is still open and holds the focus: what is said now would go to one of its rows, which
            // Orca drops when the list closes. The choice is made after GTK closes it.
            let name = shown.sheets[index].name
            MainLoop.post { [weak self] in self?.onChoose?(name) }
        }
        gtk_widget_set_visible(widget, 1)
    }

    /// GTK 4.8's drop-down opens its list with the keyboard focus on the first row, while its cursor stays on the
    /// chosen one: Orca says "Notes … not selected", and Return there chooses nothing. Once the list is shown,
    /// the focus goes to the chosen sheet's row, so what is said is what Return keeps.
    private func focusChosenRowWhenOpened(_ dropDown: UnsafeMutablePointer<GtkWidget>) {
        guard let popover = Self.descendant(of: dropDown, type: gtk_popover_get_type()) else { return }
        Signal.connect(gpointerOf(popover), "map") { [weak self] in
            MainLoop.post { [weak self] in
                guard let self, let shown = self.shown,
                    let list = Self.descendant(of: popover, type: gtk_list_view_get_type())
                else { return }
                var row = gtk_widget_get_first_child(list)
                var index = 0
                while let current = row, index < shown.chosen {
                    row = gtk_widget_get_next_sibling(current)
                    index += 1
                }
                if let row { gtk_widget_grab_focus(row) }
            }
        }
    }

    /// The first widget of GType `type` under `widget` (depth first), or nil.
    private static func descendant(of widget: UnsafeMutablePointer<GtkWidget>, type: GType) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(gcast(current), type) != 0 { return current }
            if let found = descendant(of: current, type: type) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// Moves the keyboard focus to the list; false when there is none (a CSV file, a workbook of one sheet).
    func focus() -> Bool {
        guard shown != nil, let dropDown else { return false }
        return gtk_widget_grab_focus(dropDown) != 0
    }

    /// Selects the sheet that is shown again (after a sheet could not be charted).
    func revert() {
        guard let shown, let dropDown else { return }
        gtk_drop_down_set_selected(gcast(dropDown), UInt32(shown.chosen))
    }
}
