// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Issue 46, point 1: a direction, its size and the correlation words come from one estimate.
final class TrendWordsAreOneEstimateTests: XCTestCase {
    let folder = TemporaryFolder()

    /// 43 stars rising together and four far out, low: the ranks rise, the least-squares line falls.
    private var starsText: String {
        var rows: [String] = []
        for i in 0..<43 {
            let x = 3.5 + Double((i * 17) % 43) * 0.021 + Double(i % 5) * 0.003
            rows.append(String(format: "%.3f,%.2f", x, 4 + (x - 3.5) * 1.4 + (i % 3 == 0 ? 0.2 : 0)))
        }
        for i in 0..<4 { rows.insert(String(format: "%.3f,%.2f", 4.6 + Double(i) * 0.013, 1.0 + Double(i) * 0.05), at: 10 * i) }
        return "temperature,luminosity\n" + rows.joined(separator: "\n") + "\n"
    }

    func testRanksAndLineThatDisagreeSayNoDirection() throws {
        let r = try folder.report(starsText)
        let trend = try XCTUnwrap(r.analysis.series[0].trend)
        XCTAssertLessThan(trend.slope, 0, "the fixture's line falls")
        XCTAssertGreaterThan(trend.kendallTau, 0, "the fixture's ranks rise")
        XCTAssertEqual(trend.direction, .flat)
        let words = r.analysis.series[0].description + " " + r.analysis.summary
        XCTAssertFalse(words.contains("increasing") || words.contains("decreasing"), words)
        XCTAssertFalse(words.contains("positive") || words.contains("negative"), words)
        XCTAssertTrue(words.contains("No clear correlation"), words)
    }

    func testASignificantButTinyTrendIsNoClearTrend() throws {
        // 2,000 daily values with a slope that is significant (p < 0.001) but explains 2% of the variation.
        var generator = SeededGenerator(seed: 7)
        var text = "date,reading\n"
        let start = Date(timeIntervalSince1970: 1_262_304_000)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withFullDate]
        for day in 0..<2_000 {
            let value = 50 + 0.0006 * Double(day) + 3 * generator.gaussian()
            text += "\(format.string(from: start.addingTimeInterval(Double(day) * 86_400))),\(String(format: "%.1f", value))\n"
        }
        let r = try folder.report(text)
        let trend = try XCTUnwrap(r.analysis.series[0].trend)
        XCTAssertLessThan(trend.slopePValue, 0.001)
        XCTAssertLessThan(trend.r2, Trend.materialR2)
        XCTAssertEqual(trend.direction, .flat)
        XCTAssertTrue(r.analysis.series[0].description.contains("No clear trend overall"), r.analysis.series[0].description)
    }

    func testAClearScatterSaysTheSameDirectionTwice() throws {
        var text = "height,weight\n"
        for i in 0..<30 {
            let height = 150 + Double((i * 7) % 30) + Double(i % 3) * 0.4
            text += "\(height),\(String(format: "%.1f", (height - 100) * 0.9 + Double(i % 4) * 1.5))\n"
        }
        let r = try folder.report(text)
        let description = r.analysis.series[0].description
        XCTAssertTrue(description.contains("Overall increasing"), description)
        XCTAssertTrue(description.contains("Strong positive correlation"), description)
        XCTAssertTrue(r.analysis.summary.contains("Strong positive correlation"), r.analysis.summary)
    }

    func testEveryCorrelationSentenceFollowsTheTrend() throws {
        // Over many random clouds, "positive" is said only with "increasing", "negative" only with
        // "decreasing", and "no clear correlation" only with "no clear trend".
        var scatters = 0
        for seed in UInt64(1)...40 {
            var generator = SeededGenerator(seed: seed)
            let n = 8 + Int(seed % 5) * 10
            let slope = Double(Int(seed % 7) - 3) * 0.15
            var text = "a,b\n"
            for i in 0..<n {
                let x = generator.gaussian() * 2 + 10
                text +=
                    "\(String(format: "%.3f", x)),\(String(format: "%.3f", slope * x + generator.gaussian() + (i == 0 ? 6 : 0)))\n"
            }
            let r = try folder.report(text, name: "cloud\(seed).csv")
            guard r.document.chart.kind == .scatter else { continue }
            scatters += 1
            let d = r.analysis.series[0].description
            XCTAssertEqual(d.contains("positive correlation"), d.contains("Overall increasing"), d)
            XCTAssertEqual(d.contains("negative correlation"), d.contains("Overall decreasing"), d)
            XCTAssertEqual(d.contains("No clear correlation"), d.contains("No clear trend"), d)
        }
        XCTAssertGreaterThan(scatters, 30)
    }
}
