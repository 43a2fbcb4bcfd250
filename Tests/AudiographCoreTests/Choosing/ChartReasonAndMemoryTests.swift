// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

@testable import AudiographCore

/// Why this chart, in one sentence, and a choice remembered for files with the same columns (issue 45).
final class ChartReasonAndMemoryTests: XCTestCase {
    let folder = TemporaryFolder()

    func testTheReasonSaysWhyAndWhatWasLeftOut() throws {
        let years = try ChartDocument.open(
            path: folder.write("a.csv", "period,sales,se\n1990,5,0.5\n1991,7,0.6\n1992,6,0.4\n1993,9,0.7\n"))
        XCTAssertEqual(
            years.reason, "period is a time, so each measure is drawn over it, leaving out se (the standard error of sales).")
        let sleep = try ChartDocument.open(path: folder.write("b.csv", "sleep,awake\n8,16\n10.5,13.5\n6,18\n12,12\n"))
        XCTAssertEqual(sleep.reason, "sleep is the only measure, so this is its distribution, leaving out awake (24 − sleep).")
        let chosen = try ChartDocument.open(
            path: folder.write("c.csv", "sleep,awake\n8,16\n10.5,13.5\n6,18\n12,12\n"),
            overrides: ChartSettings(x: "sleep", y: ["awake"]))
        XCTAssertEqual(chosen.reason, "this is the chart you chose.")
        let counts = try ChartDocument.open(
            path: folder.write("d.csv", "treatment,outcome\nA,cured\nA,not\nB,cured\nB,not\nB,not\n"))
        XCTAssertEqual(
            counts.reason, "the table holds only categories, so the bars count its rows of each treatment and outcome.")
    }

    func testAChoiceIsRememberedForFilesWithTheSameColumns() throws {
        let store = ColumnSetChoices(configDirectory: folder.url.appendingPathComponent("config").path)
        let january = folder.write("jan.csv", "day,sales,visits\n1,5,50\n2,7,61\n3,6,55\n4,9,70\n")
        let february = folder.write("feb.csv", "day,sales,visits\n1,4,40\n2,8,66\n3,5,52\n4,7,63\n")
        let other = folder.write("other.csv", "day,visits,sales\n1,50,5\n2,61,7\n3,55,6\n4,70,9\n")
        let guessed = try ChartDocument.open(path: february, remembered: store)
        XCTAssertEqual(guessed.chart.kind, .line)
        let chosen = ChartSettings(x: "sales", y: ["visits"], kind: .scatter)
        try store.remember(chosen, forHeaders: try ChartDocument.open(path: january).readHeaders)
        let next = try ChartDocument.open(path: february, remembered: store)
        XCTAssertEqual(next.chart.kind, .scatter)
        XCTAssertEqual(next.chart.xAxis.title, "sales")
        XCTAssertEqual(next.warnings.filter { $0 == "Opened as you chose for files with these columns." }.count, 1)
        XCTAssertEqual(try ChartDocument.open(path: other, remembered: store).chart.kind, .line, "other columns: guessed")
        XCTAssertEqual(try ChartDocument.open(path: february).chart.kind, .line, "without the store (describe): guessed")
        // A sidecar beside the file wins over the remembered choice.
        try SidecarSettings.save(ChartSettings(kind: .bar), for: february)
        XCTAssertEqual(try ChartDocument.open(path: february, remembered: store).chart.kind, .bar)
        // A damaged store remembers nothing and breaks nothing.
        try Data("not json".utf8).write(to: store.url)
        XCTAssertNil(store.choice(forHeaders: ["day", "sales", "visits"]))
    }
}
