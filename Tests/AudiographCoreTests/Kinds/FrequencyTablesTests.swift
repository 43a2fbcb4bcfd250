import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Frequency tables in long form (R's `as.data.frame(table)`): grouped bars of the counts, the categories not
/// shown added up, and totals said as totals.
final class FrequencyTablesTests: XCTestCase {
    let folder = TemporaryFolder()

    /// Titanic's shape: Class, Sex, Age, Survived, Freq, each combination once.
    private func titanic() throws -> String {
        var text = "rownames,Class,Sex,Age,Survived,Freq\n"
        var row = 0
        for survived in ["No", "Yes"] {
            for age in ["Child", "Adult"] {
                for sex in ["Male", "Female"] {
                    for (k, cls) in ["1st", "2nd", "3rd", "Crew"].enumerated() {
                        row += 1
                        text +=
                            "\(row),\(cls),\(sex),\(age),\(survived),\(10 * (k + 1) + (sex == "Male" ? 5 : 0) + (age == "Adult" ? 100 : 0) + (survived == "No" ? 1 : 0))\n"
                    }
                }
            }
        }
        return try folder.write("titanic.csv", text)
    }

    func testAFrequencyTableIsGroupedBarsOfTotals() throws {
        let document = try ChartDocument.open(path: try titanic())
        XCTAssertEqual(document.chart.kind, .bar)
        XCTAssertEqual(document.layout.x, 1, "a bar per class")
        XCTAssertEqual(document.layout.seriesBy, 2, "a layer per sex")
        XCTAssertEqual(document.layout.y, [5])
        XCTAssertEqual(document.layout.aggregate, .sum)
        let male = try XCTUnwrap(document.chart.series.first { $0.name == "Male" })
        // 1st class men: (15 + 16) children + (115 + 116) adults.
        XCTAssertEqual(male.y.first, 15 + 16 + 115 + 116)
        XCTAssertEqual(male.counts?.first, 4)
        XCTAssertEqual(document.chart.yAxis.title, "Total freq")
        XCTAssertTrue(
            document.warnings.contains("Each point adds up the rows that share a class, within each sex: 4 rows each."),
            "\(document.warnings)")
        let names = ElementNames(chart: document.chart)
        let words = names.pointWords(0, in: male)
        XCTAssertTrue(words.contains("total of 4 rows"), words)
        XCTAssertFalse(words.contains("mean"), words)
    }

    func testOtherChartsOfAFrequencyTableAddUpTheirBars() throws {
        let suggestions = ChartSuggestions.list(for: try ChartDocument.open(path: try titanic()))
        let bars = suggestions.filter { $0.layout.kind == .bar }
        XCTAssertGreaterThanOrEqual(bars.count, 2)
        for bar in bars {
            XCTAssertEqual(bar.layout.aggregate, .sum, bar.sentence)
            XCTAssertFalse(bar.title.contains("Average"), bar.title)
        }
    }

    func testTwoCategoriesAreBarsOfTheCellsThemselves() throws {
        // UKSoccer: goals at home and away, 0 to 2, and how many matches ended so.
        var text = "Home,Away,Freq\n"
        for home in 0...2 { for away in 0...2 { text += "\(home),\(away),\(30 - 5 * home - 7 * away)\n" } }
        let document = try ChartDocument.open(path: folder.write("soccer.csv", text))
        XCTAssertEqual(document.chart.kind, .bar)
        XCTAssertEqual(document.layout.x, 0)
        XCTAssertEqual(document.layout.seriesBy, 1)
        XCTAssertNil(document.layout.aggregate, "each cell is one bar: nothing to add up")
    }

    func testCountsOverYearsOrOfDifferentThingsOrBesideAnotherCountAreNoFrequencyTable() throws {
        var years = "County,year,Freq\n"
        for county in ["Cork", "Kerry", "Clare"] {
            for year in 1875...1880 { years += "\(county),\(year),\(year % 7 + county.count)\n" }
        }
        XCTAssertNotEqual(try ChartDocument.open(path: folder.write("years.csv", years)).layout.aggregate, .sum)
        // tidyr's table2: type says whether count is cases or population; they must never be added.
        var types = "country,year,type,count\n"
        for country in ["A", "B", "C"] {
            for year in [1999, 2000] {
                types += "\(country),\(year),cases,\(700 + year % 10)\n\(country),\(year),population,\(19_987_071 + year)\n"
            }
        }
        XCTAssertNotEqual(try ChartDocument.open(path: folder.write("types.csv", types)).layout.aggregate, .sum)
        // MASS's eagles: y successes of n attempts, by three two-valued categories.
        var eagles = "y,n,P,A,V\n"
        var k = 0
        for p in ["L", "S"] {
            for a in ["A", "I"] { for v in ["L", "S"] { k += 1; eagles += "\(k * 3),\(k * 3 + 9 + k),\(p),\(a),\(v)\n" } }
        }
        let layout = try ChartDocument.open(path: folder.write("eagles.csv", eagles)).layout
        XCTAssertFalse(layout.aggregate == .sum && layout.y == [1], "\(layout)")
    }

    func testAnyChartCanAddItsRowsUpWhenAsked() throws {
        let text = "region,sales\nNorth,10\nSouth,4\nNorth,7\nSouth,1\nNorth,3\n"
        let document = try ChartDocument.open(path: folder.write("sales.csv", text), overrides: ChartSettings(aggregate: .sum))
        XCTAssertEqual(document.layout.aggregate, .sum)
        XCTAssertEqual(document.chart.series.first?.y, [20, 5])
        XCTAssertEqual(document.chart.series.first?.name, "Total sales")
    }
}
