// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Candlestick charts: found from Open/High/Low/Close headers, bad rows left out and listed, the words of
/// a candle and its parts, its sound and its JSON.
final class CandlestickTests: XCTestCase {
    let folder = TemporaryFolder()

    private func prices() throws -> String {
        try folder.write(
            "acme.csv",
            """
            Date,Open,High,Low,Close,Volume
            2024-01-03,11,12,10,10.5,900
            2024-01-02,10,11.5,9.5,11,1000
            2024-01-04,10.5,13,10.4,12.8,1500
            2024-01-05,12.8,12.0,12.9,12.5,700
            2024-01-08,12.5,13.5,12.2,14,800
            2024-01-09,12,12.5,11,,600

            """)
    }

    func testOpenHighLowCloseHeadersMakeCandlesInTimeOrderAndBadRowsAreListed() throws {
        let document = try ChartDocument.open(path: prices(), overrides: ChartSettings())
        let chart = document.chart
        XCTAssertEqual(chart.kind, .candlestick, "open, high, low and close columns are a price series")
        XCTAssertEqual(document.layout.y.count, 5, "the four prices and the volume")
        let candles = try XCTUnwrap(chart.series.first?.candles)
        XCTAssertEqual(candles.map(\.open), [10, 11, 10.5], "rows in date order; three left out")
        XCTAssertEqual(chart.series[0].y, [11, 10.5, 12.8], "the series' values are the closes")
        XCTAssertEqual(candles.map(\.isRising), [true, false, true])
        XCTAssertEqual(candles[0].volume, 1000)
        let notes = document.warnings.joined(separator: "\n")
        XCTAssertTrue(notes.contains("1 row has its high below its low and is left out: January 5, 2024."), notes)
        XCTAssertTrue(
            notes.contains("1 row has an open or close outside its high and low and is left out: January 8, 2024."), notes)
        XCTAssertTrue(notes.contains("1 row lacks a price and is left out: January 9, 2024."), notes)
    }

    func testACandleIsSpokenWholeAndPartByPart() throws {
        let chart = try ChartDocument.open(path: prices(), overrides: ChartSettings(unit: "USD")).chart
        let names = ElementNames(chart: chart)
        let elements = ChartNavigator(chart: chart).elements[0]
        XCTAssertEqual(
            names.name(1, of: elements),
            "January 3, 2024: open 11.0, high 12.0, low 10.0, close 10.5 USD, falling, volume 900, candle 2 of 3")
        let s = chart.series[0], candle = try XCTUnwrap(s.candles?[1])
        XCTAssertEqual(
            candle.parts.map { names.candlePartWords($0, of: candle, in: s) },
            ["open: 11.0 USD", "high: 12.0 USD", "low: 10.0 USD", "close: 10.5 USD", "volume: 900"])
        XCTAssertEqual(names.kindWords, "candlestick chart")
        XCTAssertTrue(ChartAnalysis.analyze(chart).summary.contains("2 rising, 1 falling."))
    }

    func testEachCandleGlidesFromOpenToCloseInsideAQuietBracket() throws {
        let chart = try ChartDocument.open(path: prices(), overrides: ChartSettings()).chart
        let score = Sonifier(chart: chart).score(.single(0))
        let pitch = PitchMapping(axis: chart.yAxis, settings: SonificationSettings())
        for (i, candle) in chart.series[0].candles!.enumerated() {
            let tones = score.tones.filter { $0.points == i...i }
            XCTAssertEqual(tones.count, 3, "a glide and its high and low")
            let glide = try XCTUnwrap(tones.max { $0.gain < $1.gain })
            XCTAssertEqual(glide.path.first!.frequency, pitch.frequency(of: candle.open)!, accuracy: 1e-9)
            XCTAssertEqual(glide.path.last!.frequency, pitch.frequency(of: candle.close)!, accuracy: 1e-9)
            XCTAssertEqual(glide.timbre, candle.isRising ? Sonifier.risingTimbre : Sonifier.fallingTimbre)
            let bracket = tones.filter { $0 != glide }.map(\.lowestFrequency).sorted()
            XCTAssertEqual(bracket[0], pitch.frequency(of: candle.low)!, accuracy: 1e-9)
            XCTAssertEqual(bracket[1], pitch.frequency(of: candle.high)!, accuracy: 1e-9)
            XCTAssertTrue(tones.filter { $0 != glide }.allSatisfy { $0.gain < glide.gain / 4 }, "the bracket is quiet")
        }
        XCTAssertNotEqual(Sonifier.risingTimbre, Sonifier.fallingTimbre)
        var silentTicks = score
        silentTicks.ticks = []
        XCTAssertEqual(
            SignalMeasures.noteOnsets(SignalMeasures.left(Synthesizer().render(silentTicks))), 3, "one sound per candle")
    }

    func testTheJSONHasEachCandlesPrices() throws {
        let json = try DescribeReport(document: try ChartDocument.open(path: prices(), overrides: ChartSettings())).json()
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        XCTAssertEqual(object["kind"] as? String, "candlestick")
        let candles = (object["series"] as! [[String: Any]])[0]["candles"] as! [[String: Any]]
        XCTAssertEqual(candles.count, 3)
        XCTAssertEqual(candles[0]["x"] as? String, "2024-01-02")
        XCTAssertEqual(candles[0]["open"] as? Double, 10)
        XCTAssertEqual(candles[0]["high"] as? Double, 11.5)
        XCTAssertEqual(candles[0]["low"] as? Double, 9.5)
        XCTAssertEqual(candles[0]["close"] as? Double, 11)
        XCTAssertEqual(candles[0]["volume"] as? Double, 1000)
    }

    func testAskingForCandlesWithoutPricesSaysWhichHeadersAreNeeded() throws {
        let path = try folder.write("closes.csv", "Date,Close\n2024-01-02,3\n2024-01-03,4\n")
        XCTAssertThrowsError(try ChartDocument.open(path: path, overrides: ChartSettings(kind: .candlestick))) { error in
            XCTAssertEqual(
                (error as? ImportError)?.message,
                "closes.csv: a candlestick chart needs number columns named Open, High, Low and Close (and Volume if you have it); rename the headers to these words."
            )
        }
    }
}
