import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Tables pasted from the clipboard (an HTML table, or tab-separated or CSV text) and held in memory: read as a
/// file of the same table would be, and saved as CSV.
final class PastedTableTests: XCTestCase {
    private func rows(_ html: String) -> [[String]]? { HTMLTableReader.rows(in: Data(html.utf8)) }

    func testHeaderCellsMarkupAndEntitiesBecomeText() {
        let html = """
            <html><body><!--StartFragment--><table class="wikitable"><caption>Cities</caption>
            <thead><tr><th>City</th><th>Population<sup class="reference"><a href="#n1">[1]</a></sup></th></tr></thead>
            <tbody><tr><td><a href="/Tokyo"><b>Tokyo</b></a></td><td><span class="sortkey" style="display: none">7013</span>13,960,236</td></tr>
            <tr><td>Ōsaka &amp; Sakai</td><td>2,691,185[a]</td></tr>
            <tr><td>Kyōto<br>city</td><td>&#49;,464,890&nbsp;</td></tr></tbody></table><!--EndFragment--></body></html>
            """
        XCTAssertEqual(
            rows(html),
            [
                ["City", "Population"], ["Tokyo", "13,960,236"], ["Ōsaka & Sakai", "2,691,185"],
                ["Kyōto city", "1,464,890"]
            ])
    }

    func testSpansFillEveryCellTheyCoverAndHeaderRowsAreJoined() {
        let html = """
            <table><tr><th rowspan=2>Region</th><th colspan="2">Population</th></tr>
            <tr><th>2000</th><th>2020</th></tr>
            <tr><td rowspan="2">Kantō</td><td>40</td><td>43</td></tr>
            <tr><td>41</td><td>44</td></tr></table>
            """
        XCTAssertEqual(
            rows(html),
            [
                ["Region", "Population 2000", "Population 2020"], ["Kantō", "40", "43"],
                ["Kantō", "41", "44"]
            ])
    }

    func testUnclosedCellsAFragmentCutShortAndUnquotedAttributes() {
        let html = "<TABLE border=0><TR><TD>Month<TD>Rain (mm)<TR><TD>Jan<TD>52.3<TR><TD>Feb<TD>56.1"
        XCTAssertEqual(rows(html), [["Month", "Rain (mm)"], ["Jan", "52.3"], ["Feb", "56.1"]])
    }

    func testANestedTableIsItsCellsTextAndTheBiggestTableIsTaken() {
        let html = """
            <table><tr><td>menu</td></tr></table>
            <table><tr><th>Year</th><th>Note</th></tr>
            <tr><td>2001</td><td><table><tr><td>a</td><td>b</td></tr></table></td></tr>
            <tr><td>2002</td><td>c</td></tr></table>
            """
        XCTAssertEqual(rows(html), [["Year", "Note"], ["2001", "a b"], ["2002", "c"]])
    }

    func testNoTableOrOneCellIsNoTable() {
        XCTAssertNil(rows("<p>Hello <b>world</b></p>"))
        XCTAssertNil(rows("<table><tr><td>alone</td></tr></table>"))
        XCTAssertNil(rows(""))
    }

    func testUTF16HTMLIsRead() {
        let html = "<table><tr><th>x</th><th>y</th></tr><tr><td>1</td><td>2</td></tr></table>"
        var le = Data([0xFF, 0xFE])
        for unit in html.utf16 { le.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        XCTAssertEqual(HTMLTableReader.rows(in: le), [["x", "y"], ["1", "2"]])
        XCTAssertEqual(HTMLTableReader.rows(in: le.dropFirst(2)), [["x", "y"], ["1", "2"]], "without the mark")
    }

    func testAHostileSpanIsBounded() {
        let html = "<table><tr><td colspan=99999999 rowspan=99999999>x</td><td>y</td></tr><tr><td>1</td></tr></table>"
        let found = rows(html)
        XCTAssertNotNil(found)
        XCTAssertLessThanOrEqual(found?.first?.count ?? 0, 1_001)
    }

    func testTheClipboardsHTMLIsPreferredAndChartsAsItsCSVWould() throws {
        let html = Data(
            "<table><tr><th>Year</th><th>Sales</th></tr><tr><td>2020</td><td>5</td></tr><tr><td>2021</td><td>7</td></tr></table>"
                .utf8)
        let text = Data("something\telse\n1\t2\n".utf8)
        let held = try XCTUnwrap(PastedTable.held(html: html, text: text))
        XCTAssertEqual(held.name, "Pasted table")
        let pasted = try held.open()
        let file = try ChartDocument.open(data: Data("Year,Sales\n2020,5\n2021,7\n".utf8), name: "Pasted table")
        XCTAssertEqual(pasted.chart.title, file.chart.title)
        XCTAssertEqual(pasted.chart.series.map(\.y), file.chart.series.map(\.y))
        XCTAssertEqual(String(decoding: try held.csvText(), as: UTF8.self), "Year,Sales\n2020,5\n2021,7\n")
    }

    func testTextFromASpreadsheetIsReadWhenTheHTMLHoldsNoTable() throws {
        let text = Data("Month\tTokyo (°C)\nJan\t5.4\nFeb\t6.1\nMar\t9.4\n".utf8)
        let held = try XCTUnwrap(PastedTable.held(html: Data("<p>no table</p>".utf8), text: text))
        let chart = try held.open().chart
        XCTAssertEqual(chart.series.first?.y, [5.4, 6.1, 9.4])
        XCTAssertEqual(
            String(decoding: try held.csvText(), as: UTF8.self), "Month,Tokyo (°C)\nJan,5.4\nFeb,6.1\nMar,9.4\n",
            "saved as CSV")
    }

    func testAClipboardWithoutATableHoldsNone() {
        XCTAssertNil(PastedTable.held(html: nil, text: nil))
        XCTAssertNil(PastedTable.held(html: nil, text: Data("Just one line of prose.".utf8)))
        XCTAssertNil(PastedTable.held(html: nil, text: Data("\n  \n".utf8)))
    }

    /// xclip answers a request for text with its HTML, and a paste right after the copy can ask before GTK has
    /// learnt that the clipboard offers HTML: that text is read as the HTML it is, not as 87 broken CSV rows.
    func testHTMLOfferedAsTextIsReadAsHTML() throws {
        let html = try clipboard("libreoffice-temps.html")
        let asText = try XCTUnwrap(PastedTable.held(html: nil, text: html))
        let asHTML = try XCTUnwrap(PastedTable.held(html: html, text: nil))
        XCTAssertEqual(try asText.csvText(), try asHTML.csvText())
        XCTAssertEqual(try asText.open().chart.series.first?.y, try asHTML.open().chart.series.first?.y)
        let tabs = try XCTUnwrap(PastedTable.held(html: nil, text: Data("<5\tx\n1\t2\n3\t4\n".utf8)))
        XCTAssertEqual(
            String(decoding: try tabs.csvText(), as: UTF8.self), "<5,x\n1,2\n3,4\n",
            "text starting with < but holding no table stays text")
    }

    func testAnHTMLTableStartingWithABracketIsNotJSON() throws {
        let html = Data(
            "<table><tr><th>[x]</th><th>y</th></tr><tr><td>1</td><td>2</td></tr><tr><td>2</td><td>3</td></tr></table>".utf8)
        let held = try XCTUnwrap(PastedTable.held(html: html, text: nil))
        XCTAssertEqual(try held.open().chart.series.first?.y, [2, 3])
    }

    // MARK: Real clipboards (Fixtures/Clipboard: Firefox ESR 153, Chromium 156 and LibreOffice 7.4 on X11)

    private func clipboard(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: fixturePath("Clipboard/" + name)))
    }

    func testABrowsersCopyOfAWikipediaStyleTableReadsAsItsCells() throws {
        for browser in ["firefox", "chromium"] {
            let rows = try XCTUnwrap(HTMLTableReader.rows(in: try clipboard(browser + "-cities.html")), browser)
            XCTAssertEqual(
                rows.first,
                [
                    "Rank (2020)", "City", "Prefecture", "Region", "Population 2000", "Population 2020",
                    "Change"
                ], "\(browser): two header rows joined, the caption left out")
            XCTAssertEqual(
                rows[1], ["1", "Tokyo (23 wards)", "Tokyo", "Kantō", "8,134,688", "9,733,276", "+19.65%"],
                "\(browser): links and bold as text, the footnote mark dropped")
            XCTAssertEqual(rows[2][3], "Kantō", "\(browser): the region's rowspan fills the rows it covers")
            XCTAssertEqual(Set(rows.map(\.count)), [7], browser)
        }
    }

    func testTheSameTableFromEachProgramChartsTheSame() throws {
        let firefox = try XCTUnwrap(
            PastedTable.held(
                html: try clipboard("firefox-months.html"),
                text: try clipboard("firefox-months.txt"))
        ).open()
        let chromium = try XCTUnwrap(
            PastedTable.held(
                html: try clipboard("chromium-months.html"),
                text: try clipboard("chromium-months.txt"))
        ).open()
        let text = try XCTUnwrap(PastedTable.held(html: nil, text: try clipboard("chromium-months.txt"))).open()
        for document in [firefox, chromium, text] {
            XCTAssertEqual(document.chart.kind, .bar, "months in the calendar's order are x, not names of records")
            XCTAssertEqual(document.chart.series.first?.y, [5.4, 6.1, 9.4, 14.3, 18.8, 21.9, 25.7, 26.9, 23.3, 18, 12.5, 7.7])
            XCTAssertEqual(document.chart.series.first?.name, "Mean temperature")
        }
    }

    func testLibreOfficeCellsChartAsTheirCSVFile() throws {
        let pasted = try XCTUnwrap(
            PastedTable.held(
                html: try clipboard("libreoffice-temps.html"),
                text: try clipboard("libreoffice-temps.txt"))
        ).open()
        let file = try ChartDocument.open(path: fixturePath("Clipboard/sources/temps.csv"))
        XCTAssertEqual(pasted.chart.kind, file.chart.kind)
        XCTAssertEqual(pasted.chart.series.map(\.name), ["Tokyo", "Osaka"])
        XCTAssertEqual(pasted.chart.series.map(\.y), file.chart.series.map(\.y))
        let tabs = try XCTUnwrap(PastedTable.held(html: nil, text: try clipboard("libreoffice-temps.txt"))).open()
        XCTAssertEqual(tabs.chart.series.map(\.y), file.chart.series.map(\.y), "its tab-separated text too")
    }

    func testHeldJSONAndSemicolonsAreSavedAsCSV() throws {
        let json = HeldTable(
            name: "standard input", data: Data(#"[{"year": 2020, "sales": 5}, {"year": 2021, "sales": 6.5}]"#.utf8))
        XCTAssertEqual(String(decoding: try json.csvText(), as: UTF8.self), "year,sales\n2020,5\n2021,6.5\n")
        let european = HeldTable(name: "standard input", data: Data("Jahr;Wert\n2020;1,5\n2021;2,25\n".utf8))
        let csv = try european.csvText()
        XCTAssertEqual(String(decoding: csv, as: UTF8.self), "Jahr,Wert\n2020,\"1,5\"\n2021,\"2,25\"\n")
        XCTAssertEqual(
            try ChartDocument.open(data: csv, name: "saved.csv").chart.series.first?.y, [1.5, 2.25],
            "the saved CSV reads back to the same values")
        let plain = Data("a,b\n1,2\n".utf8)
        XCTAssertEqual(try HeldTable(name: "standard input", data: plain).csvText(), plain, "CSV is kept as it is")
    }
}
