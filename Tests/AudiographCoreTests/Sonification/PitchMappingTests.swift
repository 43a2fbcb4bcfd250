// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

final class PitchMappingTests: XCTestCase {
    let mapping = PitchMapping(range: 0...100, scale: .linear, lowestFrequency: 220, highestFrequency: 1760)

    func testEndsOfTheRangeMapToTheEndsOfThePitchRange() throws {
        XCTAssertEqual(try XCTUnwrap(mapping.frequency(of: 0)), 220, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(mapping.frequency(of: 100)), 1760, accuracy: 1e-9)
    }

    func testPitchRisesWithY() throws {
        var previous = 0.0
        for y in stride(from: 0.0, through: 100, by: 5) {
            let f = try XCTUnwrap(mapping.frequency(of: y))
            XCTAssertGreaterThan(f, previous)
            previous = f
        }
    }

    func testEqualStepsInYAreEqualMusicalIntervals() throws {
        // 0 → 50 → 100 spans three octaves, so each half is one and a half octaves: equal frequency ratios.
        let low = try XCTUnwrap(mapping.frequency(of: 0)), mid = try XCTUnwrap(mapping.frequency(of: 50))
        let high = try XCTUnwrap(mapping.frequency(of: 100))
        XCTAssertEqual(mid / low, high / mid, accuracy: 1e-9)
        XCTAssertEqual(mid, 220 * pow(2, 1.5), accuracy: 1e-6)
    }

    func testLogarithmicAxisMakesEqualRatiosEqualIntervals() throws {
        let log = PitchMapping(range: 1...10_000, scale: .log10, lowestFrequency: 220, highestFrequency: 1760)
        let a = try XCTUnwrap(log.frequency(of: 1)), b = try XCTUnwrap(log.frequency(of: 100))
        let c = try XCTUnwrap(log.frequency(of: 10_000))
        XCTAssertEqual(b / a, c / b, accuracy: 1e-9)
        XCTAssertNil(log.frequency(of: 0), "zero has no place on a log axis: silence")
        XCTAssertNil(log.frequency(of: -5))
    }

    func testMissingValuesAreSilentAndAFlatRangeSitsInTheMiddle() throws {
        XCTAssertNil(mapping.frequency(of: .nan))
        let flat = PitchMapping(range: 7...7, scale: .linear, lowestFrequency: 220, highestFrequency: 1760)
        XCTAssertEqual(try XCTUnwrap(flat.frequency(of: 7)), 220 * pow(2, 1.5), accuracy: 1e-6)
    }
}
