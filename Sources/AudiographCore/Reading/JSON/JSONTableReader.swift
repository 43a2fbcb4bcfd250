// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Reads a table from JSON in the shapes programs write it, by turning its rows into CSV text that the CSV
/// reader then types exactly as it types a CSV file (numbers, dates, text, missing values):
///
/// - an array of records, `[{"year": 2020, "sales": 5}, …]` (pandas `records`, R's jsonlite, most web APIs),
///   also wrapped in an object (`{"data": [...]}`, pandas `table`);
/// - one record per line (JSON Lines, NDJSON);
/// - an array of rows whose first row is the header, `[["year", "sales"], [2020, 5]]`;
/// - pandas `split`: `{"columns": [...], "data": [[...], ...]}`;
/// - an object of columns: `{"year": [2020, 2021], …}` (jsonlite's columns) or `{"year": {"0": 2020, …}, …}`
///   (pandas `columns`), and pandas `index`: `{"0": {"year": 2020, …}, …}`.
///
/// Nested objects become dotted column names ("address.city"); an array inside a record is kept as its JSON
/// text. Arrays of records, JSON Lines and arrays of rows are read one record at a time, an object of columns
/// into packed columns (`JSONTopObject`); the other object shapes are held whole, as a tree, while read.
enum JSONTableReader {
    /// Whether `path` (first bytes `head`) is read as JSON: named .json, .ndjson or .jsonl; or named nothing
    /// that says otherwise (standard input, a pasted table) and starting with "[" or "{".
    static func isJSON(head: [UInt8], path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".json") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") { return true }
        let named = lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") || lower.hasSuffix(".tab") || lower.hasSuffix(".txt")
        if named { return false }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Reads the JSON `input` (named `path` in messages) into a table.
    static func read(
        _ input: ChunkedInput, path: String, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws -> Table {
        var rows = try records(input, path: path, options: options, progress: progress, cancellation: cancellation)
        var csvOptions = options
        csvOptions.delimiter = ","
        csvOptions.chunkBytes = max(options.chunkBytes, CSVReadOptions().chunkBytes)
        csvOptions.writtenByAudiograph = true
        let notes = rows.notes()
        var table = try CSVReader.read(data: rows.takeCSVText(), name: path, options: csvOptions)
        table.warnings.append(contentsOf: notes)
        return table
    }

    /// The JSON in `data` (named `name` in messages) as CSV text: a held table saved (Save Table As).
    static func csvText(_ data: Data, name: String) throws -> Data {
        var rows = try records(
            ChunkedInput(data: data, path: name), path: name, options: CSVReadOptions(),
            progress: nil, cancellation: nil)
        return rows.takeCSVText()
    }

    /// Reads the JSON `input` into rows of text, in whichever shape it holds its table.
    private static func records(
        _ input: ChunkedInput, path: String, options: CSVReadOptions,
        progress: ((ImportProgress) -> Void)?, cancellation: CancellationFlag?
    ) throws -> JSONRows {
        var parser = JSONStreamParser(
            input: input, path: path, chunkBytes: options.chunkBytes,
            maxStringBytes: options.limits.maxFieldBytes, cancellation: cancellation)
        var rows = JSONRows(path: path, limits: options.limits)
        // The rows are counted apart for the progress reports: `rows` itself is being added to when a chunk is read.
        let tally = rows.tally
        let reportProgress = { (parser: JSONStreamParser) in
            parser.onChunk = { [unowned parser] in
                progress?(ImportProgress(bytesRead: parser.bytesRead, totalBytes: input.totalBytes, rows: tally.count))
            }
        }
        reportProgress(parser)
        let pieces = JSONPieceReading(
            input: input, path: path, options: options, cancellation: cancellation,
            reportProgress: reportProgress)
        guard let first = try parser.nextSignificantByte() else { throw ImportError.empty(path: path) }
        switch first {
        case UInt8(ascii: "["):
            // An array: records or rows, one element at a time.
            parser.consume(first)
            if try parser.nextSignificantByte() == UInt8(ascii: "]") {
                parser.consume(UInt8(ascii: "]"))
            } else if pieces.isWorthIt {
                parser = try readInPieces(.arrayElements, parser, pieces: pieces, into: &rows)
            } else {
                try readElements(parser, into: &rows)
            }
            if try parser.nextSignificantByte() != nil { throw parser.broken(problemMoreAfterTheEnd) }
        case UInt8(ascii: "{"):
            var object: JSONTopObject
            (object, parser) = try JSONTopObject.read(parser, pieces: pieces.isWorthIt ? pieces : nil)
            if try parser.nextSignificantByte() == nil {
                // One object: a file of columns, a wrapped array of records, or a single record.
                if let columns = object.columnsByPlace {
                    try rows.addColumns(columns)
                } else if let split = object.splitTable {
                    try rows.add(.array(split.names.map { .string($0) }))
                    try split.rows.forEachRow { try rows.add(.array($0)) }
                } else {
                    try rows.addObject(object.takeTreeValue())
                }
            } else {
                // JSON Lines: a record (or row) per line.
                try rows.add(object.takeTreeValue())
                if pieces.isWorthIt {
                    parser = try readInPieces(.lines, parser, pieces: pieces, into: &rows)
                } else {
                    try readLines(parser, into: &rows)
                }
            }
        default:
            throw parser.broken(Localization.tr("a JSON table starts with [ or {"))
        }
        if input.shrank { throw ImportError.changedWhileReading(path: path) }
        progress?(ImportProgress(bytesRead: parser.bytesRead, totalBytes: input.totalBytes, rows: tally.count))
        guard rows.count > 0, !rows.columns.isEmpty else { throw ImportError.jsonHoldsNoTable(path: path) }
        return rows
    }

    /// Reads the values of a table `parser` stands in (at an array's first element, or at the next value of JSON
    /// Lines) into `rows` on every core (`JSONPieceReading`), and returns the parser that read to the array's closing
    /// bracket or the end of the lines. From a piece that does not parse, or whose records' columns do not follow on
    /// from the rows before, the rest is read one value at a time, as the one-thread reader does.
    private static func readInPieces(
        _ sequence: JSONStreamParser.Sequence, _ parser: JSONStreamParser,
        pieces: JSONPieceReading, into rows: inout JSONRows
    ) throws -> JSONStreamParser {
        let (path, options) = (pieces.path, pieces.options)
        let outcome = try pieces.read(
            sequence, closing: sequence == .arrayElements ? UInt8(ascii: "]") : nil,
            from: parser,
            parse: { bytes in
                piece(
                    JSONPieceReading.pieceParser(bytes, path: path, options: options), sequence, path: path,
                    limits: options.limits)
            }, join: { try rows.absorb($0) })
        switch outcome {
        case .finished(let parser): return parser
        case .fellBack(let rest):
            switch sequence {
            case .arrayElements: try readElements(rest, into: &rows)
            case .lines: try readLines(rest, into: &rows)
            }
            return rest
        }
    }

    /// The rows of one piece of a table's values (elements and the commas between them, or lines of JSON Lines)
    /// that `parser` reads, or nil when it is not that, or holds something other than records.
    private static func piece(
        _ parser: JSONStreamParser, _ sequence: JSONStreamParser.Sequence, path: String,
        limits: ImportLimits
    ) -> JSONRows? {
        var rows = JSONRows(path: path, limits: limits)
        do {
            while true {
                let value = try parser.parseValue(depth: sequence == .arrayElements ? 1 : 0)
                guard case .object = value else { return nil }
                try rows.add(value)
                switch try parser.nextSignificantByte() {
                case nil: return rows
                case UInt8(ascii: ",") where sequence == .arrayElements: parser.consume(UInt8(ascii: ","))
                case _ where sequence == .lines: continue
                default: return nil
                }
            }
        } catch {
            return nil
        }
    }

    /// Reads the rest of JSON Lines one value at a time into `rows`.
    private static func readLines(_ parser: JSONStreamParser, into rows: inout JSONRows) throws {
        while try parser.nextSignificantByte() != nil {
            try rows.add(try parser.parseValue())
        }
    }

    /// Reads an array's elements one at a time into `rows`, from one that starts here to its closing bracket.
    private static func readElements(_ parser: JSONStreamParser, into rows: inout JSONRows) throws {
        while true {
            try rows.add(try parser.parseValue(depth: 1))
            switch try parser.nextSignificantByte() {
            case UInt8(ascii: ","): parser.consume(UInt8(ascii: ","))
            case UInt8(ascii: "]"):
                parser.consume(UInt8(ascii: "]"))
                return
            case nil: throw parser.broken(JSONStreamParser.problemEndInsideValue)
            default: throw parser.broken(JSONStreamParser.problemCommaOrBracketExpected)
            }
        }
    }

    /// What follows a whole JSON value that should end the file.
    static var problemMoreAfterTheEnd: String { Localization.tr("more follows after the end of the table") }
}

/// The rows of a JSON table as CSV text, with the columns in the order their names first appear.
struct JSONRows {
    let path: String
    let limits: ImportLimits
    /// Column names, and each name's place.
    private(set) var columns: [String] = []
    private var place: [String: Int] = [:]
    /// What kinds of value each column held (numbers, text, true/false), for the note on mixed columns.
    private var kinds: [JSONKinds] = []
    /// The rows' CSV records (no header), and where each ends.
    private var body: [UInt8] = []
    private var ends: [Int] = [] { didSet { tally.count = ends.count } }
    /// How many rows there are, readable while rows are being added (for progress reports).
    let tally = RowTally()
    /// How many columns there were when each row was written, where that changed: (first row, count).
    private var widths: [(row: Int, columns: Int)] = []
    /// For an array of rows: whether the first row was taken as the header.
    private var rowsMode: RowsMode = .undecided
    /// The column names met at each place of the last record, and their columns: records of one shape find their
    /// columns by comparing names, not by hashing them (a twentieth of the time of reading a file of records).
    private var recentNames: [(name: String, column: Int)] = []
    /// A row's cells, and its values by column, kept from row to row (an array made for each row was a tenth).
    private var rowCells: [(Int, JSONInputValue)] = []
    private var rowValues: [JSONInputValue?] = []

    private enum RowsMode { case undecided, records, rowsWithHeader, rowsWithoutHeader }

    init(path: String, limits: ImportLimits) {
        self.path = path
        self.limits = limits
    }

    var count: Int { ends.count }

    /// A count of rows kept apart from the rows.
    final class RowTally: @unchecked Sendable {
        var count = 0
    }

    /// Adds one element of the table: a record (object), a row (array) or a single value.
    mutating func add(_ value: JSONInputValue) throws {
        switch value {
        case .object(let members):
            if rowsMode == .undecided { rowsMode = .records }
            var cells: [(Int, JSONInputValue)] = []
            swap(&cells, &rowCells)
            cells.removeAll(keepingCapacity: true)
            try flatten(members, prefix: "", into: &cells)
            try write(cells)
            swap(&cells, &rowCells)
        case .array(let items):
            if rowsMode == .undecided {
                // A first row of names only is the header.
                let names = items.compactMap { item -> String? in if case .string(let s) = item { return s } else { return nil } }
                if !items.isEmpty, names.count == items.count {
                    rowsMode = .rowsWithHeader
                    for name in names { _ = try column(named: name) }
                    return
                }
                rowsMode = .rowsWithoutHeader
            }
            while columns.count < items.count {
                _ = try column(named: Localization.tr("Column %ld", columns.count + 1))
            }
            try write(items.enumerated().map { ($0.offset, $0.element) })
        default:
            if rowsMode == .undecided { rowsMode = .rowsWithoutHeader }
            if columns.isEmpty { _ = try column(named: Localization.tr("Value")) }
            try write([(0, value)])
        }
    }

    /// Adds the rows of `other`, a piece of the same array of records read on its own, when its columns follow on
    /// from these (the same names at the same places, new ones after): the result is what reading its records here
    /// would give. False, with nothing added, when they do not.
    mutating func absorb(_ other: JSONRows) throws -> Bool {
        guard rowsMode == .records || rowsMode == .undecided, other.rowsMode == .records else { return false }
        // An empty record written before the piece knew any column is a blank line there; here, with columns, it
        // would have been a row of empty fields.
        if !columns.isEmpty, other.widths.first?.columns == 0 { return false }
        for (k, name) in other.columns.prefix(columns.count).enumerated() where columns[k] != name { return false }
        guard ends.count + other.ends.count <= limits.maxRows else {
            throw ImportError.tooManyRows(path: path, limit: limits.maxRows)
        }
        rowsMode = .records
        for name in other.columns.dropFirst(columns.count) { _ = try column(named: name) }
        for (k, kinds) in other.kinds.enumerated() { self.kinds[k].formUnion(kinds) }
        // A row of the piece written with fewer columns than these is padded with empty fields by `csvText`, as
        // its missing values would have been written here.
        let rowsBefore = ends.count, bytesBefore = body.count
        for width in other.widths where widths.last?.columns != width.columns {
            widths.append((rowsBefore + width.row, width.columns))
        }
        body.append(contentsOf: other.body)
        ends.append(contentsOf: other.ends.lazy.map { $0 + bytesBefore })
        return true
    }

    /// Adds the table a single top-level object holds.
    mutating func addObject(_ value: JSONInputValue) throws {
        guard case .object(let members) = value else { return try add(value) }
        let byKey = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        // pandas `split`: {"columns": [...], "index": [...], "data": [[...], ...]}.
        if case .array(let names)? = byKey["columns"], case .array(let data)? = byKey["data"],
            names.allSatisfy({ if case .string = $0 { return true } else { return false } })
        {
            try add(.array(names))
            for row in data { try add(row) }
            return
        }
        // An object of columns: arrays of values ({"year": [2020, 2021]}) or objects keyed by row
        // ({"year": {"0": 2020, "1": 2021}}), or pandas `index`, objects keyed by column inside row labels.
        if !members.isEmpty, members.allSatisfy({ isColumn($0.value) }) {
            if case .object = members[0].value, Self.looksLikeRowLabels(members.map(\.key)) {
                for member in members { try add(member.value) }
            } else {
                try addColumns(members)
            }
            return
        }
        // Records wrapped in an object ({"data": [...]}, pandas `table`'s {"schema": ..., "data": [...]}):
        // the one member that is an array of records or rows.
        let tables = members.filter { member in
            if case .array(let items) = member.value, let first = items.first, !first.isScalar { return true }
            return false
        }
        if tables.count == 1, case .array(let items) = tables[0].value {
            for item in items { try add(item) }
            return
        }
        // A single record.
        if tables.isEmpty, members.allSatisfy({ if case .array = $0.value { return false } else { return true } }) {
            return try add(value)
        }
        throw ImportError.jsonHoldsNoTable(path: path)
    }

    /// Whether `value` is a column of an object of columns: an array of values, or an object of values.
    private func isColumn(_ value: JSONInputValue) -> Bool {
        switch value {
        case .array(let items): return items.allSatisfy(\.isScalar)
        case .object(let cells): return !cells.isEmpty && cells.allSatisfy { $0.value.isScalar }
        default: return false
        }
    }

    /// Whether keys are the row labels pandas writes for its default index: "0", "1", "2", … in order.
    private static func looksLikeRowLabels(_ keys: [String]) -> Bool {
        keys.count > 1 && keys.enumerated().allSatisfy { $0.element == String($0.offset) }
    }

    /// Adds an object of columns: row by row, each column's value for that row (missing where it has none).
    private mutating func addColumns(_ written: [(key: String, value: JSONInputValue)]) throws {
        // A name written twice is one column, in the first one's place, with the last one's values (as Python's
        // json module reads it): each place once, or a row would have more fields than columns.
        var last: [String: Int] = [:]
        for (k, member) in written.enumerated() { last[member.key] = k }
        var places: [Int] = []
        for member in written { places.append(try column(named: member.key)) }
        let kept = written.indices.filter { last[written[$0].key] == $0 }
        let members = kept.map { written[$0] }
        let placeOf = kept.map { places[$0] }
        var rowKeys: [String] = []
        var rowPlace: [String: Int] = [:]
        var length = 0
        for member in members {
            switch member.value {
            case .array(let items): length = max(length, items.count)
            case .object(let cells):
                for cell in cells where rowPlace[cell.key] == nil {
                    rowPlace[cell.key] = rowKeys.count
                    rowKeys.append(cell.key)
                }
            default: break
            }
        }
        rowsMode = .records
        let rowCount = max(length, rowKeys.count)
        var lookups: [[String: JSONInputValue]] = members.map { member in
            guard case .object(let cells) = member.value else { return [:] }
            return Dictionary(cells.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        }
        for r in 0..<rowCount {
            var cells: [(Int, JSONInputValue)] = []
            for (c, member) in members.enumerated() {
                switch member.value {
                case .array(let items) where r < items.count: cells.append((placeOf[c], items[r]))
                case .object:
                    if r < rowKeys.count, let value = lookups[c][rowKeys[r]] { cells.append((placeOf[c], value)) }
                default: break
                }
            }
            try write(cells)
        }
        lookups.removeAll()
    }

    /// Adds an object of columns read packed (`JSONTopObject.columnsByPlace`): row r holds each column's r-th
    /// value (missing where a column is shorter), as `addColumns` gives for the same object read as a tree.
    mutating func addColumns(_ packed: [(key: String, column: JSONScalarColumn)]) throws {
        for member in packed {
            kinds[try column(named: member.key)].formUnion(member.column.kinds)
        }
        rowsMode = .records
        let rowCount = packed.map(\.column.count).max() ?? 0
        guard ends.count + rowCount <= limits.maxRows else {
            throw ImportError.tooManyRows(path: path, limit: limits.maxRows)
        }
        if widths.last?.columns != columns.count { widths.append((ends.count, columns.count)) }
        body.reserveCapacity(body.count + packed.reduce(0) { $0 + $1.column.values.bytes.count } + rowCount * packed.count)
        ends.reserveCapacity(ends.count + rowCount)
        var readers = [PackedTexts.Reader](repeating: PackedTexts.Reader(), count: packed.count)
        let columnBytes = packed.map { $0.column.values.bytes }
        let counts = packed.map(\.column.count)
        for r in 0..<rowCount {
            for c in 0..<packed.count {
                if c > 0 { body.append(UInt8(ascii: ",")) }
                guard r < counts[c] else { continue }
                columnBytes[c].withUnsafeBufferPointer { all in
                    let (tag, text) = readers[c].next(in: all)
                    if tag != PackedTexts.Tag.null { CSVText.appendField(text, to: &body) }
                }
            }
            body.append(0x0A)
            ends.append(body.count)
        }
    }

    /// Flattens a record's members into (column, value) pairs; nested objects become dotted names.
    private mutating func flatten(
        _ members: [(key: String, value: JSONInputValue)], prefix: String,
        into cells: inout [(Int, JSONInputValue)]
    ) throws {
        for member in members {
            let name = prefix.isEmpty ? member.key : prefix + member.key
            if case .object(let inner) = member.value, !inner.isEmpty {
                try flatten(inner, prefix: name + ".", into: &cells)
            } else {
                let slot = cells.count
                let place: Int
                if slot < recentNames.count, recentNames[slot].name == name {
                    place = recentNames[slot].column
                } else {
                    place = try column(named: name)
                    if slot < recentNames.count { recentNames[slot] = (name, place) } else { recentNames.append((name, place)) }
                }
                cells.append((place, member.value))
            }
        }
    }

    /// The place of the column `name`, added after the others when new.
    private mutating func column(named name: String) throws -> Int {
        if let existing = place[name] { return existing }
        guard columns.count < limits.maxColumns else {
            throw ImportError.tooManyColumns(path: path, count: columns.count + 1, limit: limits.maxColumns)
        }
        place[name] = columns.count
        columns.append(name)
        kinds.append([])
        return columns.count - 1
    }

    /// Writes one row of `cells` (column, value) as a CSV record with a field for every column known so far.
    private mutating func write(_ cells: [(Int, JSONInputValue)]) throws {
        guard ends.count < limits.maxRows else { throw ImportError.tooManyRows(path: path, limit: limits.maxRows) }
        if widths.last?.columns != columns.count { widths.append((ends.count, columns.count)) }
        var values: [JSONInputValue?] = []
        swap(&values, &rowValues)
        defer { swap(&values, &rowValues) }
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(nil, count: columns.count))
        for (c, value) in cells { values[c] = value }
        for (c, value) in values.enumerated() {
            if c > 0 { body.append(UInt8(ascii: ",")) }
            guard let value else { continue }
            var text: String
            switch value {
            case .null: continue
            case .bool(let b):
                kinds[c].insert(.boolean)
                text = b ? "true" : "false"
            case .number(let n):
                kinds[c].insert(.number)
                text = n
            case .string(let s):
                if !s.isEmpty { kinds[c].insert(.text) }
                text = s
            case .array, .object:
                kinds[c].insert(.text)
                text = value.jsonText
            }
            text.withUTF8 { CSVText.appendField($0, to: &body) }
        }
        body.append(0x0A)
        ends.append(body.count)
    }

    /// The header and the rows as CSV text, every row given a field for every column (rows written before a
    /// column first appeared get empty ones); the rows are given up as they are copied, so that the text is held
    /// twice at most, for a moment (three times, as an array copied into `Data`, was a fifth of the peak).
    mutating func takeCSVText() -> Data {
        var header = [UInt8]()
        CSVText.appendRecord(columns, to: &header)
        if widths.count <= 1 {
            var out = Data(capacity: header.count + body.count)
            out.append(contentsOf: header)
            out.append(contentsOf: body)
            body = []
            ends = []
            return out
        }
        var out = Data(capacity: header.count + body.count + ends.count * 4)
        out.append(contentsOf: header)
        var start = 0
        var w = 0
        let commas = [UInt8](repeating: UInt8(ascii: ","), count: columns.count)
        for (row, end) in ends.enumerated() {
            while w + 1 < widths.count, widths[w + 1].row <= row { w += 1 }
            out.append(contentsOf: body[start..<(end - 1)])  // without its line break
            out.append(contentsOf: commas[widths[w].columns...])
            out.append(0x0A)
            start = end
        }
        body = []
        ends = []
        return out
    }

    /// Notes for the person: the columns whose values were of several JSON kinds.
    func notes() -> [String] {
        return zip(columns, kinds).compactMap { name, kinds in
            var words: [String] = []
            if kinds.contains(.number) { words.append(Localization.tr("numbers")) }
            if kinds.contains(.text) { words.append(Localization.tr("text")) }
            if kinds.contains(.boolean) { words.append(Localization.tr("true or false")) }
            guard words.count > 1 else { return nil }
            return Localization.tr(
                "The column “%@” mixes %@ in the JSON file; each value is read as it is written.",
                name, Localization.list(words))
        }
    }
}

/// The kinds of JSON value a column held.
struct JSONKinds: OptionSet {
    let rawValue: UInt8
    static let number = JSONKinds(rawValue: 1)
    static let text = JSONKinds(rawValue: 2)
    static let boolean = JSONKinds(rawValue: 4)
}
