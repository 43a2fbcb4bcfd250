import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

final class TextCategoryTableTests: XCTestCase {
    func testFindsWhatWasInsertedByItsBytes() {
        var table = TextCategoryTable()
        let keys = (0..<1_000).map { Array("name \($0)".utf8) } + [[], Array("a".utf8), Array("exactly8".utf8)]
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { k in
                XCTAssertNil(table.category(of: k, hash: TextCategoryTable.hash(k)))
                table.insert(k, hash: TextCategoryTable.hash(k), category: Int32(i))
            }
        }
        for (i, key) in keys.enumerated() {
            key.withUnsafeBufferPointer { k in XCTAssertEqual(table.category(of: k, hash: TextCategoryTable.hash(k)), Int32(i)) }
        }
        Array("name 1000".utf8).withUnsafeBufferPointer { XCTAssertNil(table.category(of: $0, hash: TextCategoryTable.hash($0))) }
        XCTAssertEqual(table.count, keys.count)
        table.withKey(ofEntry: 7) { XCTAssertEqual(Array($0), keys[7]) }
    }

    func testASCIIIsToldEightBytesAtATime() {
        for text in ["", "a", "exactly8", "seventeen bytes!!", "caf\u{E9}", "1234567\u{E9}", "12345678\u{E9}"] {
            Array(text.utf8).withUnsafeBufferPointer {
                XCTAssertEqual(TextCategoryTable.isASCII($0), text.utf8.allSatisfy { $0 < 0x80 }, text)
            }
        }
    }

    /// Every Unicode scalar outside ASCII whose canonical decomposition is ASCII alone is one the ASCII spelling
    /// knows, and no other: what keeps "5 K" and "5 K" (Kelvin sign) one category.
    func testTheASCIISpellingKnowsEveryScalarThatDecomposesToASCII() {
        var found: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(Character(scalar))
            let decomposed = text.decomposedStringWithCanonicalMapping
            let expected: [UInt8]? = decomposed.utf8.allSatisfy { $0 < 0x80 } ? Array(decomposed.utf8) : nil
            if expected != nil { found.append(value) }
            XCTAssertEqual(TextCategoryTable.asciiSpelling(of: text), expected, String(value, radix: 16))
        }
        XCTAssertEqual(found, [0x037E, 0x1FEF, 0x212A])
    }
}
