// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographReport
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Grouped and stacked bars and (stacked) areas: the total layer, the stacking, how they are drawn, heard and
/// named.
final class LayeredChartsTests: XCTestCase {
    let folder = TemporaryFolder()

    /// Three regions over four years; South has no value in 2021.
    private func sales(_ kind: ChartKind) throws -> ChartDescriptor {
        try ChartDocument.open(path: salesPath(), overrides: ChartSettings(kind: kind)).chart
    }

    private func salesPath() -> String {
        folder.write(
            "sales.csv",
            """
            Year,North (units),South (units),East (units)
            2020,10,5,1
            2021,12,,2
            2022,15,7,3
            2023,20,8,4

            """)
    }

    func testStackedAndGroupedChartsGetATotalLayerAfterTheirSeries() throws {
        for kind in [ChartKind.stackedBar, .groupedBar, .stackedArea] {
            let chart = try sales(kind)
            XCTAssertEqual(chart.kind, kind)
            XCTAssertEqual(chart.series.map(\.name), ["North", "South", "East", "Total"], "\(kind)")
            let total = chart.series[3]
            XCTAssertTrue(total.isTotal)
            XCTAssertEqual(total.x, [2020, 2021, 2022, 2023])
            XCTAssertEqual(total.y, [16, 14, 25, 32], "a missing value adds nothing")
            XCTAssertFalse(chart.hasSeveralScales, "layers share one scale")
        }
        XCTAssertEqual(try sales(.area).series.count, 3, "plain areas have no total")
        XCTAssertEqual(try sales(.stackedBar).yAxis.range, 0...32, "a stack stands on zero and reaches its total")
        XCTAssertEqual(
            DescribeReport(
                document: try ChartDocument.open(
                    path: salesPath(),
                    overrides: ChartSettings(kind: .stackedBar))
            ).kindName,
            "stacked bar chart, 3 series, and their total")
    }

    func testStackBasesAreTheSumOfTheLayersBelow() throws {
        let chart = try sales(.stackedBar)
        let bases = LayerTotals.stackBases(chart.series)
        XCTAssertEqual(bases[0], [0, 0, 0, 0])
        XCTAssertEqual(bases[1], [10, 12, 15, 20])
        XCTAssertEqual(bases[2], [15, 12, 22, 28], "South's missing 2021 adds nothing below East")
        XCTAssertEqual(bases[3], [0, 0, 0, 0], "the total stands on the axis")
    }

    func testStackedBarsSitOnEachOtherAndTheTotalIsNotDrawn() throws {
        let chart = try sales(.stackedBar)
        let scene = ChartSceneBuilder.build(
            chart: chart, size: SceneSize(width: 800, height: 500), measure: EstimatedTextMeasure())
        let palette = ChartPalette(appearance: ChartAppearance())
        func rects(_ s: Int) -> [SceneRect] {
            scene.items.compactMap {
                if case let .rectangle(r, fill) = $0, fill == palette.seriesColor(s) { return r } else { return nil }
            }
            .filter { $0.height < 400 }  // not the legend's swatch row
            .sorted { $0.x < $1.x }
        }
        let north = rects(0).filter { $0.width > 20 }, east = rects(2).filter { $0.width > 20 }
        XCTAssertEqual(north.count, 4)
        XCTAssertEqual(east.count, 4)
        // In 2023 East (4) sits on North and South (20 + 8): its bottom is North's top minus South's height.
        let pixelsPerUnit = north[3].height / 20
        XCTAssertEqual(north[3].y - (east[3].y + east[3].height), 8 * pixelsPerUnit, accuracy: 1.5)
        XCTAssertEqual(east[3].height, 4 * pixelsPerUnit, accuracy: 1.5)
        XCTAssertEqual(east[3].x, north[3].x, accuracy: 0.01, "one bar per x, the full width")
        XCTAssertTrue(rects(3).filter { $0.width > 20 }.isEmpty, "the total has no bars of its own")
    }

    func testLayersPlayTogetherWithoutTheTotalAndTheTotalAlone() throws {
        let chart = try sales(.groupedBar)
        let sonifier = Sonifier(chart: chart)
        XCTAssertEqual(Set(sonifier.score(.all).tones.map(\.series)), [0, 1, 2], "all series are the layers")
        let total = sonifier.score(.single(3))
        XCTAssertEqual(total.tones.count, 4)
        let highest = try XCTUnwrap(total.tones.map(\.highestFrequency).max())
        XCTAssertEqual(
            highest, SonificationSettings().highestFrequency, accuracy: 0.5,
            "grouped bars' total, above the bars' scale, is heard over its own range")
        let stacked = Sonifier(chart: try sales(.stackedArea))
        XCTAssertTrue(stacked.score(.single(0)).tones.count == 1, "an area plays like a line: one glide")
    }

    func testLayeredKindsChooseColumnsAsBarsAndLinesDo() throws {
        let path = try folder.write(
            "long.csv",
            """
            Date,Region,Sales
            2024-01-01,North,3
            2024-01-01,South,4
            2024-02-01,North,5
            2024-02-01,South,2
            2024-03-01,North,6
            2024-03-01,South,3

            """)
        let chart = try ChartDocument.open(path: path, overrides: ChartSettings(kind: .stackedArea)).chart
        XCTAssertEqual(chart.series.map(\.name), ["North", "South", "Total"], "a long table splits into layers")
        XCTAssertEqual(chart.series[2].y, [7, 7, 9])
        XCTAssertEqual(ElementNames(chart: chart).kindWords, "stacked area chart")
    }
}
