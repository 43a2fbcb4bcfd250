// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Writes a scene as SVG, to look at layouts while developing (set AUDIOGRAPH_SCENE_SVG to a folder).
enum SceneSVG {
    static func svg(_ scene: ChartScene) -> String {
        func c(_ color: RGBA) -> String {
            String(format: "rgb(%d,%d,%d)", Int(color.red * 255), Int(color.green * 255), Int(color.blue * 255))
        }
        func dash(_ d: [Double]) -> String {
            d.isEmpty ? "" : " stroke-dasharray=\"\(d.map { String($0) }.joined(separator: ","))\""
        }
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(scene.width)\" height=\"\(scene.height)\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"\(c(scene.background))\"/>\n"
        for item in scene.items {
            switch item {
            case let .rectangle(r, fill):
                out +=
                    "<rect x=\"\(r.x)\" y=\"\(r.y)\" width=\"\(r.width)\" height=\"\(r.height)\" fill=\"\(c(fill))\" fill-opacity=\"\(fill.alpha)\"/>\n"
            case let .outline(r, color, width, d):
                out +=
                    "<rect x=\"\(r.x)\" y=\"\(r.y)\" width=\"\(r.width)\" height=\"\(r.height)\" fill=\"none\" stroke=\"\(c(color))\" stroke-width=\"\(width)\"\(dash(d))/>\n"
            case let .polygon(points, fill):
                let p = points.map { "\($0.x),\($0.y)" }.joined(separator: " ")
                out += "<polygon points=\"\(p)\" fill=\"\(c(fill))\" fill-opacity=\"\(fill.alpha)\"/>\n"
            case let .polyline(points, color, width, d):
                let p = points.map { "\($0.x),\($0.y)" }.joined(separator: " ")
                out +=
                    "<polyline points=\"\(p)\" fill=\"none\" stroke=\"\(c(color))\" stroke-width=\"\(width)\" stroke-linejoin=\"round\"\(dash(d))/>\n"
            case let .marker(shape, at, size, fill, stroke, lineWidth):
                let r = size / 2, x = at.x, y = at.y
                let f = fill.map(c) ?? "none"
                let attrs = "fill=\"\(f)\" stroke=\"\(c(stroke))\" stroke-width=\"\(lineWidth)\""
                switch shape {
                case .circle: out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" \(attrs)/>\n"
                case .square: out += "<rect x=\"\(x - r)\" y=\"\(y - r)\" width=\"\(size)\" height=\"\(size)\" \(attrs)/>\n"
                case .triangle: out += "<polygon points=\"\(x),\(y - r) \(x + r),\(y + r) \(x - r),\(y + r)\" \(attrs)/>\n"
                case .invertedTriangle:
                    out += "<polygon points=\"\(x),\(y + r) \(x + r),\(y - r) \(x - r),\(y - r)\" \(attrs)/>\n"
                case .diamond: out += "<polygon points=\"\(x),\(y - r) \(x + r),\(y) \(x),\(y + r) \(x - r),\(y)\" \(attrs)/>\n"
                case .cross:
                    out +=
                        "<path d=\"M\(x - r),\(y - r)L\(x + r),\(y + r)M\(x - r),\(y + r)L\(x + r),\(y - r)\" stroke=\"\(c(stroke))\" stroke-width=\"\(lineWidth)\"/>\n"
                case .plus:
                    out +=
                        "<path d=\"M\(x - r),\(y)L\(x + r),\(y)M\(x),\(y - r)L\(x),\(y + r)\" stroke=\"\(c(stroke))\" stroke-width=\"\(lineWidth)\"/>\n"
                case .star:
                    let pts = (0..<10).map { k -> String in
                        let a = Double(k) * .pi / 5 - .pi / 2, rr = k % 2 == 0 ? r : r * 0.45
                        return "\(x + rr * cos(a)),\(y + rr * sin(a))"
                    }.joined(separator: " ")
                    out += "<polygon points=\"\(pts)\" \(attrs)/>\n"
                }
            case let .text(s, at, anchor, size, bold, color, rotation):
                let h: String
                switch anchor {
                case .topLeft, .left, .bottomLeft: h = "start"
                case .top, .center, .bottom: h = "middle"
                default: h = "end"
                }
                // Baseline offsets for a 1.25-em line box (renderers differ on dominant-baseline).
                let dy: Double
                switch anchor {
                case .topLeft, .top, .topRight: dy = size * 1.0
                case .bottomLeft, .bottom, .bottomRight: dy = -size * 0.25
                default: dy = size * 0.375
                }
                let esc = s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                out +=
                    "<text x=\"\(at.x)\" y=\"\(at.y)\" font-family=\"DejaVu Sans\" font-size=\"\(size)\" font-weight=\"\(bold ? "bold" : "normal")\" fill=\"\(c(color))\" text-anchor=\"\(h)\" dy=\"\(dy)\" transform=\"rotate(\(rotation * 180 / .pi) \(at.x) \(at.y))\">\(esc)</text>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// Writes `scene` as `name`.svg into $AUDIOGRAPH_SCENE_SVG when it is set.
    static func writeIfAsked(_ scene: ChartScene, name: String) {
        guard let folder = ProcessInfo.processInfo.environment["AUDIOGRAPH_SCENE_SVG"] else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? svg(scene).write(toFile: folder + "/" + name + ".svg", atomically: true, encoding: .utf8)
    }
}
