// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Polls `condition` every millisecond until it holds; fails the test after `timeout` seconds.
func waitUntil(
    _ what: String, timeout: TimeInterval = 5, file: StaticString = #filePath, line: UInt = #line,
    _ condition: () -> Bool
) {
    if !Waiting.until(timeout: timeout, condition) {
        XCTFail("timed out waiting until \(what)", file: file, line: line)
    }
}
