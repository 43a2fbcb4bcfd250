import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// The version has one home in code; the AppStream release notes must describe it.
final class VersionTests: XCTestCase {
    func testTheNewestMetainfoReleaseIsThisVersion() throws {
        let metainfo = try String(
            contentsOf: Repository.url("packaging/org.audiograph.Audiograph.metainfo.xml"),
            encoding: .utf8)
        let newest = try XCTUnwrap(metainfo.range(of: #"<release version="[^"]+""#, options: .regularExpression))
        XCTAssertEqual(String(metainfo[newest]), #"<release version="\#(AudiographVersion.current)""#)
    }
}
