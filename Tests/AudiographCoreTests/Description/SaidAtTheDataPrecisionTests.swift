// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Dates said at the precision their values carry, numbers at the significant digits their data carries, and
/// maps described as places.
final class SaidAtTheDataPrecisionTests: XCTestCase {
    let folder = TemporaryFolder()

    private func day(_ y: Int, _ m: Int, _ d: Int) -> Double { DateParsing.epochSeconds(year: y, month: m, day: d) }

    // MARK: Dates

    func testDatesOnTheFirstOfAYearOrMonthAreYearsOrMonths() {
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2001, 1, 1), day(2002, 1, 1), .nan], written: .day,
                utcOffsetSeconds: nil), .year)
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2006, 1, 1), day(2006, 2, 1)], written: .day,
                utcOffsetSeconds: nil), .month)
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2006, 1, 1), day(2006, 2, 1), day(2006, 2, 2)], written: .day,
                utcOffsetSeconds: nil), .day, "one exception keeps the days")
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2010, 3, 1) + 14 * 3600, day(2010, 3, 1) + 15 * 3600],
                written: .second, utcOffsetSeconds: nil), .minute)
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2010, 3, 1) + 14 * 3600 + 5], written: .second,
                utcOffsetSeconds: nil), .second)
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2001, 1, 1), day(2002, 1, 1)], written: .minute,
                utcOffsetSeconds: nil), .year, "midnight on 1 January")
        // 2001-01-01T00:00+09:00 is 15:00 UTC the day before: the file's own zone decides.
        XCTAssertEqual(
            DateValuePrecision.precision(
                of: [day(2001, 1, 1) - 9 * 3600, day(2002, 1, 1) - 9 * 3600],
                written: .minute, utcOffsetSeconds: 9 * 3600), .year)
        XCTAssertEqual(DateValuePrecision.precision(of: [.nan], written: .day, utcOffsetSeconds: nil), .day)
        XCTAssertEqual(DateValuePrecision.precision(of: [day(2001, 1, 1)], written: .week, utcOffsetSeconds: nil), .week)
    }

    func testYearlyAndMonthlyDatesAreSpokenAsYearsAndMonthsAndWrittenInFullInJSON() throws {
        let yearly = folder.write("gdp.csv", "DATE,GDP\n2001-01-01,100\n2002-01-01,104\n2003-01-01,103\n")
        let report = DescribeReport(document: try ChartDocument.open(path: yearly))
        XCTAssertEqual(report.analysis.summary.components(separatedBy: ":").first, "GDP by DATE, 2001 to 2003")
        XCTAssertTrue(report.text().contains("X axis: DATE, 2001 to 2003"), report.text())
        XCTAssertTrue(try report.json().contains("\"2001-01-01\""), "JSON keeps the written dates")

        let monthly = folder.write("unrate.csv", "DATE,UNRATE\n2006-01-01,4.7\n2006-02-01,4.8\n2006-03-01,4.7\n")
        let chart = try ChartDocument.open(path: monthly, overrides: ChartSettings(kind: .bar)).chart
        XCTAssertEqual(XValueFormatting(axis: chart.xAxis).string(chart.series[0].x[0]), "January 2006")
        XCTAssertEqual(
            XValueFormatting(axis: chart.xAxis).span(chart.series[0].x[0], chart.series[0].x[1]),
            "January 2006 to February 2006")
        let words = ElementNames(chart: chart).pointWords(1, in: chart.series[0])
        XCTAssertTrue(words.contains("February 2006") && !words.contains("February 1"), words)
    }

    // MARK: Numbers

    func testFloatsWrittenWithEveryDigitAreSaidToFiveSignificantDigits() {
        XCTAssertEqual(SpokenDecimals.decimals(written: 6, values: [18.197285, 25.1, 30.000123]), 3)
        XCTAssertEqual(SpokenDecimals.decimals(written: 15, values: [0.123456789012345]), 5)
        XCTAssertEqual(SpokenDecimals.decimals(written: 15, values: [1.2e-7, 1.0e-5]), 8, "tiny values keep their digits")
        XCTAssertEqual(SpokenDecimals.decimals(written: 8, values: [123456.12345678]), 1, "never fewer than one")
        XCTAssertEqual(SpokenDecimals.decimals(written: 2, values: [1234567.89]), 2, "cents are kept")
        XCTAssertEqual(SpokenDecimals.decimals(written: 7, values: [.nan]), 7)
    }

    /// Issue 46, point 3: digits the data carries, not the ones a program wrote.
    func testTrailingZerosAndFloatNoiseAreNotDigitsOfTheData() throws {
        XCTAssertEqual(
            SpokenDecimals.decimals(written: 1, values: [18, 19, .nan, 25]), 0, "pandas' 18.0 for a whole column with a gap")
        XCTAssertEqual(SpokenDecimals.decimals(written: 4, values: [3.25, 4, 2.75, 0]), 2, "a grade point average written 3.2500")
        XCTAssertEqual(SpokenDecimals.decimals(written: 8, values: [1.33000004, 1.5, 1.25999999]), 2, "float32 noise")
        XCTAssertEqual(SpokenDecimals.decimals(written: 2, values: [1.5, 2.25]), 2, "a column at its precision keeps it")
        let text = "age,sex,score\n18.0,0.0,3.25\n19.0,1.0,4.5\n20.0,0.0,3.75\n22.0,1.0,2.1\n25.0,,3.3\n21.0,0.0,3.9\n"
        let r = DescribeReport(document: try ChartDocument.open(path: folder.write("floats.csv", text)))
        let said = r.analysis.series[0].description
        XCTAssertTrue(said.contains("at age 22") && !said.contains("22.0"), said)
    }

    func testNoValueIsSaidAsZeroPointZeros() throws {
        let path = folder.write("tiny.csv", "x,p\n1,0.0000001234\n2,0.0000052\n3,0.00001\n4,0.0000003\n")
        let text = DescribeReport(document: try ChartDocument.open(path: path)).text()
        XCTAssertFalse(text.contains("0.000000 "), text)
        XCTAssertTrue(text.contains("0.000000123"), text)
        let floats = folder.write("floats.csv", "x,y\n1,18.197285\n2,25.123456\n3,19.512345\n")
        let said = DescribeReport(document: try ChartDocument.open(path: floats)).text()
        XCTAssertTrue(said.contains("18.197") && !said.contains("18.1972"), said)
    }

    // MARK: Maps

    func testAMapIsDescribedAsPlacesWithoutCorrelation() throws {
        var rows = ["city,lat,lon"]
        // Ten towns of Japan's Kantō plain, and Naha far to the south-west.
        let kanto: [(String, Double, Double)] = [
            ("Tokyo", 35.68, 139.69), ("Yokohama", 35.44, 139.64), ("Chiba", 35.61, 140.12),
            ("Saitama", 35.86, 139.65), ("Kawasaki", 35.53, 139.70), ("Funabashi", 35.69, 139.98), ("Hachioji", 35.66, 139.32),
            ("Kawagoe", 35.92, 139.49), ("Mito", 36.37, 140.47), ("Utsunomiya", 36.56, 139.88), ("Naha", 26.21, 127.68)
        ]
        for (name, lat, lon) in kanto { rows.append("\(name),\(lat),\(lon)") }
        let path = folder.write("towns.csv", rows.joined(separator: "\n") + "\n")
        let document = try ChartDocument.open(path: path)
        XCTAssertTrue(document.chart.isMap)
        let report = DescribeReport(document: document)
        XCTAssertEqual(
            report.analysis.summary,
            "lat vs lon: 11 places, from 26.2° N to 36.6° N and from 127.7° E to 140.5° E. "
                + "Most lie between 35.4° N and 36.4° N, and between 139.3° E and 140.1° E. "
                + "Far from the rest: Naha (26.2° N, 127.7° E).")
        XCTAssertNil(report.analysis.correlation)
        XCTAssertFalse(report.text().contains("correlation"), report.text())
    }

    func testPointsAcrossTheAntimeridianAreOneRegion() {
        XCTAssertTrue(MapWording.crossesTheAntimeridian([178, -179, 179, -178]))
        XCTAssertFalse(MapWording.crossesTheAntimeridian([-10, 10, 20]))
    }
}
