// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// What `audiograph-cli describe` prints: the chart for a person (text) or for programs (JSON).
public struct DescribeReport: Sendable {
    public let document: ChartDocument
    public let analysis: ChartAnalysis

    public init(document: ChartDocument) {
        self.document = document
        analysis = ChartAnalysis.analyze(document.chart)
    }

    private var chart: ChartDescriptor { document.chart }

    // MARK: Text

    /// Title, summary, kind, axes, each series' description and notes, one block per line group.
    public func text() -> String {
        var lines: [String] = [chart.title, "", analysis.summary, ""]
        lines.append(Localization.tr("Chart: %@", kindName))
        lines.append(Localization.tr("X axis: %@", xAxisDescription))
        lines.append(Localization.tr("Y axis: %@", yAxisDescription))
        lines.append(contentsOf: AxisWording(chart: chart).additional)
        if !document.reason.isEmpty { lines.append(Localization.tr("Why this chart: %@", document.reason)) }
        if let workbook = document.table.workbook {
            lines.append(
                Localization.tr(
                    "Sheet: %@ (%ld of %ld: %@)", workbook.chosenName, workbook.chosen + 1, workbook.sheets.count,
                    Localization.list(workbook.sheets.map { SheetWording.nameAndSize($0) })))
        }
        lines.append("")
        for s in analysis.series {
            lines.append(s.description)
            lines.append("")
        }
        if !document.warnings.isEmpty {
            lines.append(Localization.tr("Notes:"))
            lines.append(contentsOf: document.warnings.map { "- " + $0 })
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    public var kindName: String {
        let n = chart.series.count
        let layers = chart.series.filter { !$0.isTotal }.count
        /// "…, and their total" when the chart has a total layer.
        func withTotal(_ text: String) -> String { n > layers ? Localization.tr("%@, and their total", text) : text }
        switch chart.kind {
        case .line: return Localization.trn("line chart, %ld series", "line chart, %ld series", n, n)
        case .bar: return Localization.trn("bar chart, %ld series", "bar chart, %ld series", n, n)
        case .groupedBar:
            return withTotal(Localization.trn("grouped bar chart, %ld series", "grouped bar chart, %ld series", layers, layers))
        case .stackedBar:
            return withTotal(Localization.trn("stacked bar chart, %ld series", "stacked bar chart, %ld series", layers, layers))
        case .area: return Localization.trn("area chart, %ld series", "area chart, %ld series", n, n)
        case .heatmap:
            let columns = chart.series.first?.count ?? 0
            return Localization.tr(
                "heatmap, %@ by %@", Localization.trn("%ld row", "%ld rows", n, n),
                Localization.trn("%ld column", "%ld columns", columns, columns))
        case .stackedArea:
            return withTotal(Localization.trn("stacked area chart, %ld series", "stacked area chart, %ld series", layers, layers))
        case .scatter: return Localization.trn("scatter plot, %ld series", "scatter plot, %ld series", n, n)
        case .histogram:
            let bins = chart.series.first?.count ?? 0
            return Localization.trn("histogram, %ld bin", "histogram, %ld bins", bins, bins)
        case .box:
            let boxes = chart.series.first?.count ?? 0
            return Localization.trn("box plot, %ld box", "box plot, %ld boxes", boxes, boxes)
        case .candlestick:
            let candles = chart.series.first?.count ?? 0
            return Localization.trn("candlestick chart, %ld candle", "candlestick chart, %ld candles", candles, candles)
        }
    }

    public var xAxisDescription: String { AxisWording(chart: chart).x }
    public var yAxisDescription: String { AxisWording(chart: chart).y }

    // MARK: JSON

    /// The machine-readable description; keys are stable (add, never rename).
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(jsonDocument())
        return String(decoding: data, as: UTF8.self)
    }

    func jsonDocument() -> DescribeJSON.Document {
        let x = XValueFormatting(axis: chart.xAxis)
        let xRange: (JSONValue, JSONValue)
        switch chart.xAxis {
        case .numeric(let a): xRange = (.number(a.range.lowerBound), .number(a.range.upperBound))
        case .date(let a): xRange = (x.jsonValue(a.range.lowerBound), x.jsonValue(a.range.upperBound))
        case .categorical(let a):
            xRange = (
                a.categories.first.map(JSONValue.string) ?? .null,
                a.categories.last.map(JSONValue.string) ?? .null
            )
        }
        let series = zip(chart.series, analysis.series).flatMap { s, a -> [DescribeJSON.Series] in
            guard let boxes = s.boxes else { return [seriesJSON(s, a)] }
            // A box plot: one series per box, named after its group.
            return boxes.enumerated().map { i, box in
                DescribeJSON.Series(
                    name: x.string(s.x[i]), count: box.count, missing: 0, min: nil, max: nil, mean: nil,
                    median: box.median, stddev: nil, trend: nil, outliers: [], segments: [],
                    description: ElementNames(chart: chart).pointWords(i, in: s), yAxis: nil,
                    counts: nil, bins: nil, box: box, candles: nil)
            }
        }
        func seriesJSON(_ s: DataSeries, _ a: SeriesAnalysis) -> DescribeJSON.Series {
            func point(_ i: Int?) -> DescribeJSON.Point? {
                guard let i else { return nil }
                return DescribeJSON.Point(x: x.jsonValue(s.x[i]), y: .number(s.y[i]))
            }
            let isDate = chart.xAxis.kindName == "date"
            if let h = s.histogram {
                return DescribeJSON.Series(
                    name: s.name, count: h.valueCount, missing: 0, min: nil, max: nil, mean: h.mean, median: h.median,
                    stddev: h.standardDeviation, trend: nil, outliers: [], segments: [], description: a.description,
                    yAxis: nil, counts: nil, bins: h.bins, box: nil, candles: nil)
            }
            return DescribeJSON.Series(
                name: s.name, count: a.statistics.count, missing: a.statistics.missing,
                min: point(a.statistics.minIndex), max: point(a.statistics.maxIndex),
                mean: a.statistics.mean, median: a.statistics.median, stddev: a.statistics.standardDeviation,
                trend: a.trend.map { t in
                    DescribeJSON.TrendJSON(
                        direction: t.direction.rawValue, slope: isDate ? t.slope * 86_400 : t.slope,
                        slopeUnit: isDate ? "per day" : nil, r2: t.r2, kendallTau: t.kendallTau,  // l10n: not shown
                        pValue: t.pValue, slopePValue: t.slopePValue)
                },
                outliers: a.outliers.map {
                    DescribeJSON.Outlier(
                        index: $0, x: x.jsonValue(s.x[$0]), y: .number(s.y[$0]),
                        label: s.labels?[$0])
                },
                segments: a.segments.map {
                    DescribeJSON.Segment(
                        from: DescribeJSON.Point(x: x.jsonValue($0.fromX), y: .number($0.fromY)),
                        to: DescribeJSON.Point(x: x.jsonValue($0.toX), y: .number($0.toY)))
                },
                description: a.description,
                yAxis: s.ownYAxis.map(DescribeJSON.YAxisJSON.init(axis:)),
                counts: s.counts, bins: nil, box: nil,
                candles: s.candles.map { candles in
                    candles.enumerated().map { i, c in
                        DescribeJSON.CandleJSON(
                            x: x.jsonValue(s.x[i]), open: c.open, high: c.high, low: c.low, close: c.close,
                            volume: c.volume)
                    }
                })
        }
        let additional = chart.additionalAxes.map { axis -> DescribeJSON.AdditionalAxisJSON in
            switch axis {
            case .numeric(let a):
                return .init(
                    role: "size", title: a.title, kind: "numeric", unit: a.unit, min: a.range.lowerBound,
                    max: a.range.upperBound, categories: nil)
            case .categorical(let a):
                return .init(
                    role: "category", title: a.title, kind: "categorical", unit: nil, min: nil, max: nil,
                    categories: a.categories)
            }
        }
        return DescribeJSON.Document(
            title: chart.title, summary: analysis.summary, kind: chart.kind.rawValue,
            xAxis: .init(
                title: chart.xAxis.title, kind: chart.xAxis.kindName, min: xRange.0, max: xRange.1,
                unit: { if case .numeric(let a) = chart.xAxis { return a.unit } else { return nil } }(),
                categories: { if case .categorical(let a) = chart.xAxis { return a.categories } else { return nil } }()),
            yAxis: .init(axis: chart.yAxis),
            columns: DescribeJSON.ColumnsJSON(layout: document.layout, table: document.table),
            additionalAxes: additional, series: series,
            correlation: analysis.correlation.map { .init(pearson: $0.pearson, spearman: $0.spearman) },
            rows: document.table.rowCount, skippedRows: document.table.malformedRowCount,
            warnings: document.warnings, reason: document.reason,
            sheet: document.table.workbook.map { workbook in
                DescribeJSON.SheetJSON(
                    name: workbook.chosenName, number: workbook.chosen + 1,
                    sheets: workbook.sheets.map { .init(name: $0.name, rows: $0.rows, columns: $0.columns) })
            },
            heatmap: chart.kind != .heatmap
                ? nil
                : DescribeJSON.HeatmapJSON(
                    rows: chart.series.map(\.name),
                    columns: { if case .categorical(let a) = chart.xAxis { return a.categories } else { return [] } }(),
                    cells: chart.series.flatMap { $0.y.map { $0.isFinite ? $0 : nil } }))
    }
}

/// The shape of `describe --json`.
enum DescribeJSON {
    struct Document: Encodable {
        var title: String
        var summary: String
        var kind: String
        var xAxis: XAxisJSON
        var yAxis: YAxisJSON
        var columns: ColumnsJSON
        var additionalAxes: [AdditionalAxisJSON]
        var series: [Series]
        var correlation: CorrelationJSON?
        var rows: Int
        var skippedRows: Int
        var warnings: [String]
        /// Why this chart, and which columns it leaves out and why, in one sentence.
        var reason: String
        /// Present only for a workbook: the sheet charted and every visible sheet.
        var sheet: SheetJSON? = nil
        /// Present only for a heatmap.
        var heatmap: HeatmapJSON? = nil

        enum CodingKeys: String, CodingKey {
            case title, summary, kind, xAxis, yAxis, columns, additionalAxes, series, correlation, rows, skippedRows, warnings,
                reason, sheet, heatmap
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(title, forKey: .title)
            try c.encode(summary, forKey: .summary)
            try c.encode(kind, forKey: .kind)
            try c.encode(xAxis, forKey: .xAxis)
            try c.encode(yAxis, forKey: .yAxis)
            try c.encode(columns, forKey: .columns)
            try c.encode(additionalAxes, forKey: .additionalAxes)
            try c.encode(series, forKey: .series)
            try c.encode(correlation, forKey: .correlation)  // null, not absent, when not a scatter plot
            try c.encode(rows, forKey: .rows)
            try c.encode(skippedRows, forKey: .skippedRows)
            try c.encode(warnings, forKey: .warnings)
            try c.encode(reason, forKey: .reason)
            try c.encodeIfPresent(sheet, forKey: .sheet)
            try c.encodeIfPresent(heatmap, forKey: .heatmap)
        }
    }

    /// The sheet of a workbook that was charted (1-based `number` among the visible sheets), and all of them.
    struct SheetJSON: Encodable {
        struct Size: Encodable {
            var name: String
            var rows: Int
            var columns: Int
        }
        var name: String
        var number: Int
        var sheets: [Size]
    }

    /// A heatmap's grid: row and column names, and the cells row after row (null where missing).
    struct HeatmapJSON: Encodable {
        var rows: [String]
        var columns: [String]
        var cells: [Double?]
    }

    struct XAxisJSON: Encodable {
        var title: String
        var kind: String
        var min: JSONValue
        var max: JSONValue
        var unit: String?
        var categories: [String]?
    }

    struct YAxisJSON: Encodable {
        var title: String
        var unit: String?
        var min: Double
        var max: Double
        var scale: String

        enum CodingKeys: String, CodingKey { case title, unit, min, max, scale }

        init(axis: NumericAxis) {
            title = axis.title
            unit = axis.unit
            min = axis.range.lowerBound
            max = axis.range.upperBound
            scale = axis.scale.rawValue
        }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(title, forKey: .title)
            try c.encode(unit, forKey: .unit)  // null when there is none
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
            try c.encode(scale, forKey: .scale)
        }
    }

    /// The columns the chart was made of, by header as written in the file (null where none).
    struct ColumnsJSON: Encodable {
        var x: String?
        var y: [String]
        var seriesBy: String?
        var size: String?
        var category: String?
        var label: String?
        var aggregate: String?

        init(layout: ChartInference.Layout, table: Table) {
            func header(_ i: Int?) -> String? { i.map { table.columns[$0].header } }
            x = header(layout.x)
            y = layout.y.map { table.columns[$0].header }
            seriesBy = header(layout.seriesBy)
            size = header(layout.size)
            category = header(layout.category)
            label = header(layout.label)
            aggregate = layout.aggregate?.rawValue
        }

        enum CodingKeys: String, CodingKey { case x, y, seriesBy, size, category, label, aggregate }

        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(x, forKey: .x)  // null, not absent, for the row number
            try c.encode(y, forKey: .y)
            try c.encode(seriesBy, forKey: .seriesBy)
            try c.encode(size, forKey: .size)
            try c.encode(category, forKey: .category)
            try c.encode(label, forKey: .label)
            try c.encode(aggregate, forKey: .aggregate)
        }
    }

    struct AdditionalAxisJSON: Encodable {
        var role: String
        var title: String
        var kind: String
        var unit: String?
        var min: Double?
        var max: Double?
        var categories: [String]?
    }

    struct Point: Encodable {
        var x: JSONValue
        var y: JSONValue
    }

    struct TrendJSON: Encodable {
        var direction: String
        var slope: Double
        var slopeUnit: String?
        var r2: Double
        var kendallTau: Double
        /// The Mann–Kendall rank test's two-sided p-value.
        var pValue: Double
        /// The least-squares slope's two-sided p-value (Student's t).
        var slopePValue: Double
    }

    struct Outlier: Encodable {
        var index: Int
        var x: JSONValue
        var y: JSONValue
        var label: String?
    }

    struct Segment: Encodable {
        var from: Point
        var to: Point
    }

    struct Series: Encodable {
        var name: String
        var count: Int
        var missing: Int
        var min: Point?
        var max: Point?
        var mean: Double?
        var median: Double?
        var stddev: Double?
        var trend: TrendJSON?
        var outliers: [Outlier]
        var segments: [Segment]
        var description: String
        /// Present only when the series has a y scale of its own.
        var yAxis: YAxisJSON?
        /// Present only for a summarised chart: rows behind each point's mean.
        var counts: [Int]?
        /// Present only for a histogram: each bin's edges (from included, to excluded but in the last bin)
        /// and count. The series' count, mean, median and stddev are then those of the values binned.
        var bins: [HistogramBin]?
        /// Present only for a box plot, where each series is one box: its numbers (count, min, lowerWhisker,
        /// q1, median, q3, upperWhisker, max) and its outliers, least first.
        var box: BoxStatistics?
        /// Present only for a candlestick chart: each period's x and prices (the series' values are closes).
        var candles: [CandleJSON]?
    }

    struct CandleJSON: Encodable {
        var x: JSONValue
        var open: Double
        var high: Double
        var low: Double
        var close: Double
        var volume: Double?
    }

    struct CorrelationJSON: Encodable {
        var pearson: Double
        var spearman: Double
    }
}
