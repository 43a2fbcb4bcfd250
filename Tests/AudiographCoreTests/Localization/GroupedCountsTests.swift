import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Counts in messages are written with the language's grouping; dates' years and padded numbers are not.
final class GroupedCountsTests: XCTestCase {
    func testCountsInMessagesAreGrouped() {
        XCTAssertEqual(Localization.trn("%ld category", "%ld categories", 2_000_000, 2_000_000), "2,000,000 categories")
        XCTAssertEqual(Localization.tr("point %ld of %ld", 1_204, 52_000), "point 1,204 of 52,000")
        XCTAssertEqual(Localization.tr("point %ld of %ld", 3, 999), "point 3 of 999")
        XCTAssertEqual(
            Localization.tr(
                "%@: line %ld: a quoted field is never closed. Check the quotation marks on that line.",
                "a.csv", 12_345), "a.csv: line 12,345: a quoted field is never closed. Check the quotation marks on that line.")
    }

    func testNumberedAndPaddedConversionsKeepTheirMeaning() {
        let numbered = GroupedCounts.apply("%2$ld rows, %1$@", ["t" as NSString, 12_000])
        XCTAssertEqual(String(format: numbered.template, arguments: numbered.arguments), "12,000 rows, t")
        let padded = GroupedCounts.apply("%ld at %02ld:%02ld", [5_000, 7, 5])
        XCTAssertEqual(String(format: padded.template, arguments: padded.arguments), "5,000 at 07:05")
        let twice = GroupedCounts.apply("%1$ld and %1$05ld", [1_234])
        XCTAssertEqual(
            String(format: twice.template, arguments: twice.arguments), "1234 and 01234",
            "an argument also read with a width keeps its digits everywhere")
        XCTAssertEqual(GroupedCounts.apply("100%% of %ld", [4_000]).template, "100%% of %@")
    }

    func testDatesKeepTheirYears() {
        XCTAssertEqual(Localization.trc("date", "Q%ld %ld", 1, 2_001), "Q1 2001")
        XCTAssertEqual(
            XValueFormatting.spokenDate(
                DateParsing.epochSeconds(year: 1993, month: 3, day: 4), precision: .day,
                utcOffsetSeconds: nil), "March 4, 1993")
    }
}
