// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Writes x values the way the x axis means them: a number with its unit, a date, or a category name.
public struct XValueFormatting: Sendable {
    public let axis: XAxis

    public init(axis: XAxis) { self.axis = axis }

    /// For people and speech: "1960", "March 2023", "January 31, 2024", "Europe".
    public func string(_ x: Double) -> String {
        switch axis {
        case .numeric(let a): return a.formatter.string(x)
        case .date(let a): return XValueFormatting.spokenDate(x, precision: a.precision, utcOffsetSeconds: a.utcOffsetSeconds)
        case .categorical(let a):
            let i = Int(x)
            return i >= 0 && i < a.categories.count ? a.categories[i] : "–"
        }
    }

    /// Two x values as a span: "1.5 to 2.0 minutes" (the unit once) on a numeric axis, each written out
    /// otherwise.
    public func span(_ low: Double, _ high: Double) -> String {
        if case .numeric(let a) = axis { return a.formatter.span(low, high) }
        return Localization.tr("%@ to %@", string(low), string(high))
    }

    /// An x on a date axis in ISO 8601 ("2001-03-04"), as precise as the axis's dates were written; nil on others.
    public func iso8601(_ x: Double) -> String? {
        guard case .date(let a) = axis else { return nil }
        return DateParsing.iso8601(x, precision: a.writtenPrecision, utcOffsetSeconds: a.utcOffsetSeconds)
    }

    /// The x unit a slope is given per: the numeric axis's unit, an hour for times of day, or a day/month/year
    /// for dates.
    public func slopeUnit(spanSeconds: Double) -> (perUnit: String, factor: Double) {
        switch axis {
        case .numeric(let a): return (a.unit ?? Localization.tr("unit of %@", Localization.titleInSentence(a.title)), 1)
        case .date(let a) where a.precision == .timeOfDay: return (Localization.tr("hour"), 1.0 / 24)
        case .date:
            let day = 86_400.0
            if spanSeconds >= 2 * 365.25 * day { return (Localization.tr("year"), 365.25) }
            if spanSeconds >= 60 * day { return (Localization.tr("month"), 30.4375) }
            return (Localization.tr("day"), 1)
        case .categorical: return (Localization.tr("step"), 1)
        }
    }

    static let monthNames = [
        N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
        N_("July"), N_("August"), N_("September"), N_("October"), N_("November"), N_("December")
    ]

    /// "1960", "Q1 2000", "March 2023", "week 5 of 2000", "January 31, 2024", "January 31, 2024 14:05", "13:45",
    /// with times in `utcOffsetSeconds` east of UTC when given.
    static func spokenDate(_ seconds: Double, precision: DatePrecision, utcOffsetSeconds: Int? = nil) -> String {
        guard seconds.isFinite else { return "–" }
        let local = seconds + Double(utcOffsetSeconds ?? 0)
        let c = DateParsing.components(local)
        let month = Localization.tr(monthNames[c.month - 1])
        switch precision {
        case .year: return String(c.year)
        // TRANSLATORS: a quarter of a year, "Q1 2000"; the first number is the quarter 1…4, the second the year.
        case .quarter: return Localization.trc("date", "Q%ld %ld", (c.month - 1) / 3 + 1, c.year)
        case .week:
            let week = DateParsing.isoWeek(local)
            // TRANSLATORS: an ISO week, "week 5 of 2000"; the first number is the week 1…53, the second the year.
            return Localization.trc("date", "week %ld of %ld", week.week, week.weekYear)
        case .timeOfDay: return DateParsing.clockText(local)
        case .month: return Localization.trc("month year", "%@ %ld", month, c.year)
        case .day: return Localization.trc("date", "%@ %ld, %ld", month, c.day, c.year)
        case .minute, .second:
            return Localization.trc("date", "%@ %ld, %ld %02ld:%02ld", month, c.day, c.year, c.hour, c.minute)
        }
    }
}
