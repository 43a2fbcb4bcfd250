// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The reader's state while records stream past: header, column builders, counts and skipped lines.
struct CSVStreamState {
    /// How many line numbers of skipped rows are kept for the warning and `Table.malformedLines`.
    static let malformedLinesKept = 20

    let path: String
    let guess: CSVSniffer.Guess
    let limits: ImportLimits
    var tokenizer: CSVTokenizer
    /// One builder per column; set once, when the state is made.
    let builders: [ColumnBuilder]
    /// The same builders, unretained: the record loop calls them without a retain and release per field (about
    /// a tenth of the reading time); `builders` keeps them alive.
    private let unretainedBuilders: [Unmanaged<ColumnBuilder>]
    var headers: [String] = []
    var needHeader: Bool
    /// Line number where the next record starts (1-based).
    var line = 1
    var rowCount = 0
    var malformedLines: [Int] = []
    var malformedCount = 0
    let encoding: TextEncodingName
    /// The warnings about day/month order that `finish` made.
    private(set) var orderWarnings: [String] = []

    /// A state for a file of about `expectedRows` records.
    init(path: String, guess: CSVSniffer.Guess, encoding: TextEncodingName, limits: ImportLimits, expectedRows: Int) {
        var none: [[Double]] = []
        self.init(path: path, guess: guess, encoding: encoding, limits: limits, expectedRows: expectedRows, storage: &none)
    }

    /// A state for a piece of a file of about `expectedRows` records, whose builders take their arrays from
    /// `storage` (emptied arrays whose memory is used again, see `ColumnBuilder.givingUpStorage`) while it has any.
    init(
        path: String, guess: CSVSniffer.Guess, encoding: TextEncodingName, limits: ImportLimits, expectedRows: Int,
        storage: inout [[Double]]
    ) {
        self.path = path
        self.guess = guess
        self.limits = limits
        self.encoding = encoding
        tokenizer = CSVTokenizer(delimiter: guess.delimiter, maxFieldBytes: limits.maxFieldBytes, maxFields: limits.maxColumns)
        builders = guess.kinds.map {
            ColumnBuilder(
                kind: $0, decimalStyle: guess.decimalStyle, encoding: encoding,
                expectedRows: min(expectedRows, limits.maxRows + 1), storage: storage.popLast() ?? [])
        }
        unretainedBuilders = builders.map { Unmanaged.passUnretained($0) }
        needHeader = guess.hasHeader
        line = 1 + guess.preamble.lines
        if !guess.hasHeader {
            headers = (1...max(guess.columnCount, 1)).map { Localization.tr("Column %ld", $0) }
        }
    }

    /// A state that reads on where `resume` stopped, as row `rowsSoFar + 1`: no header, the columns' settled
    /// types, new builders holding only the rows read from here on.
    init(continuing resume: CSVResumePoint, path: String, rowsSoFar: Int) {
        self.init(path: path, guess: resume.format, encoding: resume.encoding, limits: resume.limits, expectedRows: 64)
        needHeader = false
        line = resume.line
        rowCount = rowsSoFar
    }

    /// Reads every whole record in `buffer`; returns how many bytes were used.
    mutating func consume(_ buffer: UnsafeBufferPointer<UInt8>, atEndOfInput: Bool) throws -> Int {
        var pos = 0
        while pos < buffer.count {
            let outcome = tokenizer.nextRecord(in: buffer, from: pos, atEndOfInput: atEndOfInput)
            switch outcome {
            case .record(let end, let lineBreaks):
                try handleRecord()
                pos = end
                line += lineBreaks
            case .needMoreData:
                return pos
            case .unterminatedQuote, .fieldTooLong, .tooManyFields:
                throw Self.failure(outcome, path: path, line: line, limits: limits)!
            }
        }
        return pos
    }

    /// The error for a tokenizer's `outcome` that is one (unterminated quote, field too long, too many fields) in
    /// the record starting at `line`; nil for the others.
    static func failure(_ outcome: CSVTokenizer.Outcome, path: String, line: Int, limits: ImportLimits) -> ImportError? {
        switch outcome {
        case .record, .needMoreData: return nil
        case .unterminatedQuote: return .unterminatedQuote(path: path, line: line)
        case .fieldTooLong: return .lineTooLong(path: path, line: line, limitBytes: limits.maxFieldBytes)
        case .tooManyFields: return .tooManyColumns(path: path, count: limits.maxColumns + 1, limit: limits.maxColumns)
        }
    }

    private mutating func handleRecord() throws {
        if tokenizer.isBlankRecord { return }
        if needHeader {
            needHeader = false
            headers = (0..<tokenizer.fieldCount).map { k in
                tokenizer.withField(k) { TextDecoding.string($0, encoding: encoding) }
            }
            if headers.count > limits.maxColumns {
                throw ImportError.tooManyColumns(path: path, count: headers.count, limit: limits.maxColumns)
            }
            return
        }
        let columnCount = builders.count
        var fields = tokenizer.fieldCount
        if fields > columnCount {
            // Trailing empty fields (a delimiter at the end of every row) are harmless.
            var extraAreEmpty = true
            for k in columnCount..<fields where tokenizer.withField(k, { $0.count != 0 }) { extraAreEmpty = false; break }
            if extraAreEmpty { fields = columnCount }
        }
        if fields != columnCount {
            malformedCount += 1
            if malformedLines.count < Self.malformedLinesKept { malformedLines.append(line) }
            return
        }
        let currentLine = line
        unretainedBuilders.withUnsafeBufferPointer { columns in
            for k in 0..<columnCount {
                tokenizer.withField(k) { field in columns[k]._withUnsafeGuaranteedRef { $0.append(field, line: currentLine) } }
            }
        }
        rowCount += 1
        if rowCount > limits.maxRows { throw ImportError.tooManyRows(path: path, limit: limits.maxRows) }
    }

    /// Takes in what `piece` read from the part of the file that follows this state's records: its rows,
    /// skipped lines and line count, with its line numbers (counted from 1 in the piece) moved down to where
    /// the piece starts. Throws as reading on through the piece would have when the rows pass the limit.
    mutating func absorb(_ piece: CSVStreamState) throws {
        let lineOffset = line - 1
        // Joining is mostly copying values; each column is copied on its own core. A text column with many
        // categories is joined first, alone, on every core (a map inside this map would run on one).
        let (joined, later) = (builders, piece.builders)
        let alone = joined.indices.filter { later[$0].joinsOnEveryCore }
        for k in alone { joined[k].absorb(later[k], lineOffset: lineOffset) }
        let together = joined.indices.filter { !later[$0].joinsOnEveryCore }
        if !together.isEmpty {
            _ = ParallelMap.map(together.count) { i in joined[together[i]].absorb(later[together[i]], lineOffset: lineOffset) }
        }
        for skipped in piece.malformedLines where malformedLines.count < Self.malformedLinesKept {
            malformedLines.append(skipped + lineOffset)
        }
        malformedCount += piece.malformedCount
        rowCount += piece.rowCount
        line += piece.line - 1
        if rowCount > limits.maxRows { throw ImportError.tooManyRows(path: path, limit: limits.maxRows) }
    }

    /// Turns the builders into a table, or explains why there is no usable data. "03/04/2000"-style columns that
    /// nothing in the file decides are read month/day when `monthFirstWhenUndecided`, else day/month.
    mutating func finish(encoding: TextEncodingName, monthFirstWhenUndecided: Bool) throws -> Table {
        if rowCount == 0 {
            if malformedCount > 0 {
                throw ImportError.mostlyMalformed(
                    path: path, skipped: malformedCount, total: malformedCount,
                    firstLine: malformedLines.first ?? 1)
            }
            if guess.hasHeader && !needHeader { throw ImportError.headerOnly(path: path) }
            throw ImportError.empty(path: path)
        }
        if malformedCount > rowCount {
            throw ImportError.mostlyMalformed(
                path: path, skipped: malformedCount, total: malformedCount + rowCount,
                firstLine: malformedLines.first ?? 1)
        }
        // Names written twice are told apart by position ("Class (column 3)"); names that differ only in case
        // ("class", "Class") are different names and stay as written. The position is no unit: the title and
        // unit are read from the name as written.
        var names = headers
        var written: [String?] = Array(repeating: nil, count: headers.count)
        var seen: Set<String> = []
        for i in names.indices {
            var name = names[i].trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { name = Localization.tr("Column %ld", i + 1) }
            if seen.contains(name) {
                written[i] = name
                // TRANSLATORS: a column whose name an earlier column has too, told apart by its position.
                name = Localization.tr("%@ (column %ld)", name, i + 1)
            }
            seen.insert(name)
            names[i] = name
        }
        orderWarnings = DayMonthOrder.resolve(builders, names: names, monthFirstWhenUndecided: monthFirstWhenUndecided)
        let columns = zip(names.indices, builders).map { i, builder -> Column in
            var column = Column(header: names[i], data: builder.finish())
            if let original = written[i] {
                let parsed = HeaderParsing.titleAndUnit(original)
                column.title = Localization.tr("%@ (column %ld)", parsed.title, i + 1)
                column.unit = parsed.unit
            }
            if column.unit == nil { column.unit = builder.numbersUnit }
            return column
        }
        var warnings =
            guess.preamble.records > 0
            ? [ReadWarnings.skippedAboveTable(count: guess.preamble.records, first: guess.preamble.firstText)] : []
        warnings += ReadWarnings.malformedRows(count: malformedCount, lines: malformedLines).map { [$0] } ?? []
        for (column, builder) in zip(columns, builders) {
            warnings += ReadWarnings.unreadableValues(
                column: column.header, isNumeric: builder.kind == .numeric, builder.unreadable)
        }
        warnings += orderWarnings
        return Table(
            path: path, columns: columns, rowCount: rowCount, encoding: encoding,
            delimiter: Character(Unicode.Scalar(guess.delimiter)), decimalStyle: guess.decimalStyle,
            hasHeader: guess.hasHeader, malformedLines: malformedLines, malformedRowCount: malformedCount,
            warnings: warnings)
    }
}
