// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest
@testable import AudiographCore

final class NumberParsingTests: XCTestCase {
    private func parse(_ text: String, _ style: DecimalStyle = .dot) -> FieldValue {
        Array(text.utf8).withUnsafeBufferPointer { NumberParsing.parse($0, style: style) }
    }

    func testPlainNumbers() {
        XCTAssertEqual(parse("268"), .number(268, fractionDigits: 0))
        XCTAssertEqual(parse("-3.25"), .number(-3.25, fractionDigits: 2))
        XCTAssertEqual(parse("+0.5"), .number(0.5, fractionDigits: 1))
        XCTAssertEqual(parse("1e3"), .number(1000, fractionDigits: 0))
        XCTAssertEqual(parse("2.5E-3"), .number(0.0025, fractionDigits: 4))
        XCTAssertEqual(parse(".5"), .number(0.5, fractionDigits: 1))
    }

    func testExactForShortDecimalsAndCorrectForLongOnes() {
        XCTAssertEqual(parse("0.1"), .number(0.1, fractionDigits: 1))
        XCTAssertEqual(parse("123456.789"), .number(123456.789, fractionDigits: 3))
        guard case .number(let long, _) = parse("3.14159265358979323846264338327950288") else { return XCTFail() }
        XCTAssertEqual(long, Double.pi)
        guard case .number(let big, _) = parse("1.7976931348623157e308") else { return XCTFail() }
        XCTAssertEqual(big, Double.greatestFiniteMagnitude)
    }

    func testThousandsSeparatorsOnlyInGroupsOfThree() {
        XCTAssertEqual(parse("1,234,567.5"), .number(1_234_567.5, fractionDigits: 1))
        XCTAssertEqual(parse("1,23"), .notANumber)
        XCTAssertEqual(parse("12,3456"), .notANumber)
        XCTAssertEqual(parse("1234,567"), .notANumber)
    }

    func testDecimalCommaStyle() {
        XCTAssertEqual(parse("3,5", .comma), .number(3.5, fractionDigits: 1))
        XCTAssertEqual(parse("1.234,56", .comma), .number(1234.56, fractionDigits: 2))
        XCTAssertEqual(parse("1.234.567", .comma), .number(1_234_567, fractionDigits: 0))
        XCTAssertEqual(parse("3.5", .comma), .notANumber)
    }

    func testMissingTokens() {
        for token in ["", "NA", "n/a", "NaN", "nan", "null", "NULL", "None", "-", "#N/A"] {
            XCTAssertEqual(parse(token), .missing, token)
        }
    }

    func testInfinityAndOverflowAreNotPlottable() {
        XCTAssertEqual(parse("Infinity"), .nonFinite)
        XCTAssertEqual(parse("-inf"), .nonFinite)
        XCTAssertEqual(parse("1e999"), .nonFinite)
    }

    func testTextIsNotANumber() {
        for text in ["abc", "12abc", "1.2.3", "--1", "e5", "1e", "2024-01-31", "$"] {
            XCTAssertEqual(parse(text), .notANumber, text)
        }
    }

    func testThePlainNumberShortcutReadsWhatTheFullParserReads() {
        // Every short spelling from these characters, and random longer ones: the same value, decimals and kind.
        let alphabet = Array("0123456789.,-+e ".utf8)
        var generator = SystemRandomNumberGenerator()
        var spellings: [[UInt8]] = [[]]
        for _ in 0..<4 { spellings = spellings.flatMap { s in alphabet.map { s + [$0] } } + spellings }
        for _ in 0..<50_000 {
            let length = Int.random(in: 1...24, using: &generator)
            spellings.append((0..<length).map { _ in alphabet[Int.random(in: 0..<12, using: &generator)] })
        }
        spellings += ["0.30000000000000004", "123456789012345", "1234567890123456", "-000000000000000001.5",
                      "999999999999999999", "0.0000000000000000000001", ".5", "5.", "-0", "+.0"].map { Array($0.utf8) }
        var plain = 0
        for spelling in Set(spellings) {
            for style in [DecimalStyle.dot, .comma] {
                spelling.withUnsafeBufferPointer { bytes in
                    let fast = NumberParsing.parse(bytes, style: style)
                    let full = NumberParsing.parseInFull(bytes, style: style)
                    if case .number(let a, let da) = fast, case .number(let b, let db) = full {
                        XCTAssertEqual(a.bitPattern, b.bitPattern, String(decoding: spelling, as: UTF8.self))
                        XCTAssertEqual(da, db, String(decoding: spelling, as: UTF8.self))
                        plain += 1
                    } else {
                        XCTAssertEqual(fast, full, String(decoding: spelling, as: UTF8.self))
                    }
                }
            }
        }
        XCTAssertGreaterThan(plain, 10_000, "many spellings were numbers")
    }
}
