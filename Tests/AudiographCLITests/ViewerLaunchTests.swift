// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Launching the `audiograph` viewer where it cannot show a window: one clear line, not GTK's warning.
final class ViewerLaunchTests: XCTestCase {
    func testWithoutADisplayTheViewerSaysWhatToDo() throws {
        let data = Repository.data
        let result = try CLIRunner.run(
            ["births.csv"], in: data, unsetting: ["DISPLAY", "WAYLAND_DISPLAY"],
            program: "audiograph", timeout: 30)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.stderr,
            "audiograph: No graphical display could be opened. Run Audiograph inside a desktop session (Wayland or X11), or use audiograph-cli in a terminal.\n"
        )
        XCTAssertEqual(result.stdout, "")
    }

    func testHelpNeedsNoDisplay() throws {
        let result = try CLIRunner.run(["--help"], unsetting: ["DISPLAY", "WAYLAND_DISPLAY"], program: "audiograph", timeout: 30)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("--high-contrast"), result.stdout)
        XCTAssertTrue(result.stdout.contains("--differentiate-without-color"), result.stdout)
    }
}
