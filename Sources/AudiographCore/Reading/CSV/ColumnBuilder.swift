// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Accumulates one column's values while the file streams past, in the type the sniffer chose.
/// One thread uses a builder at a time (the thread parsing its piece, then the one joining pieces, which may
/// join different columns on different threads): that hand-over is what the unchecked `Sendable` promises.
final class ColumnBuilder: @unchecked Sendable {
    enum Kind: Equatable, Sendable {
        case numeric
        case date(DateFormat)
        case text
    }

    let kind: Kind
    let decimalStyle: DecimalStyle
    let encoding: TextEncodingName
    // The record loop appends to these once per field: unchecked, they skip the runtime's exclusivity bookkeeping
    // (a seventh of the reading time). Only the thread reading this builder's piece touches them.
    @exclusivity(unchecked) private(set) var numbers: [Double] = []
    @exclusivity(unchecked) private(set) var fractionDigits = 0
    private(set) var datePrecision = DatePrecision.year
    /// The categories of text values: ASCII ones by their bytes, the others by their String (canonically equal
    /// spellings meet there), each in first-seen order in `categories`.
    private var asciiCategories = TextCategoryPartitions()
    private var categoryIndex: [String: Int32] = [:]
    private(set) var categories: [String] = []
    /// Text values as written, for `recentCategory`, with their categories; `nextRecent` is the one replaced next.
    private var recentBytes: [[UInt8]] = []
    private var recentIndices: [Int32] = []
    private var nextRecent = 0
    private static let recentLimit = 16
    @exclusivity(unchecked) private(set) var indices: [Int32] = []
    /// Values that came before `numbers`, `dayFirstNumbers` and `indices`, set aside whole by `absorb` once the rows
    /// outgrew the room reserved for them (see `join(_:onto:settingAsideIn:)`), oldest first.
    private var setAsideNumbers: [[Double]] = []
    private var setAsideDayFirstNumbers: [[Double]] = []
    private var setAsideIndices: [[Int32]] = []
    /// Lines of values that could not be read as this column's type (first few) and how many there were.
    private(set) var badValueLines: [Int] = []
    private(set) var badValueCount = 0
    private(set) var nonFiniteCount = 0
    /// The UTC offset (seconds) of every date read so far, while they all agree; see `commonUTCOffset`.
    private var firstUTCOffset: Int?
    /// Whether any date was read (so `commonUTCOffset` says something about the values).
    private(set) var sawDate = false
    private var utcOffsetsDiffer = false
    /// For `.dayOrMonthFirst` columns, which keep both readings until the whole column is read: the
    /// day-first reading (`numbers` holds the month-first one), its bad values, and what the values showed.
    private var dayFirstNumbers: [Double] = []
    private var dayFirstBadValueLines: [Int] = []
    private var dayFirstBadValueCount = 0
    /// Values readable only month-first (second number above 12) and only day-first (first number above 12).
    private(set) var onlyMonthFirstCount = 0
    private(set) var onlyDayFirstCount = 0
    /// The first value, as written, that reads differently in the two orders ("03/04/2000").
    private(set) var ambiguousExample: String?
    /// The order `chooseOrder` kept for a `.dayOrMonthFirst` column: true for month/day; nil before.
    private(set) var chosenMonthFirst: Bool?

    /// A builder for `expectedRows` values; `storage`, an empty array another builder gave up
    /// (`givingUpStorage`), holds the numbers when there are any, so its memory is used again.
    init(kind: Kind, decimalStyle: DecimalStyle, encoding: TextEncodingName, expectedRows: Int, storage: [Double] = []) {
        self.kind = kind
        self.decimalStyle = decimalStyle
        self.encoding = encoding
        if kind != .text { numbers = storage }
        if kind == .text { indices.reserveCapacity(expectedRows) } else { numbers.reserveCapacity(expectedRows) }
        if kind == .date(.dayOrMonthFirst) { dayFirstNumbers.reserveCapacity(expectedRows) }
    }

    /// The currency or percent sign written with the numbers ("$", "%"), and whether two different ones were.
    private(set) var writtenUnit: NumberSign?
    private(set) var writtenUnitsDiffer = false

    /// The unit the numbers were written with: their one sign, nil when none or several.
    var numbersUnit: String? { writtenUnitsDiffer ? nil : writtenUnit?.symbol }

    private func noteUnit(_ unit: NumberSign) {
        if writtenUnit == nil { writtenUnit = unit } else if writtenUnit != unit { writtenUnitsDiffer = true }
    }

    /// Adds one trimmed field read on `line`.
    @inline(__always)
    func append(_ field: UnsafeBufferPointer<UInt8>, line: Int) {
        switch kind {
        case .numeric:
            switch NumberParsing.parse(field, style: decimalStyle) {
            case .number(let value, let digits):
                numbers.append(value)
                if digits > fractionDigits { fractionDigits = digits }
            case .numberWithUnit(let value, let digits, let unit):
                numbers.append(value)
                if digits > fractionDigits { fractionDigits = digits }
                noteUnit(unit)
            case .missing:
                numbers.append(.nan)
            case .nonFinite:
                numbers.append(.nan)
                nonFiniteCount += 1
            case .notANumber:
                numbers.append(.nan)
                noteBadValue(line)
            }
        case .date(.dayOrMonthFirst):
            appendInBothOrders(field, line: line)
        case .date(let format):
            if NumberParsing.isMissingToken(field) {
                numbers.append(.nan)
            } else if let parsed = DateParsing.parse(field, format: format) {
                numbers.append(parsed.seconds)
                noteDate(parsed)
            } else {
                numbers.append(.nan)
                noteBadValue(line)
            }
        case .text:
            if NumberParsing.isMissingToken(field) && field.count != 1 || field.count == 0 {
                indices.append(-1)
                return
            }
            if let index = recentCategory(field) {
                indices.append(index)
                return
            }
            // ASCII reads the same in every encoding read here, and equal Strings are equal bytes: no String is
            // made or hashed to find it (a column of unique names was 9 times slower than polars with one).
            if TextCategoryTable.isASCII(field) {
                let hash = TextCategoryTable.hash(field)
                if let known = asciiCategories.category(of: field, hash: hash) {
                    indices.append(known)
                    rememberRecent(field, as: known)  // it repeats: worth finding by its bytes next time
                } else {
                    let index = Int32(categories.count)
                    categories.append(String(decoding: field, as: UTF8.self))
                    asciiCategories.insert(field, hash: hash, category: index)
                    indices.append(index)
                }
                return
            }
            let (index, known) = category(of: TextDecoding.string(field, encoding: encoding))
            indices.append(index)
            if known { rememberRecent(field, as: index) }
        }
    }

    /// The category of `text`, which is not ASCII, and whether it was known: one canonically equal to it, else a
    /// new one. A spelling canonically equal to an ASCII one (with a Kelvin sign for K) is also kept by that
    /// spelling's bytes, where an ASCII value finds it.
    private func category(of text: String) -> (index: Int32, known: Bool) {
        if let known = categoryIndex[text] { return (known, true) }
        let spelling = TextCategoryTable.asciiSpelling(of: text)
        if let spelling {
            let hash = spelling.withUnsafeBufferPointer { TextCategoryTable.hash($0) }
            if let known = spelling.withUnsafeBufferPointer({ asciiCategories.category(of: $0, hash: hash) }) {
                categoryIndex[text] = known
                return (known, true)
            }
        }
        let index = Int32(categories.count)
        categoryIndex[text] = index
        categories.append(text)
        if let spelling {
            spelling.withUnsafeBufferPointer {
                asciiCategories.insert($0, hash: TextCategoryTable.hash($0), category: index)
            }
        }
        return (index, false)
    }

    /// The category of a text value written exactly as one of the last few values seen again, found by comparing
    /// bytes (no String made, no hashing): a long table names its few series on every row. Values seen once are
    /// not kept, so a column of names or ids costs nothing more. Other spellings go through
    /// `categoryIndex`, where canonically equal Strings meet.
    @inline(__always)
    private func recentCategory(_ field: UnsafeBufferPointer<UInt8>) -> Int32? {
        for k in recentBytes.indices where recentBytes[k].count == field.count {
            let same = recentBytes[k].withUnsafeBufferPointer { memcmp($0.baseAddress!, field.baseAddress!, field.count) == 0 }
            if same { return recentIndices[k] }
        }
        return nil
    }

    /// Keeps `field`'s bytes among the recent values (at most `recentLimit`, the oldest replaced).
    private func rememberRecent(_ field: UnsafeBufferPointer<UInt8>, as index: Int32) {
        guard field.count > 0, field.count <= 64 else { return }
        if recentBytes.count < Self.recentLimit {
            recentBytes.append(Array(field))
            recentIndices.append(index)
        } else {
            recentBytes[nextRecent] = Array(field)
            recentIndices[nextRecent] = index
            nextRecent = (nextRecent + 1) % Self.recentLimit
        }
    }

    /// Reads a "03/04/2000"-style value both month-first (into `numbers`) and day-first, counting which
    /// values only one order can read.
    private func appendInBothOrders(_ field: UnsafeBufferPointer<UInt8>, line: Int) {
        if NumberParsing.isMissingToken(field) {
            numbers.append(.nan)
            dayFirstNumbers.append(.nan)
            return
        }
        let monthFirst = NumericDates.dayAndMonth(field, monthFirst: true)
        let dayFirst = NumericDates.dayAndMonth(field, monthFirst: false)
        numbers.append(monthFirst?.seconds ?? .nan)
        dayFirstNumbers.append(dayFirst?.seconds ?? .nan)
        if let parsed = monthFirst ?? dayFirst { noteDate(parsed) }
        switch (monthFirst, dayFirst) {
        case (nil, nil): break
        case (_, nil): onlyMonthFirstCount += 1
        case (nil, _): onlyDayFirstCount += 1
        case (let m?, let d?):
            if ambiguousExample == nil && m.seconds != d.seconds { ambiguousExample = String(decoding: field, as: UTF8.self) }
        }
        if monthFirst == nil { noteBadValue(line) }
        if dayFirst == nil {
            dayFirstBadValueCount += 1
            if dayFirstBadValueLines.count < UnreadableValues.linesKept { dayFirstBadValueLines.append(line) }
        }
    }

    /// True (month first) or false (day first) when the values themselves show the order of a
    /// `.dayOrMonthFirst` column (the larger count wins if both appear); nil when every value reads both ways.
    var orderShownByValues: Bool? {
        if onlyMonthFirstCount == 0 && onlyDayFirstCount == 0 { return nil }
        return onlyMonthFirstCount >= onlyDayFirstCount
    }

    /// Keeps one reading of a `.dayOrMonthFirst` column: month/day when `monthFirst`, else day/month.
    func chooseOrder(monthFirst: Bool) {
        gatherSetAside()
        if kind == .date(.dayOrMonthFirst) { chosenMonthFirst = monthFirst }
        guard kind == .date(.dayOrMonthFirst), !monthFirst else {
            dayFirstNumbers = []
            return
        }
        numbers = dayFirstNumbers
        badValueLines = dayFirstBadValueLines
        badValueCount = dayFirstBadValueCount
        dayFirstNumbers = []
    }

    /// Notes a date's precision and zone.
    @inline(__always)
    private func noteDate(_ parsed: DateParsing.Parsed) {
        if parsed.precision > datePrecision { datePrecision = parsed.precision }
        if !sawDate {
            sawDate = true
            firstUTCOffset = parsed.utcOffsetSeconds
        } else if parsed.utcOffsetSeconds != firstUTCOffset {
            utcOffsetsDiffer = true
        }
    }

    /// The UTC offset in seconds every date of the column was written in; nil when none was written or they differ.
    var commonUTCOffset: Int? { utcOffsetsDiffer ? nil : firstUTCOffset }

    /// The type later values of this column are read in: the kind, with the day/month order once chosen.
    var settledKind: Kind {
        guard kind == .date(.dayOrMonthFirst), let monthFirst = chosenMonthFirst else { return kind }
        return .date(monthFirst ? .monthDayYear : .dayMonthYear)
    }

    /// The values that could not be read as this column's type, for the warnings.
    var unreadable: UnreadableValues {
        UnreadableValues(count: badValueCount, lines: badValueLines, nonFinite: nonFiniteCount)
    }

    private func noteBadValue(_ line: Int) {
        badValueCount += 1
        if badValueLines.count < UnreadableValues.linesKept { badValueLines.append(line) }
    }

    /// Appends the rows `later` read from the piece of the file after this builder's rows, as if this builder
    /// had read them itself: values, counts, first lines (moved by `lineOffset`, the lines before that piece),
    /// categories renumbered into this builder's. Both builders read the same kind.
    func absorb(_ later: ColumnBuilder, lineOffset: Int) {
        precondition(later.kind == kind, "pieces of one column are read as one kind")  // l10n: not shown
        switch kind {
        case .text:
            joinCategories(of: later)
        case .numeric, .date:
            Self.join(later.numbers, onto: &numbers, settingAsideIn: &setAsideNumbers)
        }
        fractionDigits = max(fractionDigits, later.fractionDigits)
        if let unit = later.writtenUnit { noteUnit(unit) }
        if later.writtenUnitsDiffer { writtenUnitsDiffer = true }
        if later.datePrecision > datePrecision { datePrecision = later.datePrecision }
        if later.sawDate {
            if !sawDate {
                sawDate = true
                firstUTCOffset = later.firstUTCOffset
            } else if later.firstUTCOffset != firstUTCOffset {
                utcOffsetsDiffer = true
            }
            if later.utcOffsetsDiffer { utcOffsetsDiffer = true }
        }
        Self.appendLines(later.badValueLines, offset: lineOffset, to: &badValueLines)
        badValueCount += later.badValueCount
        nonFiniteCount += later.nonFiniteCount
        if kind == .date(.dayOrMonthFirst) {
            Self.join(later.dayFirstNumbers, onto: &dayFirstNumbers, settingAsideIn: &setAsideDayFirstNumbers)
            Self.appendLines(later.dayFirstBadValueLines, offset: lineOffset, to: &dayFirstBadValueLines)
            dayFirstBadValueCount += later.dayFirstBadValueCount
            onlyMonthFirstCount += later.onlyMonthFirstCount
            onlyDayFirstCount += later.onlyDayFirstCount
            if ambiguousExample == nil { ambiguousExample = later.ambiguousExample }
        }
    }

    /// Appends `later`'s text values, its categories renumbered into this builder's: those it keeps by bytes are
    /// looked up (and the new ones added) on every core by `TextCategoryPartitions.join`, then every category new
    /// here is numbered in the order `later` first saw it.
    private func joinCategories(of later: ColumnBuilder) {
        var found = asciiCategories.join(later.asciiCategories, categoryCount: later.categories.count)
        for (local, text) in later.categories.enumerated() {
            switch found.categories[local] {
            case TextCategoryPartitions.Found.added:
                let index = Int32(categories.count)
                categories.append(text)
                let place = found.places[local]
                asciiCategories.setCategory(index, at: place)
                // An ASCII spelling with a character outside ASCII (a Kelvin sign) is longer than its key.
                if text.utf8.count != asciiCategories.keyLength(at: place) { categoryIndex[text] = index }
                found.categories[local] = index
            case TextCategoryPartitions.Found.notByBytes:
                found.categories[local] = category(of: text).index
            default:
                break
            }
        }
        var renumbered: [Int32] = []
        renumbered.reserveCapacity(later.indices.count)
        found.categories.withUnsafeBufferPointer { map in
            for local in later.indices { renumbered.append(local < 0 ? -1 : map[Int(local)]) }
        }
        Self.join(renumbered, onto: &indices, settingAsideIn: &setAsideIndices)
    }

    /// Appends `later` to `current` when it has room; otherwise (the rows outgrew the room reserved for them, as
    /// in a pipe, whose length is unknown) sets `current` aside whole and takes `later` as it is. Growing the array
    /// instead held three times its values while it was copied into one twice as long, every column at once
    /// (310–370 MiB for a 143 MiB table piped in, 231 MiB read from the file); `gatherSetAside` copies once.
    private static func join<Element>(
        _ later: [Element], onto current: inout [Element],
        settingAsideIn setAside: inout [[Element]]
    ) {
        if current.count + later.count <= current.capacity || current.isEmpty {
            current.append(contentsOf: later)
        } else {
            setAside.append(current)
            current = later
        }
    }

    /// Puts the set-aside values back in front of the current ones, in one array; each part is freed once copied,
    /// so the values are held about once, not twice.
    private func gatherSetAside() {
        Self.gather(&setAsideNumbers, before: &numbers)
        Self.gather(&setAsideDayFirstNumbers, before: &dayFirstNumbers)
        Self.gather(&setAsideIndices, before: &indices)
    }

    private static func gather<Element>(_ setAside: inout [[Element]], before current: inout [Element]) {
        guard !setAside.isEmpty else { return }
        var all: [Element] = []
        all.reserveCapacity(setAside.reduce(current.count) { $0 + $1.count })
        for k in setAside.indices {
            all.append(contentsOf: setAside[k])
            setAside[k] = []
        }
        all.append(contentsOf: current)
        setAside = []
        current = all
    }

    /// Whether joining this builder's categories onto another's runs on every core (see
    /// `TextCategoryPartitions.join`), and so is best done outside a map over columns.
    var joinsOnEveryCore: Bool { kind == .text && asciiCategories.joinsOnEveryCore }

    /// The array that held this builder's numbers, emptied (its memory kept), for a new builder; the builder is
    /// done with after this.
    func givingUpStorage() -> [Double] {
        var storage: [Double] = []
        swap(&storage, &numbers)
        storage.removeAll(keepingCapacity: true)
        return storage
    }

    /// Adds `lines` moved by `offset` to `kept` while it holds fewer than `UnreadableValues.linesKept`.
    private static func appendLines(_ lines: [Int], offset: Int, to kept: inout [Int]) {
        for line in lines where kept.count < UnreadableValues.linesKept { kept.append(line + offset) }
    }

    /// The finished column data.
    func finish() -> ColumnData {
        gatherSetAside()
        switch kind {
        case .numeric:
            return .numeric(values: numbers, fractionDigits: SpokenDecimals.decimals(written: fractionDigits, values: numbers))
        case .date: return .date(values: numbers, precision: datePrecision, utcOffsetSeconds: commonUTCOffset)
        case .text:
            categoryIndex = [:]
            asciiCategories = TextCategoryPartitions()
            return .text(indices: indices, categories: categories)
        }
    }
}
