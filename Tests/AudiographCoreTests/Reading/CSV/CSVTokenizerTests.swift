// SPDX-License-Identifier: GPL-3.0-or-later
import XCTest

@testable import AudiographCore

final class CSVTokenizerTests: XCTestCase {
    /// All records of `text` as arrays of field strings.
    private func records(_ text: String, delimiter: Character = ",") -> [[String]] {
        var tokenizer = CSVTokenizer(delimiter: delimiter.asciiValue!)
        var result: [[String]] = []
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            var pos = 0
            while pos < buffer.count, case .record(let end, _) = tokenizer.nextRecord(in: buffer, from: pos, atEndOfInput: true) {
                result.append(
                    (0..<tokenizer.fieldCount).map { k in tokenizer.withField(k) { String(decoding: $0, as: UTF8.self) } })
                pos = end
            }
        }
        return result
    }

    func testQuotedFieldsWithDelimitersNewlinesAndDoubledQuotes() {
        XCTAssertEqual(
            records("a,\"b,c\",\"say \"\"hi\"\"\"\n1,\"two\nlines\",3\n"),
            [["a", "b,c", "say \"hi\""], ["1", "two\nlines", "3"]])
    }

    func testLineEndings() {
        XCTAssertEqual(records("a,b\r\n1,2\r\n"), [["a", "b"], ["1", "2"]])
        XCTAssertEqual(records("a,b\r1,2\r"), [["a", "b"], ["1", "2"]])
        XCTAssertEqual(records("a,b\n1,2"), [["a", "b"], ["1", "2"]])
    }

    func testTrailingDelimiterMakesAnEmptyLastField() {
        XCTAssertEqual(records("a,b,\n1,2,"), [["a", "b", ""], ["1", "2", ""]])
    }

    func testOtherDelimitersAndTrimmedSpaces() {
        XCTAssertEqual(records("a; b\n 1 ;2\n", delimiter: ";"), [["a", "b"], ["1", "2"]])
        XCTAssertEqual(records("a\tb\n1\t2\n", delimiter: "\t"), [["a", "b"], ["1", "2"]])
    }

    func testLineBreaksAreCountedInsideQuotes() {
        var tokenizer = CSVTokenizer(delimiter: 0x2C)
        let bytes = Array("\"a\nb\nc\",1\n2,3\n".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(tokenizer.nextRecord(in: buffer, from: 0, atEndOfInput: true), .record(end: 10, lineBreaks: 3))
        }
    }

    func testIncompleteInputAsksForMoreAndUnterminatedQuoteIsReported() {
        var tokenizer = CSVTokenizer(delimiter: 0x2C)
        let bytes = Array("1,\"open".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            XCTAssertEqual(tokenizer.nextRecord(in: buffer, from: 0, atEndOfInput: false), .needMoreData)
            XCTAssertTrue(tokenizer.stoppedInsideQuote)
            XCTAssertEqual(tokenizer.nextRecord(in: buffer, from: 0, atEndOfInput: true), .unterminatedQuote)
        }
    }

    func testLimits() {
        var tokenizer = CSVTokenizer(delimiter: 0x2C, maxFieldBytes: 4, maxFields: 3)
        Array("12345,1\n".utf8).withUnsafeBufferPointer { buffer in
            XCTAssertEqual(tokenizer.nextRecord(in: buffer, from: 0, atEndOfInput: true), .fieldTooLong)
        }
        Array("1,2,3,4\n".utf8).withUnsafeBufferPointer { buffer in
            XCTAssertEqual(tokenizer.nextRecord(in: buffer, from: 0, atEndOfInput: true), .tooManyFields)
        }
    }
}
