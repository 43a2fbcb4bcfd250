import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Parts of a chart between two x values (`ChartPart`, `ChartDescriptor.restricted`) and the x values a
/// person types for them (`XAxis.value(parsing:asEnd:)`).
final class ChartPartTests: XCTestCase {
    private func open(_ name: String) throws -> ChartDescriptor { try ChartMaking.example(name) }

    func testAPartHoldsThePointsInItsSpanAndSaysThem() throws {
        let whole = try ChartMaking.births()
        let part = try XCTUnwrap(ChartPart(of: whole, span: 1930...1945, series: 0, refitting: true))
        XCTAssertEqual(part.chart.series[0].x, (1930...1945).map(Double.init))
        XCTAssertEqual(part.chart.series[0].y.first, whole.series[0].y[13])
        XCTAssertEqual(part.words, "1930 to 1945, 16 points")
        XCTAssertEqual(part.spanWords, "1930 to 1945")
        XCTAssertEqual(part.chart.title, whole.title)
        XCTAssertNil(part.chart.summary, "the whole chart's summary is not the part's")
    }

    func testRefittingFitsTheAxesAndNotRefittingKeepsThePitches() throws {
        let whole = try ChartMaking.births()
        let zoomed = try XCTUnwrap(whole.restricted(toX: 1930...1945, refitting: true))
        XCTAssertEqual(zoomed.yAxis.range, 179...222)
        guard case .numeric(let x) = zoomed.xAxis else { return XCTFail("numeric x expected") }
        XCTAssertEqual(x.range, 1930...1945)
        XCTAssertTrue(x.gridlines.allSatisfy { (1930...1945).contains($0) && $0 == $0.rounded() }, "\(x.gridlines)")
        let heard = try XCTUnwrap(whole.restricted(toX: 1930...1945, refitting: false))
        XCTAssertEqual(heard.yAxis.range, whole.yAxis.range)
        let value = whole.series[0].y[13]
        XCTAssertEqual(
            Sonifier(chart: heard).pitch.frequency(of: value), Sonifier(chart: whole).pitch.frequency(of: value),
            "a part played from the whole sounds at the whole's pitches")
        XCTAssertNotEqual(Sonifier(chart: zoomed).pitch.frequency(of: value), Sonifier(chart: whole).pitch.frequency(of: value))
    }

    func testACategoricalPartKeepsItsOwnCategoriesAndBoxes() throws {
        let whole = try open("chick-weights.csv")
        guard case .categorical(let axis) = whole.xAxis else { return XCTFail("categorical x expected") }
        let from = try XCTUnwrap(whole.xAxis.value(parsing: "LINSEED", asEnd: false))
        let to = try XCTUnwrap(whole.xAxis.value(parsing: "soybean", asEnd: true))
        XCTAssertEqual(axis.categories[Int(from)], "linseed")
        let part = try XCTUnwrap(ChartPart(of: whole, span: from...to, series: 0, refitting: true))
        guard case .categorical(let cut) = part.chart.xAxis else { return XCTFail("categorical x expected") }
        XCTAssertEqual(cut.categories, ["linseed", "soybean"])
        XCTAssertEqual(part.chart.series[0].x, [0, 1], "the part starts at its first category")
        XCTAssertEqual(
            part.chart.series[0].boxes?.map(\.median), whole.series[0].boxes.map { Array($0[Int(from)...Int(to)]) }?.map(\.median)
        )
        XCTAssertEqual(part.words, "linseed to soybean, 2 boxes")
    }

    func testNothingInTheSpanOrAHistogramGivesNoPart() throws {
        let whole = try ChartMaking.births()
        XCTAssertNil(ChartPart(of: whole, span: 2000...2010, series: 0, refitting: true))
        let histogram = try open("eruptions.csv")
        XCTAssertEqual(histogram.kind, .histogram)
        XCTAssertFalse(histogram.canRestrictX)
        XCTAssertNil(ChartPart(of: histogram, span: 2...3, series: 0, refitting: true))
    }

    func testAOnePointPartSaysItsOnePoint() throws {
        let part = try XCTUnwrap(ChartPart(of: try ChartMaking.births(), span: 1930...1930, series: 0, refitting: true))
        XCTAssertEqual(part.words, "1930, 1 point")
    }

    func testDatesAreReadInTheSpellingsOfFilesAndMeanTheirWholePeriod() throws {
        let axis = XAxis.date(DateAxis(title: "Date", range: 0...1, precision: .day))
        let y1945 = DateParsing.epochSeconds(year: 1945, month: 1, day: 1)
        XCTAssertEqual(axis.value(parsing: "1945", asEnd: false), y1945)
        XCTAssertEqual(axis.value(parsing: "1945", asEnd: true), DateParsing.epochSeconds(year: 1946, month: 1, day: 1) - 1)
        XCTAssertEqual(axis.value(parsing: "2012-03", asEnd: true), DateParsing.epochSeconds(year: 2012, month: 4, day: 1) - 1)
        XCTAssertEqual(axis.value(parsing: "2012-12", asEnd: true), DateParsing.epochSeconds(year: 2013, month: 1, day: 1) - 1)
        XCTAssertEqual(axis.value(parsing: "March 2013", asEnd: false), DateParsing.epochSeconds(year: 2013, month: 3, day: 1))
        XCTAssertEqual(axis.value(parsing: "2013 Q4", asEnd: true), DateParsing.epochSeconds(year: 2014, month: 1, day: 1) - 1)
        XCTAssertEqual(axis.value(parsing: "2024-01-31", asEnd: true), DateParsing.epochSeconds(year: 2024, month: 2, day: 1) - 1)
        XCTAssertNil(axis.value(parsing: "soon", asEnd: false))
        let tokyo = XAxis.date(DateAxis(title: "Date", range: 0...1, precision: .day, utcOffsetSeconds: 32_400))
        XCTAssertEqual(
            tokyo.value(parsing: "2024-01-31", asEnd: false),
            DateParsing.epochSeconds(year: 2024, month: 1, day: 31) - 32_400, "the file's own local date")
    }

    func testNumbersAndCategoriesAreReadAsTheAxisWritesThem() {
        let numbers = XAxis.numeric(NumericAxis(title: "Year", range: 0...1, formatter: ValueFormatter()))
        XCTAssertEqual(numbers.value(parsing: " 1930 ", asEnd: false), 1930)
        XCTAssertEqual(numbers.value(parsing: "-2.5", asEnd: true), -2.5)
        XCTAssertNil(numbers.value(parsing: "nineteen", asEnd: false))
        XCTAssertNil(numbers.value(parsing: "", asEnd: false))
        let names = XAxis.categorical(CategoricalAxis(title: "Region", categories: ["North", "South"]))
        XCTAssertEqual(names.value(parsing: "south", asEnd: false), 1)
        XCTAssertNil(names.value(parsing: "East", asEnd: false))
    }

    func testDateChartsAreCutByTheirDates() throws {
        let whole = try open("google-monthly.csv")
        let from = try XCTUnwrap(whole.xAxis.value(parsing: "2013-01", asEnd: false))
        let to = try XCTUnwrap(whole.xAxis.value(parsing: "2013-06", asEnd: true))
        let part = try XCTUnwrap(ChartPart(of: whole, span: from...to, series: 0, refitting: true))
        XCTAssertEqual(part.chart.series[0].count, 6)
        XCTAssertEqual(part.chart.series[0].candles?.count, 6)
        XCTAssertEqual(part.words, "January 2, 2013 to June 3, 2013, 6 candles")
        XCTAssertEqual(part.chart.yAxis.range.lowerBound, 695.52, accuracy: 0.001, "the lowest low of the part")
    }
}
