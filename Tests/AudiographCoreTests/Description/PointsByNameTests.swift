// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Outliers and extremes are said by the name a column gives their row, not by coordinates (issue 46).
final class PointsByNameTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws { folder = try TemporaryFolder() }
    override func tearDown() { folder = nil }

    /// A panel: 30 countries, each on three rows (a decade each, not written), one far above the rest; sec
    /// against levine as a scatter (PRDEG's chart, there chosen among more measures than this table has).
    private func panel(tiedPair: Bool = false) -> String {
        let countries = ["USA", "Sweden", "Japan"] + (3..<30).map { "Country \($0)" }
        var text = "country,levine,sec\n"
        for (c, name) in countries.enumerated() {
            for decade in 1...3 {
                var sec = 3 + Double((c * 7 + decade * 3) % 9) * 0.5
                if name == "USA" && decade == 3 { sec = 49.1 }
                if tiedPair && ((name == "Sweden" && decade == 2) || (name == "Japan" && decade == 1)) { sec = 27.1 }
                text += "\(name),\(c * 3 + decade),\(String(format: "%.1f", sec))\n"
            }
        }
        return text
    }

    private func scatter(_ text: String) throws -> DescribeReport {
        DescribeReport(
            document: try ChartDocument.open(
                path: folder.write("panel.csv", text),
                overrides: ChartSettings(x: "levine", y: ["sec"], kind: .scatter)))
    }

    func testAPanelsNamesLabelItsPoints() throws {
        let r = try scatter(panel())
        XCTAssertEqual(r.document.chart.kind, .scatter)
        let d = r.analysis.series[0].description
        XCTAssertTrue(d.contains("to 49.1 for USA"), d)
        XCTAssertTrue(d.contains("USA (3, 49.1)"), "the outlier by its country: \(d)")
        XCTAssertFalse(d.contains(": 3 (49.1)"), "never by its coordinates alone: \(d)")
    }

    func testAFewTiedOutliersAreEachSaidByName() throws {
        let d = try scatter(panel(tiedPair: true)).analysis.series[0].description
        XCTAssertTrue(d.contains("Sweden (5, 27.1)") && d.contains("Japan (7, 27.1)"), "each by name and place: \(d)")
        XCTAssertFalse(d.contains("2 values of 27.1"), d)
    }

    func testACategoryIsNoName() throws {
        // Three groups over 90 rows repeat too often to name a point: no label, the coordinates stay.
        var text = "region,x,y\n"
        for i in 0..<90 { text += "\(["North", "South", "East"][i % 3]),\(i),\(i == 40 ? 500 : 10 + i % 5)\n" }
        let r = try folder.report(text)
        XCTAssertNil(r.document.chart.series[0].labels, r.analysis.series[0].description)
    }
}
