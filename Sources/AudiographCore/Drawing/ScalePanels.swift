// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A chart whose series have different y scales is drawn as panels stacked top to bottom, one per scale,
/// each with its own y axis, so no series is flattened by another's size.
enum ScalePanels {
    /// One panel to lay out: a chart of some series on one scale, its size and where it starts, in pixels.
    struct Panel {
        var chart: ChartDescriptor
        /// Indices into the whole chart's series, in the panel's order.
        var members: [Int]
        var size: SceneSize
        var top: Double
    }

    /// A panel laid out and drawn (without cursor).
    struct Drawn: Sendable {
        var draft: SceneDraft
        var members: [Int]
        var top: Double
    }

    /// The panels of `chart` at `size`: the whole chart when it has one scale; otherwise one per scale group,
    /// sharing the height equally, the first titled with the chart's title, the others with their scale's.
    static func panels(of chart: ChartDescriptor, size: SceneSize) -> [Panel] {
        let groups = chart.scaleGroups
        guard groups.count > 1 else {
            return [Panel(chart: chart, members: Array(chart.series.indices), size: size, top: 0)]
        }
        let height = (size.height / Double(groups.count)).rounded(.down)
        return groups.enumerated().map { g, members in
            var sub = chart
            let axis = chart.yAxis(ofSeries: members[0])
            sub.yAxis = axis
            sub.series = members.map {
                var s = chart.series[$0]; s.ownYAxis = nil; return s
            }
            if g > 0 { sub.title = axis.title }
            return Panel(
                chart: sub, members: members, size: SceneSize(width: size.width, height: height),
                top: Double(g) * height)
        }
    }
}

extension SceneItem {
    /// The same item `dy` pixels lower.
    func moved(down dy: Double) -> SceneItem {
        func p(_ point: ScenePoint) -> ScenePoint { ScenePoint(x: point.x, y: point.y + dy) }
        switch self {
        case .rectangle(let r, let fill): return .rectangle(r.moved(down: dy), fill: fill)
        case .polyline(let points, let color, let width, let dash):
            return .polyline(points.map(p), color: color, width: width, dash: dash)
        case .marker(let shape, let at, let size, let fill, let stroke, let lineWidth):
            return .marker(shape, at: p(at), size: size, fill: fill, stroke: stroke, lineWidth: lineWidth)
        case .text(let text, let at, let anchor, let size, let bold, let color, let rotation):
            return .text(text, at: p(at), anchor: anchor, size: size, bold: bold, color: color, rotation: rotation)
        case .outline(let r, let color, let width, let dash):
            return .outline(r.moved(down: dy), color: color, width: width, dash: dash)
        case .polygon(let points, let fill):
            return .polygon(points.map(p), fill: fill)
        }
    }
}

extension SceneRect {
    /// The same rectangle `dy` pixels lower.
    func moved(down dy: Double) -> SceneRect { SceneRect(x: x, y: y + dy, width: width, height: height) }
}
