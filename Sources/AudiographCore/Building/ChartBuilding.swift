// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

extension ChartInference {
    /// Assembles the chart descriptor for decided column roles: axes, formatters, series and default title.
    /// How many x values are missing (NaN), and whether the others never go down in file order.
    private static func missingAndOrder(_ xs: UnsafeBufferPointer<Double>) -> (missing: Int, nondecreasing: Bool) {
        var missing = 0
        var nondecreasing = true
        var previous = -Double.infinity
        for x in xs {
            if x.isNaN { missing += 1; continue }
            if x < previous { nondecreasing = false }
            previous = x
        }
        return (missing, nondecreasing)
    }

    static func build(
        _ table: Table, layout: Layout, settings: ChartSettings,
        fileTitle: String?
    ) -> (chart: ChartDescriptor, warnings: [String]) {
        if layout.aggregate == .count { return buildCounts(table, layout: layout, settings: settings, fileTitle: fileTitle) }
        if layout.kind == .histogram { return buildHistogram(table, layout: layout, settings: settings) }
        if layout.kind == .box { return buildBoxPlot(table, layout: layout, settings: settings, fileTitle: fileTitle) }
        if layout.kind == .candlestick {
            return buildCandlestick(table, layout: layout, settings: settings, fileTitle: fileTitle)
        }
        if layout.kind == .heatmap { return buildHeatmap(table, layout: layout, settings: settings, fileTitle: fileTitle) }
        let cols = table.columns
        var warnings: [String] = []
        let xs = xValues(table, x: layout.x)
        let (missingX, xRuns) = xs.withUnsafeBufferPointer(Self.missingAndOrder)
        if missingX > 0 {
            warnings.append(
                Localization.trn(
                    "%ld row has no %@ value and is left out.",
                    "%ld rows have no %@ value and are left out.",
                    missingX, missingX, layout.x.map { cols[$0].header } ?? ""))
        }
        let timeRunsBack = layout.kind.isContinuous && !xRuns
        let rowsInFileOrder = missingX == 0 && !timeRunsBack
        let summarised = layout.aggregate == .mean || layout.aggregate == .sum
        let labelColumn: (ids: [Int32], names: [String])? =
            summarised
            ? nil
            : layout.label.flatMap { c in
                switch cols[c].data {
                case .text(let ids, let names): return (ids, names)
                case .numeric(let values, let digits):
                    // A number that names its row (a runner's bib, a document number): written as it is, without grouping.
                    let names = values.map {
                        $0.isFinite ? ValueFormatter.format($0, fractionDigits: digits, grouping: false) : ""
                    }
                    return (values.indices.map { Int32(clamping: $0) }, names)
                case .date: return nil
                }
            }
        // The rows kept, in plotting order: only listed when some are left out, reordered, grouped, averaged or
        // labelled (a ten-million-row file in order shares its columns and needs no list of 80 MB).
        var rows: [Int] = []
        if !rowsInFileOrder || layout.seriesBy != nil || summarised || labelColumn != nil {
            rows.reserveCapacity(table.rowCount - missingX)
            for r in 0..<table.rowCount where !xs[r].isNaN { rows.append(r) }
        }
        if timeRunsBack {
            rows.sort { xs[$0] < xs[$1] || (xs[$0] == xs[$1] && $0 < $1) }  // time runs forward
        }

        // Additional axes and their columns, in a fixed order: size, then category.
        var additionalAxes: [AdditionalAxis] = []
        var additionalColumns: [AdditionalColumn] = []  // whole columns, in the order of additionalAxes
        if let s = layout.size, case .numeric(let v, let digits) = cols[s].data {
            let finite = v.filter { $0.isFinite }
            let range = (finite.min() ?? 0)...(finite.max() ?? 0)
            additionalAxes.append(
                .numeric(
                    NumericAxis(
                        title: cols[s].title, unit: cols[s].unit, range: range, gridlines: Gridlines.linear(range),
                        formatter: formatter(for: cols[s], unit: cols[s].unit, digits: digits, values: finite))))
            additionalColumns.append(.numeric(v))
        }
        if let c = layout.category, let (ids, categories) = cols[c].asCategories {
            additionalAxes.append(.categorical(CategoricalAxis(title: cols[c].title, categories: categories)))
            additionalColumns.append(.categorical(ids))
        }
        if summarised { additionalAxes = []; additionalColumns = [] }  // a mean or total has no one size or colour

        /// A series over some rows; when they are all rows in file order it shares the columns' storage
        /// (copy-on-write) instead of copying, which keeps a million-row file at a few flat arrays.
        func makeSeries(name: String, rowsOfSeries: [Int], yValues: [Double], sharesColumns: Bool) -> DataSeries {
            let extra = additionalColumns.map { column -> AdditionalColumn in
                switch column {
                case .numeric(let all): return .numeric(sharesColumns ? all : rowsOfSeries.map { all[$0] })
                case .categorical(let all): return .categorical(sharesColumns ? all : rowsOfSeries.map { all[$0] })
                }
            }
            let labels = labelColumn.map { l in rowsOfSeries.map { l.ids[$0] < 0 ? "" : l.names[Int(l.ids[$0])] } }
            return DataSeries(
                name: name, isContinuous: layout.kind.isContinuous,
                x: sharesColumns ? xs : rowsOfSeries.map { xs[$0] },
                y: sharesColumns ? yValues : rowsOfSeries.map { yValues[$0] }, additional: extra, labels: labels)
        }

        var series: [DataSeries] = []
        let yColumns = layout.y
        let adding = layout.aggregate == .sum
        /// The series of one value column over some rows, summarised per x when the layout asks for means or totals.
        func valueSeries(name: String, rowsOfSeries: [Int], column: Int, sharesColumns: Bool) -> DataSeries? {
            guard case .numeric(let values, let digits) = cols[column].data else { return nil }
            var s: DataSeries
            if summarised {
                let mean = MeanByX.summarise(xs: xs, ys: values, rows: rowsOfSeries, adding: adding)
                s = DataSeries(
                    name: summaryTitle(name, adding: adding), isContinuous: layout.kind.isContinuous,
                    x: mean.x, y: mean.y)
                s.counts = mean.counts
                s.countsAreTotals = adding
                s.fractionDigits = adding ? digits : min(ValueFormatter.maximumFractionDigits, digits + 1)
            } else {
                s = makeSeries(name: name, rowsOfSeries: rowsOfSeries, yValues: values, sharesColumns: sharesColumns)
                s.fractionDigits = digits
            }
            return s
        }
        if let g = layout.seriesBy, let (ids, names) = cols[g].asCategories {
            var byGroup = [[Int]](repeating: [], count: names.count)
            var ungrouped = 0
            for r in rows {
                if ids[r] >= 0 { byGroup[Int(ids[r])].append(r) } else { ungrouped += 1 }
            }
            // Rows of no group belong to no line: said, since they may be most of the table (ICU: 185 of 200).
            if ungrouped > 0 {
                warnings.append(
                    Localization.trn(
                        "%ld row has no %@ value and is left out.",
                        "%ld rows have no %@ value and are left out.", ungrouped, ungrouped, cols[g].header))
            }
            for (k, groupRows) in byGroup.enumerated() where !groupRows.isEmpty {
                if var s = valueSeries(name: names[k], rowsOfSeries: groupRows, column: yColumns[0], sharesColumns: false) {
                    if summarised { s.name = names[k] }
                    series.append(s)
                }
            }
        } else {
            for yc in yColumns {
                if let s = valueSeries(name: cols[yc].title, rowsOfSeries: rows, column: yc, sharesColumns: rowsInFileOrder) {
                    series.append(s)
                }
            }
        }

        if summarised {
            warnings.append(
                meanNote(
                    series, x: layout.x.map { cols[$0].title }, group: layout.seriesBy.map { cols[$0].title },
                    adding: adding))
        }
        if settings.y == nil, layout.kind == .line, layout.seriesBy == nil {
            let derived = DerivedSeries.leftOut(shown: layout.y, x: layout.x, in: table)
            if !derived.isEmpty {
                warnings.append(
                    Localization.tr(
                        "Left out lags, changes and logarithms of the series shown: %@. Choose them as y to hear them.",
                        Localization.list(derived.map { cols[$0].header })))
            }
        }

        // Axes.
        let xAxis = makeXAxis(table, x: layout.x, values: rowsInFileOrder ? xs : rows.map { xs[$0] }, kind: layout.kind)

        // One scale per unit and size: the first group keeps the chart's axis, the others their own.
        let wide = layout.seriesBy == nil && series.count == yColumns.count && series.count > 1
        var groups: [[Int]] =
            wide && settings.unit == nil && !(settings.logY ?? false) && layout.kind.layoutBase == layout.kind
            ? ScaleGroups.groups(
                units: yColumns.map { cols[$0].unit },
                magnitudes: series.map { $0.y.reduce(0) { $1.isFinite ? max($0, abs($1)) : $0 } })
            : [Array(series.indices)]
        let groupsBefore = groups
        var yColumnsInSeriesOrder = yColumns
        if groups.count > 1 {
            // Series in scale order, so Page Down walks one panel before the next.
            series = groups.flatMap { $0.map { series[$0] } }
            var start = 0
            groups = groups.map { g in
                defer { start += g.count }; return Array(start..<(start + g.count))
            }
            yColumnsInSeriesOrder = groupsBefore.flatMap { $0.map { yColumns[$0] } }
        }
        var axes: [NumericAxis] = []
        for (g, members) in groups.enumerated() {
            let axis = yAxis(
                series: members.map { series[$0] },
                columns: members.map { cols[yColumnsInSeriesOrder[min($0, yColumnsInSeriesOrder.count - 1)]] },
                named: layout.seriesBy == nil ? members.map { series[$0].name } : [series.first?.name ?? ""],
                singleColumn: layout.seriesBy != nil || yColumns.count == 1,
                settings: g == 0 ? settings : ChartSettings(), warnings: &warnings)
            axes.append(axis)
            if g > 0 { for i in members { series[i].ownYAxis = axis } }
        }
        var yAxis = axes[0]
        if layout.seriesBy != nil, let column = yColumns.first {
            yAxis.title = summarised ? summaryTitle(cols[column].title, adding: adding) : cols[column].title
        }
        if series.isEmpty { yAxis.title = yColumns.first.map { cols[$0].title } ?? "" }
        let yTitle = yAxis.title
        let multiColumn = layout.seriesBy == nil && yColumns.count > 1
        let title =
            settings.title
            ?? defaultTitle(
                kind: layout.kind, xTitle: xAxis.title, yTitle: yTitle,
                seriesCount: series.count, multiColumn: multiColumn,
                fileTitle: fileTitle)
        if layout.kind.hasTotalLayer, series.count >= 2 {
            let total = LayerTotals.totalSeries(of: series)
            if layout.kind.isStacked, let top = total.y.filter(\.isFinite).max() {
                // Stacks stand on zero and reach their total.
                let low = min(0, yAxis.range.lowerBound), high = max(top, yAxis.range.upperBound)
                yAxis.range = low...high
                yAxis.gridlines = Gridlines.linear(low...high)
            }
            series.append(total)
        }
        var chart = ChartDescriptor(
            title: title, summary: settings.summary, kind: layout.kind, xAxis: xAxis,
            yAxis: yAxis, additionalAxes: additionalAxes, series: series)
        chart.isMap = isMap(table, layout: layout)
        return (chart, warnings)
    }

    /// Bars of the number of rows per x (per value of the series-by column): the rows added up as ones, then named
    /// as counts ("Count of rows by treatment"), each bar its count with no "total of" beside it.
    static func buildCounts(
        _ table: Table, layout: Layout, settings: ChartSettings,
        fileTitle: String?
    ) -> (chart: ChartDescriptor, warnings: [String]) {
        var counted = table
        let rowsTitle = Localization.tr("Count of rows")
        counted.columns.append(
            Column(
                header: rowsTitle,
                data: .numeric(
                    values: [Double](repeating: 1, count: table.rowCount),
                    fractionDigits: 0)))
        var sums = layout
        sums.y = [counted.columns.count - 1]
        sums.aggregate = .sum
        var (chart, warnings) = build(counted, layout: sums, settings: settings, fileTitle: fileTitle)
        let xTitle = layout.x.map { table.columns[$0].title } ?? Localization.tr("Row")
        // The note that the bars add rows up says what they count instead.
        let addingNote = meanNote(
            chart.series, x: layout.x.map { table.columns[$0].title },
            group: layout.seriesBy.map { table.columns[$0].title }, adding: true)
        warnings.removeAll { $0 == addingNote }
        let group = layout.seriesBy.map { Localization.titleInSentence(table.columns[$0].title) }
        chart.title = settings.title ?? Localization.tr("Count of rows by %@", Localization.titleInSentence(xTitle))
        chart.yAxis.title = rowsTitle
        for s in chart.series.indices {
            chart.series[s].counts = nil
            if layout.seriesBy == nil && !chart.series[s].isTotal { chart.series[s].name = rowsTitle }
        }
        if let group {
            warnings.append(
                Localization.tr(
                    "Each bar counts the rows that share a %@, within each %@.", Localization.titleInSentence(xTitle), group))
        } else {
            warnings.append(Localization.tr("Each bar counts the rows that share a %@.", Localization.titleInSentence(xTitle)))
        }
        return (chart, warnings)
    }

    /// "Average mpg" or, for totals, "Total freq": the name of a summarised series or axis.
    static func summaryTitle(_ name: String, adding: Bool) -> String {
        adding
            ? Localization.tr("Total %@", Localization.titleInSentence(name))
            : Localization.tr("Average %@", Localization.titleInSentence(name))
    }

    /// The note that says points are means (or totals) and of how many rows: "Each point is the mean of the rows
    /// that share a year, within each source: 3 rows each." (or "2 to 5 rows").
    static func meanNote(_ series: [DataSeries], x: String?, group: String?, adding: Bool = false) -> String {
        let counts = series.flatMap { $0.counts ?? [] }.filter { $0 > 0 }
        let low = counts.min() ?? 0, high = counts.max() ?? 0
        let rows =
            low == high
            ? Localization.trn("%ld row each", "%ld rows each", low, low)
            : Localization.tr("%@ to %@ rows", String(low), String(high))
        let xName = Localization.titleInSentence(x ?? Localization.tr("Row"))
        if adding, let group {
            return Localization.tr(
                "Each point adds up the rows that share a %@, within each %@: %@.", xName,
                Localization.titleInSentence(group), rows)
        }
        if adding { return Localization.tr("Each point adds up the rows that share a %@: %@.", xName, rows) }
        if let group {
            return Localization.tr(
                "Each point is the mean of the rows that share a %@, within each %@: %@.", xName,
                Localization.titleInSentence(group), rows)
        }
        return Localization.tr("Each point is the mean of the rows that share a %@: %@.", xName, rows)
    }

    /// True for a scatter of latitude (y) against longitude (x), as the columns' headers and ranges say.
    static func isMap(_ table: Table, layout: Layout) -> Bool {
        guard layout.kind == .scatter, let x = layout.x, layout.y.count == 1 else { return false }
        return ColumnProfiler.coordinate(of: table.columns[x]) == .longitude
            && ColumnProfiler.coordinate(of: table.columns[layout.y[0]]) == .latitude
    }

    /// The x value of every row (NaN where missing): column `x`'s numbers, seconds since the epoch or
    /// category indices, or the row number (from 1) when `x` is nil.
    static func xValues(_ table: Table, x: Int?) -> [Double] {
        guard let x else { return (0..<table.rowCount).map { Double($0 + 1) } }
        switch table.columns[x].data {
        case .numeric(let v, _), .date(let v, _, _): return v
        case .text(let ids, _): return ids.map { $0 < 0 ? .nan : Double($0) }
        }
    }

    /// The x axis of column `x` (nil: the row number) over its plotted `values` (numbers, seconds since the
    /// epoch, or category indices).
    static func makeXAxis(_ table: Table, x: Int?, values: [Double], kind: ChartKind) -> XAxis {
        let xRange = (values.min() ?? 0)...(values.max() ?? 0)
        guard let x else {
            return .numeric(
                NumericAxis(
                    title: Localization.tr("Row"), range: xRange,
                    gridlines: Gridlines.linear(xRange, wholeNumbers: true),
                    formatter: ValueFormatter(fractionDigits: 0, usesGrouping: true)))
        }
        let column = table.columns[x]
        switch column.data {
        case .numeric(_, let digits):
            let whole = digits == 0 && values.allSatisfy { !$0.isFinite || $0 == $0.rounded() }
            return .numeric(
                NumericAxis(
                    title: column.title, unit: column.unit, range: xRange,
                    gridlines: Gridlines.linear(xRange, wholeNumbers: whole),
                    formatter: xFormatter(for: column, digits: digits, readingYears: kind != .scatter)))
        case .date(_, let precision, let utcOffsetSeconds):
            let spoken = DateValuePrecision.precision(of: values, written: precision, utcOffsetSeconds: utcOffsetSeconds)
            return .date(
                DateAxis(
                    title: column.title, range: xRange, precision: spoken, writtenPrecision: precision,
                    utcOffsetSeconds: utcOffsetSeconds))
        case .text(_, let categories):
            return .categorical(CategoricalAxis(title: column.title, categories: categories))
        }
    }

    /// The y axis shared by some series: range over their values, a common unit, the most decimals among them,
    /// titled with their names (up to three) or "Value".
    static func yAxis(
        series: [DataSeries], columns: [Column], named names: [String], singleColumn: Bool,
        settings: ChartSettings, warnings: inout [String]
    ) -> NumericAxis {
        let units = Set(columns.map { $0.unit ?? "" })
        let unit = settings.unit ?? (units.count == 1 ? columns.first?.unit : nil)
        let digits = series.compactMap(\.fractionDigits).max() ?? 0
        var yMin = Double.infinity, yMax = -Double.infinity
        for s in series { for v in s.y where v.isFinite { yMin = min(yMin, v); yMax = max(yMax, v) } }
        if yMin > yMax { yMin = 0; yMax = 0 }
        let logY = (settings.logY ?? false) && yMin > 0
        if settings.logY == true && !logY {
            warnings.append(Localization.tr("A logarithmic scale needs values above zero; using a linear scale."))
        }
        let title: String
        if singleColumn || names.count == 1 {
            title = names.first ?? ""
        } else if names.count <= 3 {
            title = Localization.list(names)
        } else {
            title = Localization.tr("Value")
        }
        let years = columns.first.map { looksLikeYears($0, values: [yMin, yMax]) } ?? false
        return NumericAxis(
            title: title, unit: unit, range: yMin...yMax,
            gridlines: logY ? Gridlines.log10(yMin...yMax) : Gridlines.linear(yMin...yMax),
            scale: logY ? .log10 : .linear,
            formatter: ValueFormatter(unit: unit, fractionDigits: digits, usesGrouping: !years))
    }

    /// "Birth rate by year", "Fuel efficiency vs weight", or the file's name for several columns.
    static func defaultTitle(
        kind: ChartKind, xTitle: String, yTitle: String, seriesCount: Int, multiColumn: Bool,
        fileTitle: String?
    ) -> String {
        if multiColumn, let fileTitle, !fileTitle.isEmpty { return fileTitle }
        let x = Localization.titleInSentence(xTitle)
        return kind == .scatter ? Localization.tr("%@ vs %@", yTitle, x) : Localization.tr("%@ by %@", yTitle, x)
    }

    /// A formatter with the column's unit and decimals; years are written without grouping ("1960").
    static func formatter(for column: Column, unit: String?, digits: Int, values: [Double]) -> ValueFormatter {
        ValueFormatter(unit: unit, fractionDigits: digits, usesGrouping: !looksLikeYears(column, values: values))
    }

    /// The formatter of an x axis (or a histogram's) over `column`: years, by header or, along the x of a line or
    /// bars (`readingYears`), by their values (`YearValues`), are written without grouping ("1993"). A scatter's x is
    /// a measure: weights of 1,000 to 2,000 kg stay grouped.
    static func xFormatter(for column: Column, unit: String? = nil, digits: Int, readingYears: Bool) -> ValueFormatter {
        guard case .numeric(let values, _) = column.data else {
            return ValueFormatter(unit: unit ?? column.unit, fractionDigits: digits)
        }
        let years = looksLikeYears(column, values: values) || (readingYears && YearValues.areYears(values))
        // Years are whole: "1788", not "1788.0" as a column with a missing value was written.
        return ValueFormatter(unit: unit ?? column.unit, fractionDigits: years ? 0 : digits, usesGrouping: !years)
    }

    /// Whole numbers under a header that says year, from 1000 to 2999 or reaching far back (an ice core's
    /// -796562 to 2019, written without separators as years are).
    static func looksLikeYears(_ column: Column, values: [Double]) -> Bool {
        let title = column.title.lowercased()
        guard title.contains("year") || title == "yr" || title.contains("年") else { return false }
        let present = values.filter { !$0.isNaN }
        guard !present.isEmpty, present.allSatisfy({ $0 == $0.rounded() && $0 <= 2999 }) else { return false }
        return present.allSatisfy { $0 >= 1000 } || (present.min()! < 0 && present.max()! >= 1000)
    }
}
