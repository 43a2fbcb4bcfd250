// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// `audiograph-bench draw`: times `ChartSceneBuilder.build` for an N-point line chart at a given width and
/// prints the median of R runs in milliseconds, with the scene's item and vertex counts.
func runDrawBenchmark() -> Int32 {
    guard let points = Int(option("--points", "1000000")), points > 1,
        let width = Double(option("--width", "1000")), width >= 100,
        let height = Double(option("--height", "\(Int(width * 0.6))")), height >= 100,
        let repeats = Int(option("--repeat", "5")), repeats > 0
    else {
        FileHandle.standardError.write(
            Data("usage: audiograph-bench draw [--points N] [--width PX] [--height PX] [--repeat R]\n".utf8))
        return 64
    }
    let chart = makeChart(points: points, kind: .line)
    let size = SceneSize(width: width, height: height)
    let focus = ChartFocus(series: 0, index: points / 2)
    var scene = ChartSceneBuilder.build(chart: chart, size: size, focus: focus)  // warm up
    var times: [Double] = []
    for _ in 0..<repeats {
        times.append(seconds { scene = ChartSceneBuilder.build(chart: chart, size: size, focus: focus) })
    }
    let vertices = scene.items.reduce(0) { total, item in
        if case .polyline(let p, _, _, _) = item { return total + p.count } else { return total }
    }
    print(
        "points=\(points) width=\(Int(width)) height=\(Int(height)) plot_width=\(Int(scene.plotArea.width)) items=\(scene.items.count) vertices=\(vertices)"
    )
    print(
        String(
            format: "build_ms=%.2f (median of %d; min %.2f, max %.2f)", median(times) * 1000, repeats,
            times.min()! * 1000, times.max()! * 1000))
    return 0
}
