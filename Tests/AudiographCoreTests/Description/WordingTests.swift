// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

final class ValueFormatterTests: XCTestCase {
    func testUnitsGoWhereReadersExpectThem() {
        XCTAssertEqual(ValueFormatter(unit: "births per 10,000").string(268), "268 births per 10,000")
        XCTAssertEqual(ValueFormatter(unit: "°C", fractionDigits: 1).string(21.54), "21.5 °C")
        XCTAssertEqual(ValueFormatter(unit: "%").string(35), "35%")
        XCTAssertEqual(ValueFormatter(unit: "$", fractionDigits: 2).string(-1234.5), "-$1,234.50")
        XCTAssertEqual(ValueFormatter(fractionDigits: 0, usesGrouping: false).string(1960), "1960")
        XCTAssertEqual(ValueFormatter().string(-0.2), "0", "no negative zero")
        XCTAssertEqual(ValueFormatter().string(138.5), "139", "halves round away from zero, as people round")
        XCTAssertEqual(ValueFormatter(fractionDigits: 1).string(22.75), "22.8")
        XCTAssertEqual(ValueFormatter().string(-2.5), "-3")
    }

    func testDerivedValuesKeepAboutThreeSignificantDigits() {
        let f = ValueFormatter(fractionDigits: 0)
        XCTAssertEqual(f.derived(222.4), "222")
        XCTAssertEqual(f.derived(26.63), "26.6")
        XCTAssertEqual(f.rate(0.009184), "0.00918", "a slope keeps three significant digits")
    }

    func testLargeAndTinyNumbersAreSaidWithAScaleWord() {
        let whole = ValueFormatter(fractionDigits: 0)
        XCTAssertEqual(whole.derived(26_969_373.4), "27 million", "a mean of people")
        XCTAssertEqual(whole.derived(1_019_317), "1.02 million")
        XCTAssertEqual(whole.derived(993_900), "993,900", "under a million every digit stays")
        XCTAssertEqual(whole.string(2_857_310_000_000), "2.857 trillion", "a value keeps four significant digits")
        XCTAssertEqual(whole.string(543_300_000_000), "543.3 billion")
        XCTAssertEqual(whole.string(26_969_373), "26,969,373", "a value under a billion keeps its digits")
        XCTAssertEqual(ValueFormatter(unit: "$").derived(-4_500_000), "-$4.5 million")
        XCTAssertEqual(ValueFormatter(fractionDigits: 9).derived(0.0000021), "2.1 millionths")
        XCTAssertEqual(ValueFormatter(fractionDigits: 9).derived(0.00000000314), "3.14 billionths")
        XCTAssertEqual(ValueFormatter(fractionDigits: 0).rate(0.000456), "456 millionths")
        XCTAssertEqual(ValueFormatter(usesGrouping: false).string(-2_500_000), "-2500000", "a year-like column is never scaled")
    }

    func testStatisticsSayAtMostOneDigitPastTheDataAndNoTrailingZeros() {
        let whole = ValueFormatter(fractionDigits: 0)
        XCTAssertEqual(whole.derived(80), "80", "not 80.0: the counts are whole")
        XCTAssertEqual(whole.derived(0.5678), "0.6", "one decimal past whole numbers")
        XCTAssertEqual(whole.derived(0.009184), "0.009", "as far as the first significant digit, no further")
        XCTAssertEqual(ValueFormatter(fractionDigits: 1).derived(9.1), "9.1", "not 9.10")
        XCTAssertEqual(ValueFormatter(fractionDigits: 2).derived(2.5), "2.50", "two written decimals are kept")
        XCTAssertEqual(ValueFormatter(fractionDigits: 4).derived(3.12), "3.12", "not 3.1200")
        XCTAssertEqual(ValueFormatter(fractionDigits: 4).derived(3), "3", "not 3.0000")
        XCTAssertEqual(ValueFormatter(fractionDigits: 3).string(58.6), "58.6", "not 58.600")
        XCTAssertEqual(ValueFormatter(fractionDigits: 3).string(-0.0001), "0", "no -0")
        XCTAssertEqual(ValueFormatter(fractionDigits: 3).string(2.0333), "2.033")
    }

    func testGridlinesAreRoundNumbers() {
        XCTAssertEqual(Gridlines.linear(179...268), [180, 200, 220, 240, 260])
        XCTAssertEqual(Gridlines.linear(0...1), [0, 0.2, 0.4, 0.6, 0.8, 1.0])
        XCTAssertEqual(Gridlines.log10(3...2000), [10, 100, 1000])
    }
}

final class WordingTests: XCTestCase {
    let folder = TemporaryFolder()

    func testLineSummaryNamesTheLowAndThePeakWithUnits() throws {
        var text = "Year,\"Rate (births per 10,000)\"\n"
        for year in 1917...1975 {
            let v =
                year <= 1935 ? 250 - (year - 1917) * 4 : year <= 1960 ? 178 + (year - 1935) * 36 / 10 : 268 - (year - 1960) * 5
            text += "\(year),\(v)\n"
        }
        let r = try folder.report(text)
        XCTAssertTrue(r.analysis.summary.hasPrefix("Rate by year, 1917 to 1975: falls"), r.analysis.summary)
        XCTAssertTrue(r.analysis.summary.contains("to a low of 178 births per 10,000 in 1935"), r.analysis.summary)
        XCTAssertTrue(r.analysis.summary.contains("to a peak of 268 births per 10,000 in 1960"), r.analysis.summary)
        XCTAssertTrue(r.analysis.series[0].description.contains("59 values from 1917 to 1975"))
    }

    func testUntilSaysTheNameOfAMeasureOnX() throws {
        // "stays flat at about 779.4 until 6" named no x: a measure or row number on x is said with its name.
        var text = "distance,level\n"
        for d in 1...30 { text += "\(d * 10),\(d <= 8 ? d * 10 : d <= 22 ? 80 : 80 + (d - 22) * 15)\n" }
        let description = try folder.report(text).analysis.series[0].description
        XCTAssertTrue(description.contains("stays flat at about 80 until distance 220"), description)
    }

    func testAStretchWhoseEndsMeetButWhoseValuesSwingIsNotFlat() throws {
        // email50's "stays flat at about 6.563" spanned 0.057 to 21.705: the ends of a segment met, not its values.
        var text = "year,level\n"
        let levels = [50, 90, 10, 85, 15, 50, 52, 51, 50, 50, 51, 60, 70, 80, 90, 100]
        for (i, v) in levels.enumerated() { text += "\(2000 + i),\(v)\n" }
        let d = try folder.document(text)
        let series = d.chart.series[0]
        func segment(_ a: Int, _ b: Int) -> ShapeSegment {
            ShapeSegment(fromIndex: a, toIndex: b, fromX: series.x[a], fromY: series.y[a], toX: series.x[b], toY: series.y[b])
        }
        let wording = ChartWording(chart: d.chart)
        let swinging = wording.shapeWords(series, [segment(0, 5), segment(5, 15)])
        XCTAssertTrue(swinging.hasPrefix("varies between 10 and 90 until 2005, then rises"), swinging)
        let calm = wording.shapeWords(series, [segment(5, 10), segment(10, 15)])
        XCTAssertTrue(calm.hasPrefix("stays flat at about 51 until 2010"), calm)
    }

    func testASlopeTooSmallPerStepIsSaidPerAPowerOfTen() throws {
        // 20,000 readings over a row count: 3 per 100,000 per row, which would round to "slope 0.000030".
        var text = "reading,level\n"
        // (Every seventh level a ten-thousandth high: a reading, not a column computed from the row.)
        for i in 0..<20_000 { text += "\(i * 5),\(String(format: "%.5f", Double(i) * 0.00015 + (i % 7 == 3 ? 0.0001 : 0)))\n" }
        let description = try folder.report(text).analysis.series[0].description
        XCTAssertTrue(description.contains("Overall increasing, by about 3 per 100,000 (r² 1.00)"), description)
        XCTAssertFalse(description.contains("slope"), description)
    }

    func testScatterSpeaksCorrelationAndTheStandOutPoint() throws {
        var text = "Name,Weight (kg),Efficiency (km/L)\n"
        let weights = [1500, 900, 1300, 1100, 1700, 1000, 1600, 1200, 1400, 1800]
        for (i, w) in weights.enumerated() {
            text += "Car \(i),\(w),\(i == 4 ? 40 : 30 - (w - 900) / 100)\n"
        }
        let r = try folder.report(text)
        XCTAssertEqual(r.document.chart.kind, .scatter)
        XCTAssertNotNil(r.analysis.correlation)
        XCTAssertTrue(r.analysis.series[0].outliers.contains(4))
        XCTAssertTrue(r.analysis.summary.contains("Car 4 (1,700 kg, 40 km/L) stands out"), r.analysis.summary)
    }

    func testBarSummaryNamesHighestAndLowest() throws {
        let r = try folder.report("Region,Sales (USD)\nNorth,10\nSouth,20\nEast,5\n")
        XCTAssertEqual(r.analysis.summary, "Sales by region: highest is South (20 USD), lowest is East (5 USD).")
        XCTAssertNil(r.analysis.series[0].trend)
    }

    func testFilesOwnSummaryWins() throws {
        let path = folder.write("s.csv", "x,y\n1,2\n2,4\n3,5\n")
        let doc = try ChartDocument.open(path: path, overrides: ChartSettings(summary: "Mine."))
        XCTAssertEqual(DescribeReport(document: doc).analysis.summary, "Mine.")
    }

    func testJSONHasTheDocumentedKeysAndISODates() throws {
        let r = try folder.report("Date,Close\n2024-01-01,1\n2024-01-02,NA\n2024-01-03,3\n2024-01-04,4\n")
        let object = try JSONSerialization.jsonObject(with: Data(try r.json().utf8)) as! [String: Any]
        for key in ["title", "summary", "kind", "xAxis", "yAxis", "series", "correlation"] {
            XCTAssertTrue(object.keys.contains(key), key)
        }
        XCTAssertTrue(object["correlation"] is NSNull)
        let x = object["xAxis"] as! [String: Any]
        XCTAssertEqual(x["kind"] as? String, "date")
        XCTAssertEqual(x["min"] as? String, "2024-01-01")
        let s = (object["series"] as! [[String: Any]])[0]
        XCTAssertEqual(s["count"] as? Int, 3)
        XCTAssertEqual(s["missing"] as? Int, 1)
        XCTAssertEqual((s["max"] as! [String: Any])["x"] as? String, "2024-01-04")
        let trend = s["trend"] as! [String: Any]
        XCTAssertEqual(trend["slope"] as! Double, 1, accuracy: 1e-9, "slope per day for dates")
        for key in ["mean", "median", "stddev", "outliers", "segments", "description"] { XCTAssertNotNil(s[key], key) }
    }
}
