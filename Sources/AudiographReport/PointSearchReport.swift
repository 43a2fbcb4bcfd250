// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// `describe --at X` and `describe --find CONDITION`: in each series, the point the viewer's Go To reaches
/// (or the nearest), or every point Find Value meets, each in the words the viewer says; as text or JSON.
public struct PointSearchReport {
    public let chart: ChartDescriptor

    public init(chart: ChartDescriptor) { self.chart = chart }

    /// One point as the report gives it.
    struct Point: Encodable {
        /// Row of the series (0-based) and place in x order (1-based, as "point 19 of 59" says).
        var index: Int, position: Int
        var x: JSONValue, y: JSONValue
        /// The point as the viewer says it.
        var words: String
    }

    /// One series' answer to `--at`.
    struct AtSeries: Encodable {
        var name: String
        /// "found", "nearest", "outside" or "unreadable".
        var match: String
        var point: Point?
        /// Why there is no point (outside or unreadable).
        var message: String?
    }

    /// One series' answer to `--find`.
    struct FoundSeries: Encodable {
        var name: String
        var condition: String
        var count: Int
        var points: [Point]
    }

    /// Whether any series had a point at (or near) `text`.
    public func anyPoint(at text: String) -> Bool {
        chart.series.indices.contains { s in
            switch PointSearch(chart: chart, series: s).place(text) {
            case .found, .nearest: return true
            case .outside, .unreadable: return false
            }
        }
    }

    /// Whether any series has a point meeting `condition`.
    public func anyPoint(meeting condition: ValueCondition) -> Bool {
        chart.series.indices.contains { !PointSearch(chart: chart, series: $0).all(meeting: condition).isEmpty }
    }

    private func at(_ text: String) -> [AtSeries] {
        chart.series.indices.map { s in
            let search = PointSearch(chart: chart, series: s)
            let name = chart.series[s].name
            switch search.place(text) {
            case .found(let i): return AtSeries(name: name, match: "found", point: point(i, search))
            case .nearest(let i): return AtSeries(name: name, match: "nearest", point: point(i, search))
            case .outside(let why): return AtSeries(name: name, match: "outside", message: why)
            case .unreadable(let why): return AtSeries(name: name, match: "unreadable", message: why)
            }
        }
    }

    private func found(_ condition: ValueCondition) -> [FoundSeries] {
        chart.series.indices.map { s in
            let search = PointSearch(chart: chart, series: s)
            let points = search.all(meeting: condition).map { point($0, search) }
            return FoundSeries(
                name: chart.series[s].name, condition: search.words(condition), count: points.count,
                points: points)
        }
    }

    /// The point at row `index` of the searched series, named as the viewer names it at the standard verbosity.
    private func point(_ index: Int, _ search: PointSearch) -> Point {
        let series = chart.series[search.series]
        let position = (search.elements.position(ofPoint: index, in: series) ?? 0) + 1
        let names = ElementNames(chart: chart)
        let words: String
        if search.elements.isIntervals {
            words = names.pointWords(index, in: series)
        } else {
            words = names.name(position - 1, of: search.elements)
        }
        return Point(
            index: index, position: position, x: XValueFormatting(axis: chart.xAxis).jsonValue(series.x[index]),
            y: series.y[index].isFinite ? .number(series.y[index]) : .null, words: words)
    }

    // MARK: Text and JSON

    /// "Birth rate: 1935, 179 births per 10,000 people, point 19 of 59", one line per series; the nearest
    /// point says so, and a series without one says why.
    public func atText(_ text: String) -> String {
        at(text).map { series -> String in
            let typed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch series.match {
            case "found": return Localization.tr("%@: %@", series.name, series.point?.words ?? "")
            case "nearest":
                return Localization.tr(
                    "%@: %@", series.name,
                    Localization.tr(
                        "%@: %@", Localization.tr("Nearest to %@", typed),
                        series.point?.words ?? ""))
            default: return Localization.tr("%@: %@", series.name, series.message ?? "")
            }
        }.map { $0 + "\n" }.joined()
    }

    public func atJSON(_ text: String) throws -> String {
        try Self.encode(["at": AnyEncodable(text), "series": AnyEncodable(at(text))])
    }

    /// Per series: "Birth rate: 5 points above 260 births per 10,000 people", then each point indented.
    public func findText(_ condition: ValueCondition) -> String {
        found(condition).map { series -> String in
            let head = Localization.tr(
                "%@: %@", series.name,
                Localization.trn(
                    "%ld point %@", "%ld points %@", series.count, series.count,
                    series.condition))
            return head + "\n" + series.points.map { "  " + $0.words + "\n" }.joined()
        }.joined()
    }

    public func findJSON(_ text: String, _ condition: ValueCondition) throws -> String {
        let parts: [String: AnyEncodable] = [
            "relation": AnyEncodable(condition.relation.rawValue), "value": AnyEncodable(condition.value),
            "upper": AnyEncodable(condition.upper)
        ]
        return try Self.encode([
            "find": AnyEncodable(text), "condition": AnyEncodable(parts),
            "series": AnyEncodable(found(condition))
        ])
    }

    private static func encode(_ document: [String: AnyEncodable]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}

/// Any encodable value, so one JSON document can hold several kinds.
private struct AnyEncodable: Encodable {
    let encodeValue: (Encoder) throws -> Void
    init<T: Encodable>(_ value: T) { encodeValue = value.encode }
    func encode(to encoder: Encoder) throws { try encodeValue(encoder) }
}
