// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Issue 46, point 2: no mean, median or spread of fewer than three values; two values are said with
/// their difference.
final class FewValuesWordingTests: XCTestCase {
    let folder = TemporaryFolder()

    func testTwoValuesPerGroupAreSaidWithTheirDifference() throws {
        let r = try folder.report(
            "state,year,rate\nAK,1987,4.8\nAK,1990,4.8\nWY,1987,7.7\nWY,1990,7.4\nMT,1987,6.1\nMT,1990,5.2\n")
        let descriptions = r.analysis.series.map(\.description)
        XCTAssertEqual(descriptions.count, 3, descriptions.joined(separator: "\n"))
        for d in descriptions {
            XCTAssertFalse(d.contains("Mean") || d.contains("median") || d.contains("standard deviation"), d)
            XCTAssertFalse(d.contains("ranging from"), d)
        }
        let wy = try XCTUnwrap(descriptions.first { $0.hasPrefix("WY") })
        XCTAssertTrue(wy.contains("7.7 in 1987 and 7.4 in 1990, a difference of 0.3"), wy)
        let ak = try XCTUnwrap(descriptions.first { $0.hasPrefix("AK") })
        XCTAssertTrue(ak.contains("4.8 in 1987 and 4.8 in 1990, the same."), ak)
    }

    func testTwoBarsSayBothValues() throws {
        let r = try folder.report("team,wins\nRed,12\nBlue,17\n")
        let d = r.analysis.series[0].description
        XCTAssertTrue(d.contains("12 for Red and 17 for Blue, a difference of 5"), d)
        XCTAssertFalse(d.contains("standard deviation"), d)
    }

    func testThreeValuesStillHaveTheirStatistics() throws {
        let d = try folder.report("team,wins\nRed,12\nBlue,17\nGreen,3\n").analysis.series[0].description
        XCTAssertTrue(d.contains("Mean 10.7, median 12"), d)
    }
}

/// Issue 46, point 2: a correlation matrix's diagonal of 1s is no value of the data.
final class MatrixDiagonalWordingTests: XCTestCase {
    let folder = TemporaryFolder()

    func testTheDiagonalIsLeftOutOfExtremesMeansAndRows() throws {
        let text = """
            var,a,b,c,d
            a,1.0,0.7,-0.37,0.23
            b,0.7,1.0,-0.33,0.15
            c,-0.37,-0.33,1.0,-0.8
            d,0.23,0.15,-0.8,1.0

            """
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("cor.csv", text)))
        XCTAssertEqual(r.document.chart.kind, .heatmap)
        XCTAssertTrue(r.analysis.summary.contains("from -0.80 (c, d) to 0.70 (a, b)"), r.analysis.summary)
        XCTAssertTrue(
            r.analysis.summary.contains("The diagonal, each row with itself (1.00 everywhere), is left out"),
            r.analysis.summary)
        let a = r.analysis.series[0].description
        XCTAssertTrue(a.hasPrefix("a: 3 values, ranging from -0.37 for c to 0.70 for b."), a)
        XCTAssertFalse(a.contains("missing"), a)
    }

    func testAHeatmapWithoutAConstantDiagonalKeepsEveryCell() throws {
        let text = "var,a,b,c\na,2,0.7,0.1\nb,0.7,1,0.3\nc,0.1,0.3,1\n"
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("m.csv", text)))
        XCTAssertFalse(r.analysis.summary.contains("diagonal"), r.analysis.summary)
        XCTAssertTrue(r.analysis.series[0].description.hasPrefix("a: 3 values"), r.analysis.series[0].description)
    }
}

/// Issue 46, point 4: tied outliers are one phrase, and a rule that sets a quarter apart sets none apart.
final class OutlierWordingTests: XCTestCase {
    let folder = TemporaryFolder()

    func testTiedValuesAtTheFloorAreOnePhrase() throws {
        var text = "day,level\n"
        for d in 1..<60 { text += "\(d),\([5, 9, 14, 20, 33].contains(d) ? "-23.0" : String(-10 + Double(d % 7) * 0.8))\n" }
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("floor.csv", text)))
        let d = r.analysis.series[0].description
        XCTAssertTrue(d.contains("Outliers: 5 values at the floor, -23.0."), d)
    }

    func testTiedOutliersStandOutTogetherInTheSummary() throws {
        // One person's five yearly rows tied at the top (DoctorContacts): the summary named one of them.
        var text = "visits,score\n"
        for i in 0..<200 {
            text += "\(i % 17),\([3, 50, 90, 120, 170].contains(i) ? "58.6" : String(format: "%.1f", 8 + Double(i % 13) * 0.7))\n"
        }
        let r = DescribeReport(
            document: try ChartDocument.open(
                path: folder.write("tied.csv", text),
                overrides: ChartSettings(x: "visits", y: ["score"], kind: .scatter)))
        XCTAssertTrue(r.analysis.summary.contains("5 values at the ceiling, 58.6, stand out."), r.analysis.summary)
    }

    func testRowsOfNoGroupAreSaid() throws {
        // ICU: 185 of 200 rows have no coma value; the lines per coma showed 15 patients without a word.
        var text = "systolic,age,coma\n"
        for i in 0..<60 { text += "\(80 + i * 2),\(30 + (i * 7) % 50),\(i % 4 == 0 ? (i % 8 == 0 ? "Stupor" : "Coma") : "")\n" }
        let d = try folder.document(text, ChartSettings(x: "systolic", y: ["age"], seriesBy: "coma", kind: .line))
        XCTAssertTrue(d.warnings.contains("45 rows have no coma value and are left out."), "\(d.warnings)")
    }

    func testAQuarterOfThePointsAreNoOutliers() throws {
        // 16 points, four of them (a quarter) far above the rest: the smooth-fit rule alone named all four.
        var text = "x,y\n"
        for i in 1...16 { text += "\(i),\([3, 7, 11, 15].contains(i) ? 80 + i : 10 + i % 3)\n" }
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("q.csv", text)))
        XCTAssertEqual(r.analysis.series[0].outliers, [], r.analysis.series[0].description)
    }
}
