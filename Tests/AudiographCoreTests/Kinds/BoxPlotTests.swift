// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Box plots: Tukey statistics by the linear quartile method, the chart a table makes, its words, its parts,
/// its sound, its JSON and the guess. Expected numbers come from numpy 2.4 (the Python line is beside each).
final class BoxPlotTests: XCTestCase {
    let folder = TemporaryFolder()

    /// chickwts' sunflower group.
    private let sunflower: [Double] = [423, 340, 392, 339, 341, 226, 320, 295, 334, 322, 297, 318]

    func testQuartilesWhiskersAndOutliersAreTukeysOnNumpysQuartiles() throws {
        // np.percentile(sunflower, [25, 50, 75]) == [312.75, 328.0, 340.25]
        let box = try XCTUnwrap(BoxStatistics(sunflower))
        XCTAssertEqual(box.q1, 312.75)
        XCTAssertEqual(box.median, 328)
        XCTAssertEqual(box.q3, 340.25)
        XCTAssertEqual(box.lowerWhisker, 295, "the least value within 1.5 IQR below Q1")
        XCTAssertEqual(box.upperWhisker, 341)
        XCTAssertEqual(box.outliers, [226, 392, 423])
        XCTAssertEqual(box.min, 226)
        XCTAssertEqual(box.max, 423)
        XCTAssertEqual(box.count, 12)
        // a = [((i*37) % 101) / 7 for i in range(40)] + [40, -12]: whiskers 0 and 14.2857, outliers -12 and 40
        let spread = (0..<40).map { Double(($0 * 37) % 101) / 7 } + [40, -12]
        let other = try XCTUnwrap(BoxStatistics(spread))
        XCTAssertEqual(other.q1, 3.392857142857143, accuracy: 1e-12)
        XCTAssertEqual(other.q3, 10.892857142857142, accuracy: 1e-12)
        XCTAssertEqual(other.lowerWhisker, 0)
        XCTAssertEqual(other.upperWhisker, 14.285714285714286, accuracy: 1e-12)
        XCTAssertEqual(other.outliers, [-12, 40])
        XCTAssertNil(BoxStatistics([.nan]))
    }

    func testPartsRunFromTheLowestValueToTheHighest() throws {
        let box = try XCTUnwrap(BoxStatistics(sunflower))
        XCTAssertEqual(
            box.parts,
            [
                .outlier(226), .lowerWhisker(isMinimum: false), .q1, .median, .q3,
                .upperWhisker(isMaximum: false), .outlier(392), .outlier(423)
            ])
        XCTAssertEqual(box.parts[box.medianPart], .median)
        let plain = try XCTUnwrap(BoxStatistics([1, 2, 3, 4, 5]))
        XCTAssertEqual(plain.parts.first, .lowerWhisker(isMinimum: true))
        XCTAssertEqual(plain.parts.last, .upperWhisker(isMaximum: true))
    }

    private func feedTable() throws -> String {
        var text = "Feed,Weight (g)\n"
        let groups: [(String, [Double])] = [
            ("casein", [368, 390, 379, 260, 404, 318, 352, 359, 216, 222, 283, 332]),
            ("sunflower", sunflower),
            ("horsebean", [179, 160, 136, 227, 217, 168, 108, 124, 143, 140])
        ]
        for (name, values) in groups { for v in values { text += "\(name),\(Int(v))\n" } }
        return try folder.write("feeds.csv", text)
    }

    func testGroupsWithManyRowsAndOneMeasureMakeABoxPlotSpokenBoxByBox() throws {
        let chart = try ChartDocument.open(path: feedTable(), overrides: ChartSettings()).chart
        XCTAssertEqual(chart.kind, .box, "many rows per group and one measure: boxes, not bars of means")
        XCTAssertEqual(chart.series.count, 1)
        let s = chart.series[0]
        XCTAssertEqual(s.boxes?.count, 3)
        guard case .categorical(let axis) = chart.xAxis else { return XCTFail("groups along x") }
        XCTAssertEqual(axis.categories, ["casein", "sunflower", "horsebean"])
        let names = ElementNames(chart: chart)
        let elements = ChartNavigator(chart: chart).elements[0]
        XCTAssertEqual(
            names.name(1, of: elements),
            "sunflower: median 328 g, quartiles 313 to 340 g, whiskers 295 to 341 g, 12 values, 3 outliers, box 2 of 3",
            "quartiles are said with three significant digits, as every derived number")
        XCTAssertEqual(names.kindWords, "box plot")
        let box = try XCTUnwrap(s.boxes?[1])
        XCTAssertEqual(
            box.parts.map { names.partWords($0, of: box, in: s) },
            [
                "outlier: 226 g", "lower whisker: 295 g", "first quartile: 313 g", "median: 328 g",
                "third quartile: 340 g", "upper whisker: 341 g", "outlier: 392 g", "outlier: 423 g"
            ])
        let summary = ChartAnalysis.analyze(chart).summary
        XCTAssertTrue(summary.contains("3 boxes of 34 values; medians from 152 g (horsebean) to 342 g (casein)"), summary)
        XCTAssertTrue(summary.contains("3 outliers, in sunflower."), summary)
    }

    func testEachBoxPlaysAsFiveSeparateRisingNotes() throws {
        let chart = try ChartDocument.open(path: feedTable(), overrides: ChartSettings()).chart
        var score = Sonifier(chart: chart).score(.single(0))
        let tones = score.tones.sorted { $0.start < $1.start }
        XCTAssertEqual(tones.count, 15, "five notes per box")
        for (a, b) in zip(tones, tones.dropFirst()) { XCTAssertGreaterThan(b.start, a.end, "notes never merge") }
        for figure in stride(from: 0, to: 15, by: 5) {
            let pitches = tones[figure..<figure + 5].map(\.highestFrequency)
            XCTAssertEqual(pitches, pitches.sorted(), "whisker, Q1, median, Q3, whisker rise")
            XCTAssertEqual(Set(tones[figure..<figure + 5].map(\.points)).count, 1, "a figure is one box's")
        }
        score.ticks = []
        XCTAssertEqual(SignalMeasures.noteOnsets(SignalMeasures.left(Synthesizer().render(score))), 15)
        XCTAssertEqual(Sonifier(chart: chart).boxScore(series: 0, index: 1).tones.count, 5)
    }

    func testTheJSONHasOneSeriesPerBox() throws {
        let json = try DescribeReport(document: try ChartDocument.open(path: feedTable(), overrides: ChartSettings())).json()
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        XCTAssertEqual(object["kind"] as? String, "box")
        let series = object["series"] as! [[String: Any]]
        XCTAssertEqual(series.map { $0["name"] as! String }, ["casein", "sunflower", "horsebean"])
        let box = series[1]["box"] as! [String: Any]
        XCTAssertEqual(box["q1"] as? Double, 312.75)
        XCTAssertEqual(box["lowerWhisker"] as? Double, 295)
        XCTAssertEqual(box["outliers"] as? [Double], [226, 392, 423])
        for key in ["min", "lowerWhisker", "q1", "median", "q3", "upperWhisker", "max", "outliers"] {
            XCTAssertNotNil(box[key], key)
        }
    }

    func testABoxPlotWithoutGroupsSaysWhatToChoose() throws {
        let path = try folder.write("ids.csv", "Name,Score\n" + (0..<50).map { "n\($0),\($0 % 7)" }.joined(separator: "\n"))
        XCTAssertThrowsError(try ChartDocument.open(path: path, overrides: ChartSettings(x: "Name", kind: .box))) { error in
            XCTAssertEqual(
                (error as? ImportError)?.message,
                "ids.csv: column \"Name\" has too many different values to split the rows into groups for a box plot. Choose a text column with a few repeating values for x."
            )
        }
        let lone = try folder.write("lone.csv", "Score\n1\n2\n3\n")
        XCTAssertThrowsError(try ChartDocument.open(path: lone, overrides: ChartSettings(kind: .box))) { error in
            XCTAssertEqual(
                (error as? ImportError)?.message,
                "lone.csv: a box plot needs a column that splits the rows into groups, and none was found. Name one for x (a text column with a few repeating values)."
            )
        }
        // A numeric code makes groups too: cylinders 4, 6 and 8.
        let cylinders = try folder.write(
            "cyl.csv", "cyl,mpg\n" + (0..<30).map { "\([4, 6, 8][$0 % 3]),\(20 + $0 % 7)" }.joined(separator: "\n"))
        let chart = try ChartDocument.open(path: cylinders, overrides: ChartSettings(x: "cyl", y: ["mpg"], kind: .box)).chart
        guard case .categorical(let axis) = chart.xAxis else { return XCTFail("groups along x") }
        XCTAssertEqual(axis.categories, ["cyl 4", "cyl 6", "cyl 8"])
    }
}
