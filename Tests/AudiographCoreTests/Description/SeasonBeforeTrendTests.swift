// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Issue 46, point 1: a seasonal series says its season before any trend, and its trend is the yearly means'.
final class SeasonBeforeTrendTests: XCTestCase {
    let folder = TemporaryFolder()

    /// Daily values from 2001 to 2010: a yearly wave of ±12 peaking in July, noise, and `risePerYear`.
    private func daily(risePerYear: Double, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate]
        let start = Date(timeIntervalSince1970: 978_307_200)  // 2001-01-01
        var text = "date,tmin\n"
        for day in 0..<3_652 {
            let wave = 12 * sin(2 * Double.pi * (Double(day % 365) - 105) / 365.25)
            let value = 54 + wave + risePerYear * Double(day) / 365.25 + 3 * generator.gaussian()
            text += "\(format.string(from: start.addingTimeInterval(Double(day) * 86_400))),\(String(format: "%.0f", value))\n"
        }
        return text
    }

    func testAYearlyCycleIsSaidFirstAndTheTrendIsOfYearlyMeans() throws {
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("t.csv", daily(risePerYear: 0.5, seed: 4))))
        let summary = r.analysis.summary
        XCTAssertTrue(summary.contains("rises and falls each year, highest on average in July and lowest in January"), summary)
        XCTAssertTrue(summary.contains("from 2001 to 2010 the yearly mean rises by about 4."), summary)
        XCTAssertFalse(summary.contains("to a peak of") || summary.contains("rises steeply"), summary)
        XCTAssertFalse(r.analysis.series[0].description.contains("Overall"), r.analysis.series[0].description)
    }

    func testACycleWithoutARiseSaysNoClearTrend() throws {
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("f.csv", daily(risePerYear: 0, seed: 9))))
        XCTAssertTrue(r.analysis.summary.contains("the yearly mean shows no clear trend"), r.analysis.summary)
    }

    func testARandomWalkOverDatesIsNoSeason() throws {
        var generator = SeededGenerator(seed: 2)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate]
        var text = "date,price\n", price = 100.0
        for day in 0..<1_500 {
            price += generator.gaussian()
            text +=
                "\(format.string(from: Date(timeIntervalSince1970: 978_307_200 + Double(day) * 86_400))),\(String(format: "%.2f", price))\n"
        }
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("w.csv", text)))
        XCTAssertFalse(r.analysis.summary.contains("each year"), r.analysis.summary)
    }
}
