// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One period of a price series (a day, a month): its open, high, low and close, in the prices' units, and
/// how much was traded, when the file says.
public struct Candle: Sendable, Equatable, Codable {
    public var open: Double
    public var high: Double
    public var low: Double
    public var close: Double
    /// Units traded in the period; nil when the file has no volume column or no value here.
    public var volume: Double?

    public init(open: Double, high: Double, low: Double, close: Double, volume: Double? = nil) {
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
    }

    /// True when the price closed at or above where it opened.
    public var isRising: Bool { close >= open }

    /// Why the four prices cannot be one period's, or nil when they can: every one known, the high at or
    /// above the low, and the open and close between them.
    public var problem: CandleProblem? {
        guard open.isFinite, high.isFinite, low.isFinite, close.isFinite else { return .missingPrice }
        guard high >= low else { return .highBelowLow }
        guard (low...high).contains(open), (low...high).contains(close) else { return .outsideRange }
        return nil
    }

    /// One step of the Up and Down keys through a candle, in reading order.
    public enum Part: Sendable, Equatable, CaseIterable {
        case open, high, low, close, volume
    }

    /// The parts this candle has: the four prices, and the volume when it is known.
    public var parts: [Part] { volume == nil ? [.open, .high, .low, .close] : Part.allCases }

    /// The value of a price part, in the prices' units; nil for the volume (on a scale of its own).
    public func price(of part: Part) -> Double? {
        switch part {
        case .open: return open
        case .high: return high
        case .low: return low
        case .close: return close
        case .volume: return nil
        }
    }
}

/// Why a row cannot be a candle.
public enum CandleProblem: Sendable, Equatable {
    case missingPrice, highBelowLow, outsideRange
}
