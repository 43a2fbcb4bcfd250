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

    func testCurrencyPercentAndAccountingAffixes() {
        XCTAssertEqual(parse("$1,234.50"), .numberWithUnit(1234.5, fractionDigits: 2, unit: .dollar))
        XCTAssertEqual(parse("-$5"), .numberWithUnit(-5, fractionDigits: 0, unit: .dollar))
        XCTAssertEqual(parse("$-5"), .numberWithUnit(-5, fractionDigits: 0, unit: .dollar))
        XCTAssertEqual(parse("€3.5"), .numberWithUnit(3.5, fractionDigits: 1, unit: .euro))
        XCTAssertEqual(parse("1.234,50 €", .comma), .numberWithUnit(1234.5, fractionDigits: 2, unit: .euro))
        XCTAssertEqual(parse("12.5%"), .numberWithUnit(12.5, fractionDigits: 1, unit: .percent))
        XCTAssertEqual(parse("12 %"), .numberWithUnit(12, fractionDigits: 0, unit: .percent))
        XCTAssertEqual(parse("(3.2)"), .number(-3.2, fractionDigits: 1), "accountants' negative")
        XCTAssertEqual(parse("($1,000)"), .numberWithUnit(-1000, fractionDigits: 0, unit: .dollar))
        for text in ["%", "$", "(x)", "($)", "12%%", "$$5", "(3", "3)", "5 $ 6", "(-)"] {
            XCTAssertEqual(parse(text), .notANumber, text)
        }
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
        spellings += [
            "0.30000000000000004", "123456789012345", "1234567890123456", "-000000000000000001.5",
            "999999999999999999", "0.0000000000000000000001", ".5", "5.", "-0", "+.0"
        ].map { Array($0.utf8) }
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

    func testEiselLemireGivesTheCorrectlyRoundedDouble() {
        // Against Swift's own correctly rounded parser, on significands of 1 to 19 digits and every exponent.
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for k in 0..<100_000 {
            let digits = 1 + k % 19
            var w = UInt64.random(in: 1...9, using: &generator)
            for _ in 1..<digits { w = w * 10 + UInt64.random(in: 0...9, using: &generator) }
            let q = k % 7 == 0 ? Int.random(in: -30...30, using: &generator) : Int.random(in: -342...308, using: &generator)
            guard let fast = EiselLemire.double(significand: w, exponent: q, negative: k % 2 == 1) else { continue }
            let expected = Double("\(k % 2 == 1 ? "-" : "")\(w)e\(q)")!
            XCTAssertEqual(fast.bitPattern, expected.bitPattern, "\(w)e\(q)")
            compared += 1
        }
        XCTAssertGreaterThan(compared, 80_000, "most inputs are normal Doubles")
        // Hard cases: halfway between two Doubles, and the largest and smallest normal ones.
        for text in [
            "9007199254740993", "9007199254740995", "2.2250738585072014e-308", "1.7976931348623157e308",
            "0.1", "0.30000000000000004", "123456789012345678e-5", "7.2057594037927933e16"
        ] {
            let parts = text.lowercased().split(separator: "e")
            let mantissaText = parts[0].replacingOccurrences(of: ".", with: "")
            let decimals = parts[0].split(separator: ".").dropFirst().first?.count ?? 0
            let q = (parts.count > 1 ? Int(parts[1])! : 0) - decimals
            XCTAssertEqual(
                EiselLemire.double(significand: UInt64(mantissaText)!, exponent: q, negative: false)?.bitPattern,
                Double(text)!.bitPattern, text)
        }
    }

    func testPythonStyleFloatsReadBackToTheSameDouble() {
        // What Python's repr writes (shortest round trip, often 17 digits) must come back bit for bit.
        var generator = SystemRandomNumberGenerator()
        for k in 0..<60_000 {
            let value =
                k % 3 == 0
                ? Double.random(in: -1e6...1e6, using: &generator)
                : Double(bitPattern: UInt64.random(in: 0x0010_0000_0000_0000...0x7FEF_FFFF_FFFF_FFFF, using: &generator))
            for text in ["\(value)", String(format: "%.17g", value)] {
                Array(text.utf8).withUnsafeBufferPointer { bytes in
                    guard case .number(let read, _) = NumberParsing.parse(bytes, style: .dot) else {
                        return XCTFail("\(text) is a number")
                    }
                    XCTAssertEqual(read.bitPattern, value.bitPattern, text)
                }
            }
        }
    }
}
