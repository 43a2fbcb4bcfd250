// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The diagonal of a square heatmap whose rows are named as its columns, when every cell of it holds the
/// same 1 or 0: each variable with itself in a correlation matrix (1), each place with itself in a table
/// of distances (0). Those cells say nothing about the data, so the words leave them out of extremes,
/// means and outliers (issue 46), while the chart still draws and names them.
struct MatrixDiagonal {
    /// The value every diagonal cell holds (1 or 0).
    let value: Double

    /// The constant diagonal of `chart`, or nil when the chart is no such matrix.
    init?(_ chart: ChartDescriptor) {
        guard chart.kind == .heatmap, case .categorical(let axis) = chart.xAxis,
            chart.series.count >= 3, axis.categories.count == chart.series.count
        else { return nil }
        var value: Double?
        for (i, s) in chart.series.enumerated() {
            guard s.name == axis.categories[i], i < s.y.count else { return nil }
            let cell = s.y[i]
            guard cell == 1 || cell == 0, value == nil || value == cell else { return nil }
            value = cell
        }
        guard let value else { return nil }
        self.value = value
    }

    /// `chart` with each diagonal cell missing, for the words.
    func withoutDiagonal(_ chart: ChartDescriptor) -> ChartDescriptor {
        var copy = chart
        for i in copy.series.indices { copy.series[i].y[i] = .nan }
        return copy
    }
}
