// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// The "Sheet" drop-down beside the chart's buttons: shown for a workbook of several sheets, one Tab stop, each
/// sheet named with its size ("Sales, 13 rows by 2 columns"). Choosing one calls `onChoose` with its name.
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
        label = gtk_label_new_with_mnemonic(tr("_Sheet:"))!
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
        Signal.connectWithPointer(gpointerOf(dropDown), "notify::selected") { [weak self] _ in
            guard let self, let shown = self.shown else { return }
            let index = Int(gtk_drop_down_get_selected(gcast(dropDown)))
            guard shown.sheets.indices.contains(index), index != shown.chosen else { return }
            self.onChoose?(shown.sheets[index].name)
        }
        gtk_widget_set_visible(widget, 1)
    }

    /// Selects the sheet that is shown again (after a sheet could not be charted).
    func revert() {
        guard let shown, let dropDown else { return }
        gtk_drop_down_set_selected(gcast(dropDown), UInt32(shown.chosen))
    }
}
