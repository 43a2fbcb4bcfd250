// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Joins a column of days and a column of clock times into one column of instants, as loggers, banks and
/// spreadsheets write them (`Date,Time,Temperature`: 2024-03-01, 06:00, 3.2).
///
/// Apart, the days repeat, so the chart was the mean of each day's readings: four readings a day became one
/// point, and the day's swing was gone without a word. Joined, every reading is a point at its own minute.
enum DateAndTimeColumns {
    /// `table` with its first column of days (day precision, some day on two rows or more) replaced by that day
    /// plus the clock time of the first column of times of day, which is removed; the header names both
    /// ("Date and Time"). Unchanged when either is named in `keeping` (the settings chose it), when no such pair
    /// exists, or when the time is missing on more than one row in ten that has a day.
    static func joined(_ table: Table, keeping: [String]) -> Table {
        let named = Set(keeping.compactMap(table.columnIndex(named:)))
        guard let day = table.columns.indices.first(where: { isDays(table.columns[$0]) && !named.contains($0) }),
            let clock = table.columns.indices.first(where: {
                isClockTimes(table.columns[$0]) && !named.contains($0)
                    && namesATimeOfDay(table.columns[$0].header)
            }),
            case .date(let days, _, _) = table.columns[day].data,
            case .date(let times, _, let offset) = table.columns[clock].data
        else { return table }
        var withDay = 0, withBoth = 0
        var seen = Set<Double>(), repeats = false
        for (d, t) in zip(days, times) where d.isFinite {
            withDay += 1
            if t.isFinite { withBoth += 1 }
            if !seen.insert(d).inserted { repeats = true }
        }
        guard repeats, withDay > 0, withBoth * 10 >= withDay * 9 else { return table }
        let instants = zip(days, times).map { $0 + $1 }  // NaN where either is missing
        guard isSchedule(times, perDay: (withBoth + seen.count - 1) / seen.count) || isEvenlySpaced(instants) else {
            return table
        }
        let seconds = times.contains { $0.isFinite && $0.truncatingRemainder(dividingBy: 60) != 0 }
        var joined = table
        // "Date and time", not "Date and Time", which reads "by date and Time" in a sentence.
        var second = table.columns[clock].header
        if !second.contains(" "), second.first?.isUppercase == true, second.dropFirst().allSatisfy(\.isLowercase) {
            second = second.lowercased()
        }
        let header = Localization.list([table.columns[day].header, second])
        joined.columns[day] = Column(
            header: header,
            data: .date(
                values: instants, precision: seconds ? .second : .minute,
                utcOffsetSeconds: offset))
        joined.columns.remove(at: clock)
        return joined
    }

    /// Header words that name a clock time; a pace ("7:42") or a lap is a duration, not a time of day.
    static let clockWords: Set<String> = [
        "time", "hour", "clock", "timestamp", "uhrzeit", "zeit", "heure", "hora",
        "ora", "tijd", "時刻", "時間", "時"
    ]  // l10n: not shown

    /// True when a word of `header` names a clock time ("Time", "time_of_day", "Uhrzeit").
    static func namesATimeOfDay(_ header: String) -> Bool {
        ColumnProfiler.headerWords(header).contains { clockWords.contains($0) }
    }

    /// True when the same clock times come back day after day (readings at 08:00 and 12:00): the `perDay` most
    /// frequent times (rows per day, rounded up) are on four rows in five. A schedule of measurements, not the
    /// moments of events (a pizzeria's orders, each at its own second).
    private static func isSchedule(_ times: [Double], perDay: Int) -> Bool {
        var counts: [Double: Int] = [:]
        var present = 0
        for t in times where t.isFinite {
            present += 1
            counts[t, default: 0] += 1
        }
        let usual = counts.values.sorted(by: >).prefix(max(1, perDay)).reduce(0, +)
        return present > 0 && usual * 5 >= present * 4
    }

    /// True when four steps in five between rows are within a tenth of the middle step (a logger's every ten
    /// minutes, a second or two late): readings, not orders that come when they come.
    private static func isEvenlySpaced(_ instants: [Double]) -> Bool {
        let values = instants.filter(\.isFinite)
        let steps = zip(values, values.dropFirst()).map { $1 - $0 }
        guard steps.count >= 3 else { return false }
        let middle = steps.sorted()[steps.count / 2]
        guard middle > 0 else { return false }
        return steps.filter { abs($0 - middle) <= middle / 10 }.count * 5 >= steps.count * 4
    }

    /// True for dates written to the day, with no time of day.
    private static func isDays(_ column: Column) -> Bool {
        if case .date(_, .day, _) = column.data { return true }
        return false
    }

    /// True for clock times without a date ("06:00", "5:00 a.m.").
    private static func isClockTimes(_ column: Column) -> Bool {
        if case .date(_, .timeOfDay, _) = column.data { return true }
        return false
    }
}
