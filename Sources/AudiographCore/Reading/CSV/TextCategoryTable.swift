// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The categories of a text column found by the bytes of their ASCII spelling, each key's hash kept: a column of
/// a million different names is looked up without making a String or hashing one, and the pieces of a file read
/// on several cores are joined by their stored hashes (`ColumnBuilder.absorb`).
///
/// Internal helper of `ColumnBuilder`, for ASCII keys only: two ASCII spellings are the same String exactly when
/// their bytes are equal, while other text needs Swift's canonical equivalence (the builder's String index, and
/// its canonical ASCII form here). Open addressing with linear probing, at most half full; keys' bytes are kept
/// back to back in one array. A column keeps sixteen of these, one per sixteenth of the hash range
/// (`TextCategoryPartitions`), so that joining pieces uses every core.
struct TextCategoryTable {
    /// For each slot, 1 + the entry there (0: empty).
    private var slots: [Int32]
    /// Each entry's hash, category and where its bytes are in `bytes`.
    private var hashes: [UInt64] = []
    private(set) var categories: [Int32] = []
    private var starts: [Int] = [0]
    private var bytes: [UInt8] = []

    init() { slots = [Int32](repeating: 0, count: 64) }

    /// Number of keys.
    var count: Int { categories.count }

    /// The category of `key`, whose hash is `hash` (`Self.hash`); nil when it has none.
    @inline(__always)
    func category(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot]) - 1
            if entry < 0 { return nil }
            if hashes[entry] == hash, matches(entry, key) { return categories[entry] }
            slot = (slot + 1) & mask
        }
    }

    /// Records `key` (not yet in the table) as category `category`.
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, category: Int32) {
        if 2 * (count + 1) > slots.count { grow() }
        hashes.append(hash)
        categories.append(category)
        bytes.append(contentsOf: key)
        starts.append(bytes.count)
        place(count - 1)
    }

    /// The hash of entry `entry` (entries are numbered in the order they were inserted).
    func hash(ofEntry entry: Int) -> UInt64 { hashes[entry] }

    /// The number of bytes of entry `entry`'s key.
    func keyLength(ofEntry entry: Int) -> Int { starts[entry + 1] - starts[entry] }

    /// Gives entry `entry` the category `category` (one inserted before its category was known).
    mutating func setCategory(_ category: Int32, ofEntry entry: Int) { categories[entry] = category }

    /// `body` of the bytes of entry `entry`'s key.
    func withKey<Result>(ofEntry entry: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[starts[entry]..<starts[entry + 1]])) }
    }

    /// The ASCII spelling canonically equal to `text` (what Swift's String equality compares), or nil when it
    /// has none. Only three characters outside ASCII decompose to ASCII alone: the Greek question mark (;),
    /// the Greek varia (`) and the Kelvin sign (K) (a unit test checks every Unicode scalar).
    static func asciiSpelling(of text: String) -> [UInt8]? {
        var spelling: [UInt8] = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: spelling.append(UInt8(scalar.value))
            case 0x037E: spelling.append(UInt8(ascii: ";"))
            case 0x1FEF: spelling.append(UInt8(ascii: "`"))
            case 0x212A: spelling.append(UInt8(ascii: "K"))
            default: return nil
            }
        }
        return spelling
    }

    @inline(__always)
    private func matches(_ entry: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = starts[entry], length = starts[entry + 1] - start
        guard length == key.count else { return false }
        guard length > 0 else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, key.baseAddress!, length) == 0 }
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for entry in 0..<count { place(entry) }
    }

    /// True when every byte of `key` is ASCII (below 0x80), eight at a time.
    @inline(__always)
    static func isASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = key.baseAddress else { return true }
        var i = 0
        var seen: UInt64 = 0
        while i + 8 <= key.count {
            seen |= UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < key.count {
            seen |= UInt64(base[i])
            i += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }

    /// A 64-bit hash of `key`, eight bytes at a time (multiply and fold); the same bytes always hash alike,
    /// whichever piece of the file they were read in.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(key.count)
        guard let base = key.baseAddress else { return mix(h) }
        var i = 0
        while i + 8 <= key.count {
            h = mix(h ^ UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < key.count {
            tail |= UInt64(base[i]) << shift
            shift += 8
            i += 1
        }
        return mix(h ^ tail ^ 0xFF)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0xBF58_476D_1CE4_E5B9)
        return product.high ^ product.low
    }
}
