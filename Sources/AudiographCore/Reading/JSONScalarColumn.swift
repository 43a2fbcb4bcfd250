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

    init(isObject: Bool) {
        self.isObject = isObject
    }

    var count: Int { values.count }

    /// Adds a scalar `value` (the caller checks `isScalar`), under `key` for an object.
    mutating func append(_ value: JSONInputValue, key: String? = nil) {
        if let key {
            if keysAreRowNumbers, !Self.isDecimal(key, of: values.count) {
                keysAreRowNumbers = false
                var written = PackedTexts()
                for row in 0..<values.count { written.append(String(row), tag: 0) }
                keys = written
            }
            if !keysAreRowNumbers { keys!.append(key, tag: 0) }
        }
        switch value {
        case .null: values.append("", tag: Tag.null)
        case .bool(let b):
            kinds.insert(.boolean)
            values.append(b ? "true" : "false", tag: Tag.bool)
        case .number(let n):
            kinds.insert(.number)
            values.append(n, tag: Tag.number)
        case .string(let s):
            if !s.isEmpty { kinds.insert(.text) }
            values.append(s, tag: Tag.string)
        case .array, .object:
            preconditionFailure("a column holds scalars only")
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
        values.forEach { tag, text in
            switch tag {
            case Tag.null: items.append(.null)
            case Tag.bool: items.append(.bool(text.first == UInt8(ascii: "t")))
            case Tag.number: items.append(.number(String(decoding: text, as: UTF8.self)))
            default: items.append(.string(String(decoding: text, as: UTF8.self)))
            }
        }
        guard isObject else { return .array(items) }
        var names: [String] = []
        names.reserveCapacity(count)
        if keysAreRowNumbers {
            names = (0..<count).map { String($0) }
        } else if let written = keys ?? sharedKeys {
            written.forEach { _, text in names.append(String(decoding: text, as: UTF8.self)) }
        }
        return .object(Array(zip(names, items).map { (key: $0, value: $1) }))
    }

    /// How a packed value was written in the JSON.
    enum Tag {
        static let null: UInt8 = 0, bool: UInt8 = 1, number: UInt8 = 2, string: UInt8 = 3
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

/// Texts packed one after another in one byte array, each after a LEB128 number of its length × 4 plus a
/// two-bit tag: one or two bytes more than the text for anything under 8 KB.
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

    /// Calls `body` with each text's tag and bytes, in order.
    func forEach(_ body: (UInt8, UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { all in
            var reader = Reader()
            for _ in 0..<count {
                let (tag, text) = reader.next(in: all)
                body(tag, text)
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
