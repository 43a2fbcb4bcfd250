import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A clock the test moves by hand, in seconds.
private final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 100.0

    var now: TimeInterval { lock.withLock { seconds } }

    func advance(_ by: TimeInterval) { lock.withLock { seconds += by } }
}

/// What is said as points arrive in a followed file: one point's words, or a count and the latest value,
/// never more than once a second.
final class NewPointsAnnouncerTests: XCTestCase {
    private let clock = FakeClock()
    private var announcer: NewPointsAnnouncer!
    private var chart: ChartDescriptor!

    override func setUpWithError() throws {
        let clock = self.clock
        announcer = NewPointsAnnouncer(clock: { clock.now })
        var text = "time,temperature (°C)\n"
        for minute in 0..<20 { text += "2026-11-25 10:\(String(format: "%02d", minute)),\(Double(minute) / 10 + 3)\n" }
        chart = try ChartDocument.open(data: Data(text.utf8), name: "station.csv").chart
    }

    /// Notes that `points` arrived and returns what is said now, if anything.
    private func arrive(_ points: [Int]) -> String? {
        announcer.note(points, ofSeries: 0, in: chart)
        return announcer.announcement()
    }

    func testOnePointIsSaidAtOnceWithItsWords() {
        XCTAssertEqual(arrive([12]), "November 25, 2026 10:12, 4.2 °C")
        XCTAssertNil(announcer.announcement(), "said once")
    }

    func testPointsWithinASecondWaitAndAreCountedTogether() {
        XCTAssertNotNil(arrive([10]))
        clock.advance(0.4)
        XCTAssertNil(arrive([11, 12]), "too soon after the last")
        XCTAssertEqual(announcer.secondsUntilDue() ?? -1, 0.6, accuracy: 1e-9)
        clock.advance(0.3)
        XCTAssertNil(arrive([13, 14, 15, 16, 17, 18, 19]))
        clock.advance(0.3)
        XCTAssertEqual(announcer.announcement(), "9 new points, latest 4.9 °C")
        XCTAssertNil(announcer.secondsUntilDue(), "nothing waits")
    }

    func testAPointAfterAQuietSecondIsSaidAtOnce() {
        XCTAssertNotNil(arrive([1]))
        clock.advance(5)
        announcer.note([2], ofSeries: 0, in: chart)
        XCTAssertEqual(announcer.secondsUntilDue(), -4, "overdue by four seconds")
        XCTAssertEqual(announcer.announcement(), "November 25, 2026 10:02, 3.2 °C")
    }

    func testDiscardedPointsAreNotSaid() {
        announcer.note([3, 4], ofSeries: 0, in: chart)
        announcer.discard()
        XCTAssertNil(announcer.announcement())
        XCTAssertNil(announcer.secondsUntilDue())
    }

    func testNoPointsSayNothing() {
        XCTAssertNil(arrive([]))
        XCTAssertNil(arrive([99]), "no such point")
    }
}
