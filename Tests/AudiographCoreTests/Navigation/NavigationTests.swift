import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

final class NavigationTests: XCTestCase {
    private func births() throws -> ChartDescriptor { try ChartMaking.births() }

    func testShortSeriesIsWalkedPointByPointInXOrder() {
        let chart = ChartMaking.chart(kind: .scatter, series: [("s", [3, 1, 2], [30, 10, 20])])
        let elements = SeriesElements(series: chart.series[0], index: 0)
        XCTAssertFalse(elements.isIntervals)
        XCTAssertEqual(elements.count, 3)
        XCTAssertEqual(Array(elements.order), [1, 2, 0])
        XCTAssertEqual(elements.element(containingPoint: 0, in: chart.series[0]), 2)
    }

    func testLongSeriesIsWalkedByAtMostSixtyIntervals() {
        for n in [61, 100, 1_000, 100_001] {
            let ys = (0..<n).map { Double($0 % 17) }
            let chart = ChartMaking.chart(ys: ys)
            let elements = SeriesElements(series: chart.series[0], index: 0)
            XCTAssertTrue(elements.isIntervals, "\(n)")
            XCTAssertLessThanOrEqual(elements.count, SeriesElements.pointLimit, "\(n)")
            // Every point belongs to exactly one interval, in order.
            let all = (0..<elements.count).flatMap { Array(elements.points(of: $0)) }
            XCTAssertEqual(all, Array(0..<n), "\(n)")
            XCTAssertEqual(elements.element(containingPoint: n - 1, in: chart.series[0]), elements.count - 1)
        }
    }

    func testSummariesMadeWithTheElementsEqualThoseMadeLater() {
        // Unsorted x with gaps, and enough points (over a million) that the summaries are made on every core.
        let n = 1 << 20 + 7
        let xs = (0..<n).map { i -> Double in i % 1_001 == 0 ? .nan : Double((i * 7_919) % n) }
        let ys = (0..<n).map { i -> Double in i % 997 == 0 ? .nan : sin(Double(i)) * 100 }
        let series = DataSeries(name: "s", isContinuous: false, x: xs, y: ys)
        let summarised = SeriesElements(series: series, index: 0, summarising: true)
        let plain = SeriesElements(series: series, index: 0)
        XCTAssertEqual(summarised.count, 60)
        for e in 0..<summarised.count {
            XCTAssertEqual(summarised.summary(of: e, in: series), ElementSummary(plain, element: e, series: series), "\(e)")
        }
        XCTAssertEqual(summarised.renumbered(3).summary(of: 5, in: series), ElementSummary(plain, element: 5, series: series))
    }

    func testAPreparedNavigatorShowsTheSameChartFromItsFirstPoint() throws {
        let chart = try births()
        var moved = ChartNavigator(chart: chart)
        moved.move(.last)
        let prepared = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() })
        prepared.show(prepared: moved)
        let fresh = ChartSession(feedback: PointFeedback(), soundSettings: { SonificationSettings() })
        fresh.show(chart)
        XCTAssertEqual(prepared.navigator?.element, 0)
        XCTAssertEqual(prepared.navigator?.point, fresh.navigator?.point)
        XCTAssertEqual(prepared.groupName(), fresh.groupName())
    }

    func testPointNamesGiveXValueUnitAndPosition() throws {
        let chart = try births()
        let names = ElementNames(chart: chart)
        let elements = SeriesElements(series: chart.series[0], index: 0)
        XCTAssertEqual(elements.count, 59)
        XCTAssertEqual(names.name(43, of: elements), "1960, 268 births per 10,000 people, point 44 of 59")
        XCTAssertEqual(
            names.chartName(selecting: 43, of: elements),
            "Birth rate by year, line chart, point 44 of 59 selected")
    }

    func testIntervalNamesGiveSpanRangeAndAverage() {
        let xs = (0..<120).map { 1900 + Double($0) }
        let ys = (0..<120).map { Double($0) }
        var chart = ChartMaking.chart(series: [("s", xs, ys)])
        chart.yAxis.formatter = ValueFormatter(unit: "mm")
        chart.xAxis = .numeric(NumericAxis(title: "Year", range: 1900...2019, formatter: ValueFormatter(usesGrouping: false)))
        let elements = SeriesElements(series: chart.series[0], index: 0)
        XCTAssertEqual(elements.pointsPerElement, 2)
        XCTAssertEqual(ElementNames(chart: chart).name(0, of: elements), "1900 to 1901: 0 to 1, average 0.5 mm, interval 1 of 60")
    }

    func testMovesClampAndReportTheEdges() throws {
        var nav = ChartNavigator(chart: try births())
        XCTAssertEqual(nav.move(.previous), .atEdge)
        XCTAssertEqual(nav.element, 0)
        XCTAssertEqual(nav.move(.next), .moved)
        XCTAssertEqual(nav.element, 1)
        XCTAssertEqual(nav.move(.tenthForward), .moved)
        XCTAssertEqual(nav.element, 6)
        nav.move(.last)
        XCTAssertEqual(nav.element, 58)
        XCTAssertEqual(nav.move(.next), .atEdge)
        XCTAssertEqual(nav.move(.tenthForward), .atEdge)
        XCTAssertEqual(nav.move(.nextSeries), .atEdge)
    }

    func testSwitchingSeriesKeepsTheXPosition() {
        let chart = ChartMaking.chart(series: [("a", [0, 1, 2, 3], [1, 2, 3, 4]), ("b", [1.5, 2.5, 3.5], [4, 3, 2])])
        var nav = ChartNavigator(chart: chart)
        nav.move(.next); nav.move(.next)  // x = 2
        XCTAssertEqual(nav.move(.nextSeries), .moved)
        XCTAssertEqual(nav.series, 1)
        XCTAssertEqual(nav.point, 1)  // x = 2.5, the first at or after 2
        XCTAssertEqual(nav.move(.previousSeries), .moved)
        XCTAssertEqual(nav.point, 3)  // x = 3
    }

    func testJumpsLandOnThePointInsideItsInterval() {
        let ys = (0..<200).map { $0 == 150 ? 1_000 : Double($0 % 7) }
        var nav = ChartNavigator(chart: ChartMaking.chart(ys: ys))
        XCTAssertEqual(nav.move(.point(150)), .moved)
        XCTAssertEqual(nav.point, 150)
        XCTAssertEqual(nav.element, 150 / nav.current!.pointsPerElement)
    }

    func testPointsOfInterestIncludeExtremesAndTurnsInXOrder() throws {
        let chart = try births()
        let analysis = ChartAnalysis.analyze(chart)
        let nav = ChartNavigator(chart: chart)
        let interests = PointsOfInterest.find(in: chart.series[0], analysis: analysis.series[0], elements: nav.current!)
        let hi = try XCTUnwrap(analysis.series[0].statistics.maxIndex)
        let lo = try XCTUnwrap(analysis.series[0].statistics.minIndex)
        XCTAssertTrue(interests.contains { $0.index == hi && $0.reasons.contains(.highest) })
        XCTAssertTrue(interests.contains { $0.index == lo && $0.reasons.contains(.lowest) })
        XCTAssertEqual(interests.map(\.index), interests.map(\.index).sorted())
        // The 1935 low and the 1960 peak are both an extreme and a turn of the shape.
        XCTAssertTrue(interests.contains { $0.index == hi && $0.reasons == [.highest, .peak] }, "\(interests)")
        // Forward from the start reaches the first; backward from the start finds nothing.
        XCTAssertEqual(nav.interest(after: true, among: interests), interests.first)
        XCTAssertNil(nav.interest(after: false, among: interests))
    }

    func testIntervalToneGlidesThroughTheIntervalsValues() {
        let ys = (0..<200).map(Double.init)
        let chart = ChartMaking.chart(ys: ys)
        let elements = SeriesElements(series: chart.series[0], index: 0)
        let score = Sonifier(chart: chart).intervalScore(series: 0, points: elements.points(of: 10))
        let tone = try! XCTUnwrap(score.tones.first)
        XCTAssertLessThan(tone.path.first!.frequency, tone.path.last!.frequency)
        XCTAssertEqual(tone.end, score.duration, accuracy: 1e-9)
        XCTAssertTrue(Sonifier(chart: chart).edgeScore().tones.allSatisfy { $0.highestFrequency < 220 })
    }

    func testElementFramesCoverWhatIsDrawn() throws {
        let chart = try births()
        let nav = ChartNavigator(chart: chart)
        let scene = ChartSceneBuilder.build(chart: chart, size: SceneSize(width: 800, height: 500), elements: nav.elements)
        let frames = scene.elementFrames[0]
        XCTAssertEqual(frames.count, 59)
        for (i, frame) in frames.enumerated() {
            let p = try XCTUnwrap(scene.pointPositions[0][i])
            XCTAssertTrue(frame.contains(p), "\(i)")
        }
        XCTAssertLessThan(frames[0].x, frames[58].x)
    }

    func testTheXHeardAtATimeLeadsBackToItsPoint() {
        let chart = ChartMaking.chart(ys: (0..<30).map(Double.init))
        let score = Sonifier(chart: chart).score(.single(0))
        let layout = score.layouts[0]
        let elements = SeriesElements(series: chart.series[0], index: 0)
        for i in [0, 7, 29] {
            let t = layout.time(ofX: Double(i))
            XCTAssertEqual(layout.x(atTime: t), Double(i), accuracy: 1e-9)
            XCTAssertEqual(elements.point(nearestX: layout.x(atTime: t + 0.1), in: chart.series[0]), i)
        }
    }
}
