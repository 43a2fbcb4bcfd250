// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Turns a series into the polylines that draw it: every point for short series, and for long ones only the
/// lowest and highest point of each pixel column, so a million points cost at most two vertices per column
/// and the drawn line still reaches every extreme.
public enum ColumnDecimation {
    /// Polylines through every point of `x`/`y` (data units) in order, split where `y` is missing (NaN) or a
    /// point cannot be placed; pixel coordinates from `xMap`/`yMap`.
    public static func polylines(x: [Double], y: [Double], xMap: AxisMapping, yMap: AxisMapping) -> [[ScenePoint]] {
        var lines: [[ScenePoint]] = []
        var current: [ScenePoint] = []
        for i in 0..<min(x.count, y.count) {
            let px = xMap.pixel(x[i]), py = y[i].isFinite ? yMap.pixel(y[i]) : .nan
            if px.isNaN || py.isNaN {
                if !current.isEmpty { lines.append(current); current = [] }
            } else {
                current.append(ScenePoint(x: px, y: py))
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Polylines through the lowest and highest point of each pixel column (x pixel rounded down), in the
    /// order they occur, split where `y` is missing (NaN). One pass, no allocation per point; without missing
    /// values the vertex count is at most 2 × the number of columns the series spans. Expects `x` ascending
    /// (a step backwards only starts a new column).
    public static func decimated(x: [Double], y: [Double], xMap: AxisMapping, yMap: AxisMapping) -> [[ScenePoint]] {
        let count = min(x.count, y.count)
        let columns = Int(abs(xMap.endPixel - xMap.startPixel)) + 2
        var output = Output(capacity: 2 * columns + 16)
        var column = Extremes()
        var current = Int.min  // the column being gathered; Int.min after a gap
        let shift = max(0, 8 - min(xMap.startPixel, xMap.endPixel)).rounded(.up)
        x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                for i in 0..<count {
                    let value = ys[i]
                    let px = xMap.pixel(xs[i])
                    let py = value.isFinite ? yMap.pixel(value) : .nan
                    if px.isNaN || py.isNaN {
                        column.flush(into: &output)
                        if current != Int.min { output.endLine(); current = Int.min }
                        continue
                    }
                    // Pixels are pinned a few pixels outside the plot, so shifting keeps them positive and
                    // truncation rounds down (cheaper than floor).
                    let c = Int(px + shift)
                    if c != current {
                        column.flush(into: &output)
                        current = c
                        column.start(x: px, y: py, index: i)
                    } else {
                        column.add(x: px, y: py, index: i)
                    }
                }
            }
        }
        column.flush(into: &output)
        output.endLine()
        return output.lines
    }

    /// The lowest and highest pixel y of one column with their x and point index.
    private struct Extremes {
        var lowX = 0.0, lowY = 0.0, lowIndex = -1
        var highX = 0.0, highY = 0.0, highIndex = -1

        @inline(__always) mutating func start(x: Double, y: Double, index: Int) {
            lowX = x; lowY = y; lowIndex = index
            highX = x; highY = y; highIndex = index
        }

        @inline(__always) mutating func add(x: Double, y: Double, index: Int) {
            if y > lowY { lowX = x; lowY = y; lowIndex = index }
            if y < highY { highX = x; highY = y; highIndex = index }
        }

        /// Appends the column's one or two vertices in the order the points come, and empties it.
        @inline(__always) mutating func flush(into output: inout Output) {
            guard lowIndex >= 0 else { return }
            let low = ScenePoint(x: lowX, y: lowY), high = ScenePoint(x: highX, y: highY)
            if lowIndex == highIndex {
                output.vertices.append(low)
            } else if lowIndex < highIndex {
                output.vertices.append(low); output.vertices.append(high)
            } else {
                output.vertices.append(high); output.vertices.append(low)
            }
            lowIndex = -1; highIndex = -1
        }
    }

    /// Vertices gathered into one buffer and cut into polylines at gaps.
    private struct Output {
        var vertices: [ScenePoint] = []
        var lines: [[ScenePoint]] = []

        init(capacity: Int) { vertices.reserveCapacity(capacity) }

        mutating func endLine() {
            if !vertices.isEmpty { lines.append(vertices); vertices.removeAll(keepingCapacity: true) }
        }
    }
}
