// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// B: the braille lines of the whole chart in a read-only text view, one line per series ("Birth rate:
/// ⣶⣶⣦…"), with the caret on the cell of the point the cursor was on, so a braille display shows that line
/// with its cursor on the point. The text keys move the caret, and the chart's cursor follows it: each
/// cell reached plays its first point's tone (`onCaret`), and Escape goes back to the chart on that point.
///
/// Ownership: `window` is GTK's (a transient dialog, destroyed when closed); this object keeps borrowed
/// pointers to it and its text view until then.
@MainActor
final class BrailleView: ChildDialog {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Called when the window is destroyed.
    /// Called when the caret reaches another cell of a line: the series and the cell.
    var onCaret: ((_ series: Int, _ cell: Int) -> Void)?
    private let text: UnsafeMutablePointer<GtkWidget>
    /// Characters before each line's first cell ("Birth rate: "), and each line's width, in cells.
    private var prefixes: [Int] = [], widths: [Int] = []
    /// The series and cell the caret was on last.
    private var caretAt: (series: Int, cell: Int)?

    /// The view of a chart's braille `lines` with the caret on `cell` of series `series`'s line.
    init(parent: UnsafeMutablePointer<GtkWidget>, lines braille: ChartBraille, series: Int, cell: Int) {
        let chart = braille.chart
        window = Widgets.dialogWindow(title: Localization.tr("Braille — %@", chart.title), parent: parent)
        gtk_window_set_default_size(gcast(window), 900, 360)
        ObjectCensus.track(window, as: "BrailleView")
        let content = Widgets.box(vertical: true, spacing: 12)
        Widgets.setMargins(content, 18)
        text = gtk_text_view_new()
        gtk_text_view_set_editable(gcast(text), 0)
        gtk_text_view_set_cursor_visible(gcast(text), 1)
        gtk_text_view_set_monospace(gcast(text), 1)
        gtk_text_view_set_wrap_mode(gcast(text), GTK_WRAP_NONE)
        // Braille cells are small in body text; large, they can be seen.
        Widgets.addStyle(".ag-braille-lines { font-size: 28px; }")  // l10n: not shown
        gtk_widget_add_css_class(text, "ag-braille-lines")
        ag_gtk_accessible_set_label(opaque(text), Localization.tr("Braille lines"))
        let buffer = gtk_text_view_get_buffer(gcast(text))!
        let body = braille.text
        gtk_text_buffer_set_text(buffer, body, -1)
        // The caret on the point: the line of its series, after "name: ", at the point's cell.
        var iter = GtkTextIter()
        let line = min(max(0, series), max(0, chart.series.count - 1))
        gtk_text_buffer_get_iter_at_line(buffer, &iter, Int32(line))
        if chart.series.indices.contains(line) {
            let prefix = braille.labelledLine(line).unicodeScalars.count - braille.lines[line].width
            gtk_text_iter_set_line_offset(&iter, Int32(prefix + min(cell, max(0, braille.lines[line].width - 1))))
        }
        gtk_text_buffer_place_cursor(buffer, &iter)
        prefixes = chart.series.indices.map { braille.labelledLine($0).unicodeScalars.count - braille.lines[$0].width }
        widths = braille.lines.map(\.width)
        caretAt = (line, min(cell, max(0, (widths.indices.contains(line) ? widths[line] : 1) - 1)))
        // The buffer belongs to the text view; the handler goes with it.
        Signal.connectWithPointer(gpointerOf(buffer), "notify::cursor-position") { [weak self] _ in self?.caretMoved() }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(scroller), text)
        gtk_widget_set_vexpand(scroller, 1)
        Widgets.append(content, scroller)
        Widgets.append(content, Widgets.closeButton(closing: window))
        gtk_window_set_child(gcast(window), content)
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(BrailleView.self) }

    /// The caret moved: when it is on another cell of a line, the chart's cursor follows.
    private func caretMoved() {
        guard let buffer = gtk_text_view_get_buffer(gcast(text)) else { return }
        var iter = GtkTextIter()
        gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
        let series = Int(gtk_text_iter_get_line(&iter))
        guard prefixes.indices.contains(series) else { return }
        let cell = min(max(0, Int(gtk_text_iter_get_line_offset(&iter)) - prefixes[series]), max(0, widths[series] - 1))
        guard caretAt.map({ $0.series != series || $0.cell != cell }) ?? true else { return }
        caretAt = (series, cell)
        onCaret?(series, cell)
    }

    /// The lines' text takes the focus, its caret on the cursor's cell.
    func focusFirst() { gtk_widget_grab_focus(text) }
}
