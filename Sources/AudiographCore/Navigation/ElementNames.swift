// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What a screen reader says for the chart, its series and each element of the keyboard cursor.
///
/// A point: "1960, 268 births per 10,000, point 44 of 59"; an interval of a long series:
/// "1917 to 1922: 180 to 195, average 188 births per 10,000, interval 1 of 60".
public struct ElementNames: Sendable {
    public let chart: ChartDescriptor
    /// The parts said at each element, and their order.
    public let wording: PointWording
    private let x: XValueFormatting

    public init(chart: ChartDescriptor, wording: PointWording = .standard) {
        self.chart = chart
        self.wording = wording
        x = XValueFormatting(axis: chart.xAxis)
    }

    /// "line chart", "bar chart", "scatter plot".
    public var kindWords: String {
        switch chart.kind {
        case .line: return Localization.tr("line chart")
        case .bar: return Localization.tr("bar chart")
        case .scatter: return Localization.tr("scatter plot")
        case .histogram: return Localization.tr("histogram")
        case .box: return Localization.tr("box plot")
        case .candlestick: return Localization.tr("candlestick chart")
        case .groupedBar: return Localization.tr("grouped bar chart")
        case .stackedBar: return Localization.tr("stacked bar chart")
        case .area: return Localization.tr("area chart")
        case .stackedArea: return Localization.tr("stacked area chart")
        case .heatmap: return Localization.tr("heatmap")
        }
    }

    /// The chart's own name: "Births per 10,000, line chart" (and ", 3 series" when there are several).
    public var chartTitle: String {
        var text = Localization.tr("%@, %@", chart.title, kindWords)
        let layers = chart.series.filter { !$0.isTotal }.count
        if chart.kind == .heatmap {
            let rows = chart.series.count, columns = chart.series.first?.count ?? 0
            text +=
                Localization.tr(", ")
                + Localization.trc(
                    "grid", "%@ by %@", Localization.trn("%ld row", "%ld rows", rows, rows),
                    Localization.trn("%ld column", "%ld columns", columns, columns))
        } else if layers < chart.series.count {
            text +=
                Localization.tr(", ")
                + Localization.tr("%@, and their total", Localization.trn("%ld series", "%ld series", layers, layers))
        } else if chart.series.count > 1 {
            text += Localization.tr(", ") + Localization.trn("%ld series", "%ld series", chart.series.count, chart.series.count)
        }
        if chart.hasSeveralScales {
            let scales = chart.scaleGroups.count
            text += Localization.tr(", ") + Localization.trn("%ld scale", "%ld scales", scales, scales)
        }
        return text
    }

    /// The chart's name with what is selected, as a list says its selection: "…, point 44 of 59 selected".
    public func chartName(selecting element: Int?, of elements: SeriesElements?) -> String {
        guard let element, let elements else { return chartTitle }
        return Localization.tr("%@, %@ selected", chartTitle, position(element, of: elements))
    }

    /// A series' name among several: "Europe, series 2 of 3, 59 points".
    public func seriesName(_ s: Int) -> String {
        let series = chart.series[s]
        if chart.kind == .heatmap { return Localization.tr("%@, row %ld of %ld", series.name, s + 1, chart.series.count) }
        var text = Localization.tr(
            "%@, series %ld of %ld, %@", series.name, s + 1, chart.series.count,
            Localization.trn("%ld point", "%ld points", series.count, series.count))
        if chart.hasSeveralScales, let group = chart.scaleGroups.firstIndex(where: { $0.contains(s) }) {
            // Which panel it is drawn in and the scale it is heard on: "scale 2 of 2, 1,600 to 4,830".
            let axis = chart.yAxis(ofSeries: s)
            text +=
                Localization.tr(", ")
                + Localization.tr(
                    "scale %ld of %ld, %@ to %@", group + 1, chart.scaleGroups.count,
                    axis.formatter.string(axis.range.lowerBound), axis.formatter.string(axis.range.upperBound))
        }
        return text
    }

    /// "point 44 of 59", "interval 3 of 60" or "bin 3 of 12".
    public func position(_ element: Int, of elements: SeriesElements) -> String {
        if elements.isIntervals { return Localization.tr("interval %ld of %ld", element + 1, elements.count) }
        if chart.kind == .histogram { return Localization.tr("bin %ld of %ld", element + 1, elements.count) }
        if chart.kind == .box { return Localization.tr("box %ld of %ld", element + 1, elements.count) }
        if chart.kind == .candlestick { return Localization.tr("candle %ld of %ld", element + 1, elements.count) }
        if chart.kind == .heatmap { return Localization.tr("column %ld of %ld", element + 1, elements.count) }
        return Localization.tr("point %ld of %ld", element + 1, elements.count)
    }

    /// The element's name, in the parts and order of `wording`: with the standard wording its words, then
    /// its position. A point of a plain series (line, bar, scatter, area) is built part by part; a bin, box,
    /// candle, cell or interval keeps its words whole, with the position and series name as chosen.
    public func name(_ element: Int, of elements: SeriesElements) -> String {
        let series = chart.series[elements.series]
        var parts: [String]
        if !elements.isIntervals, let i = elements.points(of: element).first {
            parts =
                isPlain(series)
                ? pointParts(i, at: elements.positions(of: element).lowerBound, of: elements)
                : [pointWords(i, in: series)]
        } else {
            parts = [intervalWords(elements.summary(of: element, in: series), of: elements.series)]
        }
        if wording.has(.position) { parts.append(position(element, of: elements)) }
        if wording.has(.series) { parts.append(series.name) }
        return parts.joined(separator: Localization.tr(", "))
    }

    /// True for a series whose elements are single values (not bins, boxes, candles or heatmap cells).
    private func isPlain(_ series: DataSeries) -> Bool {
        series.histogram == nil && series.boxes == nil && series.candles == nil && chart.kind != .heatmap
    }

    /// "mean of 27 rows", or "total of 4 rows" for a point that adds its rows up.
    static func summaryWords(_ n: Int, totals: Bool) -> String {
        totals
            ? Localization.trn("total of %ld row", "total of %ld rows", n, n)
            : Localization.trn("mean of %ld row", "mean of %ld rows", n, n)
    }

    /// A plain point's parts as `wording` asks, without position or series: value (with its unit), x (with
    /// the point's label and other columns), trend. Never empty: with neither value nor x chosen, the value.
    private func pointParts(_ i: Int, at position: Int, of elements: SeriesElements) -> [String] {
        let series = chart.series[elements.series]
        let formatter = chart.valueFormatter(for: series)
        var value =
            !series.y[i].isFinite
            ? Localization.tr("no value")
            : wording.has(.unit) ? formatter.string(series.y[i]) : formatter.plain(series.y[i])
        if let n = series.counts?[i] { value += Localization.tr(", ") + Self.summaryWords(n, totals: series.countsAreTotals) }
        var xParts: [String] = []
        if wording.has(.x) {
            if let label = series.labels?[i], !label.isEmpty { xParts.append(label) }
            xParts.append(x.string(series.x[i]))
            xParts += extraValues(i, in: series)
        }
        var parts: [String]
        switch wording.order {
        case .xFirst: parts = xParts + (wording.has(.value) || xParts.isEmpty ? [value] : [])
        case .valueFirst: parts = (wording.has(.value) || xParts.isEmpty ? [value] : []) + xParts
        }
        if wording.has(.trend), position > 0 {
            let before = series.y[elements.order[position - 1]], here = series.y[i]
            if before.isFinite, here.isFinite {
                parts.append(
                    here > before
                        ? Localization.tr("rising") : here < before ? Localization.tr("falling") : Localization.tr("level"))
            }
        }
        return parts
    }

    /// The point's values in the chart's other columns (size, category), formatted.
    private func extraValues(_ i: Int, in series: DataSeries) -> [String] {
        var parts: [String] = []
        for (axis, column) in zip(chart.additionalAxes, series.additional) {
            switch (axis, column) {
            case (.numeric(let a), .numeric(let values)) where values[i].isFinite:
                parts.append(a.formatter.string(values[i]))
            case (.categorical(let a), .categorical(let indices)) where a.categories.indices.contains(Int(indices[i])):
                parts.append(a.categories[Int(indices[i])])
            default:
                break
            }
        }
        return parts
    }

    /// One point's values without its position: label, x, y with unit, then any extra values.
    /// "1960, 268 births per 10,000"; "Prius Hybrid, 1,380 kg, 31 km/L, Japan".
    public func pointWords(_ i: Int, in series: DataSeries) -> String {
        if let bin = series.histogram?.bins[i] { return binWords(bin, in: series) }
        if let box = series.boxes?[i] { return Localization.tr("%@: %@", x.string(series.x[i]), boxWords(box, in: series)) }
        if chart.kind == .heatmap {
            // A cell: its row and column, then its value.
            let value = series.y[i].isFinite ? chart.valueFormatter(for: series).string(series.y[i]) : Localization.tr("no value")
            return Localization.tr("%@, %@: %@", series.name, x.string(series.x[i]), value)
        }
        if let candle = series.candles?[i] {
            return Localization.tr("%@: %@", x.string(series.x[i]), candleWords(candle, in: series))
        }
        var parts: [String] = []
        if let label = series.labels?[i], !label.isEmpty { parts.append(label) }
        parts.append(x.string(series.x[i]))
        parts.append(series.y[i].isFinite ? chart.valueFormatter(for: series).string(series.y[i]) : Localization.tr("no value"))
        if let n = series.counts?[i] { parts.append(Self.summaryWords(n, totals: series.countsAreTotals)) }
        parts += extraValues(i, in: series)
        // TRANSLATORS: said after a point whose date or value is far from the rest of its column.
        if series.strays.contains(i) { parts.append(Localization.tr("looks out of place")) }
        return parts.joined(separator: Localization.tr(", "))
    }

    /// A histogram bin: "20 to 25: 31 cars".
    public func binWords(_ bin: HistogramBin, in series: DataSeries) -> String {
        let count =
            chart.yAxis.unit == nil
            ? Localization.trn("%@ value", "%@ values", bin.count, chart.yAxis.formatter.string(Double(bin.count)))
            : chart.valueFormatter(for: series).string(Double(bin.count))
        return Localization.tr("%@: %@", x.span(bin.from, bin.to), count)
    }

    /// A box's numbers: "median 342 grams, quartiles 277 to 371, whiskers 216 to 404, 12 values, 1 outlier".
    public func boxWords(_ box: BoxStatistics, in series: DataSeries) -> String {
        let y = chart.valueFormatter(for: series)
        if box.count <= 3 {
            // Quartiles of three values or fewer are the values themselves, or points between them that no one
            // measured: say the values (the least, the middle one, the greatest).
            let values = (box.count == 3 ? [box.min, box.median, box.max] : box.count == 2 ? [box.min, box.max] : [box.min])
                .map { y.string($0) }
            return Localization.tr(
                // TRANSLATORS: a box of one to three values, said as the values: "2 values, 80 and 82".
                "%@, %@", Localization.trn("%ld value", "%ld values", box.count, box.count), Localization.list(values))
        }
        // Quartiles and medians fall between values (312.75 of whole grams): written as derived numbers.
        var parts = [
            Localization.tr("median %@", y.derived(box.median)),
            Localization.tr("quartiles %@", Localization.tr("%@ to %@", y.plainDerived(box.q1), y.derived(box.q3))),
            Localization.tr("whiskers %@", y.span(box.lowerWhisker, box.upperWhisker)),
            Localization.trn("%ld value", "%ld values", box.count, box.count)
        ]
        if !box.outliers.isEmpty {
            parts.append(Localization.trn("%ld outlier", "%ld outliers", box.outliers.count, box.outliers.count))
        }
        return parts.joined(separator: Localization.tr(", "))
    }

    /// A candle's prices and direction: "open 652.94, high 670.25, low 564.55, close 580.11 USD, falling,
    /// volume 3,789,200".
    public func candleWords(_ candle: Candle, in series: DataSeries) -> String {
        let y = chart.valueFormatter(for: series)
        var parts = [
            Localization.tr("open %@", y.plain(candle.open)), Localization.tr("high %@", y.plain(candle.high)),
            Localization.tr("low %@", y.plain(candle.low)), Localization.tr("close %@", y.string(candle.close)),
            candle.isRising ? Localization.tr("rising") : Localization.tr("falling")
        ]
        if let volume = candle.volume {
            parts.append(Localization.tr("volume %@", ValueFormatter.format(volume, fractionDigits: 0, grouping: true)))
        }
        return parts.joined(separator: Localization.tr(", "))
    }

    /// One part of a candle, as Up and Down reach it: "high: 670.25 USD", "volume: 3,789,200".
    public func candlePartWords(_ part: Candle.Part, of candle: Candle, in series: DataSeries) -> String {
        let y = chart.valueFormatter(for: series)
        switch part {
        case .open: return Localization.tr("%@: %@", Localization.tr("open"), y.string(candle.open))
        case .high: return Localization.tr("%@: %@", Localization.tr("high"), y.string(candle.high))
        case .low: return Localization.tr("%@: %@", Localization.tr("low"), y.string(candle.low))
        case .close: return Localization.tr("%@: %@", Localization.tr("close"), y.string(candle.close))
        case .volume:
            return Localization.tr(
                "%@: %@", Localization.tr("volume"),
                candle.volume.map { ValueFormatter.format($0, fractionDigits: 0, grouping: true) } ?? Localization.tr("no value"))
        }
    }

    /// One part of a box, as Up and Down reach it: "Q1: 277 grams", "maximum and upper whisker: 404 grams".
    public func partWords(_ part: BoxStatistics.Part, of box: BoxStatistics, in series: DataSeries) -> String {
        let value = chart.valueFormatter(for: series).derived(box.value(of: part))
        let name: String
        switch part {
        case .outlier: name = Localization.tr("outlier")
        case .lowerWhisker(let isMinimum):
            name = isMinimum ? Localization.tr("minimum and lower whisker") : Localization.tr("lower whisker")
        case .q1: name = Localization.tr("first quartile")
        case .median: name = Localization.tr("median")
        case .q3: name = Localization.tr("third quartile")
        case .upperWhisker(let isMaximum):
            name = isMaximum ? Localization.tr("maximum and upper whisker") : Localization.tr("upper whisker")
        }
        return Localization.tr("%@: %@", name, value)
    }

    /// An interval's span and values: "1917 to 1922: 180 to 195, average 188 births per 10,000".
    public func intervalWords(_ summary: ElementSummary, of seriesIndex: Int) -> String {
        let span = Localization.tr("%@ to %@", x.string(summary.firstX), x.string(summary.lastX))
        let y = chart.valueFormatter(ofSeries: seriesIndex)
        guard let lo = summary.minY, let hi = summary.maxY, let mean = summary.meanY else {
            return Localization.tr("%@: no values", span)
        }
        if lo == hi { return Localization.tr("%@: %@", span, y.string(lo)) }
        return Localization.tr("%@: %@ to %@, average %@", span, y.plain(lo), y.plain(hi), y.derived(mean))
    }
}

extension ElementNames {
    /// The element's name while `comparison` is on: the compared series' elements say both series' values and
    /// their difference, then their position when the wording has it ("January 3, 2024, ACME 122.30, BOLT
    /// 44.80, difference 77.50, point 2 of 59"; an interval says each series' average over its span). Other
    /// series' elements, and every element without a comparison, are named as `name(_:of:)` names them.
    public func name(_ element: Int, of elements: SeriesElements, comparison: SeriesComparison?) -> String {
        guard let compared = comparison, compared.first == elements.series else { return name(element, of: elements) }
        let series = compared.chart.series[elements.series]
        var words: String
        let summary = elements.summary(of: element, in: series)
        if !elements.isIntervals, let i = elements.points(of: element).first {
            words = compared.words(atPoint: i)
        } else if summary.firstX.isFinite, summary.lastX.isFinite, summary.firstX <= summary.lastX {
            words = compared.words(overX: summary.firstX...summary.lastX)
        } else {
            return name(element, of: elements)
        }
        if wording.has(.position) { words += Localization.tr(", ") + position(element, of: elements) }
        return words
    }
}
