// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation
import XCTest

/// The reference level itself: what a person may type, how it is stored, its value for a series, its words.
final class ReferenceLevelTests: XCTestCase {
    func testTheCommandLineWordsAndNumbersParse() {
        XCTAssertEqual(ReferenceLevel(argument: "mean"), .mean)
        XCTAssertEqual(ReferenceLevel(argument: "MEDIAN"), .median)
        XCTAssertEqual(ReferenceLevel(argument: " Zero "), .zero)
        XCTAssertEqual(ReferenceLevel(argument: "200"), .value(200))
        XCTAssertEqual(ReferenceLevel(argument: "-3.5"), .value(-3.5))
        XCTAssertEqual(ReferenceLevel(argument: "1e3"), .value(1000))
        for bad in ["", "average", "200 births", "nan", "inf", "1,5", "mean2"] {
            XCTAssertNil(ReferenceLevel(argument: bad), bad)
        }
    }

    func testStoredAsAStringOrANumberAndReadBack() throws {
        let levels: [ReferenceLevel] = [.mean, .median, .zero, .value(200), .value(-0.25)]
        let json = String(decoding: try JSONEncoder().encode(levels), as: UTF8.self)
        XCTAssertEqual(json, #"["mean","median","zero",200,-0.25]"#)
        XCTAssertEqual(try JSONDecoder().decode([ReferenceLevel].self, from: Data(json.utf8)), levels)
    }

    func testReadingIsTolerantButRefusesWhatIsNoLevel() throws {
        let read = { (text: String) in try JSONDecoder().decode([ReferenceLevel].self, from: Data(text.utf8)) }
        XCTAssertEqual(
            try read(#"["Mean", " MEDIAN ", "zero", "200", 2.5e2, 7]"#),
            [.mean, .median, .zero, .value(200), .value(250), .value(7)])
        for bad in [#"["average"]"#, "[true]", "[{}]", "[null]", #"["nan"]"#] {
            XCTAssertThrowsError(try read(bad), bad)
        }
        // As a settings file holds it: an optional key, missing or unreadable, is simply no level.
        struct Settings: Decodable {
            var reference: ReferenceLevel?
            init(from decoder: any Decoder) throws {
                let values = try decoder.container(keyedBy: CodingKeys.self)
                reference = (try? values.decodeIfPresent(ReferenceLevel.self, forKey: .reference)) ?? nil
            }
            enum CodingKeys: String, CodingKey { case reference }
        }
        XCTAssertNil(try JSONDecoder().decode(Settings.self, from: Data("{}".utf8)).reference)
        XCTAssertNil(try JSONDecoder().decode(Settings.self, from: Data(#"{"reference": "soon"}"#.utf8)).reference)
        XCTAssertEqual(try JSONDecoder().decode(Settings.self, from: Data(#"{"reference": "median"}"#.utf8)).reference, .median)
    }

    func testTheLevelsValueIsTheMeanOrMedianOfTheFiniteValues() {
        let series = DataSeries(name: "s", isContinuous: true, x: [0, 1, 2, 3, 4], y: [1, .nan, 3, 8, .infinity])
        XCTAssertEqual(ReferenceLevel.mean.value(in: series), 4)
        XCTAssertEqual(ReferenceLevel.median.value(in: series), 3)
        XCTAssertEqual(ReferenceLevel.zero.value(in: series), 0)
        XCTAssertEqual(ReferenceLevel.value(-2).value(in: series), -2)
        let empty = DataSeries(name: "e", isContinuous: true, x: [0, 1], y: [.nan, .nan])
        XCTAssertNil(ReferenceLevel.mean.value(in: empty))
        XCTAssertNil(ReferenceLevel.median.value(in: empty))
    }

    func testEachSeriesHasItsOwnLevelAndAHistogramHasNone() throws {
        let chart = ChartMaking.chart(series: [("a", [0, 1, 2], [1, 2, 6]), ("b", [0, 1, 2], [10, 20, 30])])
        XCTAssertEqual(ReferenceLevel.mean.value(inSeries: 0, of: chart), 3)
        XCTAssertEqual(ReferenceLevel.mean.value(inSeries: 1, of: chart), 20)
        XCTAssertNil(ReferenceLevel.mean.value(inSeries: 2, of: chart))
        var histogram = chart
        histogram.kind = .histogram
        XCTAssertNil(ReferenceLevel.zero.value(inSeries: 0, of: histogram))
        XCTAssertFalse(ReferenceLevel.applies(to: .histogram))
        XCTAssertTrue(ChartKind.allCases.filter { $0 != .histogram }.allSatisfy(ReferenceLevel.applies(to:)))
    }

    func testTheWordsNameTheLevelWithTheSeriesUnit() throws {
        let births = try ChartMaking.births()
        let mean = try XCTUnwrap(ReferenceLevel.mean.value(inSeries: 0, of: births))
        XCTAssertEqual(mean, 222.12, accuracy: 0.01)
        XCTAssertEqual(ReferenceLevel.mean.spokenName(inSeries: 0, of: births), "the mean")
        XCTAssertEqual(ReferenceLevel.median.spokenName(inSeries: 0, of: births), "the median")
        XCTAssertEqual(ReferenceLevel.zero.spokenName(inSeries: 0, of: births), "zero")
        XCTAssertEqual(ReferenceLevel.value(200).spokenName(inSeries: 0, of: births), "200 births per 10,000 people")
        XCTAssertEqual(ReferenceLevel.mean.crossingPhrase(inSeries: 0, of: births), "crossed the mean")
        XCTAssertEqual(ReferenceLevel.median.crossingPhrase(inSeries: 0, of: births), "crossed the median")
        XCTAssertEqual(ReferenceLevel.zero.crossingPhrase(inSeries: 0, of: births), "crossed zero")
        XCTAssertEqual(
            ReferenceLevel.value(202.5).crossingPhrase(inSeries: 0, of: births),
            "crossed 202.5 births per 10,000 people", "a typed value keeps its decimals")
        XCTAssertEqual(ReferenceLevel.mean.lineLabel(inSeries: 0, of: births), "Mean: 222 births per 10,000 people")
        XCTAssertEqual(ReferenceLevel.zero.lineLabel(inSeries: 0, of: births), "Zero")
        XCTAssertEqual(
            ReferenceLevel.value(12_000).lineLabel(inSeries: 0, of: births), "Reference: 12,000 births per 10,000 people")
        XCTAssertEqual(
            ReferenceLevel.mean.account(series: [0], of: births), "reference at the mean (222 births per 10,000 people)")
        XCTAssertEqual(ReferenceLevel.value(200).account(series: [0], of: births), "reference at 200 births per 10,000 people")
    }

    func testTheAccountNamesEachSeriesValueWhenSeveralPlay() {
        let chart = ChartMaking.chart(series: [("Tropical", [0, 1], [100, 140]), ("Dry", [0, 1], [10, 20])])
        XCTAssertEqual(
            ReferenceLevel.mean.account(series: [0, 1], of: chart), "reference at the mean (Tropical: 120 and Dry: 15)",
            "means with about three digits")
        let empty = ChartMaking.chart(series: [("gaps", [0, 1], [.nan, .nan])])
        XCTAssertEqual(ReferenceLevel.mean.account(series: [0], of: empty), "reference at the mean", "no value to name")
        var histogram = chart
        histogram.kind = .histogram
        XCTAssertEqual(
            ReferenceLevel.mean.account(series: [0], of: histogram), "no reference level (a histogram's heights are counts)")
    }
}
