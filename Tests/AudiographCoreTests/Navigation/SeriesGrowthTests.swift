import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Which points of the current series are new after a followed file grew.
final class SeriesGrowthTests: XCTestCase {
    private func chart(_ series: [(String, [Double], [Double])]) -> ChartDescriptor {
        ChartMaking.chart(kind: .scatter, series: series)
    }

    /// The growth's series, new points and whether old indices stay, in one comparable value.
    private func facts(_ growth: SeriesGrowth) -> String {
        "series \(growth.series.map(String.init) ?? "none"), new \(growth.newPoints), keeps \(growth.keepsOldIndices)"
    }

    func testGrowthsFoundOnAWorkerAreUsedOnlyForTheChartTheyWereFoundFrom() {
        let old = chart([("a", [1, 2], [4, 5]), ("b", [1, 2], [6, 7])])
        let new = chart([("b", [1, 2, 3], [6, 7, 8]), ("a", [1, 2], [4, 5])])
        let prepared = PreparedGrowth(from: old, to: new)
        XCTAssertEqual(prepared.growth(of: 1, from: old), SeriesGrowth(from: old, to: new, series: 1))
        XCTAssertEqual(prepared.growth(of: 1, from: old).map(facts), "series 0, new [2], keeps true")
        XCTAssertEqual(prepared.growth(of: 0, from: old).map(facts), "series 1, new [], keeps true")
        // The same values in other arrays (another chart the person chose meanwhile) are not taken for it.
        var copy = old
        copy.series[0].y = old.series[0].y.map { $0 + 0 }
        XCTAssertNil(prepared.growth(of: 0, from: copy))
        XCTAssertNil(prepared.growth(of: 2, from: old))
        XCTAssertNil(prepared.growth(of: 0, from: new))
    }

    func testRowsAddedAtTheEndAreTheNewPointsAndOldPlacesStay() {
        let old = chart([("t", [1, 2, 3], [4, .nan, 5])])
        let new = chart([("t", [1, 2, 3, 4, 5], [4, .nan, 5, 6, 7])])
        XCTAssertEqual(facts(SeriesGrowth(from: old, to: new, series: 0)), "series 0, new [3, 4], keeps true")
    }

    func testAPointSortedInBeforeOthersIsFoundByItsValues() {
        let old = chart([("t", [1, 2, 4], [4, 5, 7])])
        let new = chart([("t", [1, 2, 3, 4], [4, 5, 6, 7])])
        XCTAssertEqual(facts(SeriesGrowth(from: old, to: new, series: 0)), "series 0, new [2], keeps false")
    }

    func testRepeatedPointsAreCountedOneByOne() {
        let old = chart([("t", [2, 1], [5, 5])])
        let new = chart([("t", [1, 1, 2], [5, 5, 5])])
        XCTAssertEqual(SeriesGrowth(from: old, to: new, series: 0).newPoints, [1])
    }

    func testAMeanThatChangedCountsAsNew() {
        let old = chart([("t", [1, 2], [4, 5])])
        let new = chart([("t", [1, 2, 3], [4, 6, 7])])
        XCTAssertEqual(SeriesGrowth(from: old, to: new, series: 0).newPoints, [1, 2])
    }

    func testTheSeriesIsFoundByNameWhenANewOneComesFirst() {
        let old = chart([("north", [1], [1]), ("south", [1], [2])])
        let new = chart([("east", [2], [0]), ("north", [1], [1]), ("south", [1, 2], [2, 3])])
        XCTAssertEqual(facts(SeriesGrowth(from: old, to: new, series: 1)), "series 2, new [1], keeps true")
    }

    func testASeriesTheNewChartLacksHasNoNewPoints() {
        let old = chart([("a", [1], [1]), ("b", [1], [2])])
        let new = chart([("c", [1], [1])])
        XCTAssertEqual(facts(SeriesGrowth(from: old, to: new, series: 1)), "series none, new [], keeps false")
    }
}
