// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// The chart details dialog (D), like Apple's: a heading, the summary, the axes, each series' description,
/// the data as rows under column headers, and a Play button. The text is one read-only text view, so
/// Orca reads it line by line with the arrow keys; Tab goes text, data rows (one stop), Play, Close. Escape closes.
///
/// Ownership: the GtkWindow is a toplevel owned by GTK (transient for and destroyed with the document
/// window); this object is kept by the `DocumentWindow`'s `DialogSlot` until "destroy". The
/// column view owns its model and factories; widgets are borrowed pointers, not used after "destroy".
@MainActor
final class ChartDetails: ChildDialog {
    let window: UnsafeMutablePointer<GtkWidget>
    /// Called once, when the window has been destroyed.
    private let text: UnsafeMutablePointer<GtkWidget>
    /// The table shows at most this many rows (GTK 4.8's list box makes a widget per row).
    static let maximumRows = 2_000

    init(
        parent: UnsafeMutablePointer<GtkWidget>, chart: ChartDescriptor, analysis: ChartAnalysis, reason: String,
        notes: [String], appearance: ChartAppearance, play: @escaping @MainActor () -> Void
    ) {
        window = Widgets.dialogWindow(title: Localization.tr("Chart Details — %@", chart.title), parent: parent)
        gtk_window_set_default_size(gcast(window), 720, 640)
        ObjectCensus.track(window, as: "ChartDetails")

        let content = Widgets.box(vertical: true, spacing: 12)
        Widgets.setMargins(content, 18)
        let heading = ag_gtk_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_HEADING)!
        gtk_label_set_text(gcast(heading), ElementNames(chart: chart).chartTitle)
        gtk_label_set_xalign(gcast(heading), 0)
        gtk_label_set_wrap(gcast(heading), 1)
        gtk_widget_add_css_class(heading, "title-2")
        Widgets.append(content, heading)

        text = gtk_text_view_new()
        gtk_text_view_set_editable(gcast(text), 0)
        gtk_text_view_set_wrap_mode(gcast(text), GTK_WRAP_WORD)
        gtk_text_view_set_left_margin(gcast(text), 6)
        gtk_text_view_set_right_margin(gcast(text), 6)
        ag_gtk_accessible_set_label(opaque(text), Localization.tr("Chart details"))
        let paragraphs = Self.paragraphs(chart: chart, analysis: analysis, reason: reason, notes: notes, appearance: appearance)
        let buffer = gtk_text_view_get_buffer(gcast(text))
        gtk_text_buffer_set_text(buffer, paragraphs.joined(separator: "\n\n"), -1)
        // Reading starts at the top: the caret goes to the start (setting the text leaves it at the end).
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_place_cursor(buffer, &start)
        let textScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(textScroller), text)
        gtk_widget_set_vexpand(textScroller, 1)
        gtk_scrolled_window_set_min_content_height(gcast(textScroller), 200)
        Widgets.append(content, textScroller)

        let (table, shown, total) = Self.dataTable(chart)
        let tableTitle =
            total > shown
            ? Localization.tr(
                "Data: the first %@ of %@ points", ValueFormatter.format(Double(shown), fractionDigits: 0, grouping: true),
                ValueFormatter.format(Double(total), fractionDigits: 0, grouping: true))
            : Localization.tr("Data: %@ points", ValueFormatter.format(Double(total), fractionDigits: 0, grouping: true))
        let tableLabel = Widgets.label(tableTitle, xalign: 0)
        Widgets.append(content, tableLabel)
        ag_gtk_accessible_set_label(opaque(gtk_widget_get_last_child(table)), tableTitle)
        let tableScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(gcast(tableScroller), table)
        gtk_widget_set_vexpand(tableScroller, 1)
        gtk_scrolled_window_set_min_content_height(gcast(tableScroller), 180)
        Widgets.append(content, tableScroller)

        let buttons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let playButton = Widgets.button(Localization.tr("_Play Audio Graph"), suggested: true)
        let close = Widgets.button(Localization.tr("_Close"))
        Widgets.append(buttons, playButton)
        Widgets.append(buttons, close)
        Widgets.append(content, buttons)
        gtk_window_set_child(gcast(window), content)

        // The data rows are one Tab stop, like a table: GtkListBox would stop on every row, 2,000 Tabs to Play.
        if let list = gtk_widget_get_last_child(table) { Widgets.makeOneTabStop(list, before: text, after: playButton) }
        Signal.connect(gpointerOf(playButton), "clicked") { play() }
        Signal.connect(gpointerOf(close), "clicked") { [weak self] in
            guard let self else { return }
            gtk_window_close(gcast(self.window))
        }
        ObjectCensus.created(self)
    }

    deinit { ObjectCensus.freed(ChartDetails.self) }

    /// The summary's text takes the focus (after presenting: gtk_window_set_focus before the window shows makes
    /// GTK 4.8 put it on the accessibility bus as an empty "filler").
    func focusFirst() { gtk_widget_grab_focus(text) }

    /// The text of the dialog: summary, axes, the legend in words (each series' colour, line and marker as
    /// drawn with `appearance`), then each series' description.
    static func paragraphs(
        chart: ChartDescriptor, analysis: ChartAnalysis, reason: String = "", notes: [String] = [],
        appearance: ChartAppearance
    ) -> [String] {
        let axes = AxisWording(chart: chart)
        var parts = [Localization.tr("Summary: %@", analysis.summary)]
        if !reason.isEmpty { parts.append(Localization.tr("Why this chart: %@", reason)) }
        parts.append(
            ([Localization.tr("X axis: %@", axes.x), Localization.tr("Y axis: %@", axes.y)] + axes.additional).joined(
                separator: "\n"))
        let legend = LegendWording.entries(chart: chart, appearance: appearance)
        if !legend.isEmpty { parts.append(([Localization.tr("Legend:")] + legend).joined(separator: "\n")) }
        parts += analysis.series.map(\.description)
        if !notes.isEmpty { parts.append(([Localization.tr("Notes:")] + notes.map { "- " + $0 }).joined(separator: "\n")) }
        return parts
    }

    /// The data as a list of rows under a row of column headers, and how many rows it shows of how many
    /// points. Each row's accessible name pairs every header with its value ("Year 1917, Birth rate 251"),
    /// because GTK 4.8 gives Orca no table interface; Orca reads a row per arrow key.
    private static func dataTable(_ chart: ChartDescriptor) -> (UnsafeMutablePointer<GtkWidget>, shown: Int, total: Int) {
        let total = chart.series.reduce(0) { $0 + $1.count }
        let x = XValueFormatting(axis: chart.xAxis)
        var columns: [(String, (Int, Int) -> String)] = []
        if chart.series.count > 1 { columns.append((Localization.tr("Series"), { s, _ in chart.series[s].name })) }
        if chart.series.contains(where: { $0.labels != nil }) {
            columns.append((Localization.tr("Label"), { s, i in chart.series[s].labels?[i] ?? "" }))
        }
        columns.append(
            (
                chart.xAxis.title,
                { s, i in
                    // A histogram's point is a bin: its edges, not its middle.
                    if let bin = chart.series[s].histogram?.bins[i] { return x.span(bin.from, bin.to) }
                    return x.string(chart.series[s].x[i])
                }
            ))
        columns.append(
            (
                chart.yAxis.title,
                { s, i in
                    let y = chart.series[s].y[i]
                    return y.isFinite ? chart.valueFormatter(ofSeries: s).string(y) : Localization.tr("no value")
                }
            ))
        func row(_ cells: [String], bold: Bool) -> UnsafeMutablePointer<GtkWidget> {
            let box = Widgets.box(vertical: false, spacing: 12)
            gtk_box_set_homogeneous(gcast(box), 1)
            for cell in cells {
                let label = Widgets.label(cell, xalign: 0)
                if bold { gtk_widget_add_css_class(label, "heading") }
                Widgets.append(box, label)
            }
            return box
        }
        let table = Widgets.box(vertical: true, spacing: 4)
        let header = row(columns.map(\.0), bold: true)
        gtk_widget_set_margin_start(header, 6)
        Widgets.append(table, header)
        let list = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gcast(list), GTK_SELECTION_NONE)
        var shown = 0
        outer: for (s, series) in chart.series.enumerated() {
            for i in 0..<series.count {
                guard shown < maximumRows else { break outer }
                let cells = columns.map { $0.1(s, i) }
                let line = row(cells, bold: false)
                gtk_widget_set_margin_start(line, 6)
                gtk_list_box_append(gcast(list), line)
                if let item = gtk_widget_get_parent(line) {
                    let name = zip(columns, cells).map { Localization.tr("%@ %@", $0.0, $1) }.joined(
                        separator: Localization.tr(", "))
                    ag_gtk_accessible_set_label(opaque(item), name)
                }
                shown += 1
            }
        }
        Widgets.append(table, list)
        return (table, shown, total)
    }
}
