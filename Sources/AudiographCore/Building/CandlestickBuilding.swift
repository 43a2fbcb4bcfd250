// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartInference {
    /// The candlestick chart of the layout's price columns (open, high, low, close, then volume) over its x:
    /// one series whose points are the periods in x order (y the close) with their `Candle`s. Rows whose
    /// prices cannot be one period's (high below low, open or close outside them, a price missing) are left
    /// out and listed in the warnings by their x.
    static func buildCandlestick(
        _ table: Table, layout: Layout, settings: ChartSettings,
        fileTitle: String?
    ) -> (chart: ChartDescriptor, warnings: [String]) {
        let cols = table.columns
        func numbers(_ c: Int) -> [Double] {
            if case .numeric(let v, _) = cols[c].data { return v }
            preconditionFailure("price columns are numeric")  // l10n: not shown
        }
        let prices = layout.y.prefix(4).map(numbers)
        let volume = layout.y.count > 4 ? numbers(layout.y[4]) : nil
        let xs = xValues(table, x: layout.x)
        var warnings: [String] = []
        let rows = (0..<table.rowCount).filter { xs[$0].isFinite }.sorted { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }
        if rows.count < table.rowCount, let x = layout.x {
            let missing = table.rowCount - rows.count
            warnings.append(
                Localization.trn(
                    "%ld row has no %@ value and is left out.", "%ld rows have no %@ value and are left out.",
                    missing, missing, cols[x].header))
        }
        let xAxis = makeXAxis(table, x: layout.x, values: rows.map { xs[$0] }, kind: .candlestick)
        let xWords = XValueFormatting(axis: xAxis)
        var kept: [Int] = [], candles: [Candle] = []
        var refused: [CandleProblem: [String]] = [:]
        for r in rows {
            let candle = Candle(
                open: prices[0][r], high: prices[1][r], low: prices[2][r], close: prices[3][r],
                volume: volume.flatMap { $0[r].isFinite ? $0[r] : nil })
            if let problem = candle.problem {
                refused[problem, default: []].append(xWords.string(xs[r]))
                continue
            }
            kept.append(r)
            candles.append(candle)
        }
        for problem in [CandleProblem.highBelowLow, .outsideRange, .missingPrice] {
            guard let places = refused[problem] else { continue }
            let shown =
                Localization.list(Array(places.prefix(5)))
                + (places.count > 5 ? Localization.tr(" and %ld more", places.count - 5) : "")
            switch problem {
            case .highBelowLow:
                warnings.append(
                    Localization.trn(
                        "%ld row has its high below its low and is left out: %@.",
                        "%ld rows have their high below their low and are left out: %@.", places.count, places.count, shown))
            case .outsideRange:
                warnings.append(
                    Localization.trn(
                        "%ld row has an open or close outside its high and low and is left out: %@.",
                        "%ld rows have an open or close outside their high and low and are left out: %@.",
                        places.count, places.count, shown))
            case .missingPrice:
                warnings.append(
                    Localization.trn(
                        "%ld row lacks a price and is left out: %@.", "%ld rows lack a price and are left out: %@.",
                        places.count, places.count, shown))
            }
        }
        let close = cols[layout.y[3]]
        var series = DataSeries(name: close.title, isContinuous: false, x: kept.map { xs[$0] }, y: candles.map(\.close))
        series.candles = candles
        series.fractionDigits = layout.y.prefix(4).compactMap { c -> Int? in
            if case .numeric(_, let d) = cols[c].data { return d } else { return nil }
        }.max()
        var axisSettings = settings
        axisSettings.logY = nil
        var yAxis = self.yAxis(
            series: [series], columns: layout.y.prefix(4).map { cols[$0] }, named: [Localization.tr("Price")],
            singleColumn: true, settings: axisSettings, warnings: &warnings)
        let lows = candles.map(\.low), highs = candles.map(\.high)
        if let low = lows.min(), let high = highs.max() {
            yAxis.range = low...high
            yAxis.gridlines = Gridlines.linear(low...high)
        }
        let title = settings.title ?? fileTitle.map { Localization.tr("%@ prices", $0) } ?? Localization.tr("Prices")
        let chart = ChartDescriptor(
            title: title, summary: settings.summary, kind: .candlestick, xAxis: xAxis, yAxis: yAxis,
            series: candles.isEmpty ? [] : [series])
        return (chart, warnings)
    }
}
