// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartInference {
    /// Most groups a box plot draws: each box needs room to be seen and a figure's time to be heard.
    static let maximumBoxes = 30

    /// The box plot of the layout's value column per group of its x column: one series whose points are the
    /// groups (x the group, y its median) with each group's `BoxStatistics`, on a y axis spanning every value.
    static func buildBoxPlot(
        _ table: Table, layout: Layout, settings: ChartSettings,
        fileTitle: String?
    ) -> (chart: ChartDescriptor, warnings: [String]) {
        if layout.x == nil { return buildBoxPerColumn(table, layout: layout, settings: settings, fileTitle: fileTitle) }
        var warnings: [String] = []
        guard let g = layout.x, let column = layout.y.first, let (ids, names) = table.columns[g].asCategories,
            case .numeric(let values, let digits) = table.columns[column].data
        else {
            preconditionFailure("a box plot's layout names a grouping x and a numeric y")  // l10n: not shown
        }
        var byGroup = [[Double]](repeating: [], count: names.count)
        var missing = 0
        for (r, id) in ids.enumerated() {
            guard id >= 0, values[r].isFinite else { missing += 1; continue }
            byGroup[Int(id)].append(values[r])
        }
        if missing > 0 {
            warnings.append(
                Localization.trn(
                    "%ld row has no group or no %@ value and is left out.",
                    "%ld rows have no group or no %@ value and are left out.",
                    missing, missing, table.columns[column].header))
        }
        var categories: [String] = []
        var boxes: [BoxStatistics] = []
        for (k, groupValues) in byGroup.enumerated() {
            guard let box = BoxStatistics(groupValues) else { continue }
            categories.append(names[k])
            boxes.append(box)
        }
        let low = boxes.map(\.min).min() ?? 0, high = boxes.map(\.max).max() ?? 0
        let measure = table.columns[column]
        let unit = settings.unit ?? measure.unit
        let yAxis = NumericAxis(
            title: measure.title, unit: unit, range: low...high, gridlines: Gridlines.linear(low...high),
            formatter: formatter(for: measure, unit: unit, digits: digits, values: [low, high]))
        let xAxis = XAxis.categorical(CategoricalAxis(title: table.columns[g].title, categories: categories))
        var series = DataSeries(
            name: measure.title, isContinuous: false, x: boxes.indices.map(Double.init),
            y: boxes.map(\.median))
        series.boxes = boxes
        series.fractionDigits = digits
        let title =
            settings.title
            ?? defaultTitle(
                kind: .box, xTitle: table.columns[g].title, yTitle: measure.title,
                seriesCount: 1, multiColumn: false, fileTitle: fileTitle)
        let chart = ChartDescriptor(
            title: title, summary: settings.summary, kind: .box, xAxis: xAxis, yAxis: yAxis,
            series: boxes.isEmpty ? [] : [series])
        return (chart, warnings)
    }

    /// The box plot of repeated measurement sets: one box per value column of the layout (the same unit), in the
    /// columns' order, on one y axis spanning every value (Probe2's response times at probe positions p1 … p5).
    static func buildBoxPerColumn(
        _ table: Table, layout: Layout, settings: ChartSettings,
        fileTitle: String?
    ) -> (chart: ChartDescriptor, warnings: [String]) {
        var categories: [String] = [], boxes: [BoxStatistics] = [], columns: [Column] = []
        for c in layout.y {
            guard case .numeric(let values, _) = table.columns[c].data,
                let box = BoxStatistics(values.filter(\.isFinite))
            else { continue }
            categories.append(table.columns[c].title)
            boxes.append(box)
            columns.append(table.columns[c])
        }
        let digits =
            columns.compactMap { c -> Int? in if case .numeric(_, let d) = c.data { return d } else { return nil } }.max() ?? 0
        let low = boxes.map(\.min).min() ?? 0, high = boxes.map(\.max).max() ?? 0
        let units = Set(columns.map { $0.unit ?? "" })
        let unit = settings.unit ?? (units.count == 1 ? columns.first?.unit : nil)
        let valueTitle = Localization.tr("Value")
        let yAxis = NumericAxis(
            title: valueTitle, unit: unit, range: low...high, gridlines: Gridlines.linear(low...high),
            formatter: ValueFormatter(unit: unit, fractionDigits: digits, usesGrouping: true))
        let xAxis = XAxis.categorical(CategoricalAxis(title: Localization.tr("Column"), categories: categories))
        var series = DataSeries(name: valueTitle, isContinuous: false, x: boxes.indices.map(Double.init), y: boxes.map(\.median))
        series.boxes = boxes
        series.fractionDigits = digits
        let title = settings.title ?? fileTitle ?? valueTitle
        let chart = ChartDescriptor(
            title: title, summary: settings.summary, kind: .box, xAxis: xAxis, yAxis: yAxis,
            series: boxes.isEmpty ? [] : [series])
        return (
            chart,
            [
                Localization.trn(
                    "One box per column: %ld columns measured alike.", "One box per column: %ld columns measured alike.",
                    boxes.count, boxes.count)
            ]
        )
    }
}
