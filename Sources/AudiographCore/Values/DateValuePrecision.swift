// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The precision a date column's values carry, which can be coarser than the one they were written in.
///
/// FRED, the World Bank and most statistics offices write yearly data as "2001-01-01" and monthly data as
/// "2006-01-01": a person says "2001" and "January 2006", not "January 1, 2001". When every value of a column
/// falls on 1 January (at midnight), the column is read as years; on the first of a month, as months; times
/// that all fall on whole minutes are read to the minute. One value off the grid keeps the written precision.
enum DateValuePrecision {
    /// The coarsest precision every finite value of `values` (seconds since the epoch, written in the zone
    /// `utcOffsetSeconds` east of UTC) fits, never finer than `written`; `written` itself for years,
    /// quarters, months, weeks and times of day, and when no value is finite.
    static func precision(of values: [Double], written: DatePrecision, utcOffsetSeconds: Int?) -> DatePrecision {
        guard written == .day || written == .minute || written == .second else { return written }
        let offset = Double(utcOffsetSeconds ?? 0)
        var onMinutes = true, onDays = true, onMonths = true, onYears = true, any = false
        for v in values where v.isFinite {
            any = true
            let local = v + offset
            let secondOfDay = local - (local / 86_400).rounded(.down) * 86_400
            if secondOfDay != 0 {
                onDays = false; onMonths = false; onYears = false
                if secondOfDay.truncatingRemainder(dividingBy: 60) != 0 { onMinutes = false }
            } else if onMonths {
                let c = DateParsing.components(local)
                if c.day != 1 { onMonths = false; onYears = false } else if c.month != 1 { onYears = false }
            }
            if !onDays && (written != .second || !onMinutes) { break }  // nothing coarser is left to find
        }
        guard any else { return written }
        if onYears { return .year }
        if onMonths { return .month }
        if onDays { return .day }
        if onMinutes && written == .second { return .minute }
        return written
    }
}
