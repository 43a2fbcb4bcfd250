// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

extension XValueFormatting {
    /// An x value for describe's JSON: numbers stay numbers, dates become ISO 8601 strings, categories their names.
    public func jsonValue(_ x: Double) -> JSONValue {
        switch axis {
        case .numeric: return .number(x)
        case .date: return .string(iso8601(x) ?? string(x))
        case .categorical: return .string(string(x))
        }
    }
}
