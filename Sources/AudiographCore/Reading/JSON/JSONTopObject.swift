// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A JSON file's top-level object, read member by member: a member that is an array of scalars, or an object of
/// scalars, is kept as a packed `JSONScalarColumn`; anything else as a tree of values. An object of columns, the
/// shape pandas writes by default, then becomes rows without a tree of its million values (a million rows of
/// four numbers: 5.1 s and 9.4× the file's size as a tree).
struct JSONTopObject {
    /// What a member holds: a column or rows kept packed, or any other value. The packed ones are boxed, so
    /// that a member costs what a tree's does (pandas `index` has a member per row: a million of them held
    /// 80 MB more unboxed).
    enum Member {
        indirect case column(JSONScalarColumn)
        /// An array of arrays of scalars.
        indirect case rows(JSONScalarRows)
        case value(JSONInputValue)
    }

    private(set) var members: [(key: String, value: Member)] = []
    /// The first member that is an object column keeping its keys: the others with the same keys drop theirs.
    private var keysKeeper: Int?

    /// Reads the object `parser` stands at (its opening brace next), to its closing brace, and returns it with the
    /// parser that read its end. Each column is read on every core with `pieces` (nil: on one). No member is
    /// refused for its length: a table of too many rows is refused when its rows are written (`JSONRows`), and a
    /// long member may be no table at all (metadata, the first line of JSON Lines).
    static func read(_ parser: JSONStreamParser, pieces: JSONPieceReading?) throws -> (JSONTopObject, JSONStreamParser) {
        var parser = parser
        var object = JSONTopObject()
        try parser.expect(UInt8(ascii: "{"), JSONStreamParser.problemValueExpected)
        if try parser.nextSignificantByte() == UInt8(ascii: "}") {
            parser.consume(UInt8(ascii: "}"))
            return (object, parser)
        }
        // Whether the members so far look like pandas `index` ("0", "1", … each a record): its records are small
        // and many, read as a tree as `JSONRows.addObject` will want them, not packed and then unpacked.
        var looksLikeIndex = true
        while true {
            guard try parser.nextSignificantByte() == UInt8(ascii: "\"") else {
                throw parser.broken(JSONStreamParser.problemKeyExpected)
            }
            let key = try parser.parseString()
            try parser.expect(UInt8(ascii: ":"), JSONStreamParser.problemColonExpected)
            let row = object.members.count
            looksLikeIndex = looksLikeIndex && JSONScalarColumn.isDecimal(key, of: row)
            if row == 1, looksLikeIndex {
                // pandas `index` begins with a record: an object of scalars.
                if case .column(let first) = object.members[0].value, first.isObject {} else { looksLikeIndex = false }
            }
            let member: Member
            if looksLikeIndex, row > 0 {
                member = .value(try parser.parseValue(depth: 1))
            } else {
                (member, parser) = try readMember(parser, pieces: pieces)
            }
            object.add(key, member)
            switch try parser.nextSignificantByte() {
            case UInt8(ascii: ","): parser.consume(UInt8(ascii: ","))
            case UInt8(ascii: "}"):
                parser.consume(UInt8(ascii: "}"))
                return (object, parser)
            case nil: throw parser.broken(JSONStreamParser.problemEndInsideValue)
            default: throw parser.broken(JSONStreamParser.problemCommaOrBraceExpected)
            }
        }
    }

    /// Reads one member's value (at depth 1): packed while it is an array or object of scalars (past its first
    /// values, on every core with `pieces`), or an array of arrays of scalars; as a tree
    /// from the first value that does not fit (what was packed is unpacked into the tree, in order).
    /// Returns it with the parser that read its end.
    private static func readMember(_ parser: JSONStreamParser, pieces: JSONPieceReading?) throws -> (Member, JSONStreamParser) {
        var parser = parser
        let opening = try parser.nextSignificantByte()
        guard opening == UInt8(ascii: "[") || opening == UInt8(ascii: "{"), let opening else {
            return (.value(try parser.parseValue(depth: 1)), parser)
        }
        let isObject = opening == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        parser.consume(opening)
        var column = JSONScalarColumn(isObject: isObject)
        if try parser.nextSignificantByte() == closing {
            parser.consume(closing)
            return (.column(column), parser)
        }
        var rows: JSONScalarRows?
        // Once a value does not fit, the rest is read as parseValue would, after what was packed: an array's
        // items into `items`, an object's members into `members`.
        var items: [JSONInputValue]?
        var members: [(key: String, value: JSONInputValue)]?
        var triedPieces = pieces == nil
        // Values packed one at a time before the rest is read in pieces: 4,096 for 4 MiB pieces. A member that
        // short (a record of pandas `index`, a list of names) is read at once, without a block and parsers.
        let valuesBeforePieces = (pieces?.options.pieceBytes ?? 0) >> 10
        while true {
            if !triedPieces, items == nil, members == nil, rows == nil, column.count >= valuesBeforePieces {
                triedPieces = true
                switch try readInPieces(parser, into: &column, isObject: isObject, closing: closing, pieces: pieces!) {
                case .finished(let end): return (.column(column), end)
                case .fellBack(let rest): parser = rest  // at a value that does not fit, or a mistake: read on here
                }
            }
            var key: String?
            if isObject {
                guard try parser.nextSignificantByte() == UInt8(ascii: "\"") else {
                    throw parser.broken(JSONStreamParser.problemKeyExpected)
                }
                key = try parser.parseString()
                try parser.expect(UInt8(ascii: ":"), JSONStreamParser.problemColonExpected)
            }
            let value = try parser.parseValue(depth: 2)
            let packing = items == nil && members == nil
            if packing, rows == nil, value.isScalar {
                column.append(value, key: key)
            } else if packing, !isObject, column.count == 0, case .array(let cells) = value,
                cells.allSatisfy(\.isScalar)
            {
                if rows == nil { rows = JSONScalarRows() }
                rows!.append(cells)
            } else {
                if packing {
                    switch rows?.treeValue ?? column.treeValue(sharedKeys: nil) {
                    case .array(let unpacked): items = unpacked
                    case .object(let unpacked): members = unpacked
                    default: break
                    }
                    column = JSONScalarColumn(isObject: isObject)
                    rows = nil
                }
                if isObject { members!.append((key ?? "", value)) } else { items!.append(value) }
            }
            switch try parser.nextSignificantByte() {
            case UInt8(ascii: ","): parser.consume(UInt8(ascii: ","))
            case closing:
                parser.consume(closing)
                if let items { return (.value(.array(items)), parser) }
                if let members { return (.value(.object(members)), parser) }
                if let rows { return (.rows(rows), parser) }
                return (.column(column), parser)
            case nil: throw parser.broken(JSONStreamParser.problemEndInsideValue)
            default:
                throw parser.broken(
                    isObject
                        ? JSONStreamParser.problemCommaOrBraceExpected
                        : JSONStreamParser.problemCommaOrBracketExpected)
            }
        }
    }

    /// Reads the rest of a column `parser` stands in (at a value's start) into `column` on every core. A piece
    /// that holds anything but scalars, or is not JSON, is not joined: the rest is read one value at a time from
    /// its start.
    private static func readInPieces(
        _ parser: JSONStreamParser, into column: inout JSONScalarColumn, isObject: Bool,
        closing: UInt8, pieces: JSONPieceReading
    ) throws -> JSONPieceReading.Outcome {
        let (path, options) = (pieces.path, pieces.options)
        return try pieces.read(
            .arrayElements, closing: closing, from: parser,
            parse: { bytes in
                JSONScalarColumn.piece(JSONPieceReading.pieceParser(bytes, path: path, options: options), isObject: isObject)
            },
            join: { piece in
                column.absorb(piece)
                return true
            })
    }

    /// Adds a member, dropping an object column's keys when they are the same as the keys kept already.
    private mutating func add(_ key: String, _ member: Member) {
        guard case .column(var column) = member, column.isObject, let written = column.keys else {
            members.append((key, member))
            return
        }
        if let keeper = keysKeeper, case .column(let kept) = members[keeper].value, kept.keys == written {
            column.dropKeys()
        } else if keysKeeper == nil {
            keysKeeper = members.count
        }
        members.append((key, .column(column)))
    }

    /// The keys an object column dropped for being the kept ones.
    private var sharedKeys: PackedTexts? {
        guard let keeper = keysKeeper, case .column(let kept) = members[keeper].value else { return nil }
        return kept.keys
    }

    /// The whole object as the tree `JSONStreamParser.parseValue` would have read.
    /// The members are given up as the tree is made.
    mutating func takeTreeValue() -> JSONInputValue {
        let shared = sharedKeys
        let tree = members.map { member -> (key: String, value: JSONInputValue) in
            switch member.value {
            case .column(let column): return (member.key, column.treeValue(sharedKeys: shared))
            case .rows(let rows): return (member.key, rows.treeValue)
            case .value(let value): return (member.key, value)
            }
        }
        members = []
        keysKeeper = nil
        return .object(tree)
    }

    /// Whether the object is pandas `split`, `{"columns": ["year", "sales"], "index": […], "data": [[2020, 5], …]}`,
    /// as `JSONRows.addObject` tells it (before any other shape): the first member named "columns" an array of
    /// text, the first named "data" an array.
    var isSplit: Bool {
        guard let names = members.first(where: { $0.key == "columns" }),
            let data = members.first(where: { $0.key == "data" })
        else { return false }
        let namesAreText: Bool
        switch names.value {
        case .column(let column): namesAreText = !column.isObject && column.holdsOnlyStrings
        case .value(.array(let items)):
            namesAreText = items.allSatisfy { if case .string = $0 { return true } else { return false } }
        default: namesAreText = false
        }
        switch data.value {
        case .column(let column): return namesAreText && !column.isObject
        case .rows, .value(.array): return namesAreText
        default: return false
        }
    }

    /// pandas `split` whose data are packed rows of scalars: the names and the rows (nil for the rest of `split`,
    /// read from the tree).
    var splitTable: (names: [String], rows: JSONScalarRows)? {
        guard isSplit, let names = members.first(where: { $0.key == "columns" }), case .column(let header) = names.value,
            let data = members.first(where: { $0.key == "data" }), case .rows(let rows) = data.value,
            case .array(let items) = header.treeValue(sharedKeys: nil)
        else { return nil }
        return (items.map { if case .string(let s) = $0 { return s } else { return "" } }, rows)
    }

    /// The columns, when the object is a table of columns whose rows are the columns' places: every member an
    /// array of scalars or a non-empty object of scalars, named once each, the objects' keys the same distinct
    /// keys in the same order (or "0", "1", … for each), and the object neither pandas `split` nor pandas
    /// `index` (row labels "0", "1", … holding records). Nil for every other shape, which `JSONRows.addObject`
    /// reads from the tree.
    var columnsByPlace: [(key: String, column: JSONScalarColumn)]? {
        if isSplit { return nil }
        var columns: [(key: String, column: JSONScalarColumn)] = []
        var names = Set<String>()
        var keysAreRowNumbers: Bool?
        for member in members {
            guard case .column(let column) = member.value, names.insert(member.key).inserted else { return nil }
            if column.isObject {
                guard column.count > 0 else { return nil }  // an empty object is not a column
                if let earlier = keysAreRowNumbers, earlier != column.keysAreRowNumbers { return nil }
                keysAreRowNumbers = column.keysAreRowNumbers
            }
            columns.append((member.key, column))
        }
        guard !columns.isEmpty else { return nil }
        if case .column(let first) = members[0].value, first.isObject,
            members.count > 1, members.enumerated().allSatisfy({ JSONScalarColumn.isDecimal($0.element.key, of: $0.offset) })
        {
            return nil  // pandas `index`
        }
        if keysAreRowNumbers == false {
            // Every object column dropped its keys for the kept ones (or is the keeper); the keys must be distinct.
            guard let keeper = keysKeeper, let shared = sharedKeys else { return nil }
            for (k, member) in members.enumerated() where k != keeper {
                if case .column(let column) = member.value, column.isObject, column.keys != nil { return nil }
            }
            var seen = Set<String>()
            var distinct = true
            shared.forEach { _, text in
                if distinct, !seen.insert(String(decoding: text, as: UTF8.self)).inserted { distinct = false }
            }
            if !distinct { return nil }
        }
        return columns
    }
}
