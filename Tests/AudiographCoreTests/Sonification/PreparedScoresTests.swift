import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The scores made on a worker before Space asks (`PreparedScores`): the same as those made on the key, and
/// played only for the chart and settings they were made with.
final class PreparedScoresTests: XCTestCase {
    private func assertSame(_ a: Score?, _ b: Score, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let a else { return XCTFail("\(what): no prepared score", file: file, line: line) }
        XCTAssertEqual(a.duration, b.duration, what, file: file, line: line)
        XCTAssertEqual(a.tones, b.tones, what, file: file, line: line)
        XCTAssertEqual(a.layouts.map(\.series), b.layouts.map(\.series), what, file: file, line: line)
    }

    func testEachSeriesAloneAndAllTogetherAreTheSonifiersScores() throws {
        let chart = try ChartMaking.example("stocks-long.csv")
        XCTAssertGreaterThan(chart.series.count, 1)
        let settings = SonificationSettings()
        let prepared = try XCTUnwrap(PreparedScores(chart: chart, settings: settings, cancellation: CancellationFlag()))
        let sonifier = Sonifier(chart: chart, settings: settings)
        for s in chart.series.indices {
            assertSame(prepared.score(.single(s), settings: settings), sonifier.score(.single(s)), "series \(s)")
        }
        assertSame(prepared.score(.all, settings: settings), sonifier.score(.all), "all series")
        var longer = settings
        longer.maximumDuration *= 2
        XCTAssertNil(prepared.score(.single(0), settings: longer), "not for other settings")
    }

    func testCancelledPartWayGivesNothing() throws {
        let flag = CancellationFlag()
        flag.cancel()
        XCTAssertNil(PreparedScores(chart: try ChartMaking.births(), settings: SonificationSettings(), cancellation: flag))
    }

    func testOnlyBigChartsArePrepared() {
        let small = ChartMaking.chart(ys: Array(repeating: 1, count: 1_000))
        let big = ChartMaking.chart(ys: Array(repeating: 1, count: PreparedScores.minimumPoints))
        XCTAssertFalse(PreparedScores.areWorthPreparing(for: small))
        XCTAssertTrue(PreparedScores.areWorthPreparing(for: big))
    }

    /// Space plays the offered score only while the chart it was made for is shown, with the same settings:
    /// scores made from another chart stand in for it here, so which one played can be told.
    func testSpacePlaysTheOfferedScoreOnlyForItsChartAndSettings() throws {
        let births = try ChartMaking.births(), cars = try ChartMaking.example("cars.csv")
        var settings = SonificationSettings()
        let session = ChartSession(feedback: PointFeedback(), soundSettings: { settings })
        session.show(births)
        let stand = try XCTUnwrap(PreparedScores(chart: cars, settings: settings, cancellation: CancellationFlag()))
        let carsScore = Sonifier(chart: cars, settings: settings).score(.single(0))
        let birthsScore = Sonifier(chart: births, settings: settings).score(.single(0))
        XCTAssertNotEqual(carsScore.tones, birthsScore.tones)

        func played() throws -> Score {
            guard case .start(let start)? = session.perform(.play).playback else {
                throw XCTestError(.failureWhileWaiting, userInfo: [NSLocalizedDescriptionKey: "Space did not play"])
            }
            _ = session.perform(.stop)
            return start.score
        }

        session.offer(stand, forChartChange: session.chartChanges - 1)
        XCTAssertEqual(try played().tones, birthsScore.tones, "offered for an earlier chart: not taken")
        session.offer(stand, forChartChange: session.chartChanges)
        XCTAssertEqual(try played().tones, carsScore.tones, "offered for the chart shown: played")
        settings.maximumDuration *= 2
        XCTAssertEqual(
            try played().tones, Sonifier(chart: births, settings: settings).score(.single(0)).tones,
            "other settings: made on the key")
        settings = SonificationSettings()
        session.show(births)
        XCTAssertEqual(try played().tones, birthsScore.tones, "another chart shown (the same file again): dropped")
    }
}
