// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A text column's ASCII categories by their bytes: one `TextCategoryTable` while they are few, sixteen chosen by
/// the top four bits of each key's hash once they are many. Split, the same key always lands in the same table,
/// so the tables of two pieces of a file are joined table by table, on every core (`join`).
///
/// Joining on one core was a quarter of the time of reading a column of two million different names (a probe of
/// a four-million-slot table per name, a cache miss each, with the other core idle). Sixteen tables from the
/// start cost 24% more memory on a table of 2,000 text columns with 200 categories each.
struct TextCategoryPartitions {
    static let splitCount = 16
    /// Keys from which the categories are split into sixteen tables, and a join of them runs on every core.
    static let manyKeys = 1 << 12
    private var tables = [TextCategoryTable()]

    /// Number of keys.
    var count: Int { tables.count == 1 ? tables[0].count : tables.reduce(0) { $0 + $1.count } }

    /// Whether joining these keys onto another table runs a table per core (a small join is not worth the threads).
    var joinsOnEveryCore: Bool { tables.count > 1 }

    /// Which table keeps the key whose hash is `hash`.
    @inline(__always)
    private func table(of hash: UInt64) -> Int { Self.table(of: hash, split: tables.count > 1) }

    /// Which table keeps the key whose hash is `hash`: its top four bits when split, else the one table.
    @inline(__always)
    private static func table(of hash: UInt64, split: Bool) -> Int { split ? Int(truncatingIfNeeded: hash >> 60) : 0 }

    /// The category of `key`, whose hash is `hash` (`TextCategoryTable.hash`); nil when it has none.
    @inline(__always)
    func category(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        tables[table(of: hash)].category(of: key, hash: hash)
    }

    /// Records `key` (not yet here) as category `category`.
    @inline(__always)
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, category: Int32) {
        tables[table(of: hash)].insert(key, hash: hash, category: category)
        if tables.count == 1 && tables[0].count >= Self.manyKeys { split() }
    }

    /// Moves the keys of the one table into sixteen, each keeping the order its keys were added in.
    private mutating func split() {
        guard tables.count == 1 else { return }
        let one = tables[0]
        tables = [TextCategoryTable](repeating: TextCategoryTable(), count: Self.splitCount)
        for entry in 0..<one.count {
            let hash = one.hash(ofEntry: entry)
            one.withKey(ofEntry: entry) { tables[table(of: hash)].insert($0, hash: hash, category: one.categories[entry]) }
        }
    }

    /// Where `join` put a key that was new here: its table and entry, for `setCategory` and `keyLength`.
    struct Place {
        fileprivate let table: Int32, entry: Int32
    }

    /// What `join` found for each of the later piece's categories.
    struct Found {
        /// Per category of the later piece: its category here (0 or more), `Found.added` when its key was new here
        /// (see `places`), or `Found.notByBytes` when the later piece keeps it by its String only.
        var categories: [Int32]
        /// Per category of the later piece whose key was added: where, to give it its category.
        var places: [Place]
        static let added: Int32 = -2
        static let notByBytes: Int32 = -1
    }

    /// Looks up every key of `later` (the tables of the piece after this one's rows, whose categories are numbered
    /// 0 ..< `categoryCount`) and adds those not here with no category yet (`setCategory` gives it). When `later`
    /// is split, so is this, and each of the sixteen tables is joined by one thread; call it outside any other
    /// `ParallelMap` (a nested one runs on one core).
    mutating func join(_ later: TextCategoryPartitions, categoryCount: Int) -> Found {
        var found = Found(
            categories: [Int32](repeating: Found.notByBytes, count: categoryCount),
            places: [Place](repeating: Place(table: -1, entry: -1), count: categoryCount))
        // Split before, never after: `places` point into the tables as they are now. (A join that added many keys
        // to the one table leaves it to the next insert or join to split.)
        if later.joinsOnEveryCore || count >= Self.manyKeys { split() }
        found.categories.withUnsafeMutableBufferPointer { categories in
            found.places.withUnsafeMutableBufferPointer { places in
                tables.withUnsafeMutableBufferPointer { tables in
                    // Split, each table is joined by one thread, and each later category is written by the thread
                    // of its key's table: no two threads touch the same memory.
                    nonisolated(unsafe) let (mine, categories, places) = (tables, categories, places)
                    let split = mine.count > 1
                    let joinTable = { @Sendable (theirs: TextCategoryTable) -> Void in
                        for entry in 0..<theirs.count {
                            let local = Int(theirs.categories[entry])
                            let hash = theirs.hash(ofEntry: entry)
                            let t = Self.table(of: hash, split: split)
                            theirs.withKey(ofEntry: entry) { key in
                                if let known = mine[t].category(of: key, hash: hash) {
                                    categories[local] = known
                                } else {
                                    places[local] = Place(table: Int32(t), entry: Int32(mine[t].count))
                                    mine[t].insert(key, hash: hash, category: Found.added)
                                    categories[local] = Found.added
                                }
                            }
                        }
                    }
                    if later.joinsOnEveryCore {
                        _ = ParallelMap.map(Self.splitCount) { t in joinTable(later.tables[t]) }
                    } else {
                        joinTable(later.tables[0])
                    }
                }
            }
        }
        return found
    }

    /// Gives the key `join` added at `place` its category.
    mutating func setCategory(_ category: Int32, at place: Place) {
        tables[Int(place.table)].setCategory(category, ofEntry: Int(place.entry))
    }

    /// The number of bytes of the key `join` added at `place`.
    func keyLength(at place: Place) -> Int { tables[Int(place.table)].keyLength(ofEntry: Int(place.entry)) }
}
