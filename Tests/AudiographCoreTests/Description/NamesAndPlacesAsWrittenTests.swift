// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Issue 46, points 5 to 7: names as written, x words by kind, the chart's whole x range.
final class NamesAndPlacesAsWrittenTests: XCTestCase {
    let folder = TemporaryFolder()

    func testNamesThatDifferInCaseStayAsWrittenWithoutAUnit() throws {
        let r = try folder.report("class,Class,v\n1,2,3\n2,3,5\n3,4,4\n4,6,8\n")
        let titles = r.document.table.columns.map(\.title)
        XCTAssertEqual(titles, ["class", "Class", "v"])
        XCTAssertEqual(r.document.table.columns.map(\.unit), [nil, nil, nil])
        XCTAssertEqual(r.document.table.columnIndex(named: "Class"), 1)
        XCTAssertEqual(r.document.table.columnIndex(named: "class"), 0)
        XCTAssertTrue(r.analysis.summary.contains("Class peaks at 6 at class 4"), r.analysis.summary)
    }

    func testANameWrittenTwiceIsToldApartByPositionNotAsAUnit() throws {
        let r = try folder.report("a,b (kg),b (kg)\n1,2,3\n2,3,5\n3,4,4\n4,6,8\n")
        let third = r.document.table.columns[2]
        XCTAssertEqual(third.title, "b (column 3)")
        XCTAssertEqual(third.unit, "kg")
        XCTAssertEqual(r.document.table.columnIndex(named: third.header), 2)
    }

    func testAMeasureOnXIsAPlaceNotATime() throws {
        let r = try folder.report(
            "GNP,consumption\n2954.1,400\n3100.5,420\n3300.2,474.9\n3500,450\n3700.7,460\n3900.1,470\n4100,480\n")
        XCTAssertTrue(r.analysis.summary.contains("474.9 at GNP 3,300.2"), r.analysis.summary)
        XCTAssertFalse(r.analysis.summary.contains("in 3,300.2"), r.analysis.summary)
        let years = try folder.report("year,sales\n1990,3\n1991,5\n1992,4\n1993,9\n1994,6\n", name: "y.csv")
        XCTAssertTrue(years.analysis.summary.contains("in 1993"), years.analysis.summary)
    }

    func testSeveralSeriesSayTheChartsWholeRange() throws {
        let r = try folder.report("g,t,v\na,5,1\na,10,2\na,24,3\nb,5,2\nb,12,3\nb,30,1\nc,6,1\nc,20,5\nc,28,2\n")
        XCTAssertTrue(r.analysis.summary.contains("3 series from 5 to 30"), r.analysis.summary)
    }
}
