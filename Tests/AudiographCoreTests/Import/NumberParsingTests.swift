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
}
