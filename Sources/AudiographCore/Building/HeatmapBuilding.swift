// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartInference {
    /// The heatmap of a matrix (the layout's x names the rows, its y columns are the columns) or of a long
    /// table (x names the columns, series-by the rows, y the value): one series per row, in the order the rows
    /// first appear, whose points are every column in order (x the column's index, NaN where the table has
    /// no value). Several rows of a long table at one cell are averaged, and said so.
    static func buildHeatmap(
        _ table: Table, layout: Layout, settings: ChartSettings,
        fileTitle: String?
    ) -> (chart: ChartDescriptor, warnings: [String]) {
        let cols = table.columns
        var warnings: [String] = []
        var rows: [String] = [], columns: [String] = []
        var cells: [[Double]] = []
        var valueColumns: [Column] = []
        if let rowColumn = layout.seriesBy, let x = layout.x, let v = layout.y.first,
            let (rowIds, rowNames) = cols[rowColumn].asCategories, let (colIds, colNames) = cols[x].asCategories,
            case .numeric(let values, _) = cols[v].data
        {
            rows = rowNames
            columns = colNames
            var sums = [[Double]](repeating: [Double](repeating: 0, count: colNames.count), count: rowNames.count)
            var counts = [[Int]](repeating: [Int](repeating: 0, count: colNames.count), count: rowNames.count)
            for r in 0..<table.rowCount where rowIds[r] >= 0 && colIds[r] >= 0 && values[r].isFinite {
                sums[Int(rowIds[r])][Int(colIds[r])] += values[r]
                counts[Int(rowIds[r])][Int(colIds[r])] += 1
            }
            cells = zip(sums, counts).map { s, c in zip(s, c).map { $1 > 0 ? $0 / Double($1) : .nan } }
            let shared = counts.joined().filter { $0 > 1 }.count
            if shared > 0 {
                warnings.append(
                    Localization.trn(
                        "%ld cell has several rows; it shows their mean.", "%ld cells have several rows; each shows their mean.",
                        shared, shared))
            }
            valueColumns = [cols[v]]
        } else if let x = layout.x, let (ids, rowNames) = cols[x].asCategories {
            var names = rowNames
            if cols[x].isNumeric {
                warnings.append(Localization.tr("The rows are named by the numbers in %@.", cols[x].title))
                if ColumnProfiler.isRowHeader(ColumnProfiler.headerWords(cols[x].header).joined(separator: " ")),
                    case .numeric(let values, let digits) = cols[x].data
                {
                    // R's row names ("rownames": 1951 … 1961) are the names themselves: "1951", not "rownames 1951".
                    names = Set(values.filter(\.isFinite)).sorted().map {
                        ValueFormatter.format($0, fractionDigits: digits, grouping: false)
                    }
                }
            }
            columns = layout.y.map { cols[$0].title }
            valueColumns = layout.y.map { cols[$0] }
            var seen: [Int32: Int] = [:]
            for r in 0..<table.rowCount {
                let values = layout.y.map { c -> Double in
                    if case .numeric(let v, _) = cols[c].data { return v[r] } else { return .nan }
                }
                guard ids[r] >= 0 else { continue }
                if let at = seen[ids[r]] {
                    cells[at] = zip(cells[at], values).map { a, b in a.isFinite ? a : b }
                } else {
                    seen[ids[r]] = rows.count
                    rows.append(names[Int(ids[r])])
                    cells.append(values)
                }
            }
        }
        let finite = cells.joined().filter(\.isFinite)
        let low = finite.min() ?? 0, high = finite.max() ?? 0
        let units = Set(valueColumns.map { $0.unit ?? "" })
        let unit = settings.unit ?? (units.count == 1 ? valueColumns.first?.unit : nil)
        let digits =
            valueColumns.compactMap { c -> Int? in if case .numeric(_, let d) = c.data { return d } else { return nil } }.max()
            ?? 0
        let valueTitle = valueColumns.count == 1 ? valueColumns[0].title : Localization.tr("Value")
        let yAxis = NumericAxis(
            title: valueTitle, unit: unit, range: low...high, gridlines: Gridlines.linear(low...high),
            formatter: ValueFormatter(unit: unit, fractionDigits: digits, usesGrouping: true))
        let columnTitle = layout.seriesBy != nil ? layout.x.map { cols[$0].title } ?? "" : Localization.tr("Column")
        let xAxis = XAxis.categorical(CategoricalAxis(title: columnTitle, categories: columns))
        let series = zip(rows, cells).map { name, values -> DataSeries in
            var s = DataSeries(name: name, isContinuous: true, x: values.indices.map(Double.init), y: values)
            s.fractionDigits = digits
            return s
        }
        let title = settings.title ?? fileTitle ?? valueTitle
        let chart = ChartDescriptor(
            title: title, summary: settings.summary, kind: .heatmap, xAxis: xAxis, yAxis: yAxis,
            series: series)
        return (chart, warnings)
    }
}
