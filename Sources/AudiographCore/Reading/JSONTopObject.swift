// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A JSON file's top-level object, read member by member: a member that is an array of scalars, or an object of
/// scalars, is kept as a packed `JSONScalarColumn`; anything else as a tree of values. An object of columns, the
/// shape pandas writes by default, then becomes rows without a tree of its million values (a million rows of
/// four numbers: 5.1 s and 9.4× the file's size as a tree).
struct JSONTopObject {
    /// What a member holds: a column or rows kept packed, or any other value.
    enum Member {
        case column(JSONScalarColumn)
        /// An array of arrays of scalars.
        case rows(JSONScalarRows)
        case value(JSONInputValue)
    }

    private(set) var members: [(key: String, value: Member)] = []
    /// The first member that is an object column keeping its keys: the others with the same keys drop theirs.
    private var keysKeeper: Int?

    /// Reads the object `parser` stands at (its opening brace next), to its closing brace; a column that holds
    /// more than `maxRows` values is refused as a table of too many rows.
    static func read(_ parser: JSONStreamParser, path: String, maxRows: Int) throws -> JSONTopObject {
        var object = JSONTopObject()
        try parser.expect(UInt8(ascii: "{"), JSONStreamParser.problemValueExpected)
        if try parser.nextSignificantByte() == UInt8(ascii: "}") {
            parser.consume(UInt8(ascii: "}"))
            return object
        }
        while true {
            guard try parser.nextSignificantByte() == UInt8(ascii: "\"") else {
                throw parser.broken(JSONStreamParser.problemKeyExpected)
            }
            let key = try parser.parseString()
            try parser.expect(UInt8(ascii: ":"), JSONStreamParser.problemColonExpected)
            let member = try readMember(parser, path: path, maxRows: maxRows)
            object.add(key, member)
            switch try parser.nextSignificantByte() {
            case UInt8(ascii: ","): parser.consume(UInt8(ascii: ","))
            case UInt8(ascii: "}"):
                parser.consume(UInt8(ascii: "}"))
                return object
            case nil: throw parser.broken(JSONStreamParser.problemEndInsideValue)
            default: throw parser.broken(JSONStreamParser.problemCommaOrBraceExpected)
            }
        }
    }

    /// Reads one member's value (at depth 1): packed while it is an array or object of scalars, or an array of
    /// arrays of scalars; as a tree from the first value that does not fit (what was packed is unpacked into the
    /// tree, in order).
    private static func readMember(_ parser: JSONStreamParser, path: String, maxRows: Int) throws -> Member {
        let opening = try parser.nextSignificantByte()
        guard opening == UInt8(ascii: "[") || opening == UInt8(ascii: "{"), let opening else {
            return .value(try parser.parseValue(depth: 1))
        }
        let isObject = opening == UInt8(ascii: "{")
        let closing = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        parser.consume(opening)
        var column = JSONScalarColumn(isObject: isObject)
        if try parser.nextSignificantByte() == closing {
            parser.consume(closing)
            return .column(column)
        }
        var rows: JSONScalarRows?
        // Once a value does not fit, the rest is read as parseValue would: into `tree`, after what was packed.
        var tree: [(key: String, value: JSONInputValue)]?
        while true {
            var key: String?
            if isObject {
                guard try parser.nextSignificantByte() == UInt8(ascii: "\"") else {
                    throw parser.broken(JSONStreamParser.problemKeyExpected)
                }
                key = try parser.parseString()
                try parser.expect(UInt8(ascii: ":"), JSONStreamParser.problemColonExpected)
            }
            let value = try parser.parseValue(depth: 2)
            if tree == nil, rows == nil, value.isScalar {
                guard column.count < maxRows else { throw ImportError.tooManyRows(path: path, limit: maxRows) }
                column.append(value, key: key)
            } else if tree == nil, !isObject, column.count == 0, case .array(let items) = value,
                      items.allSatisfy(\.isScalar) {
                guard (rows?.count ?? 0) < maxRows else { throw ImportError.tooManyRows(path: path, limit: maxRows) }
                if rows == nil { rows = JSONScalarRows() }
                rows!.append(items)
            } else {
                if tree == nil {
                    tree = Self.members(of: rows?.treeValue ?? column.treeValue(sharedKeys: nil))
                    column = JSONScalarColumn(isObject: isObject)
                    rows = nil
                }
                tree!.append((key ?? "", value))
            }
            switch try parser.nextSignificantByte() {
            case UInt8(ascii: ","): parser.consume(UInt8(ascii: ","))
            case closing:
                parser.consume(closing)
                if let tree { return .value(isObject ? .object(tree) : .array(tree.map(\.value))) }
                if let rows { return .rows(rows) }
                return .column(column)
            case nil: throw parser.broken(JSONStreamParser.problemEndInsideValue)
            default:
                throw parser.broken(isObject ? JSONStreamParser.problemCommaOrBraceExpected
                                             : JSONStreamParser.problemCommaOrBracketExpected)
            }
        }
    }

    /// The members of an object value, or an array's items under empty keys.
    private static func members(of value: JSONInputValue) -> [(key: String, value: JSONInputValue)] {
        switch value {
        case .object(let members): return members
        case .array(let items): return items.map { (key: "", value: $0) }
        default: return []
        }
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
    var treeValue: JSONInputValue {
        let shared = sharedKeys
        return .object(members.map { member in
            switch member.value {
            case .column(let column): return (member.key, column.treeValue(sharedKeys: shared))
            case .rows(let rows): return (member.key, rows.treeValue)
            case .value(let value): return (member.key, value)
            }
        })
    }

    /// pandas `split`, `{"columns": ["year", "sales"], "index": […], "data": [[2020, 5], …]}`, when its data are
    /// rows of scalars: the names and the rows. (`JSONRows.addObject` reads the same shape from a tree: the first
    /// member named "columns" holding only text, the first named "data" an array.)
    var splitTable: (names: [String], rows: JSONScalarRows)? {
        guard let names = members.first(where: { $0.key == "columns" }), case .column(let header) = names.value,
              !header.isObject, header.holdsOnlyStrings,
              let data = members.first(where: { $0.key == "data" }), case .rows(let rows) = data.value,
              case .array(let items) = header.treeValue(sharedKeys: nil) else { return nil }
        return (items.map { if case .string(let s) = $0 { return s } else { return "" } }, rows)
    }

    /// The columns, when the object is a table of columns whose rows are the columns' places: every member an
    /// array of scalars or a non-empty object of scalars, named once each, the objects' keys the same distinct
    /// keys in the same order (or "0", "1", … for each), and the object not pandas `index` (row labels
    /// "0", "1", … holding records). Nil for every other shape, which `JSONRows.addObject` reads from the tree.
    var columnsByPlace: [(key: String, column: JSONScalarColumn)]? {
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
           members.count > 1, members.enumerated().allSatisfy({ JSONScalarColumn.isDecimal($0.element.key, of: $0.offset) }) {
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
