// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Describes a map (longitude along x, latitude up y) as places: how far it reaches, where most points lie and
/// which points are far from the rest. A correlation between latitude and longitude means nothing to anyone.
struct MapWording {
    let chart: ChartDescriptor

    /// Most places named as far from the rest.
    static let farPlacesNamed = 3

    /// "63 places, from 34.6° S to 12.1° N and from 77.0° W to 45.0° E. Most lie between 10.2° S and 5.0° N, and
    /// between 60.1° W and 40.3° W. Far from the rest: Lima (12.0° S, 77.0° W)."
    func places(_ s: DataSeries) -> String {
        var points: [(lon: Double, lat: Double, index: Int)] = []
        for i in s.x.indices where s.x[i].isFinite && s.y[i].isFinite {
            points.append((Self.westToEast(s.x[i]), s.y[i], i))
        }
        if Self.crossesTheAntimeridian(points.map(\.lon)) {
            // Counted eastward from 0° (Fiji's 165° E to 172° W), so the extent and the middle don't wrap.
            for k in points.indices where points[k].lon < 0 { points[k].lon += 360 }
        }
        guard !points.isEmpty else { return Localization.tr("no values.") }
        let lats = points.map(\.lat).sorted(), lons = points.map(\.lon).sorted()
        var sentences = [
            Localization.tr(
                "%@, from %@ to %@ and from %@ to %@.", Localization.trn("%ld place", "%ld places", points.count, points.count),
                latitude(lats.first!), latitude(lats.last!), longitude(lons.first!), longitude(lons.last!))
        ]
        if points.count >= 10, let latLow = Quantiles.type7(sorted: lats, 0.1), let latHigh = Quantiles.type7(sorted: lats, 0.9),
            let lonLow = Quantiles.type7(sorted: lons, 0.1), let lonHigh = Quantiles.type7(sorted: lons, 0.9)
        {
            sentences.append(
                Localization.tr(
                    "Most lie between %@ and %@, and between %@ and %@.", latitude(latLow), latitude(latHigh),
                    longitude(lonLow), longitude(lonHigh)))
        }
        let far = farPlaces(points, lats: lats, lons: lons)
        if !far.isEmpty {
            let names = far.map { p -> String in
                let at = Localization.tr("%@, %@", latitude(p.lat), longitude(p.lon))
                if let label = s.labels?[p.index], !label.isEmpty { return Localization.tr("%@ (%@)", label, at) }
                return at
            }
            sentences.append(Localization.tr("Far from the rest: %@.", Localization.list(names)))
        }
        return Localization.sentences(sentences)
    }

    /// Points whose distance from the middle (median latitude and longitude, east–west degrees shrunk by the
    /// cosine of the latitude) is beyond the distances' upper quartile plus three interquartile ranges; the
    /// farthest first, at most `farPlacesNamed`. Needs ten points or more.
    private func farPlaces(
        _ points: [(lon: Double, lat: Double, index: Int)], lats: [Double],
        lons: [Double]
    ) -> [(lon: Double, lat: Double, index: Int)] {
        guard points.count >= 10, let midLat = Quantiles.type7(sorted: lats, 0.5),
            let midLon = Quantiles.type7(sorted: lons, 0.5)
        else { return [] }
        let shrink = cos(midLat * .pi / 180)
        let distances = points.map { p -> Double in
            let east = (p.lon - midLon) * shrink, north = p.lat - midLat
            return (east * east + north * north).squareRoot()
        }
        let sorted = distances.sorted()
        guard let q1 = Quantiles.type7(sorted: sorted, 0.25), let q3 = Quantiles.type7(sorted: sorted, 0.75) else { return [] }
        let limit = q3 + 3 * max(q3 - q1, 1e-9)
        return points.indices.filter { distances[$0] > limit }.sorted { distances[$0] > distances[$1] }
            .prefix(Self.farPlacesNamed).map { points[$0] }
    }

    /// A longitude in −180…180 (a file written in 0…360 east counts past 180 as west).
    static func westToEast(_ longitude: Double) -> Double { longitude > 180 ? longitude - 360 : longitude }

    /// True when longitudes in −180…180 lie closer together counted 0…360 east (points around the antimeridian).
    static func crossesTheAntimeridian(_ longitudes: [Double]) -> Bool {
        guard let low = longitudes.min(), let high = longitudes.max() else { return false }
        let eastward = longitudes.map { $0 < 0 ? $0 + 360 : $0 }
        return eastward.max()! - eastward.min()! < high - low
    }

    /// "34.6° S", "12.1° N".
    func latitude(_ degrees: Double) -> String {
        let text = ValueFormatter.format(abs(degrees), fractionDigits: 1, grouping: false)
        // TRANSLATORS: a latitude north of the equator in degrees, "12.1° N".
        return degrees < 0 ? Localization.tr("%@° S", text) : Localization.tr("%@° N", text)
    }

    /// "77.0° W", "45.0° E".
    func longitude(_ degrees: Double) -> String {
        let degrees = Self.westToEast(degrees)
        let text = ValueFormatter.format(abs(degrees), fractionDigits: 1, grouping: false)
        // TRANSLATORS: a longitude east of Greenwich in degrees, "45.0° E".
        return degrees < 0 ? Localization.tr("%@° W", text) : Localization.tr("%@° E", text)
    }
}
