// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// One column of a JSON object of columns (`[2020, 2021]`, or pandas' `{"0": 2020, "1": 2021}`), its values
/// packed into one byte array: a million numbers cost their digits and a byte each, where a tree of
/// `JSONInputValue`s cost 24 bytes each and a dictionary of its keys as much again.
struct JSONScalarColumn {
    /// Whether the column was written as an object keyed by row (pandas `columns`), not an array.
    let isObject: Bool
    /// The values, in the order written.
    private(set) var values = PackedTexts()
    /// An object's keys in the order written; nil while they are "0", "1", "2", … (pandas' default index), or
    /// once `dropKeys` found them the same as another column's.
    private(set) var keys: PackedTexts?
    /// Whether an object's keys are "0", "1", "2", … in order (true for an array: its places are its rows).
    private(set) var keysAreRowNumbers = true
    /// The kinds of value met, as `JSONRows.write` counts them for its note on mixed columns.
    private(set) var kinds: JSONKinds = []
    /// Whether every value is a string (the names of pandas `split`'s columns).
    private(set) var holdsOnlyStrings = true
    /// The row number the first key is, when the keys are row numbers: 0, or for a piece of a column (read on
    /// its own, not knowing where it starts) its first key's number.
    private(set) var firstKeyRow = 0
    /// Whether `firstKeyRow` is taken from the first key (a piece).
    private let takesFirstKeyRow: Bool

    init(isObject: Bool, isPiece: Bool = false) {
        self.isObject = isObject
        self.takesFirstKeyRow = isPiece
    }

    var count: Int { values.count }

    /// Adds a scalar `value` (the caller checks `isScalar`), under `key` for an object.
    mutating func append(_ value: JSONInputValue, key: String? = nil) {
        if let key {
            if keysAreRowNumbers, values.count == 0, takesFirstKeyRow, let row = Self.decimalValue(key) {
                firstKeyRow = row
            }
            if keysAreRowNumbers, !Self.isDecimal(key, of: firstKeyRow + values.count) { writeOutRowNumbers() }
            if !keysAreRowNumbers { keys!.append(key, tag: 0) }
        }
        if case .string = value {} else { holdsOnlyStrings = false }
        switch value {
        case .bool: kinds.insert(.boolean)
        case .number: kinds.insert(.number)
        case .string(let s) where !s.isEmpty: kinds.insert(.text)
        default: break
        }
        values.append(value)
    }

    /// Keeps the keys written from here on, the row numbers they have been so far written out first.
    private mutating func writeOutRowNumbers() {
        keysAreRowNumbers = false
        var written = PackedTexts()
        for row in 0..<values.count { written.append(String(firstKeyRow + row), tag: 0) }
        keys = written
    }

    /// Adds the values of `piece`, the next piece of this column read on its own (`piece(_:isObject:)`).
    mutating func absorb(_ piece: JSONScalarColumn) {
        if isObject, !(keysAreRowNumbers && piece.keysAreRowNumbers && piece.firstKeyRow == firstKeyRow + count) {
            if keysAreRowNumbers { writeOutRowNumbers() }
            if let pieceKeys = piece.keys {
                keys!.append(contentsOf: pieceKeys)
            } else {
                for row in 0..<piece.count { keys!.append(String(piece.firstKeyRow + row), tag: 0) }
            }
        }
        values.append(contentsOf: piece.values)
        kinds.formUnion(piece.kinds)
        holdsOnlyStrings = holdsOnlyStrings && piece.holdsOnlyStrings
    }

    /// One piece of a column, its values (for an object, its members) and the commas between them, that
    /// `parser` reads; nil when it holds anything but scalars, or is not JSON (read again, one value at a time).
    static func piece(_ parser: JSONStreamParser, isObject: Bool) -> JSONScalarColumn? {
        var column = JSONScalarColumn(isObject: isObject, isPiece: true)
        do {
            while true {
                var key: String?
                if isObject {
                    guard try parser.nextSignificantByte() == UInt8(ascii: "\"") else { return nil }
                    key = try parser.parseString()
                    try parser.expect(UInt8(ascii: ":"), JSONStreamParser.problemColonExpected)
                }
                let value = try parser.parseValue(depth: 2)
                guard value.isScalar else { return nil }
                column.append(value, key: key)
                switch try parser.nextSignificantByte() {
                case nil: return column
                case UInt8(ascii: ","): parser.consume(UInt8(ascii: ","))
                default: return nil
                }
            }
        } catch {
            return nil
        }
    }

    /// Forgets the keys, which the caller found equal to another column's (kept once for all).
    mutating func dropKeys() {
        keys = nil
    }

    /// The column as the tree `JSONStreamParser.parseValue` would have read, its keys (for an object whose own
    /// were dropped) being `sharedKeys`.
    func treeValue(sharedKeys: PackedTexts?) -> JSONInputValue {
        var items: [JSONInputValue] = []
        items.reserveCapacity(count)
        values.forEachValue { items.append($0) }
        guard isObject else { return .array(items) }
        var names: [String] = []
        names.reserveCapacity(count)
        if keysAreRowNumbers {
            names = (0..<count).map { String(firstKeyRow + $0) }
        } else if let written = keys ?? sharedKeys {
            written.forEach { _, text in names.append(String(decoding: text, as: UTF8.self)) }
        }
        return .object(Array(zip(names, items).map { (key: $0, value: $1) }))
    }

    /// The number `key` writes in decimal without leading zeros (as `isDecimal` reads it); nil for any other key.
    static func decimalValue(_ key: String) -> Int? {
        let utf8 = key.utf8
        guard (1...18).contains(utf8.count), utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            utf8.count == 1 || utf8.first != 0x30
        else { return nil }
        return Int(key)
    }

    /// Whether `key` is `row` written in decimal, without leading zeros.
    static func isDecimal(_ key: String, of row: Int) -> Bool {
        var digits = 1
        var rest = row / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var key = key
        return key.withUTF8 { utf8 in
            guard utf8.count == digits else { return false }
            var number = row
            for k in stride(from: digits - 1, through: 0, by: -1) {
                guard utf8[k] == UInt8(truncatingIfNeeded: 0x30 + number % 10) else { return false }
                number /= 10
            }
            return true
        }
    }
}

/// The rows of an array of arrays of scalars (pandas `split`'s `data`: `[[2020, 5], [2021, 6.5]]`), their values
/// packed one after another as a `JSONScalarColumn`'s are.
struct JSONScalarRows {
    /// Every row's values, row after row.
    private(set) var values = PackedTexts()
    /// Where each row ends in `values`, counted in values.
    private(set) var ends: [Int] = []

    var count: Int { ends.count }

    /// Adds a row of scalars (the caller checks `isScalar`).
    mutating func append(_ row: [JSONInputValue]) {
        for value in row { values.append(value) }
        ends.append(values.count)
    }

    /// Calls `body` with each row, as the values `JSONStreamParser.parseValue` read.
    func forEachRow(_ body: ([JSONInputValue]) throws -> Void) rethrows {
        var row: [JSONInputValue] = []
        var k = 0  // the row being gathered
        var index = 0  // the next value's
        try values.forEachValue { value in
            // The rows that end before this value: the one gathered, and empty ones after it.
            while ends[k] == index {
                try body(row)
                row.removeAll(keepingCapacity: true)
                k += 1
            }
            row.append(value)
            index += 1
        }
        while k < ends.count {
            try body(row)
            row.removeAll(keepingCapacity: true)
            k += 1
        }
    }

    /// The rows as the tree `JSONStreamParser.parseValue` would have read.
    var treeValue: JSONInputValue {
        var rows: [JSONInputValue] = []
        rows.reserveCapacity(count)
        forEachRow { rows.append(.array($0)) }
        return .array(rows)
    }
}

/// Texts packed one after another in one byte array, each after a LEB128 number of its length × 4 plus a
/// two-bit tag: one byte more than the text for anything under 32 bytes, two under 4 KB, three under 512 KB.
struct PackedTexts: Equatable {
    private(set) var bytes: [UInt8] = []
    /// How many texts there are.
    private(set) var count = 0

    /// Adds `text` with `tag` (0...3).
    mutating func append(_ text: String, tag: UInt8) {
        var text = text
        text.withUTF8 { utf8 in
            var header = UInt(utf8.count) << 2 | UInt(tag)
            while header >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: header) | 0x80)
                header >>= 7
            }
            bytes.append(UInt8(header))
            bytes.append(contentsOf: utf8)
        }
        count += 1
    }

    /// How a packed scalar was written in the JSON, as its tag.
    enum Tag {
        static let null: UInt8 = 0, bool: UInt8 = 1, number: UInt8 = 2, string: UInt8 = 3
    }

    /// Adds a scalar `value` (null, true, false, a number or a string) as its text, tagged with its kind.
    mutating func append(_ value: JSONInputValue) {
        switch value {
        case .null: append("", tag: Tag.null)
        case .bool(let b): append(b ? "true" : "false", tag: Tag.bool)
        case .number(let n): append(n, tag: Tag.number)
        case .string(let s): append(s, tag: Tag.string)
        case .array, .object: preconditionFailure("only a scalar is packed")  // l10n: not shown
        }
    }

    /// Calls `body` with each text as the scalar `append(_: JSONInputValue)` packed.
    func forEachValue(_ body: (JSONInputValue) throws -> Void) rethrows {
        try forEach { tag, text in
            switch tag {
            case Tag.null: try body(.null)
            case Tag.bool: try body(.bool(text.first == UInt8(ascii: "t")))
            case Tag.number: try body(.number(String(decoding: text, as: UTF8.self)))
            default: try body(.string(String(decoding: text, as: UTF8.self)))
            }
        }
    }

    /// Adds the texts of `other` after these.
    mutating func append(contentsOf other: PackedTexts) {
        bytes.append(contentsOf: other.bytes)
        count += other.count
    }

    /// Calls `body` with each text's tag and bytes, in order.
    func forEach(_ body: (UInt8, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { all in
            var reader = Reader()
            for _ in 0..<count {
                let (tag, text) = reader.next(in: all)
                try body(tag, text)
            }
        }
    }

    /// Reads the texts one at a time from the start (each column of a table has its own, as rows are written).
    struct Reader {
        private var offset = 0

        /// The next text's tag and bytes in `all` (the packed bytes); the caller knows how many there are.
        mutating func next(in all: UnsafeBufferPointer<UInt8>) -> (tag: UInt8, text: UnsafeBufferPointer<UInt8>) {
            var header: UInt = 0
            var shift: UInt = 0
            while true {
                let byte = all[offset]
                offset += 1
                header |= UInt(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            let length = Int(header >> 2)
            let text = UnsafeBufferPointer(rebasing: all[offset..<(offset + length)])
            offset += length
            return (UInt8(header & 3), text)
        }
    }
}
