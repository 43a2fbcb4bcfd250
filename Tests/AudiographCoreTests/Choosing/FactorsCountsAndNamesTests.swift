// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Two-valued columns split or are counted, factors are kept apart, tables of categories are counted, and many
/// names label points instead of making a bar each (issue 45).
final class FactorsCountsAndNamesTests: XCTestCase {
    let folder = TemporaryFolder()

    private func name(_ d: ChartDocument, _ c: Int?) -> String? { c.map { d.table.columns[$0].header } }

    func testAZeroOneStatusIsNeverTheMeasureOfAScatter() throws {
        let document = try folder.document("temp,status\n53,1\n66,0\n70,1\n79,0\n")
        XCTAssertNotEqual(document.chart.kind, .scatter)
        XCTAssertFalse(document.layout.y.contains(1), "status is no measure: \(document.layout)")
        XCTAssertEqual(name(document, document.layout.x), "status", "it splits temp")
        let line = try folder.document("x,y,group\n1.5,2.3,1\n2.1,3.3,2\n3.3,1.2,1\n4.2,5.1,2\n5.3,2.2,1\n")
        XCTAssertEqual(line.chart.series.map(\.name), ["y"], "a two-valued code is no series of a line")
    }

    func testAFactorIsKeptApartBeforeAnyMean() throws {
        var text = "Time,Diet,weight\n"
        for t in stride(from: 0, through: 20, by: 2) {
            for d in 1...3 { for c in 0..<4 { text += "\(t),\(d),\(40 + t * (3 + d) + (c * 7 % 5))\n" } }
        }
        let document = try folder.document(text)
        XCTAssertEqual(name(document, document.layout.seriesBy), "Diet", "a line per diet, not the mean over the diets")
        XCTAssertEqual(document.chart.series.count, 3)
        XCTAssertEqual(document.layout.aggregate, .mean, "the chicks of one diet at one time are averaged")
        XCTAssertTrue(
            document.warnings.contains("Each point is the mean of the rows that share a time, within each diet: 4 rows each."),
            "\(document.warnings)")
    }

    func testAMeasureTheSameForEveryGroupIsNotALinePerGroup() throws {
        // AER's CigarettesSW: each state's year carries that year's price index, the same on every state's row.
        var text = "state,year,cpi,packs\n"
        for (s, state) in ["AL", "AR", "AZ", "CA"].enumerated() {
            for (k, year) in (1985...1990).enumerated() {
                text += "\(state),\(year),\(1.076 + Double(k) * 0.05),\(120 - Double(k * (s + 2)))\n"
            }
        }
        let document = try folder.document(text)
        XCTAssertEqual(document.layout.seriesBy.map { document.table.columns[$0].header }, "state")
        XCTAssertEqual(document.layout.y.map { document.table.columns[$0].header }, ["packs"], "not four identical lines of cpi")
    }

    func testNamedRowsSortedByAMeasureAreAScatterNotALine() throws {
        // pscl's unionDensity: 20 countries sorted by union density; a line over it would only draw the sorting.
        let rows = [
            ("Sweden", 82.4, 111.84, 8.28), ("Israel", 80.0, 73.17, 6.90), ("Iceland", 74.3, 17.25, 4.39),
            ("Finland", 73.3, 59.33, 7.62), ("Belgium", 71.9, 43.25, 8.60), ("Denmark", 69.8, 90.24, 7.63),
            ("Ireland", 68.1, 0.0, 7.04), ("Austria", 65.6, 48.67, 8.17), ("New Zealand", 59.4, 60.0, 6.83),
            ("Norway", 58.9, 83.08, 7.49), ("Australia", 51.4, 33.74, 8.52), ("Italy", 50.6, 0.0, 9.92),
            ("United Kingdom", 48.0, 43.67, 10.20), ("Germany", 39.6, 35.33, 10.05), ("Netherlands", 37.7, 31.50, 8.64)
        ]
        let text = "country,union,left,size\n" + rows.map { "\($0.0),\($0.1),\($0.2),\($0.3)" }.joined(separator: "\n") + "\n"
        let document = try folder.document(text)
        XCTAssertEqual(document.chart.kind, .scatter)
        XCTAssertEqual(document.layout.label.map { document.table.columns[$0].header }, "country")
    }

    func testACrossTabulationOfCountsIsBarsWhateverTheCountsSizes() throws {
        // MASS's caith: eye colour by hair colour in Caithness; the black-haired column is small beside the others.
        let text = """
            eye,fair,red,medium,dark,black
            blue,326,38,241,110,3
            light,688,116,584,188,4
            medium,343,84,909,412,26
            dark,98,48,403,681,85

            """
        let document = try folder.document(text)
        XCTAssertEqual(document.chart.kind.layoutBase, .bar)
        XCTAssertEqual(document.layout.x.map { document.table.columns[$0].header }, "eye")
        XCTAssertEqual(document.layout.y.count, 5)
    }

    func testOnlyCategoriesAreCountedByTheFirstAndTheSecond() throws {
        let text = "treatment,outcome\nA,cured\nA,cured\nA,not cured\nB,cured\nB,not cured\nB,not cured\nB,not cured\nA,cured\n"
        let document = try folder.document(text)
        XCTAssertEqual(document.chart.kind, .bar)
        XCTAssertEqual(document.layout.aggregate, .count)
        XCTAssertEqual(name(document, document.layout.x), "treatment")
        XCTAssertEqual(name(document, document.layout.seriesBy), "outcome")
        XCTAssertTrue(document.layout.y.isEmpty)
        XCTAssertEqual(document.chart.title, "Count of rows by treatment")
        XCTAssertEqual(document.chart.series.map(\.name), ["cured", "not cured"])
        XCTAssertEqual(document.chart.series[0].y, [3, 1])
        XCTAssertEqual(document.chart.series[1].y, [1, 3])
        XCTAssertTrue(document.warnings.contains("Each bar counts the rows that share a treatment, within each outcome."))
        let words = ElementNames(chart: document.chart).pointWords(0, in: document.chart.series[0])
        XCTAssertFalse(words.contains("total of"), words)
        // The other order, asked for by hand.
        let other = try folder.document(text, ChartSettings(x: "outcome", seriesBy: "treatment", aggregate: .count))
        XCTAssertEqual(other.chart.series.map(\.name), ["A", "B"])
        let suggestions = ChartSuggestions.list(for: document)
        XCTAssertTrue(
            suggestions.contains { $0.layout.aggregate == .count && $0.layout.x == 1 && $0.layout.seriesBy == 0 },
            "Other Charts offers the other order: \(suggestions.map(\.sentence))")
    }

    func testManyNamesLabelPointsInsteadOfMakingABarEach() throws {
        var text = "name,score\n"
        for i in 0..<500 { text += "Person \(i),\(40 + (i * 37) % 23 + (i * 11) % 7)\n" }
        let document = try folder.document(text)
        XCTAssertEqual(document.chart.kind, .histogram, "the measure's distribution, not 500 bars")
        var series = "name,level\n"
        for i in 0..<500 { series += "Site \(i),\(100 + i / 3 + (i % 5))\n" }
        let walked = try folder.document(series)
        XCTAssertEqual(walked.chart.kind, .line, "values that follow on from each other stay in row order")
        XCTAssertNil(walked.layout.x)
        XCTAssertEqual(walked.chart.series[0].labels?[2], "Site 2", "each name labels its point")
        let few = try folder.document("name,score\nAnn,3\nBob,5\nCid,4\n")
        XCTAssertEqual(few.chart.kind, .bar, "a few names are a bar each")
    }

    func testOtherChartsObeyTheSameRules() throws {
        // Families: a family number rising in blocks, each child's number, heights, and an error column.
        var text = "family,father,mother,childNum,childHeight,childHeight.se\n"
        var wobble = 0.0
        for family in 1...40 {
            let father = 64 + Double(family * 7 % 13) + 0.5, mother = 60 + Double(family * 5 % 9) + 0.5
            for child in 1...(family % 3 + 2) {
                wobble += 0.7
                text +=
                    "\(family),\(father),\(mother),\(child),\(String(format: "%.1f", 60 + Double(family % 11) + wobble.truncatingRemainder(dividingBy: 9))),0.4\n"
            }
        }
        let document = try folder.document(text)
        let suggestions = ChartSuggestions.list(for: document)
        XCTAssertGreaterThan(suggestions.count, 1)
        for s in suggestions {
            let roles = [s.layout.x, s.layout.seriesBy, s.layout.size].compactMap { $0 } + s.layout.y
            let names = roles.map { document.table.columns[$0].header }
            XCTAssertFalse(names.contains("family"), "no family number on an axis: \(s.sentence)")
            XCTAssertFalse(names.contains("childNum"), "no child's number as a series: \(s.sentence)")
            XCTAssertFalse(names.contains("childHeight.se"), "no error column as a measure: \(s.sentence)")
            XCTAssertFalse(s.sentence.contains("their total"), "heights are never added up: \(s.sentence)")
        }
    }
}
