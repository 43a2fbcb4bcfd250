// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Heatmaps: a matrix or a long table as a grid of rows (series) and columns, the guess for a labelled
/// square matrix, the words, the sound, the JSON and the colour scale.
final class HeatmapTests: XCTestCase {
    let folder = TemporaryFolder()

    func testAMatrixIsOneRowPerSeriesAndOneColumnPerNumberColumn() throws {
        let path = folder.write(
            "spend.csv", "Category,1940,1950,1960\nFood,22.2,59.6,86.8\nHealth,3.5,9.7,\nTravel,1.0,2.4,4.0\n")
        let chart = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .heatmap)).chart
        XCTAssertEqual(chart.kind, .heatmap)
        XCTAssertEqual(chart.series.map(\.name), ["Food", "Health", "Travel"])
        guard case .categorical(let columns) = chart.xAxis else { return XCTFail("columns along x") }
        XCTAssertEqual(columns.categories, ["1940", "1950", "1960"])
        XCTAssertEqual(chart.series[1].y[0], 3.5)
        XCTAssertTrue(chart.series[1].y[2].isNaN, "a missing cell stays missing")
        let names = ElementNames(chart: chart)
        let navigator = ChartNavigator(chart: chart)
        XCTAssertEqual(names.name(1, of: navigator.elements[0]), "Food, 1950: 59.6, column 2 of 3")
        XCTAssertEqual(names.name(2, of: navigator.elements[1]), "Health, 1960: no value, column 3 of 3")
        XCTAssertEqual(names.seriesName(2), "Travel, row 3 of 3")
        XCTAssertEqual(names.kindWords, "heatmap")
        let summary = ChartAnalysis.analyze(chart).summary
        XCTAssertTrue(summary.contains("3 rows by 3 columns, from 1.0 (Travel, 1940) to 86.8 (Food, 1960)."), summary)
    }

    func testALongTableNamesItsColumnsRowsAndValuesAndAveragesSharedCells() throws {
        let path = folder.write("flows.csv", "From,To,People\nA,X,10\nA,Y,20\nB,X,5\nB,Y,7\nB,Y,9\n")
        let document = try ChartDocument.open(
            path: path, overrides: ChartSettings(x: "To", y: ["From"], kind: .heatmap, z: "People"))
        let chart = document.chart
        XCTAssertEqual(chart.series.map(\.name), ["A", "B"])
        XCTAssertEqual(chart.series[1].y, [5, 8], "B to Y has two rows: their mean")
        XCTAssertTrue(document.warnings.contains("1 cell has several rows; it shows their mean."), "\(document.warnings)")
        XCTAssertEqual(chart.xAxis.title, "To")
    }

    func testASquareMatrixNamedByItsOwnHeadersIsGuessedAHeatmap() throws {
        let path = folder.write("corr.csv", "Variable,height,weight,age\nheight,1,0.8,0.1\nweight,0.8,1,0.3\nage,0.1,0.3,1\n")
        XCTAssertEqual(try ChartDocument.open(path: path, overrides: ChartSettings()).chart.kind, .heatmap)
        let plain = folder.write("plain.csv", "Region,Q1,Q2,Q3\nNorth,1,2,3\nSouth,4,5,6\nEast,7,8,9\n")
        XCTAssertNotEqual(
            try ChartDocument.open(path: plain, overrides: ChartSettings()).chart.kind, .heatmap,
            "rows and columns that are not the same things are bars or lines")
    }

    func testEachRowPlaysAsOneSweepAndTheJSONHasTheGrid() throws {
        let path = folder.write("grid.csv", "Row,a,b,c\nr1,1,5,9\nr2,3,,2\n")
        let document = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .heatmap))
        let score = Sonifier(chart: document.chart).score(.single(0))
        XCTAssertEqual(score.tones.count, 1, "a row is one glide")
        let path0 = score.tones[0].path.map(\.frequency)
        XCTAssertEqual(path0, path0.sorted(), "1, 5, 9 rise")
        let json = try DescribeReport(document: document).json()
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let grid = object["heatmap"] as! [String: Any]
        XCTAssertEqual(grid["rows"] as? [String], ["r1", "r2"])
        XCTAssertEqual(grid["columns"] as? [String], ["a", "b", "c"])
        let cells = grid["cells"] as! [Any]
        XCTAssertEqual(cells.count, 6)
        XCTAssertEqual(cells[1] as? Double, 5)
        XCTAssertTrue(cells[4] is NSNull, "a missing cell is null")
        XCTAssertEqual(object["rows"] as? Int, 2, "the table's row count keeps its key")
    }

    func testTheColourScaleRisesInLightnessAndItsTextReads() {
        let steps = (0...20).map { HeatmapScale.color(Double($0) / 20) }
        let lightness = steps.map { Contrast.ratio($0, RGBA(red: 0, green: 0, blue: 0)) }
        XCTAssertEqual(lightness, lightness.sorted(), "darker for less, lighter for more, as in greyscale")
        for fill in steps {
            XCTAssertGreaterThanOrEqual(Contrast.ratio(HeatmapScale.textColor(on: fill), fill), 4.5, "\(fill)")
        }
    }

    func testAHeatmapWithoutRowNamesSaysWhatItNeeds() {
        let path = folder.write("numbers.csv", "a,b\n1,2\n3,4\n")
        XCTAssertThrowsError(try ChartDocument.open(path: path, overrides: ChartSettings(kind: .heatmap))) { error in
            XCTAssertEqual(
                (error as? ImportError)?.message,
                "numbers.csv: a heatmap needs a text column naming the rows and two or more number columns, or, for a long table, --x, --y and --z (the columns' names, the rows' names and the values)."
            )
        }
    }
}
