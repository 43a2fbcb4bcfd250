import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The classes a person's reading of real tables found guessed wrong: a unit's number (a subject's, a school's)
/// on an axis or as a measure, and yes/no indicators as a scatter plot's measure.
final class UnitsAndIndicatorsTests: XCTestCase {
    let folder = TemporaryFolder()

    func testSubjectsNumberedSplitTheirReadingsIntoLinesOverDays() throws {
        // sleepstudy's shape: Reaction, Days 0…4, Subject 308…310 (numbers, not 1…n).
        var text = "Reaction,Days,Subject\n"
        for (k, subject) in [308, 309, 310].enumerated() {
            for day in 0..<5 { text += "\(250 + 10 * day + 7 * k),\(day),\(subject)\n" }
        }
        let document = try ChartDocument.open(path: folder.write("sleep.csv", text))
        XCTAssertEqual(document.chart.kind, .line)
        XCTAssertEqual(document.layout.x, 1, "Days along x")
        XCTAssertEqual(document.layout.seriesBy, 2, "a line per Subject")
        XCTAssertEqual(document.chart.series.map(\.name), ["Subject 308", "Subject 309", "Subject 310"])
    }

    func testASchoolsNumberIsNeverAnAxisOrAMeasure() throws {
        // Pupils' scores with their school's number: 60 schools, one or two pupils each (too few rows to split).
        var text = "school,score,hours\n"
        for i in 0..<90 { text += "\(1000 + (i * 7) % 60),\(40 + (i * 13) % 50),\(1 + (i * 5) % 9)\n" }
        let layout = try ChartDocument.open(path: folder.write("pupils.csv", text)).layout
        XCTAssertNotEqual(layout.x, 0)
        XCTAssertFalse(layout.y.contains(0))
        XCTAssertNotEqual(layout.size, 0)
    }

    func testAFieldTrialsPlotAndBlockAreUnitsNotMeasures() throws {
        // carData's Soils shape: Group 1…4 (a treatment), Block 1…3, a plot number, and pH measured on each plot.
        var text = "Group,Block,plot,pH\n"
        for group in 1...4 {
            for block in 1...3 { text += "\(group),\(block),\(group * 10 + block),\(5 + Double(group + block) / 4)\n" }
        }
        let document = try ChartDocument.open(path: folder.write("soils.csv", text))
        let shown = [document.layout.x].compactMap { $0 } + document.layout.y
        XCTAssertEqual(document.layout.y, [3], "pH is what was measured: \(document.layout)")
        XCTAssertFalse(shown.contains(2), "a plot's number is no axis")
    }

    func testStatesAndCountiesNumberedAreUnitsButAStatesQuantityIsNot() throws {
        // Ecdat's Cigar shape: state 1…4, year 63…70, price and sales: a line per state over the years.
        var text = "state,year,price,sales\n"
        for state in 1...4 {
            for year in 63...70 { text += "\(state),\(year),\(20 + year - 60 + state),\(100 + (year * state) % 17)\n" }
        }
        let layout = try ChartDocument.open(path: folder.write("cigar.csv", text)).layout
        XCTAssertEqual(layout.seriesBy, 0, "a line per state: \(layout)")
        XCTAssertEqual(layout.x, 1)
        // stateFedMales is a count of the state's prisoners, not a state's number.
        var counts = "year,stateFedMales,stateFedFemales\n"
        for year in 1990...2010 { counts += "\(year),\(700_000 + year * 13 % 5000),\(60_000 + year * 7 % 900)\n" }
        let document = try ChartDocument.open(path: folder.write("prisoners.csv", counts))
        XCTAssertEqual(document.layout.y, [1, 2])
    }

    func testIndicatorsAreNoScatterMeasure() throws {
        // Blood pressure, age, and two yes/no columns (scattered values from a small generator).
        var random = SeededGenerator(seed: 7)
        var text = "sbp,male,smoker,age\n"
        for _ in 0..<60 { text += "\(110 + random.below(50)),\(random.below(2)),\(random.below(2)),\(30 + random.below(40))\n" }
        let layout = try ChartDocument.open(path: folder.write("smoking.csv", text)).layout
        XCTAssertEqual(layout.kind, .scatter)
        XCTAssertEqual(Set([layout.x].compactMap { $0 } + layout.y), [0, 3], "sbp and age, not sbp against smoker")
        // Only indicators beside one measure: never a scatter of the measure against an indicator.
        var affairs = "naffairs,unhappy,religious\n"
        for _ in 0..<60 { affairs += "\(random.below(13)),\(random.below(2)),\(random.below(2))\n" }
        let only = try ChartDocument.open(path: folder.write("affairs.csv", affairs)).layout
        XCTAssertNotEqual(only.kind, .scatter)
        XCTAssertTrue(only.x == 0 || only.y == [0], "naffairs is what is shown: \(only)")
    }

    func testOneMeasureBesideManyYesNoColumnsIsItsHistogram() throws {
        // COUNT's medpar: length of stay beside died, white, hmo and type1: boxes by the first of them are arbitrary.
        var random = SeededGenerator(seed: 3)
        var text = "los,hmo,white,died,type1\n"
        for _ in 0..<80 {
            text += "\(1 + random.below(30)),\(random.below(2)),\(random.below(2)),\(random.below(2)),\(random.below(2))\n"
        }
        let layout = try ChartDocument.open(path: folder.write("medpar.csv", text)).layout
        XCTAssertEqual(layout.kind, .histogram)
        XCTAssertEqual(layout.x, 0)
        // Beside one yes/no column it is split by it: a stay's length for those who died and those who did not.
        var one = "los,died\n"
        for _ in 0..<80 { one += "\(1 + random.below(30)),\(random.below(2))\n" }
        let split = try ChartDocument.open(path: folder.write("died.csv", one)).layout
        XCTAssertEqual(split.kind, .box)
        XCTAssertEqual(split.x, 1)
    }
}
