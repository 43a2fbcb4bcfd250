// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The chart's rows as a table (View ▸ Data Table): a column for x, one per series when the series share
/// their x values (a wide table; else the one series the cursor is in), then the points' labels and extra
/// columns. Rows start in x order, restricted to a selected range, and can be sorted by any column. Says
/// each cell as a screen reader should: the column and the value moving across, the row's x moving down.
///
/// Holds only indices (a row is a point's index in the series' arrays), so ten million rows cost one array.
public struct DataTable: Sendable {
    /// What a column shows.
    public enum Content: Sendable, Equatable {
        case x
        /// The values of the chart's series number `Int`.
        case series(Int)
        /// The points' labels.
        case label
        /// The chart's additional axis number `Int` (note length or timbre).
        case additional(Int)
    }

    public struct Column: Sendable, Equatable {
        public var content: Content
        /// The header as shown, with the unit: "Birth rate (births per 10,000 people)".
        public var header: String
        /// The name as said: "Birth rate".
        public var name: String
    }

    public let chart: ChartDescriptor
    public let columns: [Column]
    /// The series whose points are the rows (the first shown one; all shown ones share its x).
    public let rowSeries: Int
    /// The rows in their shown order: indices into the series' arrays.
    public private(set) var rows: [Int]
    /// The rows in x order, the order before any sort.
    public let xOrder: [Int]
    /// The column sorted by and whether ascending; nil for x order.
    public private(set) var sort: (column: Int, ascending: Bool)?

    /// The table of `chart` with the cursor in series `series`; only the points whose x lies in `span` when
    /// a range is selected.
    public init(chart: ChartDescriptor, series: Int, span: ClosedRange<Double>? = nil) {
        self.chart = chart
        let shared =
            chart.series.count > 1 && chart.series.allSatisfy { $0.x == chart.series[0].x }
            && chart.series.allSatisfy { $0.histogram == nil && $0.boxes == nil && $0.candles == nil }
        let shown = shared ? Array(chart.series.indices) : [min(max(0, series), max(0, chart.series.count - 1))]
        let rowSeries = shown.first ?? 0
        self.rowSeries = rowSeries
        var columns = [Column(content: .x, header: chart.xAxis.title, name: chart.xAxis.title)]
        for s in shown where chart.series.indices.contains(s) {
            let unit = chart.valueFormatter(ofSeries: s).unit
            let name = chart.series[s].name
            columns.append(
                Column(
                    content: .series(s), header: unit.map { Localization.tr("%@ (%@)", name, $0) } ?? name,
                    name: name))
        }
        if let data = chart.series.indices.contains(rowSeries) ? chart.series[rowSeries] : nil {
            if data.labels != nil {
                columns.append(Column(content: .label, header: Localization.tr("Label"), name: Localization.tr("Label")))
            }
            for (a, axis) in chart.additionalAxes.enumerated() where data.additional.indices.contains(a) {
                columns.append(Column(content: .additional(a), header: axis.title, name: axis.title))
            }
        }
        self.columns = columns
        let data = chart.series.indices.contains(rowSeries) ? chart.series[rowSeries] : nil
        let ordered = data.map { Array(SeriesElements(series: $0, index: rowSeries).order) } ?? []
        let inOrder: [Int]
        if let span, let data {
            inOrder = ordered.filter { span.contains(data.x[$0]) }
        } else {
            inOrder = ordered
        }
        xOrder = inOrder
        rows = inOrder
    }

    public var rowCount: Int { rows.count }

    /// The text of the cell at `row` (in shown order) and `column`, as shown and said: "1935", "179 births per
    /// 10,000 people", "no value".
    public func text(row: Int, column: Int) -> String {
        guard rows.indices.contains(row), columns.indices.contains(column) else { return "" }
        let i = rows[row]
        switch columns[column].content {
        case .x:
            return XValueFormatting(axis: chart.xAxis).string(chart.series[rowSeries].x[i])
        case .series(let s):
            let y = chart.series[s].y[i]
            return y.isFinite ? chart.valueFormatter(ofSeries: s).string(y) : Localization.tr("no value")
        case .label:
            return chart.series[rowSeries].labels?[i] ?? ""
        case .additional(let a):
            switch (chart.additionalAxes[a], chart.series[rowSeries].additional[a]) {
            case (.numeric(let axis), .numeric(let values)):
                return values[i].isFinite ? axis.formatter.string(values[i]) : Localization.tr("no value")
            case (.categorical(let axis), .categorical(let indices)):
                let c = Int(indices[i])
                return axis.categories.indices.contains(c) ? axis.categories[c] : Localization.tr("no value")
            default:
                return ""
            }
        }
    }

    /// The number a cell sorts by: its value, x, or a category's place; nil for text (labels sort as text).
    private func key(_ i: Int, column: Int) -> Double {
        switch columns[column].content {
        case .x: return chart.series[rowSeries].x[i]
        case .series(let s): return chart.series[s].y[i]
        case .label: return .nan
        case .additional(let a):
            switch chart.series[rowSeries].additional[a] {
            case .numeric(let values): return values[i]
            case .categorical(let indices): return Double(indices[i])
            }
        }
    }

    /// The rows sorted by `column` (ascending or not; missing values last, ties in x order), or in x order
    /// again with nil. Checks `cancellation` between passes; nil when cancelled.
    public func sorted(by column: Int?, ascending: Bool, cancellation: CancellationFlag? = nil) -> DataTable? {
        var table = self
        guard let column, columns.indices.contains(column) else {
            table.rows = xOrder
            table.sort = nil
            return table
        }
        if case .label = columns[column].content, let labels = chart.series[rowSeries].labels {
            let options: String.CompareOptions = [.caseInsensitive, .numeric]
            table.rows = xOrder.enumerated().sorted { a, b in
                let order = labels[a.element].compare(labels[b.element], options: options)
                if order == .orderedSame { return a.offset < b.offset }
                return ascending ? order == .orderedAscending : order == .orderedDescending
            }.map(\.element)
        } else {
            let keys = xOrder.map { key($0, column: column) }
            if cancellation?.isCancelled == true { return nil }
            let positions = keys.indices.sorted { a, b in
                let p = keys[a], q = keys[b]
                if p.isNaN || q.isNaN { return !p.isNaN && q.isNaN || (p.isNaN && q.isNaN && a < b) }
                if p == q { return a < b }
                return ascending ? p < q : p > q
            }
            if cancellation?.isCancelled == true { return nil }
            table.rows = positions.map { xOrder[$0] }
        }
        table.sort = (column, ascending)
        return table
    }

    /// The order S moves to from the current one on `column`: lowest first, then highest first, then x order
    /// again. On the x column, whose x order already runs lowest first, it goes to highest first, then back.
    public func nextSort(on column: Int) -> (column: Int?, ascending: Bool) {
        if let sort, sort.column == column {
            return sort.ascending ? (column, false) : (nil, true)
        }
        if case .x = columns[column].content {
            return sort == nil ? (column, false) : (nil, true)
        }
        return (column, true)
    }

    /// The shown row of the point at series index `index`, or nil when it is not in the table.
    public func row(ofPoint index: Int) -> Int? { rows.firstIndex(of: index) }

    // MARK: What is said

    /// Moving down or up to `row`: the row's x, then the cell's value when `column` is not x's, and where
    /// the row is: "1935, 179 births per 10,000 people, row 19 of 59".
    public func rowWords(row: Int, column: Int) -> String {
        var parts = [text(row: row, column: 0)]
        if column != 0 { parts.append(text(row: row, column: column)) }
        parts.append(Localization.tr("row %ld of %ld", row + 1, rowCount))
        return parts.joined(separator: Localization.tr(", "))
    }

    /// Moving across to `column`: its name and the value: "Birth rate, 179 births per 10,000 people".
    public func cellWords(row: Int, column: Int) -> String {
        guard columns.indices.contains(column) else { return "" }
        return Localization.tr("%@, %@", columns[column].name, text(row: row, column: column))
    }

    /// The order said after a sort: "Sorted by Birth rate, lowest first", or "In the order of Year".
    public var orderWords: String {
        guard let sort, columns.indices.contains(sort.column) else {
            return Localization.tr("In the order of %@", columns.first?.name ?? "")
        }
        let name = columns[sort.column].name
        if case .label = columns[sort.column].content {
            return sort.ascending ? Localization.tr("Sorted by %@, A to Z", name) : Localization.tr("Sorted by %@, Z to A", name)
        }
        return sort.ascending
            ? Localization.tr("Sorted by %@, lowest first", name)
            : Localization.tr("Sorted by %@, highest first", name)
    }

    /// The table's name: "Data table of Birth rate by year, 59 rows, 2 columns", with the range when restricted.
    public func name(range: String?) -> String {
        let size = Localization.tr(
            "%@, %@", Localization.trn("%ld row", "%ld rows", rowCount, rowCount),
            Localization.trn("%ld column", "%ld columns", columns.count, columns.count))
        if let range { return Localization.tr("Data table of %@, %@, %@", chart.title, range, size) }
        return Localization.tr("Data table of %@, %@", chart.title, size)
    }
}
