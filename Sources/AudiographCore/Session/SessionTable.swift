// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartSession {
    /// Ctrl+T: what the table of the shown chart is made from, taken on the main loop; `make()` builds it on
    /// a worker (ten million rows take about 60 ms).
    public func dataTableRequest() -> DataTableRequest? {
        guard let navigator, let chart, !chart.series.isEmpty else { return nil }
        return DataTableRequest(chart: chart, series: navigator.series, span: selectedSpan, point: navigator.point)
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

/// What the data table is made from: the chart, the cursor's series and point, and the selected range.
public struct DataTableRequest: Sendable {
    public let chart: ChartDescriptor
    public let series: Int
    public let span: ClosedRange<Double>?
    public let point: Int?

    /// The table (only the selected range's rows when a range is selected) and the row of the cursor's point
    /// (the first row when that point is not in it).
    public func make() -> (table: DataTable, row: Int) {
        let table = DataTable(chart: chart, series: series, span: span)
        return (table, point.flatMap { table.row(ofPoint: $0) } ?? 0)
    }
}
