import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

@testable import AudiographGTK

final class ColumnChoicesTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "ag-choices")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    private func open(_ text: String, name: String = "t.csv") throws -> (ChartDocument, String) {
        let path = folder.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (try ChartDocument.open(path: path), path)
    }

    private var cars: String {
        var text = "Model,Weight (kg),Efficiency (km/L),Price (USD),Country\n"
        let countries = ["Japan", "Germany", "USA"]
        for i in 0..<12 {
            // Efficiency falls with weight, not exactly (a column computed from weight would be left out).
            let k = (i * 37) % 11
            let efficiency = i % 4 == 1 ? "\(20 - k).5" : "\(20 - k)"
            text += "Car \(i),\(1000 + k * 100),\(efficiency),\(20000 + (i * 7) % 12 * 1000),\(countries[i % 3])\n"
        }
        return text
    }

    func testOffersColumnsByTypeAndStartsFromTheChartShown() throws {
        let (document, _) = try open(cars)
        let choices = ColumnChoices(document: document)
        XCTAssertEqual(choices.xOptions, [nil, 0, 1, 2, 3, 4])
        XCTAssertEqual(choices.yColumns, [1, 2, 3])
        XCTAssertEqual(choices.textOptions, [nil, 0, 4])
        XCTAssertEqual(choices.sizeOptions, [nil, 1, 2, 3])
        XCTAssertEqual(choices.x, 1)
        XCTAssertEqual(choices.y, [2])
        XCTAssertNil(choices.seriesBy)
        XCTAssertEqual(choices.size, 3)
        XCTAssertEqual(choices.category, 4)
        XCTAssertNil(choices.kind, "the kind was guessed, so the picker says Automatic")
        XCTAssertFalse(choices.remember)
        XCTAssertEqual(choices.title(of: nil, none: "Row number"), "Row number")
        XCTAssertEqual(choices.title(of: 1, none: "Row number"), "Weight (kg)")
        XCTAssertNil(choices.problem)
    }

    func testUnchangedChoicesRedrawTheSameChart() throws {
        let (document, path) = try open(cars)
        let settings = ColumnChoices(document: document).settings(replacing: document.settings)
        XCTAssertEqual(settings.x, "Weight (kg)")
        XCTAssertEqual(settings.y, ["Efficiency (km/L)"])
        XCTAssertEqual(settings.seriesBy, "")
        XCTAssertEqual(settings.size, "Price (USD)")
        XCTAssertEqual(settings.category, "Country")
        XCTAssertNil(settings.kind)
        let again = try ChartDocument.open(path: path, overrides: settings, readingSidecar: false)
        XCTAssertEqual(again.layout, document.layout)
    }

    func testChoicesBecomeSettingsAndNoneIsNotGuessed() throws {
        let (document, path) = try open(cars)
        var choices = ColumnChoices(document: document)
        choices.x = nil
        choices.setY(3, true)
        choices.setY(2, false)
        choices.setY(1, true)
        XCTAssertEqual(choices.y, [1, 3], "series stay in column order")
        choices.size = nil
        choices.category = nil
        choices.kind = .bar
        let base = ChartSettings(title: "Cars", unit: "x")
        let settings = choices.settings(replacing: base)
        XCTAssertEqual(
            settings,
            ChartSettings(
                x: "", y: ["Weight (kg)", "Price (USD)"], seriesBy: "", size: "",
                category: "", kind: .bar, title: "Cars", unit: "x"))
        let chart = try ChartDocument.open(path: path, overrides: settings, readingSidecar: false).chart
        XCTAssertEqual(chart.kind, .bar)
        XCTAssertEqual(chart.series.map(\.name), ["Weight", "Price"])
        XCTAssertTrue(chart.additionalAxes.isEmpty)
        XCTAssertEqual(chart.title, "Cars")
    }

    func testProblemsAreSentences() throws {
        let (document, _) = try open(cars)
        var choices = ColumnChoices(document: document)
        choices.setY(2, false)
        XCTAssertEqual(choices.problem, "Choose at least one y series.")
        choices.setY(1, true)
        choices.setY(3, true)
        choices.seriesBy = 4
        XCTAssertEqual(choices.problem, "When series are split by a column, choose just one y series.")
    }

    func testEveryNameResolvesToItsOwnColumn() throws {
        let (document, path) = try open("Value,value,Year\n1,5,2000\n2,4,2001\n3,6,2002\n")
        var choices = ColumnChoices(document: document)
        for (index, name) in choices.names.enumerated() {
            XCTAssertEqual(document.table.columnIndex(named: name), index, name)
        }
        choices.x = 2
        choices.y = [1]
        let chart = try ChartDocument.open(
            path: path, overrides: choices.settings(replacing: ChartSettings()),
            readingSidecar: false
        ).chart
        XCTAssertEqual(chart.series[0].y, [5, 4, 6])
    }

    func testLongTableStartsSplitBySeries() throws {
        var text = "Symbol,Date,Close\n"
        for day in 1...5 { for s in ["AAA", "BBB"] { text += "\(s),2024-01-0\(day),\(day * (s == "AAA" ? 1 : 3))\n" } }
        let (document, _) = try open(text)
        let choices = ColumnChoices(document: document)
        XCTAssertEqual(choices.seriesBy, 0)
        XCTAssertEqual(choices.x, 1)
        XCTAssertEqual(choices.y, [2])
        XCTAssertEqual(choices.textOptions, [nil, 0])
    }

    func testChooseColumnsIsInTheChartMenuWithCtrlK() {
        let entry = ActionTable.entry(.window(.chooseColumns))
        XCTAssertEqual(entry?.section, .chart)
        XCTAssertEqual(entry?.accelerators, ["<Control>k"])
        XCTAssertEqual(entry?.kind, .command)
    }
}
