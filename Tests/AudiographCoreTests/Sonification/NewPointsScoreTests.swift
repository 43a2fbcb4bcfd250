import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// How a followed file's new points are heard (`Sonifier.newPointsScore`).
final class NewPointsScoreTests: XCTestCase {
    func testTheNewestFivePlayOneAfterAnotherAtTheirPitches() {
        let chart = ChartMaking.chart(ys: [1, 2, 3, 4, 5, 6, 7, 8])
        let sonifier = Sonifier(chart: chart)
        let score = sonifier.newPointsScore(series: 0, points: [1, 2, 3, 4, 5, 6, 7])
        XCTAssertEqual(score.tones.map(\.points.lowerBound), [3, 4, 5, 6, 7], "the newest five")
        let step = SonificationSettings().pointToneDuration + Sonifier.newPointGap
        for (k, tone) in score.tones.enumerated() {
            XCTAssertEqual(tone.start, Double(k) * step, accuracy: 1e-9)
            XCTAssertEqual(tone.lowestFrequency, sonifier.pitch.frequency(of: Double(k + 4))!, accuracy: 0.01)
        }
        XCTAssertEqual(score.duration, 5 * step, accuracy: 1e-9)
        XCTAssertEqual(sonifier.newPointsScore(series: 0, points: []).tones, [])
    }
}
