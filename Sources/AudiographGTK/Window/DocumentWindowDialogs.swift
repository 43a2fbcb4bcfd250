// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// The dialogs over a document window's chart, each held by its `DialogSlot` (one at a time, the focus given
/// back to the chart when it closes).
extension DocumentWindow {
    /// D: the chart details dialog; closing it puts the focus back on the same point.
    func showDetails() {
        guard session.showsChart, let chart = chartView.shownChart else { return }
        details.show {
            guard let analysis = chartView.analysisOrWait(for: .details) else { return nil }
            return ChartDetails(
                parent: window, chart: chart, analysis: analysis, reason: document?.reason ?? "",
                notes: document?.warnings ?? [], appearance: app.chartAppearance,
                play: { [weak self] in self?.chartView.perform(.playAll) })
        }
    }

    /// B: the chart's braille lines in a text view; closing it puts the focus back on the same point.
    func showBraille(_ lines: ChartBraille, series: Int, cell: Int) {
        guard session.showsChart, !brailleView.isOpen else { return }
        brailleView.show {
            let view = BrailleView(parent: window, lines: lines, series: series, cell: cell)
            view.onCaret = { [weak self] series, cell in self?.chartView.followBraille(series: series, cell: cell) }
            return view
        }
    }

    /// Ctrl+G and Ctrl+F: the Go To or Find Value dialog over the chart. When what was typed moved the
    /// cursor the dialog closes, the chart takes the focus back on the new point (so the screen reader says
    /// it), its tone plays, and the reason ("Nearest to 1950", "12 points above 24") is said once the window
    /// is active again; Escape leaves the cursor where it was.
    func showSearch(_ kind: ActionID.Window) {
        guard session.showsChart, chartView.shownChart != nil else { return }
        var landing: SessionEffects?
        let submit: (String) -> String? = { [weak self] text in
            guard let self else { return nil }
            switch kind == .goTo ? self.chartView.goTo(text) : self.chartView.find(text) {
            case .moved(let effects):
                landing = effects
                return nil
            case .stayed(let sentence):
                return sentence
            }
        }
        searchDialog.show(
            {
                kind == .goTo
                    ? PointSearchDialog(
                        parent: window, title: Localization.tr("Go To"), label: Localization.tr("_Go to:"),
                        hint: chartView.goToHint, text: chartView.goToText, submit: submit)
                    : PointSearchDialog(
                        parent: window, title: Localization.tr("Find Value"), label: Localization.tr("_Find values:"),
                        hint: Localization.tr(
                            "A condition on the values, such as above 24, below 0, = 42 or between 10 and 20. F3 finds the next, Shift+F3 the previous."
                        ),
                        text: chartView.findText, submit: submit)
            },
            closing: { [weak self] _ in
                // The cursor moves first, so the focus given back lands on the new point: moved while the window is
                // inactive, the old point (which had the focus) stops being focusable and the keys went nowhere.
                guard let self, let landing else { return }
                let speech = self.chartView.land(landing)
                if !speech.isEmpty { self.announceOnceActive(speech.joined(separator: Localization.tr(", "))) }
            })
    }

    /// Ctrl+T: the chart's rows in a table beside it, at the cursor's row (the selected range's rows when one
    /// is selected), made on a worker; the chart's cursor follows the table's, and closing it puts the focus
    /// back on that point.
    func showDataTable() {
        guard session.showsChart, dataTableJob == nil else { return }
        if dataTable.isOpen { return dataTable.show { nil } }
        guard let (request, range) = chartView.dataTable() else { return }
        dataTableJob = BackgroundJob(
            name: "audiograph-table", work: { _ in request.make() },
            done: { [weak self] made in
                guard let self, !self.destroyed else { return }
                self.dataTableJob = nil
                guard self.session.showsChart else { return }
                self.dataTable.show {
                    let view = DataTableWindow(parent: self.window, table: made.table, row: made.row, range: range)
                    view.onPoint = { [weak self] series, point in self?.chartView.followTable(series: series, point: point) }
                    return view
                }
            })
    }

    /// Ctrl+K: the column picker for the shown chart.
    func chooseColumns() {
        guard case .chart(let source) = session.state, let document else { return }
        picker.show { ColumnPicker(parent: window, document: document, source: source, owner: self) }
    }

    /// Ctrl+J: the list of other charts for the shown table.
    func showOtherCharts() {
        guard case .chart(let source) = session.state, let document else { return }
        otherCharts.show { OtherCharts(parent: window, document: document, source: source, owner: self) }
    }
}
