// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

final class ChartInferenceTests: XCTestCase {
    let folder = TemporaryFolder()

    private func chart(_ text: String, _ settings: ChartSettings = ChartSettings(), name: String = "t.csv") throws
        -> ChartDescriptor
    {
        try ChartDocument.open(path: folder.write(name, text), overrides: settings).chart
    }

    func testDateColumnIsXAndOtherNumbersAreSeriesButIdsAreNot() throws {
        let c = try chart("id,Month,Tropical (mm),Dry (mm),Sun (h)\n3,2023-01,250,10,5\n1,2023-02,200,12,6\n2,2023-03,180,8,7\n")
        guard case .date = c.xAxis else { return XCTFail("x should be the date column") }
        XCTAssertEqual(c.kind, .line)
        XCTAssertEqual(c.series.map(\.name), ["Tropical", "Dry", "Sun"], "an id column is never a series")
        XCTAssertEqual(c.yAxis.unit, "mm", "the chart's own scale is the first unit's")
        XCTAssertNil(c.series[1].ownYAxis, "Dry shares Tropical's unit, so its scale, though ten times smaller")
        XCTAssertEqual(c.series[2].ownYAxis?.unit, "h", "another unit gets its own scale")
    }

    func testMonotonicNumericColumnIsXForALine() throws {
        let c = try chart("Value,Year\n5,1990\n7,1991\n6,1992\n")
        XCTAssertEqual(c.xAxis.title, "Year")
        XCTAssertEqual(c.kind, .line)
        XCTAssertEqual(c.series[0].y, [5, 7, 6])
        guard case .numeric(let x) = c.xAxis else { return XCTFail() }
        XCTAssertEqual(x.formatter.string(1990), "1990", "years are written without grouping")
    }

    func testTextXMakesABarChart() throws {
        let c = try chart("Region,Sales (USD)\nNorth,10\nSouth,20\nEast,5\n")
        XCTAssertEqual(c.kind, .bar)
        guard case .categorical(let axis) = c.xAxis else { return XCTFail() }
        XCTAssertEqual(axis.categories, ["North", "South", "East"])
        XCTAssertEqual(c.yAxis.formatter.string(20), "20 USD")
    }

    func testNamedRowsOfColumnsInOneUnitAreGroupedBarsNotAScatter() throws {
        // Regions by year: before, the first two years were drawn against each other ("2021 vs 2019, strong
        // negative correlation"), a relation that means nothing.
        let c = try chart("Region,2019,2020,2021\nNorth,5,6,7\nSouth,8,9,4\nEast,3,2,6\nWest,4,4,5\n")
        XCTAssertEqual(c.kind, .bar)
        XCTAssertEqual(c.xAxis.title, "Region")
        XCTAssertEqual(c.series.map(\.name), ["2019", "2020", "2021"])
        let products = try chart("Product,Q1,Q2,Q3\nTea,5.5,6.1,7.2\nCoffee,8.3,9.1,4.2\nCocoa,3.3,2.2,6.1\n")
        XCTAssertEqual(products.kind, .bar)
        XCTAssertEqual(products.series.map(\.name), ["Q1", "Q2", "Q3"])
        let animals = try chart("Animal,Body,Brain\nCat,3.3,25.6\nPig,192,180\nDog,14,70\nGoat,28,115\n")
        XCTAssertEqual(animals.kind, .scatter, "different quantities of named things stay a scatter plot")
    }

    /// "Country, 2000, …, 2005": six years of three countries, a series per row as statistics offices write it.
    private let countriesByYear =
        "Country,2000,2001,2002,2003,2004,2005\nFrance,16.1,16.5,17.0,17.2,17.9,18.3\n"
        + "Spain,44.7,45.0,,46.3,47.1,47.0\nPeru,31.0,31.5,32.2,32.0,33.4,34.7\n"

    func testColumnsOfYearsMakeOneLinePerRow() throws {
        let document = try ChartDocument.open(path: folder.write("gdp.csv", countriesByYear))
        let c = document.chart
        XCTAssertEqual(c.kind, .line)
        XCTAssertEqual(c.xAxis.title, "Year")
        XCTAssertEqual(c.series.map(\.name), ["France", "Spain", "Peru"])
        XCTAssertEqual(c.series[0].y, [16.1, 16.5, 17.0, 17.2, 17.9, 18.3])
        XCTAssertEqual(c.series[1].y.count, 6)
        XCTAssertTrue(c.series[1].y[2].isNaN, "an empty cell is a gap in its row's line")
        guard case .numeric(let x) = c.xAxis else { return XCTFail("x should be the years") }
        XCTAssertEqual(x.formatter.string(2003), "2003")
        XCTAssertEqual(document.table.columns.map(\.header), ["Country", "Year", "Value"])
        XCTAssertTrue(
            document.warnings.contains(
                "The columns 2000 to 2005 are times, so each row is drawn as a line over them."), "\(document.warnings)")
    }

    func testColumnsOfMonthsAndAConstantIndicatorNameTheLinesAndValues() throws {
        let text =
            "Indicator,Region,2024-01,2024-02,2024-03,2024-04\nRainfall (mm),North,80,95,60,40\n"
            + "Rainfall (mm),South,20,25,30,10\n"
        let c = try chart(text)
        XCTAssertEqual(c.kind, .line)
        guard case .date = c.xAxis else { return XCTFail("x should be the months") }
        XCTAssertEqual(c.series.map(\.name), ["North", "South"])
        XCTAssertEqual(c.yAxis.title, "Rainfall")
        XCTAssertEqual(c.yAxis.unit, "mm")
    }

    func testWideTablesOfTimesThatStayAsWritten() throws {
        // A column named by something else than a time: not one series per row.
        XCTAssertNotEqual(try chart("Country,2000,2001,2002,Population\nFrance,1,2,3,60\nPeru,4,5,6,30\n").xAxis.title, "Year")
        // No column names the rows.
        XCTAssertNotEqual(try chart("2000,2001,2002,2003\n1,2,3,4\n5,6,7,8\n").xAxis.title, "Year")
        // Years out of order.
        XCTAssertNotEqual(try chart("Country,2001,2000,2002,2003\nFrance,1,2,3,4\nPeru,4,5,6,7\n").xAxis.title, "Year")
        // A setting that names a column of the table as written keeps it as written.
        let pinned = try chart(countriesByYear, ChartSettings(y: ["2000", "2005"]))
        XCTAssertEqual(pinned.series.map(\.name), ["2000", "2005"])
    }

    func testManyRowsOfFewYearsAreLinesAndSettingsOfTheLongTableWork() throws {
        var text = "Town,2021,2022,2023\n"
        for i in 0..<45 { text += "Town \(i),\(i),\(i + 1),\(i * 2)\n" }
        let c = try chart(text)
        XCTAssertEqual(c.kind, .line)
        XCTAssertEqual(c.series.count, 45, "more rows than bars can hold: a line per row")
        let bars = try chart(countriesByYear, ChartSettings(x: "Country", kind: .bar))
        XCTAssertEqual(bars.kind, .bar)
        XCTAssertEqual(bars.xAxis.title, "Country")
        XCTAssertEqual(
            bars.series.map(\.name), ["2000", "2001", "2002", "2003", "2004", "2005"],
            "x named as written: the years are the bars' series")
        // The viewer's column picker names the long table's columns, with any kind.
        let heatmap = try chart(countriesByYear, ChartSettings(x: "Year", y: ["Value"], seriesBy: "Country", kind: .heatmap))
        XCTAssertEqual(heatmap.kind, .heatmap)
        XCTAssertEqual(heatmap.xAxis.title, "Year")
    }

    func testNonMonotonicNumbersMakeAScatterWithSizeCategoryAndLabels() throws {
        var text = "Model,Weight (kg),Efficiency (km/L),Price (USD),Country\n"
        let countries = ["Japan", "Germany", "USA"]
        for i in 0..<12 {
            // Efficiency falls with weight, not exactly (a column computed from weight would be left out).
            let k = (i * 37) % 11
            let efficiency = i % 4 == 1 ? "\(20 - k).5" : "\(20 - k)"
            text += "Car \(i),\(1000 + k * 100),\(efficiency),\(20000 + (i * 7) % 12 * 1000),\(countries[i % 3])\n"
        }
        let c = try chart(text)
        XCTAssertEqual(c.kind, .scatter)
        XCTAssertEqual(c.xAxis.title, "Weight")
        XCTAssertEqual(c.yAxis.title, "Efficiency")
        XCTAssertEqual(c.additionalAxes.map(\.title), ["Price", "Country"])
        XCTAssertEqual(c.series.count, 1)
        XCTAssertEqual(c.series[0].labels?.first, "Car 0")
        XCTAssertEqual(c.series[0].point(at: 1).additional, [.number(27000), .category(1)])
        XCTAssertEqual(c.title, "Efficiency vs weight")
    }

    func testLongTableSplitsIntoOneSeriesPerValue() throws {
        var text = "Symbol,Date,Close\n"
        for day in 1...5 { for s in ["AAA", "BBB"] { text += "\(s),2024-01-0\(day),\(day * (s == "AAA" ? 1 : 2))\n" } }
        let c = try chart(text)
        XCTAssertEqual(c.kind, .line)
        XCTAssertEqual(c.series.map(\.name), ["AAA", "BBB"])
        XCTAssertEqual(c.series[1].y, [2, 4, 6, 8, 10])
        XCTAssertEqual(c.yAxis.title, "Close")
    }

    func testLongTableWithNumericYears() throws {
        var text = "country,year,population\n"
        for (k, s) in ["A", "B", "C"].enumerated() { for y in 2000...2004 { text += "\(s),\(y),\((y - 1990) * (k + 1))\n" } }
        let c = try chart(text)
        XCTAssertEqual(c.series.map(\.name), ["A", "B", "C"])
        XCTAssertEqual(c.xAxis.title, "year")
    }

    func testLinesAreSortedSoTimeRunsForward() throws {
        let c = try chart("Date,Close\n2024-01-03,3\n2024-01-02,2\n2024-01-01,1\n")
        XCTAssertEqual(c.series[0].y, [1, 2, 3])
    }

    func testSingleNumericColumnIsADistributionUnlessRowNumberIsAsked() throws {
        let c = try chart("Reading\n3\n5\n4\n")
        XCTAssertEqual(c.kind, .histogram, "one measure and nothing to plot it against: its distribution")
        XCTAssertEqual(c.xAxis.title, "Reading")
        let rows = try chart("Reading\n3\n5\n4\n", ChartSettings(x: ChartSettings.noColumn))
        XCTAssertEqual(rows.xAxis.title, "Row")
        XCTAssertEqual(rows.series[0].x, [1, 2, 3])
    }

    func testFlagsOverrideEveryGuess() throws {
        let text = "a,b,c,g\n1,5,9,x\n2,4,8,y\n3,6,7,x\n4,1,2,y\n"
        let c = try chart(
            text,
            ChartSettings(
                x: "b", y: ["c"], kind: .scatter, title: "Mine", summary: "Given.",
                unit: "kg", logY: true))
        XCTAssertEqual(c.xAxis.title, "b")
        XCTAssertEqual(c.series.map(\.name), ["c"])
        XCTAssertEqual(c.kind, .scatter)
        XCTAssertEqual(c.title, "Mine")
        XCTAssertEqual(c.summary, "Given.")
        XCTAssertEqual(c.yAxis.unit, "kg")
        XCTAssertEqual(c.yAxis.scale, .log10)
        let bySeries = try chart(text, ChartSettings(x: "a", y: ["b"], seriesBy: "g"))
        XCTAssertEqual(bySeries.series.map(\.name), ["x", "y"])
        let sized = try chart(text, ChartSettings(x: "a", y: ["b"], size: "c", category: "g"))
        XCTAssertEqual(sized.additionalAxes.map(\.title), ["c", "g"])
    }

    func testUnknownOrTextColumnsInFlagsAreClearErrors() throws {
        XCTAssertThrowsError(try chart("a,b\n1,2\n2,3\n", ChartSettings(x: "nope"))) {
            XCTAssertEqual(($0 as? ImportError)?.message, "t.csv: has no column named \"nope\". Columns: a, b.")
        }
        XCTAssertThrowsError(try chart("a,b\n1,x\n2,y\n", ChartSettings(y: ["b"]))) {
            XCTAssertEqual(($0 as? ImportError)?.exitCode, 64)
        }
        XCTAssertThrowsError(try chart("a,b\nx,y\nz,w\n")) {
            guard case .noNumericColumn = $0 as? ImportError else { return XCTFail("\($0)") }
        }
    }

    func testSidecarSettingsAreReadAndFlagsWinOverThem() throws {
        let path = folder.write("s.csv", "a,b,c\n1,2,3\n2,3,1\n3,1,2\n")
        try SidecarSettings.save(ChartSettings(y: ["c"], title: "From sidecar"), for: path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path + ".audiograph.json"))
        var doc = try ChartDocument.open(path: path)
        XCTAssertEqual(doc.chart.title, "From sidecar")
        XCTAssertEqual(doc.chart.series.map(\.name), ["c"])
        doc = try ChartDocument.open(path: path, overrides: ChartSettings(title: "From flag"))
        XCTAssertEqual(doc.chart.title, "From flag")
        XCTAssertEqual(doc.chart.series.map(\.name), ["c"])
        folder.write("s.csv.audiograph.json", "{not json")
        XCTAssertThrowsError(try ChartDocument.open(path: path)) {
            guard case .invalidSettings = $0 as? ImportError else { return XCTFail("\($0)") }
        }
    }

    private func carsText() -> String {
        var text = "Model,Weight (kg),Efficiency (km/L),Price (USD),Country\n"
        let countries = ["Japan", "Germany", "USA"]
        for i in 0..<12 {
            // Efficiency falls with weight, not exactly (a column computed from weight would be left out).
            let k = (i * 37) % 11
            let efficiency = i % 4 == 1 ? "\(20 - k).5" : "\(20 - k)"
            text += "Car \(i),\(1000 + k * 100),\(efficiency),\(20000 + (i * 7) % 12 * 1000),\(countries[i % 3])\n"
        }
        return text
    }

    func testEmptyNamesAskForNoColumnInsteadOfAGuess() throws {
        let none = ChartSettings.noColumn
        let c = try chart(carsText(), ChartSettings(size: none, category: none, label: none))
        XCTAssertEqual(c.kind, .scatter)
        XCTAssertEqual(c.xAxis.title, "Weight")
        XCTAssertTrue(c.additionalAxes.isEmpty, "no size and no category: \(c.additionalAxes.map(\.title))")
        XCTAssertNil(c.series[0].labels)
        let rows = try chart(carsText(), ChartSettings(x: none, y: ["Price"]))
        XCTAssertEqual(rows.series[0].x, (1...12).map(Double.init), "an empty x is the row number")
    }

    func testEmptySeriesByKeepsALongTableWide() throws {
        var text = "Symbol,Date,Close\n"
        for day in 1...5 { for s in ["AAA", "BBB"] { text += "\(s),2024-01-0\(day),\(day)\n" } }
        let c = try chart(text, ChartSettings(seriesBy: ChartSettings.noColumn))
        XCTAssertEqual(c.series.map(\.name), ["Average close"], "dates repeat, so without series the rows are summarised")
        XCTAssertEqual(c.series[0].counts, [2, 2, 2, 2, 2])
        let wide = try chart(text, ChartSettings(seriesBy: ChartSettings.noColumn, aggregate: Aggregation.none))
        XCTAssertEqual(wide.series.map(\.name), ["Close"])
        XCTAssertEqual(wide.series[0].count, 10)
    }

    func testDocumentReportsItsLayoutAndCanSkipTheSidecar() throws {
        let path = folder.write("cars.csv", carsText())
        try SidecarSettings.save(ChartSettings(kind: .line), for: path)
        let withSidecar = try ChartDocument.open(path: path)
        XCTAssertEqual(withSidecar.chart.kind, .line)
        XCTAssertEqual(withSidecar.layout.kind, .line)
        let without = try ChartDocument.open(path: path, readingSidecar: false)
        XCTAssertEqual(without.chart.kind, .scatter)
        XCTAssertEqual(
            without.layout,
            ChartInference.Layout(
                x: 1, y: [2], seriesBy: nil, size: 3, category: 4, label: 0,
                kind: .scatter))
        XCTAssertNil(without.settings.kind)
    }
}
