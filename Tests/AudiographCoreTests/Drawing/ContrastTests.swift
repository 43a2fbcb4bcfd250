// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// WCAG 2.x luminance and contrast, checked against published values.
final class ContrastTests: XCTestCase {
    let white = RGBA(hex: 0xFFFFFF), black = RGBA(hex: 0x000000)

    func testLuminanceOfBlackWhiteAndGrey() {
        XCTAssertEqual(Contrast.relativeLuminance(black), 0, accuracy: 1e-12)
        XCTAssertEqual(Contrast.relativeLuminance(white), 1, accuracy: 1e-12)
        XCTAssertEqual(Contrast.relativeLuminance(RGBA(hex: 0x808080)), 0.2158605, accuracy: 1e-6)
    }

    func testRatiosOfKnownPairs() {
        XCTAssertEqual(Contrast.ratio(black, white), 21, accuracy: 1e-9)
        XCTAssertEqual(Contrast.ratio(white, black), 21, accuracy: 1e-9)
        XCTAssertEqual(Contrast.ratio(white, white), 1, accuracy: 1e-9)
        // #767676 is the lightest grey that passes 4.5:1 on white.
        XCTAssertEqual(Contrast.ratio(RGBA(hex: 0x767676), white), 4.54, accuracy: 0.01)
        XCTAssertLessThan(Contrast.ratio(RGBA(hex: 0x777777), white), 4.5)
    }

    func testOkabeItoOnWhiteAndDarkMatchTheHandbook() {
        let measured = [
            (0xE69F00, 2.25), (0x56B4E9, 2.31), (0xF0E442, 1.32), (0x0072B2, 5.19), (0xD55E00, 3.87),
            (0x009E73, 3.42), (0xCC79A7, 3.06)
        ]
        for (hex, ratio) in measured {
            XCTAssertEqual(Contrast.ratio(RGBA(hex: UInt32(hex)), white), ratio, accuracy: 0.01, String(hex, radix: 16))
        }
        XCTAssertEqual(Contrast.ratio(RGBA(hex: 0x0072B2), RGBA(hex: 0x1E1E1E)), 3.21, accuracy: 0.01)
    }

    func testTranslucentColoursAreCompositedOverTheBackground() {
        let halfBlack = RGBA(red: 0, green: 0, blue: 0, alpha: 0.5)
        let composite = Contrast.composite(halfBlack, over: white)
        XCTAssertEqual(composite.red, 0.5, accuracy: 1e-12)
        XCTAssertEqual(composite.alpha, 1)
        XCTAssertEqual(
            Contrast.ratio(halfBlack, white), Contrast.ratio(RGBA(red: 0.5, green: 0.5, blue: 0.5), white),
            accuracy: 1e-12)
        XCTAssertEqual(Contrast.ratio(RGBA(red: 0, green: 0, blue: 0, alpha: 0), white), 1, accuracy: 1e-12)
    }
}
