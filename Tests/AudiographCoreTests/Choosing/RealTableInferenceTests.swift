// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// The chart guessed for the shapes real tables come in (issue 14): records, identifiers, maps, scales, names.
final class RealTableInferenceTests: XCTestCase {
    let folder = TemporaryFolder()

    private func headers(_ d: ChartDocument, _ indices: [Int]) -> [String] { indices.map { d.table.columns[$0].header } }

    /// A deterministic stand-in for the 406 cars of the UCI/ISLR table: weight drives fuel use, years repeat.
    private func carsText(rows: Int = 120) -> String {
        var text = "rownames,name,mpg,cylinders,displacement,horsepower,weight,acceleration,year,origin\n"
        let origins = ["USA", "Europe", "Japan"]
        for i in 0..<rows {
            let weight = 1600 + (i * 7919) % 3500
            let mpg = 46.0 - Double(weight) / 130 + Double((i * 31) % 7) / 3
            let cylinders = [4, 4, 6, 8, 8, 3, 5][(i * 13) % 7]
            let displacement = 60 + (i * 104_729) % 400
            let horsepower = 50 + (i * 613) % 180
            let acceleration = 8 + Double((i * 17) % 160) / 10
            text +=
                "\(i + 1),car \(i),\(String(format: "%.1f", mpg)),\(cylinders),\(displacement),\(horsepower),\(weight),"
                + "\(acceleration),\(70 + i % 13),\(origins[i % 3])\n"
        }
        return text
    }

    /// The World Bank's population download as it comes (2018 edition): two lines of source and date above the
    /// table, a column per year, lines ending with a comma. Before, it could not be opened at all.
    func testYearsAfterASharedPrefixBesideRowNumbersAreTimes() throws {
        // openintro's world_pop: "rownames, country, year_1960 … year_2020" was refused as "only row numbers,
        // ids or times", though the years' columns are populations.
        var text = "rownames,country," + (1960...1970).map { "year_\($0)" }.joined(separator: ",") + "\n"
        for (r, country) in ["Afghanistan", "Albania", "Algeria", "Andorra", "Angola"].enumerated() {
            text +=
                "\(r + 1),\(country)," + (0...10).map { "\(8_996_967 + r * 1_000_000 + $0 * 170_000).0" }.joined(separator: ",")
                + "\n"
        }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertEqual(d.chart.series.count, 5, "a line per country")
        XCTAssertEqual(d.chart.series[0].x.first, 1960)
        XCTAssertTrue(
            d.warnings.contains("The columns year_1960 to year_1970 are times, so each row is drawn as a line over them."),
            "\(d.warnings)")
    }

    func testAWorldBankDownloadIsALinePerCountryOverTheYears() throws {
        let d = try ChartDocument.open(path: fixturePath("world-bank-population.csv"))
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertEqual(d.chart.xAxis.title, "Year")
        XCTAssertEqual(d.chart.series.count, 264, "one line per country or region")
        XCTAssertEqual(d.chart.yAxis.title, "Population, total", "named by the Indicator Name column")
        let aruba = try XCTUnwrap(d.chart.series.first { $0.name == "Aruba" })
        XCTAssertEqual(aruba.count, 57, "1960 to 2016; the empty 2017 column is left out")
        XCTAssertEqual(aruba.y.first, 54211)
        XCTAssertEqual(aruba.y.last, 104_822)
        let world = try XCTUnwrap(d.chart.series.first { $0.name == "World" })
        XCTAssertEqual(world.y.last, 7_442_135_578)
        XCTAssertEqual(
            d.warnings.prefix(1), ["Skipped 2 rows above the table, starting with \"Data Source, World Development Indicators\"."]
        )
        XCTAssertTrue(
            d.warnings.contains("The columns 1960 to 2016 are times, so each row is drawn as a line over them."),
            "\(d.warnings)")
    }

    func testRecordsWithRepeatedYearsBecomeAScatterOfTheMostRelatedMeasures() throws {
        let d = try folder.document(carsText())
        XCTAssertEqual(d.chart.kind, .scatter, "34 cars a year are records, not a line over years")
        XCTAssertEqual(headers(d, [d.layout.x!] + d.layout.y), ["mpg", "weight"], "weight moves with mpg most")
        XCTAssertEqual(d.layout.category.map { d.table.columns[$0].header }, "origin")
        XCTAssertEqual(d.layout.label.map { d.table.columns[$0].header }, "name")
        XCTAssertNil(d.layout.size, "with several measures left, none is picked arbitrarily as size")
        XCTAssertEqual(d.chart.series.count, 1)
        XCTAssertFalse(headers(d, d.layout.y).contains("rownames"))
    }

    func testOneMeasureOverRepeatedYearsIsItsMeanWithCounts() throws {
        var text = "year,mpg\n"
        for i in 0..<60 { text += "\(70 + i % 6),\(20 + i % 6 + (i / 6) % 2)\n" }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertEqual(d.layout.aggregate, .mean)
        XCTAssertEqual(d.chart.title, "Average mpg by year")
        XCTAssertEqual(d.chart.series[0].x, [70, 71, 72, 73, 74, 75], "one point per year, never two at one x")
        XCTAssertEqual(d.chart.series[0].counts, [10, 10, 10, 10, 10, 10])
        XCTAssertEqual(d.chart.series[0].y[0], 20.5, accuracy: 1e-9)
        let spoken = ElementNames(chart: d.chart).pointWords(0, in: d.chart.series[0])
        XCTAssertEqual(spoken, "70, 20.5, mean of 10 rows")
    }

    func testManyRowsPerGroupAreBoxesAndFewAreBarsOfMeans() throws {
        var text = "weight,group\n"
        for (g, base) in [("ctrl", 5.0), ("trt1", 4.6), ("trt2", 5.5)] {
            for k in 0..<10 { text += "\(base + Double(k % 5) / 10),\(g)\n" }
        }
        let boxes = try folder.document(text)
        XCTAssertEqual(boxes.chart.kind, .box, "ten plants per group: their spread, not a mean piled on the others")
        XCTAssertEqual(boxes.chart.series[0].boxes?.map(\.count), [10, 10, 10])
        // Three rows a group are too few for quartiles: the mean of each, as bars.
        let few =
            text.split(separator: "\n").enumerated().filter { $0.offset == 0 || ($0.offset - 1) % 10 < 3 }
            .map { String($0.element) }.joined(separator: "\n") + "\n"
        let means = try folder.document(few)
        XCTAssertEqual(means.chart.kind, .bar)
        XCTAssertEqual(means.chart.series[0].counts, [3, 3, 3])
        // Asked for bars, the same table gives the means of ten.
        let d = try folder.document(text, ChartSettings(kind: .bar))
        XCTAssertEqual(d.chart.kind, .bar)
        XCTAssertEqual(d.layout.aggregate, .mean)
        guard case .categorical(let axis) = d.chart.xAxis else { return XCTFail("x should be the groups") }
        XCTAssertEqual(axis.categories, ["ctrl", "trt1", "trt2"])
        XCTAssertEqual(d.chart.series[0].count, 3)
        XCTAssertEqual(d.chart.series[0].counts, [10, 10, 10])
        XCTAssertEqual(d.chart.title, "Average weight by group")
    }

    func testIdentifiersAreNeverSeries() throws {
        var text = "ID,index,Patient ID,code,reading,dose\n"
        for i in 0..<30 { text += "\((i * 7) % 30 + 100),\(i),\(500 + i),C\(i),\(Double(i % 9) * 1.5),\(i * 2)\n" }
        let d = try folder.document(text)
        let used = headers(d, d.layout.y) + headers(d, [d.layout.x].compactMap { $0 })
        for id in ["ID", "index", "Patient ID"] { XCTAssertFalse(used.contains(id), "\(id) was used: \(used)") }
        XCTAssertEqual(headers(d, d.layout.y), ["reading"])
        XCTAssertEqual(d.layout.x.map { d.table.columns[$0].header }, "dose", "an ordered measure is x")
        let profile = TableProfile(d.table)
        XCTAssertEqual(profile[0].role, .identifier, "a shuffle of consecutive numbers under ID")
        XCTAssertEqual(profile[1].role, .identifier, "row numbers 0…n−1")
        XCTAssertEqual(profile[2].role, .identifier, "a header ending in ID")
        XCTAssertEqual(profile[3].role, .labels, "a unique text code names the points")
    }

    func testANoThatRepeatsCountsSomethingAndANoThatDoesNotNumbersRows() throws {
        // drc's daphnids: "no" immobile of 20 at eight doses, at 24 h and at 48 h: a line per time over dose.
        var text = "dose,no,total,time\n"
        for time in ["24h", "48h"] {
            for (k, dose) in [105.0, 400, 600, 1200, 2400, 4800, 7200, 9600].enumerated() {
                text += "\(dose),\(min(20, k * (time == "24h" ? 2 : 3))),20,\(time)\n"
            }
        }
        let d = try folder.document(text)
        XCTAssertEqual(TableProfile(d.table)[1].role, .measure)
        XCTAssertEqual(headers(d, d.layout.y), ["no"])
        XCTAssertEqual(d.layout.x.map { d.table.columns[$0].header }, "dose")
        XCTAssertEqual(d.layout.seriesBy.map { d.table.columns[$0].header }, "time")
        // "No." numbering the rows once each stays a key.
        var numbered = "No,reading\n"
        for i in 0..<20 { numbered += "\(20 - i),\(Double(i % 7) * 1.5)\n" }
        XCTAssertEqual(TableProfile(try folder.document(numbered).table)[0].role, .identifier)
    }

    func testLatitudeAndLongitudeMakeAMapWithLongitudeAlongX() throws {
        var text = "name,latitude,longitude,altitude\n"
        for i in 0..<40 { text += "Airport \(i),\(30 + Double(i % 17)),\(-120 + Double((i * 7) % 50)),\(i * 37 % 900)\n" }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .scatter)
        XCTAssertEqual(d.chart.xAxis.title, "longitude")
        XCTAssertEqual(d.chart.yAxis.title, "latitude")
        XCTAssertEqual(d.chart.series[0].labels?.first, "Airport 0")
    }

    func testUnlikeSizesWithoutUnitsGetTheirOwnScale() throws {
        var text = "date,cylinders,weight,rate\n"
        for i in 0..<20 { text += "2000-01-\(String(format: "%02d", i + 1)),\(3 + i % 6),\(1600 + i * 170),\(30 + i % 9)\n" }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertEqual(d.chart.series.map(\.name), ["cylinders", "rate", "weight"], "series in scale order")
        XCTAssertEqual(d.chart.scaleGroups, [[0, 1], [2]], "cylinders and rate share a scale; weight is 100 times bigger")
        XCTAssertNil(d.chart.series[1].ownYAxis)
        XCTAssertEqual(d.chart.series[2].ownYAxis?.range, 1600...4830)
        XCTAssertEqual(d.chart.yAxis.range, 3...38)
        // Each scale spans the whole pitch range.
        let sonifier = Sonifier(chart: d.chart)
        XCTAssertEqual(
            sonifier.pitch(forSeries: 2).frequency(of: 1600)!, sonifier.pitch(forSeries: 0).frequency(of: 3)!,
            accuracy: 0.01)
        XCTAssertTrue(AxisWording(chart: d.chart).y.contains("own scale: weight, 1,600 to 4,830"), AxisWording(chart: d.chart).y)
        // Drawn as two panels, one above the other, each series inside its own.
        let scene = ChartSceneBuilder.build(chart: d.chart, size: SceneSize(width: 640, height: 480))
        let weightY = scene.pointPositions[2].compactMap { $0?.y }
        let cylindersY = scene.pointPositions[0].compactMap { $0?.y }
        XCTAssertEqual(weightY.count, 20)
        XCTAssertLessThan(cylindersY.max()!, 240, "the first scale's panel is the top half")
        XCTAssertGreaterThan(weightY.min()!, 240, "weight's panel is the bottom half")
        XCTAssertLessThan(weightY.max()! - weightY.min()!, 240)
        XCTAssertGreaterThan(weightY.max()! - weightY.min()!, 100, "weight fills its own panel, not a sliver")
        XCTAssertEqual(
            ElementNames(chart: d.chart).seriesName(2), "weight, series 3 of 3, 20 points, scale 2 of 2, 1,600 to 4,830")
    }

    func testEachSeriesIsWrittenWithItsOwnDecimals() throws {
        var text = "year,age,latitude_deg\n"
        for i in 0..<12 { text += "\(1990 + i),\(60 + i),\(String(format: "%.6f", 40 + Double(i) / 7))\n" }
        let d = try folder.document(text)
        let age = d.chart.series.firstIndex { $0.name == "age" }!
        XCTAssertEqual(d.chart.valueFormatter(ofSeries: age).string(87), "87", "not 87.000000")
        let lat = d.chart.series.firstIndex { $0.name == "latitude_deg" }!
        XCTAssertEqual(
            d.chart.valueFormatter(ofSeries: lat).string(40.5), "40.5",
            "six decimals written, five significant digits said, less trailing zeros")
        XCTAssertEqual(d.chart.valueFormatter(ofSeries: lat).string(40.14286), "40.143", "five significant digits")
        XCTAssertTrue(ElementNames(chart: d.chart).pointWords(0, in: d.chart.series[age]).hasSuffix(", 60"))
    }

    func testHeadersKeepTheirPunctuationAndAcronymsTheirCase() throws {
        // Issue 46: a name is said as written, so that a listener can type it back and find it in the file.
        XCTAssertEqual(HeaderParsing.titleAndUnit("temp_max").title, "temp_max")
        XCTAssertEqual(HeaderParsing.titleAndUnit("Sepal.Length (cm)").title, "Sepal.Length")
        XCTAssertEqual(HeaderParsing.titleAndUnit("mean.median").title, "mean.median")
        XCTAssertEqual(HeaderParsing.titleAndUnit(" Gross\n  income ").title, "Gross income")
        XCTAssertEqual(Localization.titleInSentence("Sepal.Length"), "Sepal.Length")
        XCTAssertEqual(HeaderParsing.titleAndUnit("U.S.").title, "U.S.")
        XCTAssertEqual(HeaderParsing.titleAndUnit("No.").title, "No.")
        XCTAssertEqual(Localization.titleInSentence("Year"), "year")
        XCTAssertEqual(Localization.titleInSentence("US employment"), "US employment")
        XCTAssertEqual(Localization.titleInSentence("CO2"), "CO2")
        // Issue 46: names in camel case and proper nouns keep their capitals.
        XCTAssertEqual(Localization.titleInSentence("NumMedicare"), "NumMedicare")
        XCTAssertEqual(Localization.titleInSentence("StClair"), "StClair")
        XCTAssertEqual(Localization.titleInSentence("IndWhiteVictim"), "IndWhiteVictim")
        XCTAssertEqual(Localization.titleInSentence("New York population"), "New York population")
        XCTAssertEqual(Localization.titleInSentence("Birth rate"), "birth rate")
        XCTAssertEqual(Localization.titleInSentence("Sepal Length"), "sepal length")
        // A sentence starts with a capital only where its first word is a common word.
        XCTAssertEqual(Localization.startingSentence("income rises"), "Income rises")
        XCTAssertEqual(Localization.startingSentence("numMDs rises"), "numMDs rises")
        XCTAssertEqual(Localization.startingSentence("temp_max rises"), "temp_max rises")
        XCTAssertEqual(Localization.startingSentence("v peaks at 7"), "v peaks at 7")
        XCTAssertEqual(Localization.startingSentence("gdp peaks"), "gdp peaks")
        XCTAssertEqual(Localization.startingSentence("x2 peaks"), "x2 peaks")
        var text = "Year,CO2 (ppm),US employment\n"
        for i in 0..<10 { text += "\(2000 + i),\(370 + i * 2),\(130 + i)\n" }
        let d = try folder.document(text)
        XCTAssertFalse(d.chart.title.contains("co2"), d.chart.title)
        let slope = XValueFormatting(axis: .numeric(NumericAxis(title: "CO2", range: 0...1, formatter: ValueFormatter())))
            .slopeUnit(spanSeconds: 1).perUnit
        XCTAssertEqual(slope, "unit of CO2")
    }

    func testALongTableNeedsSharedXValuesNotChanceTies() throws {
        var long = "symbol,date,price\n"
        for (k, s) in ["AAA", "BBB", "CCC", "DDD", "EEE"].enumerated() {
            for day in 1...20 { long += "\(s),2000-02-\(String(format: "%02d", day)),\(Double(day) * 1.5 + Double(k))\n" }
        }
        let d = try folder.document(long)
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertEqual(d.chart.series.map(\.name), ["AAA", "BBB", "CCC", "DDD", "EEE"])
        for s in d.chart.series { XCTAssertEqual(Set(s.x).count, s.count, "never two points at one x in \(s.name)") }
    }

    func testSuggestionsStartWithTheChartShownAndEachGivesItself() throws {
        let d = try folder.document(carsText())
        let suggestions = ChartSuggestions.list(for: d)
        XCTAssertGreaterThanOrEqual(suggestions.count, 3)
        XCTAssertEqual(suggestions[0].layout, d.layout)
        XCTAssertEqual(suggestions[0].sentence, "Scatter plot: weight against mpg, coloured by origin, 120 points")
        XCTAssertTrue(
            suggestions.contains { $0.sentence == "Line chart: Average mpg by year, 13 points" },
            suggestions.map(\.sentence).joined(separator: "\n"))
        for s in suggestions {
            let again = try ChartInference.inferLayout(d.table, settings: s.settings)
            XCTAssertEqual(again, s.layout, s.sentence)
            XCTAssertEqual(try ChartInference.inferLayout(d.table, settings: s.flags), s.layout, "fewest flags: \(s.sentence)")
        }
        XCTAssertEqual(Set(suggestions.map(\.sentence)).count, suggestions.count, "no chart offered twice")
    }

    func testWholeNumberAxesHaveWholeGridlines() {
        XCTAssertEqual(Gridlines.linear(70...82), [70, 72.5, 75, 77.5, 80])
        XCTAssertEqual(Gridlines.linear(70...82, wholeNumbers: true), [70, 75, 80], "model years 70 to 82: no 72.5")
        XCTAssertEqual(Gridlines.linear(1...3, wholeNumbers: true), [1, 2, 3], "never a step below one")
    }

    func testATimeSeriesWithoutATimeColumnIsLinesOverTheRow() throws {
        // Four smooth index series (R's EuStockMarkets has no time column).
        var text = "DAX,SMI,CAC,FTSE\n"
        for i in 0..<200 {
            let t = Double(i)
            text += String(
                format: "%.2f,%.2f,%.2f,%.2f\n", 1600 + 3 * t + 300 * sin(t / 9), 1700 + 2 * t + 260 * cos(t / 7),
                1800 + 4 * t + 290 * sin(t / 11), 2400 + 3 * t + 270 * cos(t / 13))
        }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertNil(d.layout.x)
        XCTAssertEqual(d.chart.series.map(\.name), ["DAX", "SMI", "CAC", "FTSE"])
    }

    func testRecordsSortedByOneMeasureAreStillAScatter() throws {
        // R's cars: sorted by speed, with ties.
        var text = "speed,dist\n"
        for i in 0..<50 { text += "\(4 + i / 2),\(2 + (i * 37) % 60 + i)\n" }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .scatter)
        XCTAssertEqual(headers(d, [d.layout.x!] + d.layout.y), ["speed", "dist"])
    }

    func testGroupsThatShareMostOfTheirYearsAreALongTable() throws {
        // Marathon winners: men from 1980, women from 1982, rows interleaved in blocks of ten.
        var rows: [String] = []
        for year in 1980...2010 { rows.append("\(year),m,\(2.2 - Double(year - 1980) / 200)") }
        for year in 1982...2010 { rows.append("\(year),f,\(2.5 - Double(year - 1982) / 150)") }
        let order = Array(rows[0..<10]) + Array(rows[31..<41]) + Array(rows[10..<31]) + Array(rows[41...])
        let d = try folder.document("year,gender,time\n" + order.joined(separator: "\n") + "\n")
        XCTAssertEqual(d.chart.kind, .line)
        XCTAssertEqual(d.layout.seriesBy.map { d.table.columns[$0].header }, "gender")
        XCTAssertEqual(d.chart.series.map(\.count), [31, 29])
    }

    func testRowNamesHoldingYearsAreTheTimeAxis() throws {
        let d = try folder.document(
            "rownames,N.Amer,Europe,Asia\n1951,45939,21574,2876\n1956,60423,29990,4708\n"
                + "1957,64721,32510,5230\n1958,68484,35218,6662\n1959,71799,37598,6856\n")
        XCTAssertEqual(d.layout.x.map { d.table.columns[$0].header }, "rownames")
        XCTAssertEqual(d.chart.series.map(\.name), ["N.Amer", "Europe", "Asia"])
    }

    func testNamedRowsOfOneUnitAreBarsEvenWhenAColumnRises() throws {
        // R's VADeaths: death rates rise with age in every column, but the age groups are the bars.
        let d = try folder.document(
            "rownames,Rural Male,Rural Female,Urban Male,Urban Female\n50-54,11.7,8.7,15.4,8.4\n"
                + "55-59,18.1,11.7,24.3,13.6\n60-64,26.9,20.3,37,19.3\n65-69,41,30.9,54.6,35.1\n70-74,66,54.3,71.1,50\n")
        XCTAssertEqual(d.chart.kind, .bar)
        XCTAssertEqual(d.layout.x.map { d.table.columns[$0].header }, "rownames")
        XCTAssertEqual(d.chart.series.count, 4)
    }

    func testAUniqueDateMakesAWideTableEvenWithMonthAndYearBesideIt() throws {
        // HistData's Nightingale: monthly deaths by Date, with Month and Year columns that repeat.
        let months = ["Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Jan", "Feb", "Mar"]
        var text = "Date,Month,Year,Disease,Wounds\n"
        for i in 0..<24 {
            let year = 1854 + (i + 3) / 12
            text +=
                "\(year)-\(String(format: "%02d", (i + 3) % 12 + 1))-01,\(months[i % 12]),\(year),\(i * 37 % 300),\(i * 11 % 50)\n"
        }
        let d = try folder.document(text)
        XCTAssertEqual(d.layout.x.map { d.table.columns[$0].header }, "Date")
        XCTAssertNil(d.layout.seriesBy, "not one line per month over years")
        XCTAssertEqual(d.chart.series.map(\.name), ["Disease", "Wounds"])
    }

    func testWholeNumberMeasuresAreNotCodesAndTheFewestNamedGroupsColour() throws {
        // ggplot2's mpg: city and highway mpg are whole numbers with about 20 values; drv has 3, trans 10.
        var text = "displ,cty,hwy,trans,drv\n"
        let trans = [
            "auto(l4)", "auto(l5)", "manual(m5)", "manual(m6)", "auto(s6)", "auto(l6)", "auto(av)", "auto(s4)",
            "auto(l3)", "auto(s5)"
        ]
        for i in 0..<200 {
            let displ = 1.6 + Double((i * 17) % 40) / 10  // rows in no order, as records are
            text += String(
                format: "%.1f,%d,%d,%@,%@\n", displ, 35 - Int(displ * 5) + i % 3, 44 - Int(displ * 6) + i % 4,
                trans[i % 10], ["f", "4", "r"][i % 3])
        }
        let d = try folder.document(text)
        XCTAssertEqual(d.chart.kind, .scatter)
        XCTAssertFalse(TableProfile(d.table)[1].isCode, "cty, 9 to 35, is a measure")
        XCTAssertEqual(d.layout.category.map { d.table.columns[$0].header }, "drv")
    }
}
