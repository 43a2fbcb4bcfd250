// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim

/// Ctrl+T: the chart's rows in a GtkColumnView (headers with units, virtualised: only the visible rows have
/// widgets, so ten million rows scroll), beside the chart, opened at the cursor's row. The arrows move a
/// cell cursor: Orca says the column and the value moving across, the row's x moving down; the chart's
/// cursor follows (`onPoint`). S sorts by the current column (lowest first, highest first, then x order
/// again) and Orca says the order. Escape or Enter goes back to the chart, on the row's point.
///
/// Why a cursor of our own: GtkColumnView on GTK 4.8 focuses whole rows (no cell focus before 4.12) and
/// exposes no AT-SPI table, so Orca said only a row's first cell and never a column's name
/// (docs/decisions.md, "The data table"). The column view draws; the cell cursor is two focusable
/// elements named with what to say, the focus moving between them on each step, as the chart's points do.
///
/// Ownership: `window` is GTK's (a transient window, destroyed when closed); this object keeps borrowed
/// pointers to it and its widgets. `model` is owned by the column view's selection model once set.
@MainActor
final class DataTableWindow: ChildDialog {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Called when the window is destroyed.
    /// Called when the cell cursor reaches a row: the series of its column (the row's series for x and other
    /// columns) and the point's index in that series.
    var onPoint: ((_ series: Int, _ point: Int) -> Void)?
    private var table: DataTable
    private var row: Int
    private var column = 0
    private let columnView: UnsafeMutablePointer<GtkWidget>
    private let model: OpaquePointer
    private let heading: UnsafeMutablePointer<GtkWidget>
    /// The two cell elements; the focus alternates between them so every step is a focus change Orca speaks.
    private var cells: [UnsafeMutablePointer<GtkWidget>] = []
    private var focusedCell = 0
    /// The words said for the range shown, or nil for the whole chart.
    private let rangeWords: String?
    private var sortJob: BackgroundJob?
    /// The cell drawn framed last (its row is bound again when the cursor leaves it).
    private var shownCell: (row: Int, column: Int)?

    /// A table over `parent` showing `table`, the cursor on `row` (in shown order), for a range named `range`.
    init(parent: UnsafeMutablePointer<GtkWidget>, table: DataTable, row: Int, range: String?) {
        self.table = table
        self.row = min(max(0, row), max(0, table.rowCount - 1))
        rangeWords = range
        window = Widgets.dialogWindow(title: Localization.tr("Data Table — %@", table.chart.title), parent: parent)
        gtk_window_set_modal(gcast(window), 0)  // beside the chart, whose cursor follows
        gtk_window_set_default_size(gcast(window), 720, 520)
        ObjectCensus.track(window, as: "DataTable")
        let content = Widgets.box(vertical: true, spacing: 8)
        Widgets.setMargins(content, 12)
        heading = Widgets.label("", wrap: true, xalign: 0)
        Widgets.append(content, heading)

        model = ag_row_model_new(guint(table.rowCount))
        // No selection: the cursor's row is drawn by the cells' style. A selected row was said again by Orca 48
        // after every step ("1961 265 births per 10,000 people"), from the list that does not have the focus.
        columnView = gtk_column_view_new(gtk_no_selection_new(model))  // the view takes the selection, it the model
        gtk_column_view_set_show_column_separators(gcast(columnView), 1)
        gtk_column_view_set_show_row_separators(gcast(columnView), 1)
        // The keys and the screen reader go through the cell cursor; the view only draws (and takes clicks).
        gtk_widget_set_focusable(columnView, 0)
        gtk_widget_set_can_focus(columnView, 0)
        ag_gtk_accessible_set_label(opaque(columnView), Localization.tr("Data table"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(scroller), columnView)
        gtk_widget_set_vexpand(scroller, 1)

        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(gcast(overlay), scroller)
        let group = ag_gtk_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_GROUP)!
        gtk_widget_set_can_target(group, 0)
        gtk_widget_set_halign(group, GTK_ALIGN_START)
        gtk_widget_set_valign(group, GTK_ALIGN_START)
        for _ in 0..<2 {
            let cell = ag_gtk_widget_new_with_role(gtk_drawing_area_get_type(), GTK_ACCESSIBLE_ROLE_LIST_ITEM)!
            gtk_widget_set_size_request(cell, 1, 1)
            gtk_widget_set_focusable(cell, 1)
            gtk_widget_set_can_target(cell, 0)
            gtk_box_append(gcast(group), cell)
            cells.append(cell)
        }
        gtk_overlay_add_overlay(gcast(overlay), group)
        Widgets.append(content, overlay)
        Widgets.append(
            content,
            Widgets.label(
                Localization.tr(
                    "Arrows move from cell to cell; Ctrl+Home and Ctrl+End go to the first and last row; S sorts by the column; Escape goes back to the chart on this row."
                ), wrap: true, xalign: 0))
        Widgets.append(content, Widgets.closeButton(closing: window))
        gtk_window_set_child(gcast(window), content)
        addColumns()
        addKeys()
        gtk_widget_add_css_class(columnView, "ag-data-table")
        // Column headers at full contrast (the theme dims them), and a frame round the cell cursor's cell.
        Widgets.addStyle(Self.style)
        Signal.connect(gpointerOf(window), "destroy") { [weak self] in self?.sortJob?.cancel() }
        ObjectCensus.created(self)
        showHeading()
    }

    deinit { ObjectCensus.freed(DataTableWindow.self) }

    private static let style =
        ".ag-data-table header button { color: @theme_fg_color; font-weight: bold; } "  // l10n: not shown
        + ".ag-current-row { background-color: alpha(@theme_selected_bg_color, 0.2); } "  // l10n: not shown
        + ".ag-current-cell { background-color: @theme_selected_bg_color; color: @theme_selected_fg_color; }"  // l10n: not shown

    /// The cell cursor's cell takes the focus, and is said.
    func focusFirst() { sayCell(across: false, first: true) }

    // MARK: The columns

    /// One GtkColumnViewColumn per table column, its factory binding each visible row's label to the cell's text.
    private func addColumns() {
        for (c, column) in table.columns.enumerated() {
            let factory = gtk_signal_list_item_factory_new()!
            let numeric: Bool
            switch column.content {
            case .series: numeric = true
            case .x, .label, .additional: numeric = false
            }
            Signal.connectWithPointer(gpointerOf(factory), "setup") { item in
                guard let item else { return }
                let label = gtk_label_new(nil)!
                gtk_label_set_xalign(gcast(label), numeric ? 1 : 0)
                gtk_list_item_set_child(OpaquePointer(item), label)
            }
            Signal.connectWithPointer(gpointerOf(factory), "bind") { [weak self] item in
                guard let self, let item, let label = gtk_list_item_get_child(OpaquePointer(item)),
                    let row = gtk_list_item_get_item(OpaquePointer(item))
                else { return }
                let position = Int(ag_row_get_position(row))
                gtk_label_set_text(gcast(label), self.table.text(row: position, column: c))
                // The cursor's row is tinted and its cell filled, so a person who sees a little finds them.
                if position == self.row {
                    gtk_widget_add_css_class(label, "ag-current-row")
                } else {
                    gtk_widget_remove_css_class(label, "ag-current-row")
                }
                if position == self.row, c == self.column {
                    gtk_widget_add_css_class(label, "ag-current-cell")
                } else {
                    gtk_widget_remove_css_class(label, "ag-current-cell")
                }
            }
            let viewColumn = gtk_column_view_column_new(column.header, factory)!  // takes the factory
            gtk_column_view_column_set_resizable(viewColumn, 1)
            gtk_column_view_column_set_expand(viewColumn, c == 0 ? 0 : 1)
            gtk_column_view_append_column(gcast(columnView), viewColumn)
            g_object_unref(gpointerOf(viewColumn))  // the view keeps its own reference
        }
    }

    // MARK: Keys

    private func addKeys() {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(gpointerOf(keys)) { [weak self] keyval, state in
            guard let self else { return false }
            let control = state.rawValue & GDK_CONTROL_MASK.rawValue != 0
            guard state.rawValue & GDK_ALT_MASK.rawValue == 0, self.cellHasFocus else { return false }
            switch Int32(keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: self.move(rows: -1)
            case GDK_KEY_Down, GDK_KEY_KP_Down: self.move(rows: 1)
            case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: self.move(rows: -20)
            case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: self.move(rows: 20)
            case GDK_KEY_Left, GDK_KEY_KP_Left: self.move(columns: -1)
            case GDK_KEY_Right, GDK_KEY_KP_Right: self.move(columns: 1)
            case GDK_KEY_Home, GDK_KEY_KP_Home:
                if control { self.move(rows: -self.row) } else { self.move(columns: -self.column) }
            case GDK_KEY_End, GDK_KEY_KP_End:
                if control {
                    self.move(rows: self.table.rowCount - 1 - self.row)
                } else {
                    self.move(columns: self.table.columns.count - 1 - self.column)
                }
            case GDK_KEY_s, GDK_KEY_S:
                guard !control else { return false }
                self.sortByColumn()
            case GDK_KEY_Return, GDK_KEY_KP_Enter:
                gtk_window_close(gcast(self.window))
            default: return false
            }
            return true
        }
        gtk_widget_add_controller(window, keys)
    }

    /// Whether one of the cell elements has the keyboard focus (the Close button keeps its own keys).
    private var cellHasFocus: Bool {
        guard let focus = gtk_window_get_focus(gcast(window)) else { return false }
        return cells.contains(focus)
    }

    /// Moves the row by `rows` (clamped); at an edge the cursor stays and says where it is.
    private func move(rows: Int) {
        let target = min(max(0, row + rows), max(0, table.rowCount - 1))
        guard target != row else { return say(rows < 0 ? Localization.tr("First row") : Localization.tr("Last row")) }
        row = target
        sayCell(across: false)
    }

    private func move(columns: Int) {
        let target = min(max(0, column + columns), table.columns.count - 1)
        guard target != column else { return say(columns < 0 ? Localization.tr("First column") : Localization.tr("Last column")) }
        column = target
        sayCell(across: true)
    }

    // MARK: Saying and showing the cell

    /// Names the other cell element with the cell's words and gives it the focus, so Orca says it; selects
    /// and scrolls to the row; the chart's cursor follows.
    private func sayCell(across: Bool, first: Bool = false) {
        guard table.rowCount > 0 else {
            return focusCell(Localization.tr("The table has no rows."))
        }
        var words = across ? table.cellWords(row: row, column: column) : table.rowWords(row: row, column: column)
        // First: the table (a description would be said again at every step), the column, the row.
        if first { words = Localization.tr("%@. %@, %@", table.name(range: rangeWords), table.columns[column].name, words) }
        focusCell(words)
        if let shown = shownCell, shown.row != row { ag_row_model_row_changed(model, guint(shown.row)) }
        if shownCell.map({ $0 != (row, column) }) ?? true { ag_row_model_row_changed(model, guint(row)) }
        shownCell = (row, column)
        scrollToRow()
        let point = table.rows[row]
        if case .series(let s) = table.columns[column].content { onPoint?(s, point) } else { onPoint?(table.rowSeries, point) }
    }

    private func focusCell(_ words: String) {
        focusedCell = 1 - focusedCell
        let cell = cells[focusedCell]
        ag_gtk_accessible_set_label(opaque(cell), words)
        gtk_widget_grab_focus(cell)
    }

    /// Says `message` from the focused cell without moving (an edge).
    private func say(_ message: String) {
        Widgets.announce(message, in: window)
    }

    /// Scrolls the view so the current row shows: GTK 4.8's list action (GtkColumnView has no scroll_to
    /// before 4.12), on the inner list view that installs it.
    private func scrollToRow() {
        var child = gtk_widget_get_first_child(columnView)
        while let widget = child {
            if gtk_widget_activate_action_variant(widget, "list.scroll-to-item", g_variant_new_uint32(guint32(row))) != 0 {
                return
            }
            child = gtk_widget_get_next_sibling(widget)
        }
    }

    /// The heading above the table: its name, with the range and the order.
    private func showHeading() {
        gtk_label_set_text(gcast(heading), Localization.tr("%@. %@.", table.name(range: rangeWords), table.orderWords))
    }

    // MARK: Sorting

    /// S: by the current column lowest first, then highest first, then x order again; the cursor stays on the
    /// same point, and Orca says the order and the cell.
    private func sortByColumn() {
        let next = table.nextSort(on: column)
        let point = table.rows.indices.contains(row) ? table.rows[row] : nil
        let current = table
        sortJob?.cancel()
        sortJob = BackgroundJob(
            name: "audiograph-table-sort",
            work: { cancellation -> DataTable? in
                current.sorted(by: next.column, ascending: next.ascending, cancellation: cancellation)
            },
            done: { [weak self] sorted in
                guard let self else { return }
                self.sortJob = nil
                self.table = sorted
                self.row = point.flatMap { sorted.row(ofPoint: $0) } ?? 0
                self.shownCell = nil
                ag_row_model_reset(self.model, guint(sorted.rowCount))
                self.showHeading()
                self.focusCell(Localization.tr("%@. %@", sorted.orderWords, sorted.rowWords(row: self.row, column: self.column)))
                self.scrollToRow()
            })
    }
}
