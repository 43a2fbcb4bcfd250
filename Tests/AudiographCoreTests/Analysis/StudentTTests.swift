// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class StudentTTests: XCTestCase {
    func testClosedFormsForOneAndTwoDegreesOfFreedom() {
        // ν = 1 is Cauchy: p = 1 − (2/π)·atan|t|. ν = 2: p = 1 − |t| / √(t² + 2).
        for t in [0.1, 0.5, 1, 2.5, 12.706, 40] {
            XCTAssertEqual(StudentT.twoSidedPValue(t: t, degreesOfFreedom: 1), 1 - 2 / Double.pi * atan(t), accuracy: 1e-10)
            XCTAssertEqual(StudentT.twoSidedPValue(t: -t, degreesOfFreedom: 2), 1 - t / (t * t + 2).squareRoot(), accuracy: 1e-10)
        }
    }

    func testTableCriticalValuesGiveFivePercent() {
        // Two-sided 5% critical values from any t table.
        for (df, t) in [(5.0, 2.5706), (10, 2.2281), (30, 2.0423), (120, 1.9799)] {
            XCTAssertEqual(StudentT.twoSidedPValue(t: t, degreesOfFreedom: df), 0.05, accuracy: 2e-5, "df \(df)")
        }
        XCTAssertEqual(StudentT.twoSidedPValue(t: 1.96, degreesOfFreedom: 1e6), 0.05, accuracy: 1e-4)
    }

    func testEdges() {
        XCTAssertEqual(StudentT.twoSidedPValue(t: 0, degreesOfFreedom: 3), 1)
        XCTAssertEqual(StudentT.twoSidedPValue(t: .infinity, degreesOfFreedom: 3), 0)
        XCTAssertTrue(StudentT.twoSidedPValue(t: .nan, degreesOfFreedom: 3).isNaN)
        XCTAssertTrue(StudentT.twoSidedPValue(t: 1, degreesOfFreedom: 0).isNaN)
    }
}
