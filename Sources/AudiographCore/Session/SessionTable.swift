// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartSession {
    /// Ctrl+T: the shown chart as a table (only the selected range's rows when a range is selected), with the
    /// row of the point the cursor is on (the first row when that point is not in it).
    public func dataTable() -> (table: DataTable, row: Int)? {
        guard let navigator, let chart, !chart.series.isEmpty else { return nil }
        let table = DataTable(chart: chart, series: navigator.series, span: selectedSpan)
        return (table, navigator.point.flatMap { table.row(ofPoint: $0) } ?? 0)
    }

    /// The table's cursor reached the point at index `point` of series `series`: the chart's cursor follows and
    /// plays its tone; the focus stays in the table.
    public func followTable(series: Int, point: Int) -> SessionEffects {
        var effects = SessionEffects()
        guard var navigator, let chart, chart.series.indices.contains(series) else { return effects }
        while navigator.series < series, navigator.move(.nextSeries) == .moved {}
        while navigator.series > series, navigator.move(.previousSeries) == .moved {}
        guard navigator.series == series else { return effects }
        let before = self.navigator?.series == series ? self.navigator?.point : nil
        guard navigator.move(.point(point)) == .moved else { return effects }
        self.navigator = navigator
        part = nil
        endPlayback(&effects)
        effects.cursor = .keepFocus
        if let score = currentTone(from: before) { effects.sound = .score(score) }
        return effects
    }
}
