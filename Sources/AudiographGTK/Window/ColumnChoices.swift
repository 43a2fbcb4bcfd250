// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

/// What the column picker offers for one table and what is chosen in it; plain data, no GTK, so tests
/// can drive it. Column choices are column indices; nil means "row number" for x and "none" elsewhere.
struct ColumnChoices: Equatable {
    /// The chart kinds offered, in menu order; nil is "Automatic" (Audiograph guesses).
    static let kinds: [ChartKind?] = [
        nil, .line, .area, .stackedArea, .bar, .groupedBar, .stackedBar, .scatter, .histogram, .box,
        .candlestick, .heatmap
    ]

    /// Every column's header, as written in the file.
    let headers: [String]
    /// How settings name each column: its header, or its 1-based number when the header is ambiguous.
    let names: [String]
    /// The x choices: nil (row number), then every column.
    let xOptions: [Int?]
    /// The columns that can be y series: the numeric ones.
    let yColumns: [Int]
    /// The series-by and category choices: nil (none), then the text columns.
    let textOptions: [Int?]
    /// The size choices: nil (none), then the numeric columns.
    let sizeOptions: [Int?]

    var x: Int?
    /// The chosen y series, in column order.
    var y: [Int]
    var seriesBy: Int?
    var size: Int?
    var category: Int?
    var kind: ChartKind?
    /// Whether Apply also writes the choice to the file's sidecar settings.
    var remember = false

    /// The choices for `document`'s table, preset to what its chart shows now.
    init(document: ChartDocument) {
        let table = document.table
        let columns = table.columns
        headers = columns.map(\.header)
        names = columns.indices.map { index in
            let header = columns[index].header
            return table.columnIndex(named: header) == index ? header : String(index + 1)
        }
        let numeric = columns.indices.filter { columns[$0].isNumeric }
        let texts = columns.indices.filter { columns[$0].isText }
        xOptions = [nil] + columns.indices.map { $0 }
        yColumns = numeric
        textOptions = [nil] + texts
        sizeOptions = [nil] + numeric
        let layout = document.layout
        x = layout.x
        y = layout.y.filter { numeric.contains($0) }.sorted()
        seriesBy = layout.seriesBy.flatMap { texts.contains($0) ? $0 : nil }
        size = layout.size.flatMap { numeric.contains($0) ? $0 : nil }
        category = layout.category.flatMap { texts.contains($0) ? $0 : nil }
        kind = document.settings.kind
    }

    /// What a choice is called in a drop-down: a header, or `none` ("Row number", "None").
    func title(of column: Int?, none: String) -> String { column.map { headers[$0] } ?? none }

    /// The chart kind's name in the picker ("Automatic", "Line", ...).
    static func title(of kind: ChartKind?) -> String {
        switch kind {
        case nil: return Localization.tr("Automatic")
        case .line: return Localization.tr("Line")
        case .bar: return Localization.tr("Bar")
        case .scatter: return Localization.tr("Scatter")
        case .histogram: return Localization.tr("Histogram")
        case .box: return Localization.tr("Box Plot")
        case .candlestick: return Localization.tr("Candlestick")
        case .groupedBar: return Localization.tr("Grouped Bars")
        case .stackedBar: return Localization.tr("Stacked Bars")
        case .area: return Localization.tr("Area")
        case .stackedArea: return Localization.tr("Stacked Areas")
        case .heatmap: return Localization.tr("Heatmap")
        }
    }

    /// Sets whether `column` is a y series, keeping the series in column order.
    mutating func setY(_ column: Int, _ on: Bool) {
        y.removeAll { $0 == column }
        if on { y = (y + [column]).sorted() }
    }

    /// Why these choices can't make a chart, as a sentence for the person; nil when they can.
    /// (The core checks the rest when the chart is made.)
    var problem: String? {
        if kind == .histogram {
            // A histogram counts the values of its x column; y series play no part.
            return x.map { yColumns.contains($0) } == true
                ? nil : Localization.tr("Choose a numeric column for x to make a histogram.")
        }
        if y.isEmpty { return Localization.tr("Choose at least one y series.") }
        if kind == .box {
            // One box per group of x, of one value column.
            if x == nil { return Localization.tr("Choose the column whose groups the boxes show for x.") }
            if y.count > 1 { return Localization.tr("A box plot shows one y column; choose just one.") }
        }
        if seriesBy != nil && y.count > 1 {
            return Localization.tr("When series are split by a column, choose just one y series.")
        }
        return nil
    }

    /// `base` (the settings the chart was made with) with the picker's choices in place of its own:
    /// every role named explicitly, "none" as `ChartSettings.noColumn`, Automatic as no kind.
    /// Title, summary, unit, labels and log scale stay as they were.
    func settings(replacing base: ChartSettings) -> ChartSettings {
        func name(_ column: Int?) -> String { column.map { names[$0] } ?? ChartSettings.noColumn }
        var settings = base
        settings.x = name(x)
        settings.y = y.map { names[$0] }
        settings.seriesBy = name(seriesBy)
        settings.size = name(size)
        settings.category = name(category)
        settings.kind = kind
        return settings
    }
}
