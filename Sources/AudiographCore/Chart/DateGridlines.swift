// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Chooses calendar gridlines for a date axis: the starts of days, weeks, months, quarters or years (or
/// multiples of years), whichever gives a handful of lines over the range.
public enum DateGridlines {
    /// About `target` (at most `2 × target`) round calendar instants inside `range` (seconds since the epoch,
    /// UTC), ascending.
    public static func lines(_ range: ClosedRange<Double>, target: Int = 5) -> [Double] {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return [] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let day = 86_400.0
        // Candidate steps, smallest first, each with its length in seconds for a first estimate.
        let steps: [(Calendar.Component, Int, Double)] = [
            (.hour, 1, 3_600), (.hour, 6, 21_600), (.day, 1, day), (.day, 7, 7 * day), (.month, 1, 30.4 * day),
            (.month, 3, 91.3 * day), (.year, 1, 365.25 * day), (.year, 2, 730.5 * day), (.year, 5, 1_826 * day),
            (.year, 10, 3_652 * day), (.year, 20, 7_305 * day), (.year, 50, 18_262 * day), (.year, 100, 36_525 * day)
        ]
        guard let (unit, multiple, _) = steps.first(where: { span / $0.2 <= Double(2 * target) }) else { return [] }
        let start = Date(timeIntervalSince1970: range.lowerBound)
        // The first instant at or after the range start that is a whole step of the unit.
        var parts = calendar.dateComponents([.year, .month, .day, .hour], from: start)
        switch unit {
        case .year:
            parts.month = 1; parts.day = 1; parts.hour = 0
            parts.year = (parts.year! / multiple) * multiple
        case .month:
            parts.day = 1; parts.hour = 0
            parts.month = ((parts.month! - 1) / multiple) * multiple + 1
        case .day:
            parts.hour = 0
        default:
            parts.hour = (parts.hour! / multiple) * multiple
        }
        guard var current = calendar.date(from: parts) else { return [] }
        if unit == .day && multiple == 7 {
            // Weeks start on Monday (ISO 8601).
            let weekday = calendar.component(.weekday, from: current)  // 1 = Sunday
            current = calendar.date(byAdding: .day, value: (9 - weekday) % 7, to: current) ?? current
        }
        var lines: [Double] = []
        while current.timeIntervalSince1970 <= range.upperBound && lines.count < 2 * target + 2 {
            if current.timeIntervalSince1970 >= range.lowerBound { lines.append(current.timeIntervalSince1970) }
            guard let next = calendar.date(byAdding: unit, value: multiple, to: current) else { break }
            current = next
        }
        return lines
    }
}
