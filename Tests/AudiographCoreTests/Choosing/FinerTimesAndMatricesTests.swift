import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Tables a person's reading found drawn wrong: a mean at two years or days that hides a finer time running
/// through them, a correlation matrix whose columns carry a prefix, and repeated measurement sets beside other
/// measures or crossed with a condition.
final class FinerTimesAndMatricesTests: XCTestCase {
    let folder = TemporaryFolder()

    func testTwoYearsOfDailyCountsAreALinePerYearOverDays() throws {
        // MASS's Traffic: year 1961 and 1962, day 1…30 in each, accidents y.
        var text = "year,day,y\n"
        for year in [1961, 1962] { for day in 1...30 { text += "\(year),\(day),\(10 + (day * 7 + year) % 13)\n" } }
        let document = try ChartDocument.open(path: folder.write("traffic.csv", text))
        XCTAssertEqual(document.chart.kind, .line)
        XCTAssertEqual(document.layout.x, 1, "day along x")
        XCTAssertEqual(document.layout.seriesBy, 0, "a line per year")
        XCTAssertNil(document.layout.aggregate, "each reading is a point: no mean")
        XCTAssertEqual(document.chart.series.map(\.x.count), [30, 30])
    }

    func testSubjectsSharingBothTimesAreAveragedWithinEachLineAndSaidSo() throws {
        // nlme's Glucose2: Subject 1…3, Date 1 and 2, Time -1…8 on each date.
        var text = "Subject,Date,Time,glucose\n"
        for subject in 1...3 {
            for date in 1...2 {
                for time in -1...8 { text += "\(subject),\(date),\(time),\(4 + Double((time * subject + date) % 5) / 2)\n" }
            }
        }
        let document = try ChartDocument.open(path: folder.write("glucose.csv", text))
        XCTAssertEqual(document.layout.x, 2, "Time along x")
        XCTAssertEqual(document.layout.seriesBy, 1, "a line per Date")
        XCTAssertEqual(document.layout.aggregate, .mean)
        XCTAssertEqual(document.chart.series.map(\.x.count), [10, 10])
        XCTAssertTrue(
            document.warnings.contains("Each point is the mean of the rows that share a time, within each date: 3 rows each."),
            "\(document.warnings)")
    }

    func testAMeasuredTimeIsNoClockToSplitBy() throws {
        // Two stages and a time to recurrence measured per patient (ties by chance, uneven): no line per stage over it.
        var text = "Stage,TimeToRecurrence,Age\n"
        for i in 0..<60 { text += "\(1 + i % 2),\([3, 5, 5, 8, 13, 21, 21, 21, 34][i % 9] + i / 9),\(50 + (i * 17) % 30)\n" }
        let layout = try ChartDocument.open(path: folder.write("stages.csv", text)).layout
        XCTAssertFalse(layout.x == 1 && layout.seriesBy == 0, "\(layout)")
    }

    func testACorrelationMatrixWithPrefixedColumnsAndConstantsBesideIsAHeatmap() throws {
        // R's Harman74.cor written by write.csv: cov.A … cov.D, then center (zeros) and n.obs (constant).
        let names = ["Verbal", "Spatial", "Speed", "Memory"]
        var text = "rownames," + names.map { "cov.\($0)" }.joined(separator: ",") + ",center,n.obs\n"
        for (i, row) in names.enumerated() {
            let cells = names.indices.map { j in i == j ? "1.000" : String(format: "%.3f", 0.1 + Double((i + j) % 4) / 10) }
            text += row + "," + cells.joined(separator: ",") + ",0,145\n"
        }
        let document = try ChartDocument.open(path: folder.write("harman.csv", text))
        XCTAssertEqual(document.chart.kind, .heatmap)
        XCTAssertEqual(document.layout.x, 0)
        XCTAssertEqual(document.layout.y, [1, 2, 3, 4], "center and n.obs are not cells")
    }

    func testRowsNamedLikeOnlySomeColumnsAreNoMatrix() throws {
        // A text column whose names match two of four headers: no heatmap.
        let text = "name,a,b,c,d\na,1,2,3,4\nb,2,3,4,5\ne,3,4,5,7\nf,4,5,6,8\n"
        XCTAssertNotEqual(try ChartDocument.open(path: folder.write("notmatrix.csv", text)).chart.kind, .heatmap)
    }

    func testIQAtFourAgesBesideTheMothersIsABoxPerAge() throws {
        // heplots' Adopted: AMED and BMIQ (the mothers'), then the child's IQ at ages 2, 4, 8 and 13.
        var random = SeededGenerator(seed: 11)
        var text = "AMED,BMIQ,Age2IQ,Age4IQ,Age8IQ,Age13IQ\n"
        for _ in 0..<40 {
            text +=
                "\(6 + random.below(12)),\(65 + random.below(60)),\(100 + random.below(40)),\(100 + random.below(30)),\(95 + random.below(35)),\(90 + random.below(40))\n"
        }
        let layout = try ChartDocument.open(path: folder.write("adopted.csv", text)).layout
        XCTAssertEqual(layout.kind, .box)
        XCTAssertNil(layout.x)
        XCTAssertEqual(layout.y, [2, 3, 4, 5])
    }

    func testRegressionPredictorsNumberedOneToFourStayMeasures() throws {
        // x1 … x4 beside y: different predictors that happen to be numbered, not one measure taken again.
        var random = SeededGenerator(seed: 5)
        var text = "y,x1,x2,x3,x4,z\n"
        for _ in 0..<40 {
            text +=
                "\(random.below(90)),\(random.below(70)),\(random.below(60)),\(random.below(80)),\(random.below(50)),\(random.below(40))\n"
        }
        XCTAssertNotEqual(try ChartDocument.open(path: folder.write("regression.csv", text)).chart.kind, .box)
    }

    func testSetsCrossedWithAConditionAreABoxEach() throws {
        // heplots' ReactTime: reaction times at 0, 4 and 8 degrees, with noise absent (NA) and present (NP).
        var text = "deg0NA,deg4NA,deg8NA,deg0NP,deg4NP,deg8NP\n"
        for i in 0..<10 { text += (0..<6).map { String(360 + 60 * ((i + $0 * 3) % 4 + $0 / 2)) }.joined(separator: ",") + "\n" }
        let layout = try ChartDocument.open(path: folder.write("react.csv", text)).layout
        XCTAssertEqual(layout.kind, .box)
        XCTAssertEqual(layout.y, [0, 1, 2, 3, 4, 5])
    }

    func testBoxesWithOneMedianSayItOnce() throws {
        var text = "group,score\n"
        for g in ["a", "b", "c"] { for v in [1, 2, 2, 2, 3] { text += "\(g),\(v)\n" } }
        let document = try ChartDocument.open(path: folder.write("medians.csv", text), overrides: ChartSettings(kind: .box))
        let summary = ChartAnalysis.analyze(document.chart).summary
        XCTAssertTrue(summary.contains("every median is 2"), summary)
        XCTAssertFalse(summary.contains("medians from"), summary)
    }
}
