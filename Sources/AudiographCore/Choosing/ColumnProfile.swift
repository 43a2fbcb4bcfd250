// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What one column of a table is, for choosing a chart: an identifier, a time, a measure, a grouping or labels.
///
/// Decided from the header and the values together (see docs/decisions.md, "Choosing the chart"). Large
/// columns are looked at through at most `sampleLimit` evenly spaced rows where a whole pass would be costly.
public struct ColumnProfile: Sendable, Equatable {
    /// The part a column plays when nobody said which.
    public enum Role: String, Sendable {
        /// Row numbers, ids and codes: never a series, never a measure.
        case identifier
        /// Dates, or numbers under a header that names a time (year, week, time).
        case time
        /// Numbers worth charting.
        case measure
        /// Text with a few values that repeat (country, species): colour, timbre or one series each.
        case grouping
        /// Text with a different value on (almost) every row: names the points.
        case labels
        /// Text with too many values to group and too many repeats to name points.
        case text
        /// No values at all, or the same value on every row.
        case constant
    }

    /// Which coordinate a column holds, by header and range.
    public enum Coordinate: String, Sendable { case latitude, longitude }

    public var index: Int
    public var role: Role
    /// Distinct non-missing values, counted up to `distinctLimit` (more is "many").
    public var distinct: Int
    /// Non-missing values.
    public var present: Int
    /// True when two rows share a value (non-missing).
    public var repeats: Bool
    /// Numbers only: every value a whole number.
    public var isWholeNumbers: Bool
    /// Numbers and dates: values only rise or only fall (ties allowed), not all equal.
    public var isMonotonic: Bool
    /// Numbers: the values are the row numbers 1…n (or 0…n−1) in order, or a shuffle of consecutive integers.
    public var isSequence: Bool
    /// Numbers: the largest absolute value (0 when none), which sets the scale group.
    public var magnitude: Double
    /// Numbers and dates: the least and greatest value (NaN when none).
    public var lowest = Double.nan, highest = Double.nan
    /// Numbers: the values only rise in file order (ties allowed), so each value's rows come one after another.
    public var risesInBlocks = false
    public var coordinate: Coordinate?
    /// The header names a time: year, month, week, time, date, period, and their Japanese words.
    public var headerNamesTime: Bool
    /// The header names a key (id, index, rownames, an empty header), not a quantity.
    public var headerNamesKey = false
    /// The header names the unit a row belongs to (a subject, a station, a patient, a school): its whole numbers
    /// are that unit's number, never a quantity to plot or an x.
    public var headerNamesUnit = false

    /// Row numbers under a header of their own ("step", "trial"): never a series, but an x that keeps its name.
    public var isNamedSequence: Bool { role == .identifier && isSequence && !headerNamesKey }

    /// Whether a text column names months, each once, in the calendar's order (three or more of "Jan", "Feb",
    /// "Mar" …, "January" …, "1月" …, as a spreadsheet's monthly table is written): a time along x, not names of
    /// records. Without a year the reader keeps them as text.
    static func monthsInOrder(_ ids: [Int32], _ categories: [String]) -> Bool {
        guard categories.count >= 3, categories.count <= 12 else { return false }
        var last = 0
        for id in ids where id >= 0 {
            let word = categories[Int(id)].trimmingCharacters(in: .whitespaces).lowercased()
            guard let month = MonthNameDates.month(named: Substring(word)), month > last else { return false }
            last = month
        }
        return true
    }

    /// Largest number of distinct values counted.
    static let distinctLimit = 100_000
    /// Rows looked at for distinctness in very long columns.
    static let sampleLimit = 1_000_000
    /// Most values a grouping column may have (more lines or colours than that can't be told apart by ear).
    public static let groupingLimit = 50

    /// True for numbers a chart can use as values (measures and numeric times).
    public var isMeasure: Bool { role == .measure }
    /// A measure that is really a code: whole numbers with a few values, each on five rows or more on average,
    /// and either at most 12 of them (cylinders 4/6/8, gears, origin 1–3) or numbered from 0 or 1 up (diet 1–4,
    /// chick 1–50). It can colour points or split rows into series. Miles per gallon in a city (9 to 35, 21
    /// values) is a measure.
    /// Two whole numbers (0/1, 1/2, yes/no coded) are a code however few the rows: a status splits or is counted,
    /// never the measure of a line or scatter (issue 45).
    public var isCode: Bool {
        role == .measure && isWholeNumbers && coordinate == nil && distinct >= 2
            && (distinct * 5 <= present
                && (distinct <= 12 || (distinct <= ColumnProfile.groupingLimit && magnitude <= Double(distinct)))
                || isTwoValued)
            || isUnitNumber
    }
    /// Numbers of exactly two values, whole (a yes/no or a two-level factor written as numbers).
    public var isTwoValued: Bool { role == .measure && isWholeNumbers && distinct == 2 && present >= 4 }
    /// Numbers of the units rows belong to (sleepstudy's Subject 308…372, ten readings each): a code that splits a
    /// long table into series, however large the numbers, when each unit has three rows or more (two make no line).
    public var isUnitNumber: Bool {
        role == .measure && headerNamesUnit && isWholeNumbers && distinct >= 2 && distinct <= ColumnProfile.groupingLimit
            && distinct * 3 <= present
    }
    /// True when the values are continuous enough for an axis of a scatter plot (not a handful of codes).
    public var isContinuous: Bool { role == .measure && (distinct >= 10 || (!isWholeNumbers && distinct >= 5)) }
}

/// Profiles of every column of a table, computed once per chart choice.
public struct TableProfile: Sendable {
    public var columns: [ColumnProfile]
    public var rowCount: Int
    /// Number columns that are never a guessed measure, and why (`SetAside`).
    public var setAside: [Int: SetAside]

    public init(_ table: Table) {
        rowCount = table.rowCount
        // Each column is one pass over its values, so the columns are profiled side by side on every core.
        let columns = ParallelMap.map(table.columns.count) {
            ColumnProfiler.profile(table.columns[$0], index: $0, rows: table.rowCount)
        }!
        self.columns = columns
        setAside = TableProfile.setAside(table, columns: columns)
    }

    public subscript(_ index: Int) -> ColumnProfile { columns[index] }

    /// Columns of a role, in file order.
    public func indices(_ role: ColumnProfile.Role) -> [Int] { columns.filter { $0.role == role }.map(\.index) }

    /// Columns that group rows: text groupings first, then code columns, in file order.
    public var groupings: [Int] { indices(.grouping) + columns.filter(\.isCode).map(\.index) }
}

/// Computes a column's profile.
enum ColumnProfiler {
    /// Headers that only ever hold row numbers or keys (compared lower-cased, words joined by one space).
    static let identifierWords: Set<String> = [
        "id", "ids", "idx", "index", "rownames", "rowname", "row", "rowid", "row id",  // l10n: not shown
        "row names", "row name", "unnamed: 0", "unnamed 0", "key", "code", "codes",  // l10n: not shown
        "fips", "zip", "zipcode", "zip code", "serial", "obs", "record", "no", "#",  // l10n: not shown
        "uuid", "guid", "idno", "obsno", "cusip", "番号", "ｉｄ"
    ]
    /// Last words of a header that make it a key: "Patient ID", "county_fips" (not "code": "Lines of code").
    static let identifierLastWords: Set<String> = ["id", "ids", "idx", "fips", "zip", "zipcode", "uuid"]
    /// Words of a header that name the unit a row belongs to, when the column holds whole numbers.
    static let unitWords: Set<String> = [
        "subject", "subj", "station", "patient", "person", "individual", "student", "pupil",
        "school", "provnum", "studyid", "uid", "nr", "pid", "sid", "hid", "district", "household",
        "participant", "respondent", "plot", "block"
    ]
    /// Whole headers that name the unit a row belongs to, when the column holds whole numbers: as one word of
    /// several they name a quantity of it (`stateFedMales`, `StateOpinion`, `countyPop`).
    static let unitHeaders: Set<String> = ["county", "municipality", "state", "firm", "village", "company", "country"]
    /// True for headers of row numbers and keys of rows, as opposed to a unit's number that repeats.
    static func isRowHeader(_ joined: String) -> Bool {
        [
            "index", "idx", "rownames", "rowname", "row", "rowid", "row id", "row names", "row name",  // l10n: not shown
            "unnamed: 0", "unnamed 0", "obs", "record", "no", "#", "serial", "uuid", "guid", "zip",  // l10n: not shown
            "zipcode", "zip code", "fips", "key", ""  // l10n: not shown
        ].contains(joined)
    }

    /// Words of a header that name a time.
    static let timeWords: Set<String> = [
        "year", "years", "yr", "yyyy", "month", "week", "day", "date", "time", "period",
        "quarter", "decade", "hour", "minute", "season", "t", "timestamp", "datetime",
        "julday", "jday", "yday", "doy", "年", "年度", "月", "日", "時刻", "時間", "日付"
    ]

    static func profile(_ column: Column, index: Int, rows: Int) -> ColumnProfile {
        let words = headerWords(column.title)
        let joined = words.joined(separator: " ")
        // A whole header that names a key ("id", "rownames": R's row names, 1.1 and 1.2 for nested rows) is a
        // key whatever its numbers; a last word ("Patient ID") only over whole numbers.
        let isKeyHeader =
            identifierWords.contains(joined) || identifierWords.contains(column.header.lowercased())
            || column.header.isEmpty
        // One word ending in "code" (ccode, fcode, zipcode: a country's, a firm's) names a key; of several words
        // "code" may count something ("IncomeTaxCode").
        let namesACode = words.count == 1 && words[0].count >= 5 && words[0].hasSuffix("code")
        let namesIdentifier = isKeyHeader || (words.count > 1 && identifierLastWords.contains(words.last!)) || namesACode
        let namesTime = words.contains { timeWords.contains($0) }
        var p = ColumnProfile(
            index: index, role: .constant, distinct: 0, present: 0, repeats: false, isWholeNumbers: false,
            isMonotonic: false, isSequence: false, magnitude: 0, coordinate: nil, headerNamesTime: namesTime)
        p.headerNamesKey = namesIdentifier
        p.headerNamesUnit =
            words.contains { unitWords.contains($0) } || unitHeaders.contains(joined)
            || (namesIdentifier && !isRowHeader(joined))
        let namesNumberBySuffix = endsInANumberWord(words)
        switch column.data {
        case .text(let ids, let categories):
            p.distinct = categories.count
            p.present = ids.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) }
            p.repeats = p.present > p.distinct
            if p.distinct <= 1 {
                p.role = .constant
            } else if !p.repeats, ColumnProfile.monthsInOrder(ids, categories) {
                p.role = .time
            } else if p.distinct * 10 >= p.present * 9 {
                p.role = .labels
            } else if p.distinct <= ColumnProfile.groupingLimit && p.distinct * 2 <= p.present {
                p.role = .grouping
            } else {
                p.role = .text
            }
        case .date(let values, _, _):
            fillNumberFacts(&p, values, rows: rows)
            p.role = p.distinct <= 1 ? .constant : .time
        case .numeric(let values, _):
            fillNumberFacts(&p, values, rows: rows)
            p.coordinate = coordinate(words: words, p)
            // Keys by their shape: whole numbers under a name that ends in no, num, nr, id, code or bib (docno 78001 …
            // 85059, a runner's bib, famno) that are distinct on every row or rise in blocks of records; and, whatever
            // the name, 30 or more consecutive whole numbers rising in blocks of rows (GaltonFamilies' family 1 …
            // 204, a child per row). Units whose rows repeat split a long table; the others label rows.
            let distinctPerRow = p.distinct * 100 >= p.present * 95
            let consecutive = p.highest - p.lowest + 1 <= Double(p.distinct) / 0.9
            let blocks = p.risesInBlocks && p.repeats && p.distinct * 2 <= p.present
            var countsWithinUnits = false
            if p.isWholeNumbers, !namesTime, p.present > 0,
                !YearValues.span.contains(p.lowest) || !YearValues.span.contains(p.highest)
            {
                if (namesNumberBySuffix && (distinctPerRow || blocks)) || (blocks && consecutive && p.distinct >= 30) {
                    p.headerNamesUnit = true
                    p.headerNamesKey = p.headerNamesKey || namesNumberBySuffix  // obs_number 1 … n is no named x
                } else if namesNumberBySuffix {
                    // A number within each unit (childNum 1 … 15 in every family): a row's place, never a series or an x.
                    countsWithinUnits = true
                }
            }
            // R writes a table's row names as "rownames": years for some (WorldPhones), 1…n for most.
            // (Every row name a year: R's row numbers 1 … 1851 with rows dropped only end past 1000.)
            let yearNames =
                joined == "rownames" && p.isMonotonic && p.isWholeNumbers && !p.isSequence
                && p.lowest >= 1000 && p.highest <= 2999
            if p.distinct <= 1 {
                p.role = .constant
            } else if countsWithinUnits {
                p.role = .identifier
            } else if yearNames {
                p.role = .time
            } else if namesTime && !namesIdentifier && (p.isMonotonic || p.isWholeNumbers) {
                p.role = .time
            } else if p.headerNamesUnit && p.isWholeNumbers && !namesTime {
                // A unit's number: a code that splits series when its units each have several rows, else a key.
                p.role = .measure
                if !p.isUnitNumber { p.role = .identifier }
            } else if countsUnderAKeyWord(joined, p) {
                p.role = .measure
            } else if isKeyHeader || (namesIdentifier && p.isWholeNumbers) {
                p.role = .identifier
            } else if p.isSequence && !namesTime && p.coordinate == nil {
                p.role = .identifier
            } else {
                p.role = .measure
            }
        }
        return p
    }

    /// Words that end a number's name: "docno", "famNo", "childNum", "pupilNR", "stationid", "bibnum" (not "code":
    /// "IncomeTaxCode" counts the words of the tax code).
    static let numberSuffixes = ["no", "num", "nr", "id", "bib", "number"]
    /// Words that end in those letters without naming a number ("casino", "acid", "bid" as a price).
    static let notNumberNames: Set<String> = [
        "casino", "volcano", "piano", "albino", "domino", "techno", "acid", "humid",
        "solid", "fluid", "liquid", "valid", "rapid", "lipid", "hybrid", "pyramid",
        "bid", "paid", "said", "raid", "aid", "arid", "avid", "vivid", "timid", "void",
        "squid", "mid", "tepid", "android", "steroid", "asteroid", "thyroid",
        "paranoid", "alkaloid", "colloid", "cuboid", "ovoid", "tabloid", "spheroid",
        "ellipsoid", "sinusoid", "humanoid", "avoid", "invalid", "placid", "morbid",
        "candid", "splendid", "intrepid", "insipid", "pallid", "putrid", "sordid"
    ]

    /// True when a header's last word is a number's name, or ends in one after two letters or more ("docno").
    static func endsInANumberWord(_ words: [String]) -> Bool {
        guard let last = words.last, last.allSatisfy(\.isLetter), !notNumberNames.contains(last) else { return false }
        return numberSuffixes.contains { suffix in
            if last == suffix { return words.count > 1 }
            guard last.hasSuffix(suffix), last.count >= suffix.count + 2 else { return false }
            return true
        }
    }

    /// True when a header that often numbers rows ("No.", "#") holds values that repeat: then it counts or
    /// measures something (drc's daphnids: `no` immobile of 20; texmex's summer: `NO`, nitric oxide), as a key
    /// never repeats.
    private static func countsUnderAKeyWord(_ joined: String, _ p: ColumnProfile) -> Bool {
        ["no", "#"].contains(joined) && p.distinct < p.present  // l10n: not shown
    }

    /// Distinctness, order, whole numbers, sequence and magnitude of a numeric or date column.
    private static func fillNumberFacts(_ p: inout ColumnProfile, _ values: [Double], rows: Int) {
        // Each fact is gathered as a flag set by comparisons, without a branch on the data: random values would
        // mispredict "lower than the last?" half the time, which made this pass 10% of describing 10M rows.
        var present = 0, missing = 0
        var fraction: UInt8 = 0, fall: UInt8 = 0, rise: UInt8 = 0, change: UInt8 = 0, offOne: UInt8 = 0, offZero: UInt8 = 0
        var previous = Double.nan, lo = Double.infinity, hi = -Double.infinity
        values.withUnsafeBufferPointer { values in
            for i in 0..<values.count {
                let v = values[i]
                guard v.isFinite else { missing += 1; continue }
                present += 1
                // Whole: from 2^52 every Double is; below, truncation is one instruction where rounded() calls libm.
                let small = abs(v) < 0x1p52 ? v : 0
                fraction |= Double(Int64(small)) != small ? 1 : 0
                offOne |= v != Double(i + 1) ? 1 : 0
                offZero |= v != Double(i) ? 1 : 0
                // Before the first value, `previous` is NaN: every comparison with it is false, except !=.
                fall |= v < previous ? 1 : 0
                rise |= v > previous ? 1 : 0
                change |= (v != previous ? 1 : 0) & (previous.isNaN ? 0 : 1)
                previous = v
                lo = min(lo, v)
                hi = max(hi, v)
            }
        }
        let whole = fraction == 0, rising = fall == 0, falling = rise == 0, changes = change != 0
        let inOrderFromOne = offOne == 0 && missing == 0, inOrderFromZero = offZero == 0 && missing == 0
        p.present = present
        p.isWholeNumbers = whole && present > 0
        p.isMonotonic = (rising || falling) && changes
        p.risesInBlocks = rising && changes
        p.magnitude = present > 0 ? max(abs(lo), abs(hi)) : 0
        if present > 0 { (p.lowest, p.highest) = (lo, hi) }
        if p.isMonotonic {
            // Sorted: neighbours tell distinctness in one pass.
            var distinct = 0, last = Double.nan
            for v in values where v.isFinite { if v != last { distinct += 1; last = v } }
            p.distinct = distinct
            p.repeats = distinct < present
        } else {
            var seen = Set<Double>()
            let stride = max(1, values.count / ColumnProfile.sampleLimit)
            var looked = 0
            var i = 0
            while i < values.count {
                let v = values[i]
                if v.isFinite {
                    looked += 1
                    if !seen.insert(v).inserted { p.repeats = true }
                    if seen.count >= ColumnProfile.distinctLimit { break }
                }
                i += stride
            }
            p.distinct = seen.count
            if stride > 1 && !p.repeats && looked > 0 { p.distinct = present }  // no repeat seen in the sample
        }
        // Row numbers: 1…n or 0…n−1 in order, or a shuffle of consecutive whole numbers; a few rows can't tell.
        let consecutive = whole && present == values.count && present >= 20 && !p.repeats && hi - lo + 1 == Double(present)
        p.isSequence = (inOrderFromOne || inOrderFromZero) && present >= 5 || consecutive
    }

    /// Latitude or longitude by header word and range (−90…90, −180…360).
    private static func coordinate(words: [String], _ p: ColumnProfile) -> ColumnProfile.Coordinate? {
        guard p.present > 0 else { return nil }
        return coordinate(words: words, magnitude: p.magnitude)
    }

    /// The coordinate a number column holds, without profiling the rest of it (one pass for its largest
    /// magnitude, and none when the header names no coordinate).
    static func coordinate(of column: Column) -> ColumnProfile.Coordinate? {
        guard case .numeric(let values, _) = column.data else { return nil }
        let words = headerWords(column.title)
        guard coordinate(words: words, magnitude: 0) != nil else { return nil }
        var magnitude = -1.0
        for v in values where v.isFinite { magnitude = max(magnitude, abs(v)) }
        return magnitude < 0 ? nil : coordinate(words: words, magnitude: magnitude)
    }

    private static func coordinate(words: [String], magnitude: Double) -> ColumnProfile.Coordinate? {
        let latitude: Set<String> = ["lat", "latitude", "緯度"]
        let longitude: Set<String> = ["lon", "long", "lng", "longitude", "経度"]
        if words.contains(where: latitude.contains) && magnitude <= 90 { return .latitude }
        if words.contains(where: longitude.contains) && magnitude <= 360 { return .longitude }
        return nil
    }

    /// A header's words, lower-cased: "Patient_ID" → ["patient", "id"], "Sepal.Length" → ["sepal", "length"],
    /// "modelYear" → ["model", "year"].
    static func headerWords(_ header: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for ch in header {
            if ch == "_" || ch == "." || ch == " " || ch == "-" || ch == "/" {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if ch.isUppercase && previousWasLower {
                words.append(current)
                current = ""
            }
            current.append(ch)
            previousWasLower = ch.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }
}
