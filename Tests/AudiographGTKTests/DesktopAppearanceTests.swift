import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographGTK

/// The desktop's text scaling as GTK reports it (gtk-xft-dpi, in 1024ths of a dot per inch).
final class DesktopAppearanceTests: XCTestCase {
    func testXftDPIBecomesTheTextScale() {
        XCTAssertEqual(DesktopAppearance.textScale(xftDPI: 96 * 1024), 1)
        XCTAssertEqual(DesktopAppearance.textScale(xftDPI: 120 * 1024), 1.25, "GNOME's Large Text")
        XCTAssertEqual(DesktopAppearance.textScale(xftDPI: 192 * 1024), 2)
        XCTAssertEqual(DesktopAppearance.textScale(xftDPI: -1), 1, "unset: GTK's default")
        XCTAssertEqual(DesktopAppearance.textScale(xftDPI: 0), 1)
    }

    func testALargerInterfaceFontEnlargesTheChartTextButASmallerOneDoesNotShrinkIt() {
        XCTAssertEqual(DesktopAppearance.fontScale("Cantarell 15"), 1.5)
        XCTAssertEqual(DesktopAppearance.fontScale("Sans Bold 20"), 2)
        XCTAssertEqual(DesktopAppearance.fontScale("Sans 20px"), 1.5)
        XCTAssertEqual(DesktopAppearance.fontScale("Sans 9"), 1)
        XCTAssertEqual(DesktopAppearance.fontScale("Sans"), 1, "no size")
        XCTAssertEqual(DesktopAppearance.fontScale(""), 1)
    }
}
