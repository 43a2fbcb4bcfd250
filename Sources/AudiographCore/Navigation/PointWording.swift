// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which parts a screen reader hears at each point, and in what order: the user's choice of verbosity.
///
/// Standard is what Audiograph always said ("1917, 251 births per 10,000 people, point 1 of 59"). Minimal
/// says only the value ("251"); Detailed adds the trend from the point before and the series' name
/// ("1918, 245 births per 10,000 people, falling, point 2 of 59, Birth rate").
public struct PointWording: Codable, Equatable, Sendable {
    /// One part of what is said at a point.
    public enum Part: String, Codable, CaseIterable, Sendable {
        /// The y value.
        case value
        /// The x value, with the point's label where it has one.
        case x
        /// The y value's unit ("births per 10,000 people").
        case unit
        /// The series' name.
        case series
        /// "point 1 of 59".
        case position
        /// "rising", "falling" or "level", from the point before; nothing at the first point.
        case trend
    }

    /// Whether the value or the x value comes first.
    public enum Order: String, Codable, CaseIterable, Sendable {
        case xFirst = "x-first"
        case valueFirst = "value-first"
    }

    /// The three presets, and the user's own set.
    public enum Preset: String, Codable, CaseIterable, Sendable {
        case minimal, standard, detailed, custom

        /// The preset's name as said and shown ("Minimal").
        public var localizedName: String {
            switch self {
            case .minimal: return Localization.tr("Minimal")
            case .standard: return Localization.tr("Standard")
            case .detailed: return Localization.tr("Detailed")
            case .custom: return Localization.tr("Custom")
            }
        }
    }

    public var parts: Set<Part>
    public var order: Order

    public init(parts: Set<Part>, order: Order) {
        self.parts = parts
        self.order = order
    }

    public static let minimal = PointWording(parts: [.value], order: .valueFirst)
    public static let standard = PointWording(parts: [.x, .value, .unit, .position], order: .xFirst)
    public static let detailed = PointWording(parts: Set(Part.allCases), order: .xFirst)

    /// The wording of a preset; `custom` for `.custom`.
    public static func of(_ preset: Preset, custom: PointWording) -> PointWording {
        switch preset {
        case .minimal: return .minimal
        case .standard: return .standard
        case .detailed: return .detailed
        case .custom: return custom
        }
    }

    public func has(_ part: Part) -> Bool { parts.contains(part) }

    /// Reads what it can: unknown parts are skipped, a missing or unknown order is x first.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        let names = (try? values.decodeIfPresent([String].self, forKey: .parts)) ?? nil
        parts = names.map { Set($0.compactMap(Part.init(rawValue:))) } ?? PointWording.standard.parts
        order = ((try? values.decodeIfPresent(Order.self, forKey: .order)) ?? nil) ?? .xFirst
    }

    public func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(Part.allCases.filter(parts.contains).map(\.rawValue), forKey: .parts)
        try values.encode(order, forKey: .order)
    }

    private enum CodingKeys: String, CodingKey { case parts, order }
}
