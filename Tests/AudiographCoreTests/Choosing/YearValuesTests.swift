// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Years read from their values, whatever the header: never "1,993" (issue 45).
final class YearValuesTests: XCTestCase {
    let folder = TemporaryFolder()

    func testYearsUnderAnyHeaderAreSaidShownAndFoundAsYears() throws {
        for header in ["period", "time", "x", "Jahr"] {
            let chart = try folder.document("\(header),sales\n1990,5\n1991,7\n1992,6\n1993,9\n1994,8\n").chart
            XCTAssertEqual(chart.kind, .line, header)
            let summary = ChartAnalysis.analyze(chart).summary
            XCTAssertTrue(summary.contains("1990 to 1994"), "\(header): \(summary)")
            XCTAssertTrue(summary.contains("a peak of 9 in 1993"), "\(header): \(summary)")
            XCTAssertFalse(summary.contains("1,99"), "\(header): \(summary)")
            XCTAssertEqual(XValueFormatting(axis: chart.xAxis).string(1993), "1993", header)
            XCTAssertEqual(DataTable(chart: chart, series: 0).text(row: 3, column: 0), "1993", header)
            let words = ElementNames(chart: chart).pointWords(3, in: chart.series[0])
            XCTAssertTrue(words.hasPrefix("1993"), "\(header): \(words)")
            XCTAssertEqual(PointSearch(chart: chart, series: 0).place("1993"), .found(3), header)
            guard case .numeric(let axis) = chart.xAxis else { return XCTFail(header) }
            XCTAssertTrue(axis.gridlines.allSatisfy { $0 == $0.rounded() }, "ticks fall on years: \(axis.gridlines)")
            XCTAssertEqual(TickLabels.numeric(axis.gridlines, formatter: axis.formatter).first, "1990")
        }
    }

    func testYearsEveryFifthOrRepeatedPerGroupAreYears() throws {
        let stepped = try folder.document("t,v\n2000,1\n1990,2\n1995,3\n2005,2\n").chart
        XCTAssertEqual(XValueFormatting(axis: stepped.xAxis).string(1995), "1995")
        let long = try folder.document("land,jahr,wert\nA,1990,1\nA,1991,2\nA,1992,4\nB,1990,3\nB,1991,5\nB,1992,2\n").chart
        XCTAssertEqual(long.series.count, 2)
        XCTAssertEqual(XValueFormatting(axis: long.xAxis).string(1991), "1991")
    }

    func testNumbersThatAreNotYearsKeepTheirGrouping() throws {
        // Weights in grams of 1,000 to 2,200 drawn against heights: a scatter of measures, not a time.
        let chart = try folder.document("weight,height\n1850,40\n1210,35\n2010,44\n1500,38\n1333,36\n").chart
        XCTAssertEqual(chart.kind, .scatter)
        XCTAssertEqual(XValueFormatting(axis: chart.xAxis).string(1850), "1,850")
        let big = try folder.document("n,v\n12000,1\n13000,2\n14000,3\n").chart
        XCTAssertEqual(XValueFormatting(axis: big.xAxis).string(13000), "13,000")
    }
}
