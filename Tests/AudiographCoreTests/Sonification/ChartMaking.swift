import AudiographCore
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation

/// Builds small charts in memory for sonification and synthesis tests.
enum ChartMaking {
    /// births.csv as the viewer opens it: 59 years, 1917–1975.
    static func births() throws -> ChartDescriptor { try example("births.csv") }

    /// One of the examples in data/ (`name` such as "stocks-long.csv"), charted as the viewer opens it.
    static func example(_ name: String) throws -> ChartDescriptor {
        try ChartDocument.open(path: Repository.path("data/\(name)")).chart
    }

    /// A chart of `kind` over numeric x with the given series (name, xs, ys), its y axis spanning every value.
    static func chart(
        kind: ChartKind = .line, series: [(String, [Double], [Double])],
        additionalAxes: [AdditionalAxis] = [], additional: [[AdditionalColumn]] = [],
        logY: Bool = false, xGridlines: [Double]? = nil
    ) -> ChartDescriptor {
        let allY = series.flatMap(\.2).filter(\.isFinite)
        let allX = series.flatMap(\.1).filter(\.isFinite)
        let yRange = (allY.min() ?? 0)...(allY.max() ?? 0)
        let xRange = (allX.min() ?? 0)...(allX.max() ?? 0)
        let formatter = ValueFormatter()
        let xAxis = NumericAxis(
            title: "x", range: xRange, gridlines: xGridlines ?? Gridlines.linear(xRange), formatter: formatter)
        let yAxis = NumericAxis(title: "y", range: yRange, gridlines: [], scale: logY ? .log10 : .linear, formatter: formatter)
        let dataSeries = series.enumerated().map { (k, s) in
            DataSeries(
                name: s.0, isContinuous: kind == .line, x: s.1, y: s.2,
                additional: additional.indices.contains(k) ? additional[k] : [])
        }
        return ChartDescriptor(
            title: "Test", kind: kind, xAxis: .numeric(xAxis), yAxis: yAxis,
            additionalAxes: additionalAxes, series: dataSeries)
    }

    /// A single series chart of `ys` at x = 0, 1, 2, ….
    static func chart(kind: ChartKind = .line, ys: [Double], logY: Bool = false) -> ChartDescriptor {
        chart(kind: kind, series: [("values", ys.indices.map(Double.init), ys)], logY: logY)
    }
}
