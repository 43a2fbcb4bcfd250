// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Histograms: numpy's bin rule and counting, the chart a column makes, its words, its sound and the guess.
///
/// Expected numbers come from numpy 2.4 on the same values (the Python line is beside each), so a change in
/// the rule shows here; the end-to-end comparison on real tables runs numpy itself (Tests/cli).
final class HistogramTests: XCTestCase {
    let folder = TemporaryFolder()

    /// 200 values spread over 0 to 15: ((i·37) mod 101) / 7 + (i mod 5) · 0.3.
    private let spread: [Double] = (0..<200).map { (i: Int) -> Double in
        let base = Double((i * 37) % 101) / 7
        return base + Double(i % 5) * 0.3
    }

    func testTheAutoBinCountIsNumpys() {
        // len(np.histogram_bin_edges(a, "auto")) - 1
        XCTAssertEqual(HistogramBinning.numpyAutoBinCount(spread), 9)
        XCTAssertEqual(HistogramBinning.numpyAutoBinCount([1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 10]), 7)
        XCTAssertEqual(HistogramBinning.numpyAutoBinCount((0..<150).map { pow(Double($0 % 13), 2) * 0.37 }), 9)
        XCTAssertEqual(HistogramBinning.numpyAutoBinCount([4, 4, 4]), 1, "equal values make one bin")
    }

    /// Issue 46: 40 values close together and 10 spread far: Freedman–Diaconis alone made 177 bins of 0.5.
    func testBinsNeverOutnumberTheDistinctValuesOrTwiceTheRootOfTheCount() {
        let close: [Double] = (0..<40).map { (i: Int) -> Double in 10 + Double((i * 7) % 40) / 80 }
        let far: [Double] = (0..<10).map { (i: Int) -> Double in 10 + Double(i) * 9.1 }
        let clustered = close + far
        let bins = HistogramBinning.edges(clustered).count - 1
        XCTAssertLessThanOrEqual(bins, 15, "2√50 rounded up")
        XCTAssertGreaterThanOrEqual(bins, 5)
        let fewDistinct: [Double] = (0..<300).map { (i: Int) -> Double in Double(i % 4) * 1.7 }
        XCTAssertLessThanOrEqual(HistogramBinning.edges(fewDistinct).count - 1, 4, "four distinct values")
    }

    func testAnEdgeMovesHalfAStepRatherThanCutACluster() {
        // 30 values packed either side of 20 among 70 spread from 0 to 40: edges on multiples of the step put
        // one at 20, splitting the cluster in two bars; edges half a step over keep it in one.
        let cluster: [Double] = (0..<30).map { 19.8 + Double($0) * 0.4 / 29 }
        let spread: [Double] = (0..<70).map { Double($0) * 40 / 69 }
        let values = cluster + spread
        let edges = HistogramBinning.edges(values)
        XCTAssertFalse(edges.contains { $0 > 19.8 && $0 <= 20.2 }, "no edge inside 19.8 to 20.2: \(edges)")
        let bins = HistogramBinning.bins(values, edges: edges)
        XCTAssertEqual(bins.reduce(0) { $0 + $1.count }, 100, "every value counted once")
        // A spread without clusters keeps its round edges.
        let plain = HistogramBinning.edges(spread)
        XCTAssertEqual(plain.first.map { $0.truncatingRemainder(dividingBy: plain[1] - plain[0]) }, 0, "\(plain)")
    }

    func testQuartilesAreTheLinearMethod() {
        // np.percentile(a, [25, 50, 75])
        let sorted = spread.sorted()
        XCTAssertEqual(Quantiles.type7(sorted: sorted, 0.25)!, 4.260714285714285, accuracy: 1e-12)
        XCTAssertEqual(Quantiles.type7(sorted: sorted, 0.5)!, 7.678571428571429, accuracy: 1e-12)
        XCTAssertEqual(Quantiles.type7(sorted: sorted, 0.75)!, 11.439285714285715, accuracy: 1e-12)
        XCTAssertEqual(Quantiles.type7(sorted: [1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 10], 0.25), 2.5)
        XCTAssertNil(Quantiles.type7(sorted: [], 0.5))
    }

    func testAGivenBinCountGivesNumpysEdgesAndCounts() {
        // np.histogram(a, bins=7)
        let edges = HistogramBinning.edges(spread, binCount: 7)
        let numpyEdges = [
            0.0, 2.1510204081632653, 4.302040816326531, 6.453061224489796, 8.604081632653061,
            10.755102040816327, 12.906122448979591, 15.057142857142857
        ]
        XCTAssertEqual(edges.count, numpyEdges.count)
        for (mine, theirs) in zip(edges, numpyEdges) { XCTAssertEqual(mine, theirs, accuracy: 1e-12) }
        XCTAssertEqual(HistogramBinning.bins(spread, edges: edges).map(\.count), [21, 30, 30, 29, 31, 32, 27])
    }

    func testTheRuleRoundsTheWidthAndEveryValueIsCountedOnce() {
        let edges = HistogramBinning.edges(spread)
        let width = edges[1] - edges[0]
        XCTAssertEqual(width, 2, "numpy's 1.67 moves to the nearest round step")
        XCTAssertEqual(edges.first, 0)
        XCTAssertEqual(edges.last, 16)
        for (a, b) in zip(edges, edges.dropFirst()) { XCTAssertEqual(b - a, width, accuracy: 1e-9) }
        let bins = HistogramBinning.bins(spread, edges: edges)
        XCTAssertEqual(bins.reduce(0) { $0 + $1.count }, 200)
        // The greatest value on the last edge belongs to the last bin, as in numpy.
        let onEdge = HistogramBinning.bins([0, 5, 10], edges: [0, 5, 10])
        XCTAssertEqual(onEdge.map(\.count), [1, 2])
    }

    func testAColumnMakesAHistogramChartWithSpokenBins() throws {
        let text = "Weight\n" + spread.map { String(format: "%.3f", $0) }.joined(separator: "\n") + "\n\n"
        let path = try folder.write("weights.csv", text)
        let document = try ChartDocument.open(path: path, overrides: ChartSettings())
        let chart = document.chart
        XCTAssertEqual(chart.kind, .histogram, "one measure and no x is a distribution")
        XCTAssertEqual(chart.title, "Distribution of weight")
        let h = try XCTUnwrap(chart.series.first?.histogram)
        XCTAssertEqual(h.valueCount, 200)
        XCTAssertEqual(chart.series[0].y, h.bins.map { Double($0.count) })
        XCTAssertEqual(chart.series[0].x, h.bins.map { ($0.from + $0.to) / 2 })
        let navigator = ChartNavigator(chart: chart)
        let names = ElementNames(chart: chart)
        let third = names.name(2, of: navigator.elements[0])
        XCTAssertEqual(third, "4 to 6: \(h.bins[2].count) values, bin 3 of 8")
        XCTAssertEqual(names.kindWords, "histogram")
        // A unit for the counts names what was counted.
        let cars = try ChartDocument.open(path: path, overrides: ChartSettings(unit: "cars")).chart
        XCTAssertTrue(
            ElementNames(chart: cars).name(0, of: ChartNavigator(chart: cars).elements[0]).hasSuffix(" cars, bin 1 of 8"))
    }

    func testTheDescriptionGivesTheFullestBinAndAClearShape() throws {
        // Old Faithful's two kinds of eruption: short ones near 2 minutes and long ones near 4.4.
        let short = (0..<40).map { 1.8 + Double($0 % 9) * 0.05 }
        let long = (0..<60).map { 4.1 + Double($0 % 13) * 0.05 }
        let path = try folder.write(
            "eruptions.csv", "Eruption (min)\n" + (short + long).map { String($0) }.joined(separator: "\n"))
        let report = DescribeReport(document: try ChartDocument.open(path: path, overrides: ChartSettings(kind: .histogram)))
        XCTAssertTrue(report.analysis.summary.contains("2 peaks"), report.analysis.summary)
        // A right-skewed column says so; a flat one claims no shape.
        let skewed = (0..<100).map { pow(Double($0 % 25), 3) / 100 }
        let skewPath = try folder.write("skew.csv", "v\n" + skewed.map { String($0) }.joined(separator: "\n"))
        let skewReport = DescribeReport(
            document: try ChartDocument.open(path: skewPath, overrides: ChartSettings(kind: .histogram)))
        XCTAssertTrue(skewReport.analysis.summary.contains("Skewed to the right"), skewReport.analysis.summary)
        let flatPath = try folder.write(
            "flat.csv", "v\n" + (0..<100).map { String(($0 * 37) % 100) + ".5" }.joined(separator: "\n"))
        let flat = DescribeReport(document: try ChartDocument.open(path: flatPath, overrides: ChartSettings(kind: .histogram)))
        XCTAssertFalse(flat.analysis.summary.contains("kewed") || flat.analysis.summary.contains("peak"), flat.analysis.summary)
    }

    func testTheJSONHasEachBin() throws {
        let path = try folder.write("w.csv", "w\n1\n2\n2\n3\n3\n3\n")
        let json = try DescribeReport(
            document: try ChartDocument.open(path: path, overrides: ChartSettings(kind: .histogram, bins: 2))
        ).json()
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        let series = (object["series"] as! [[String: Any]])[0]
        let bins = series["bins"] as! [[String: Any]]
        XCTAssertEqual(bins.map { $0["count"] as! Int }, [1, 5], "np.histogram([1, 2, 2, 3, 3, 3], bins=2)")
        XCTAssertEqual(bins.map { $0["from"] as! Double }, [1, 2])
        XCTAssertEqual(bins.map { $0["to"] as! Double }, [2, 3])
        XCTAssertEqual(series["count"] as? Int, 6, "the series counts the values binned")
        XCTAssertEqual(object["kind"] as? String, "histogram")
    }

    func testEachBinIsOneSeparateNoteWhosePitchFollowsItsCount() throws {
        let path = try folder.write("w.csv", "w\n" + spread.map { String($0) }.joined(separator: "\n"))
        let chart = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .histogram)).chart
        let score = Sonifier(chart: chart).score(.single(0))
        let counts = chart.series[0].histogram!.bins.map(\.count)
        XCTAssertEqual(score.tones.count, counts.count, "one note per bin")
        let sorted = score.tones.sorted { $0.start < $1.start }
        for (a, b) in zip(sorted, sorted.dropFirst()) { XCTAssertGreaterThan(b.start, a.end, "notes never merge") }
        var silent = score
        silent.ticks = []
        XCTAssertEqual(
            SignalMeasures.noteOnsets(SignalMeasures.left(Synthesizer().render(silent))), counts.count,
            "the rendered sound has one audible note per bin")
        for (i, j) in zip(counts.indices, counts.indices.dropFirst()) where counts[i] != counts[j] {
            XCTAssertEqual(
                sorted[i].highestFrequency < sorted[j].highestFrequency, counts[i] < counts[j],
                "a fuller bin is a higher note (bins \(i + 1) and \(j + 1))")
        }
    }

    func testATextColumnOrAFollowingSeriesIsNoHistogram() throws {
        let path = try folder.write("names.csv", "Name,Weight\nA,1\nB,2\n")
        XCTAssertThrowsError(try ChartDocument.open(path: path, overrides: ChartSettings(x: "Name", kind: .histogram))) { error in
            XCTAssertEqual(
                (error as? ImportError)?.message,
                "names.csv: column \"Name\" holds text, not numbers, so it has no histogram. Choose a numeric column for x.")
        }
        // A single measure that moves step by step (a signal logged in order) stays a line over the rows.
        let signal = (0..<100).map { String(sin(Double($0) / 10)) }.joined(separator: "\n")
        let line = try ChartDocument.open(path: folder.write("signal.csv", "Level\n" + signal), overrides: ChartSettings()).chart
        XCTAssertEqual(line.kind, .line)
    }
}
