// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

final class ByteCountTests: XCTestCase {
    func testSizesReadAsFileManagersShowThem() {
        XCTAssertEqual(ByteCount.text(0), "0 bytes")
        XCTAssertEqual(ByteCount.text(576), "576 bytes")
        XCTAssertEqual(ByteCount.text(1_000_000), "1 MB")
        XCTAssertEqual(ByteCount.text(1_500_000), "1.5 MB")
        XCTAssertEqual(ByteCount.text(12_345_678), "12.3 MB")
        XCTAssertEqual(ByteCount.text(357_985_402), "358 MB")
        XCTAssertEqual(ByteCount.text(2_400_000_000), "2.4 GB")
        XCTAssertEqual(ByteCount.text(-5), "0 bytes")
    }
}
