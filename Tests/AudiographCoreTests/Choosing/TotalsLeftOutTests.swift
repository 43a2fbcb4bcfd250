// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// A last row and a column that add up the others are left out of the chart, and said.
final class TotalsLeftOutTests: XCTestCase {
    let folder = TemporaryFolder()

    func testATotalRowIsLeftOutAndSaid() throws {
        let d = try folder.document("Region,Sales\nNorth,10\nSouth,20\nEast,5\nWest,7\nTotal,42\n")
        guard case .categorical(let axis) = d.chart.xAxis else { return XCTFail("bars by region") }
        XCTAssertEqual(axis.categories, ["North", "South", "East", "West"], "not \"Total\", the highest bar by far")
        XCTAssertEqual(d.chart.yAxis.formatter.string(20), "20")
        XCTAssertTrue(d.warnings.contains("Left out the row \"Total\": it adds up the rows above."), "\(d.warnings)")
        let japanese = try folder.document("地域,売上\n北,10\n南,20\n東,5\n合計,35\n")
        XCTAssertEqual(japanese.table.rowCount, 3)
    }

    func testATotalColumnIsLeftOutEvenAfterAYear() throws {
        let d = try folder.document("Region,Q1,Q2,Q3,Total\nNorth,10,12,14,36\nSouth,20,18,25,63\nEast,5,6,7,18\n")
        XCTAssertEqual(d.chart.series.map(\.name), ["Q1", "Q2", "Q3"])
        XCTAssertTrue(d.warnings.contains("Left out the column \"Total\": it adds up the others on each row."))
        let years = try folder.document("Year,North,South,Total\n2020,1.5,2,3.5\n2021,2,2.5,4.5\n2022,3,1,4\n")
        XCTAssertEqual(years.chart.series.map(\.name), ["North", "South"], "the year before the figures is not summed")
    }

    func testTotalsThatDoNotAddUpOrThatAreAskedForStay() throws {
        // Named a total but not the sum (a share, an average): kept, as written.
        let shares = try folder.document("Region,Share\nNorth,0.5\nSouth,0.3\nEast,0.2\nTotal,0.9\n")
        XCTAssertEqual(shares.table.rowCount, 4)
        XCTAssertFalse(shares.warnings.contains { $0.hasPrefix("Left out the row") })
        // Adds up, but the settings name it.
        let asked = try folder.document(
            "Region,Q1,Q2,Total\nNorth,1,2,3\nSouth,4,5,9\nEast,6,7,13\n", ChartSettings(y: ["Total"]))
        XCTAssertEqual(asked.chart.series.map(\.name), ["Total"])
        // Adds up, but not named a total.
        let named = try folder.document("Region,Q1,Q2,Both\nNorth,1,2,3\nSouth,4,5,9\nEast,6,7,13\n")
        XCTAssertEqual(named.chart.series.map(\.name), ["Q1", "Q2", "Both"])
    }
}
