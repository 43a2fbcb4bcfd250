// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// A requested kind is applied to the table's layout: a long table's groups stay groups in every kind, a mean
/// is only ever taken within one group and said in Notes, and a bar chart of several series names the series
/// of its highest and lowest bar.
final class KindsKeepTheLayoutTests: XCTestCase {
    let folder = TemporaryFolder()

    /// Electricity by source, three rows a year (a long table, as the EIA publishes it).
    private func generationPath() -> String {
        folder.write(
            "generation.csv",
            """
            year,source,net_generation
            2015,fossil fuels,2800
            2015,nuclear,797
            2015,renewables,544
            2016,fossil fuels,2700
            2016,nuclear,805
            2016,renewables,610
            2017,fossil fuels,2600
            2017,nuclear,805
            2017,renewables,687

            """)
    }

    func testEveryKindOfALongTableKeepsOneLayerPerSource() throws {
        let path = generationPath()
        let expected: [String: [Double]] = [
            "fossil fuels": [2800, 2700, 2600], "nuclear": [797, 805, 805],
            "renewables": [544, 610, 687]
        ]
        for kind in [ChartKind.line, .area, .stackedArea, .bar, .groupedBar, .stackedBar] {
            let document = try ChartDocument.open(path: path, overrides: ChartSettings(kind: kind))
            let chart = document.chart
            XCTAssertEqual(chart.kind, kind)
            XCTAssertEqual(document.layout.aggregate, nil, "\(kind): no mean across sources")
            let layers = chart.series.filter { !$0.isTotal }
            XCTAssertEqual(layers.map(\.name), ["fossil fuels", "nuclear", "renewables"], "\(kind)")
            for s in layers {
                XCTAssertEqual(s.x, [2015, 2016, 2017], "\(kind) \(s.name)")
                XCTAssertEqual(s.y, expected[s.name], "\(kind) \(s.name)")
            }
            XCTAssertFalse(chart.title.contains("Average"), "\(kind): \(chart.title)")
        }
    }

    func testABarChartOfSeveralSeriesNamesTheSeriesOfItsHighestAndLowestBar() throws {
        let report = DescribeReport(
            document: try ChartDocument.open(
                path: generationPath(),
                overrides: ChartSettings(kind: .bar)))
        XCTAssertEqual(
            report.analysis.summary,
            "net_generation by year, 3 series: the highest bar is fossil fuels in 2015 "
                + "(2,800), the lowest renewables in 2015 (544).")
    }

    func testAMeanIsTakenWithinEachGroupAndSaidInNotes() throws {
        // Two readings a year per site: the mean is of one site's readings, never of both sites together.
        let path = folder.write(
            "readings.csv",
            """
            year,site,level
            2020,north,10
            2020,north,12
            2020,south,100
            2020,south,104
            2021,north,14
            2021,north,16
            2021,south,110
            2021,south,114

            """)
        let document = try ChartDocument.open(
            path: path, overrides: ChartSettings(seriesBy: "site", kind: .bar, aggregate: .mean))
        XCTAssertEqual(document.chart.series.map(\.name), ["north", "south"])
        XCTAssertEqual(document.chart.series.map(\.y), [[11, 15], [102, 112]])
        XCTAssertTrue(
            document.warnings.contains("Each point is the mean of the rows that share a year, within each site: 2 rows each."),
            "\(document.warnings)")
    }

    func testAMeanOverRecordsSaysHowManyRowsEachPointHolds() throws {
        let path = folder.write("weights.csv", "year,weight\n2000,50\n2000,60\n2000,70\n2001,80\n2001,90\n")
        let document = try ChartDocument.open(path: path)
        XCTAssertEqual(document.layout.aggregate, .mean)
        XCTAssertTrue(
            document.warnings.contains("Each point is the mean of the rows that share a year: 2 to 3 rows."),
            "\(document.warnings)")
    }

    func testAScatterAndAHeatmapOfALongTableKeepItsGroups() throws {
        let path = generationPath()
        let scatter = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .scatter)).chart
        XCTAssertEqual(scatter.series.map(\.name), ["fossil fuels", "nuclear", "renewables"])
        let heatmap = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .heatmap)).chart
        XCTAssertEqual(heatmap.series.map(\.name), ["fossil fuels", "nuclear", "renewables"], "a row per source")
        XCTAssertEqual(heatmap.series[1].y, [797, 805, 805])
    }

    func testAHeatmapTakesAColumnOfYearsAsRowNames() throws {
        let path = folder.write(
            "rain.csv",
            """
            Year,Jan,Feb,Mar
            2012,10,12,9
            2013,11,15,7
            2014,8,9,12

            """)
        let document = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .heatmap))
        XCTAssertEqual(document.chart.series.map(\.name), ["Year 2012", "Year 2013", "Year 2014"])
        XCTAssertEqual(document.chart.series[1].y, [11, 15, 7])
        XCTAssertTrue(document.warnings.contains("The rows are named by the numbers in Year."), "\(document.warnings)")
        // Row numbers 1…n name no rows.
        let numbered = folder.write("numbered.csv", "n,a,b\n1,10,12\n2,11,15\n3,8,9\n4,7,7\n5,9,1\n6,3,4\n")
        XCTAssertThrowsError(try ChartDocument.open(path: numbered, overrides: ChartSettings(kind: .heatmap)))
    }

    func testNoTrendIsSaidAcrossHeatmapColumnsInNoOrder() throws {
        let path = folder.write("phones.csv", "rownames,Europe,Asia,Africa\n1951,100,50,10\n1956,140,80,20\n")
        let report = DescribeReport(document: try ChartDocument.open(path: path, overrides: ChartSettings(kind: .heatmap)))
        XCTAssertEqual(report.document.chart.series.map(\.name), ["1951", "1956"], "R's row names are the names")
        XCTAssertFalse(report.text().contains("decreasing") || report.text().contains("trend"), report.text())
    }

    func testOtherChartsOfferLayeredBarsOfAmountsAndNoMeanAcrossGroups() throws {
        let document = try ChartDocument.open(path: generationPath())
        let sentences = ChartSuggestions.list(for: document).map(\.sentence)
        XCTAssertTrue(
            sentences.contains("Grouped bar chart: net_generation by year, one layer per source, 3 series, and their total"),
            "\(sentences)")
        XCTAssertTrue(
            sentences.contains("Stacked bar chart: net_generation by year, one layer per source, 3 series, and their total"))
        XCTAssertFalse(sentences.contains { $0.contains("Average net_generation by year") }, "\(sentences)")
        // Prices are no amounts: five companies' prices stacked mean nothing.
        let prices = folder.write(
            "prices.csv", "symbol,date,price\nA,2024-01-02,10\nA,2024-01-03,11\nB,2024-01-02,50\nB,2024-01-03,52\n")
        let offered = ChartSuggestions.list(for: try ChartDocument.open(path: prices)).map(\.sentence)
        XCTAssertFalse(offered.contains { $0.hasPrefix("Stacked") || $0.hasPrefix("Grouped") }, "\(offered)")
    }

    func testRepeatedMeasurementSetsAreABoxPerColumn() throws {
        // Response times of twelve subjects at four probe positions (heplots' Probe2, shortened).
        var random = SeededGenerator(seed: 11)
        var text = "subject_code,p1,p2,p3,p4\n"
        for i in 0..<12 {
            text +=
                "s\(i),\(i == 0 ? 30 : 31 + random.below(20)),\(25 + random.below(15)),\(35 + random.below(25)),\(28 + random.below(18))\n"
        }
        let document = try ChartDocument.open(path: folder.write("probe.csv", text))
        XCTAssertEqual(document.chart.kind, .box)
        XCTAssertNil(document.layout.x)
        XCTAssertEqual(document.layout.y, [1, 2, 3, 4])
        let boxes = try XCTUnwrap(document.chart.series.first?.boxes)
        XCTAssertEqual(boxes.map(\.count), [12, 12, 12, 12])
        XCTAssertEqual(boxes[0].min, 30)
        XCTAssertTrue(document.warnings.contains("One box per column: 4 columns measured alike."), "\(document.warnings)")
        // Numbered columns beside another measure are a regression's predictors, not sets: no boxes.
        var cement = "x1,x2,x3,y\n"
        for i in 0..<12 { cement += "\(7 + i % 5),\(26 + (i * 3) % 40),\(6 + (i * 7) % 15),\(78 + i * 2)\n" }
        XCTAssertNotEqual(try ChartDocument.open(path: folder.write("cement.csv", cement)).chart.kind, .box)
    }
}
