// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// A JSON value for describe's output, so numbers, strings and null can share a field (x may be any of them).
public enum JSONValue: Encodable, Sendable, Equatable {
    case number(Double)
    case string(String)
    case null

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let v) where v.isFinite: try container.encode(v)
        case .number, .null: try container.encodeNil()
        case .string(let s): try container.encode(s)
        }
    }
}
