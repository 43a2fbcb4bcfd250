// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The words under gridlines: numbers with just enough decimals, dates as short as their spacing allows, and
/// which labels to keep so that none overlap.
public enum TickLabels {
    /// Labels for numeric gridline `values` (ascending): the decimals the gridlines need (not the data's),
    /// the axis's grouping, and its unit only when it is short and sticks to the number ("$5", "35%").
    public static func numeric(_ values: [Double], formatter: ValueFormatter, logarithmic: Bool = false) -> [String] {
        func digits(_ group: [Double]) -> Int {
            (0...6).first { d in
                let p = pow(10, Double(d))
                return group.allSatisfy { abs(($0 * p).rounded() - $0 * p) < 1e-6 * max(1, abs($0 * p)) }
            } ?? 6
        }
        let shared = digits(values)
        let attach = formatter.unit.map { ValueFormatter.prefixUnits.contains($0) || $0 == "%" || $0 == "‰" } ?? false
        return values.map { value in
            let text = ValueFormatter.format(
                value, fractionDigits: logarithmic ? digits([value]) : shared,
                grouping: formatter.usesGrouping)
            return attach ? formatter.attachUnit(text) : text
        }
    }

    /// Labels for date gridlines (seconds since the epoch, UTC, ascending): "2023" for yearly lines,
    /// "Jan 2023", "Feb" … for monthly ones (the year on the first and on each January), "Jan 8" for daily or
    /// weekly ones (the year on the first), "14:00" within a day (the date on the first and at midnight).
    /// Times are written in `utcOffsetSeconds` east of UTC when given.
    public static func dates(_ values: [Double], utcOffsetSeconds: Int? = nil) -> [String] {
        let day = 86_400.0
        let spacing = values.count > 1 ? zip(values, values.dropFirst()).map { $1 - $0 }.min()! : 365 * day
        var previous: (year: Int, month: Int, day: Int)?
        return values.map { value in
            let c = DateParsing.components(value + Double(utcOffsetSeconds ?? 0))
            defer { previous = (c.year, c.month, c.day) }
            let month = Localization.tr(shortMonthNames[c.month - 1])
            if spacing >= 360 * day { return String(c.year) }
            if spacing >= 27 * day {
                return previous == nil || c.month == 1 ? Localization.trc("month year", "%@ %ld", month, c.year) : month
            }
            if spacing >= day - 1 {
                return previous == nil
                    ? Localization.trc("date", "%@ %ld, %ld", month, c.day, c.year)
                    : Localization.trc("month day", "%@ %ld", month, c.day)
            }
            let time = String(format: "%02d:%02d", c.hour, c.minute)
            if let p = previous, p.day == c.day, p.month == c.month, p.year == c.year { return time }
            return Localization.tr("%@ %ld %@", month, c.day, time)
        }
    }

    /// Indices of the labels to keep, every k-th from the first for the smallest k (≥ 1) at which no two kept
    /// boxes overlap or come closer than `gap` pixels, and at most `maximum` are kept; `boxes` in order along
    /// the axis.
    public static func thinned(_ boxes: [SceneRect], gap: Double, maximum: Int = .max) -> [Int] {
        guard boxes.count > 1 else { return Array(boxes.indices) }
        let limit = max(1, maximum)
        let fewest = boxes.count <= limit ? 1 : (boxes.count - 1) / limit + 1
        for step in fewest...max(fewest, boxes.count) {
            let kept = Array(stride(from: 0, to: boxes.count, by: step))
            let clear = zip(kept, kept.dropFirst()).allSatisfy { a, b in
                let r = boxes[a],
                    padded = SceneRect(
                        x: r.x - gap, y: r.y - gap, width: r.width + 2 * gap,
                        height: r.height + 2 * gap)
                return !padded.intersects(boxes[b])
            }
            if clear { return kept }
        }
        return [0]
    }

    static let shortMonthNames = [
        // TRANSLATORS: abbreviated month names on a date axis.
        N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"),
        N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec")
    ]
}
