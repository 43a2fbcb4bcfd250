// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// Tick label wording, thinning, and text truncation and wrapping.
final class TickLabelsTests: XCTestCase {
    let measure = EstimatedTextMeasure()

    func testNumericLabelsUseTheGridlinesDecimals() {
        XCTAssertEqual(
            TickLabels.numeric([0, 0.5, 1, 1.5], formatter: ValueFormatter(fractionDigits: 0)),
            ["0.0", "0.5", "1.0", "1.5"])
        XCTAssertEqual(
            TickLabels.numeric([0, 500_000, 1_000_000], formatter: ValueFormatter(unit: "USD", fractionDigits: 2)),
            ["0", "500,000", "1,000,000"])
        XCTAssertEqual(TickLabels.numeric([0, 50], formatter: ValueFormatter(unit: "%")), ["0%", "50%"])
        XCTAssertEqual(TickLabels.numeric([1920, 1940], formatter: ValueFormatter(usesGrouping: false)), ["1920", "1940"])
        XCTAssertEqual(
            TickLabels.numeric([0.01, 1, 100], formatter: ValueFormatter(), logarithmic: true),
            ["0.01", "1", "100"])
    }

    func testDateLabelsFollowTheSpacing() {
        let day = 86_400.0
        let jan2023 = 1_672_531_200.0  // 2023-01-01
        XCTAssertEqual(TickLabels.dates([jan2023, jan2023 + 365 * day]), ["2023", "2024"])
        let months = [0, 31, 59, 90].map { jan2023 + Double($0) * day }
        XCTAssertEqual(TickLabels.dates(months), ["Jan 2023", "Feb", "Mar", "Apr"])
        XCTAssertEqual(TickLabels.dates([jan2023 + 7 * day, jan2023 + 14 * day]), ["Jan 8, 2023", "Jan 15"])
        XCTAssertEqual(TickLabels.dates([jan2023, jan2023 + 6 * 3600, jan2023 + day]), ["Jan 1 00:00", "06:00", "Jan 2 00:00"])
    }

    func testThinningKeepsEveryKthSoNothingOverlaps() {
        let boxes = (0..<10).map { SceneRect(x: Double($0) * 30, y: 0, width: 40, height: 10) }
        XCTAssertEqual(TickLabels.thinned(boxes, gap: 5), [0, 2, 4, 6, 8])
        let wide = (0..<3).map { SceneRect(x: Double($0) * 100, y: 0, width: 40, height: 10) }
        XCTAssertEqual(TickLabels.thinned(wide, gap: 5), [0, 1, 2])
    }

    func testTruncationAndWrapping() {
        let text = "Middle East and Africa"
        let truncated = SceneText.truncated(text, toWidth: 80, size: 10, measure: measure)
        XCTAssertTrue(truncated.hasSuffix("…"))
        XCTAssertLessThanOrEqual(measure.width(of: truncated, size: 10, bold: false), 80)
        XCTAssertEqual(SceneText.truncated("x", toWidth: 1, size: 10, measure: measure), "")
        XCTAssertEqual(
            SceneText.wrapped(text, toWidth: 80, maxLines: 2, size: 10, measure: measure),
            ["Middle East", "and Africa"])
        let one = SceneText.wrapped(text, toWidth: 80, maxLines: 1, size: 10, measure: measure)
        XCTAssertEqual(one.count, 1)
        XCTAssertTrue(one[0].hasPrefix("Middle") && one[0].hasSuffix("…"))
    }

    func testRotatedTextBounds() {
        let box = SceneText.bounds(width: 100, size: 10, at: ScenePoint(x: 50, y: 200), anchor: .center, rotation: -.pi / 2)
        XCTAssertEqual(box.width, 12.5, accuracy: 1e-9)
        XCTAssertEqual(box.height, 100, accuracy: 1e-9)
        XCTAssertEqual(box.y, 150, accuracy: 1e-9)
    }
}
