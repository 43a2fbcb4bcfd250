import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// The Plural-Forms rule of a catalog header: gettext's expressions for real languages, and headers that are
/// not one (refused, English's rule instead, never a crash).
final class PluralRuleTests: XCTestCase {
    private func forms(_ pluralForms: String, _ counts: [Int]) -> [Int] {
        let rule = PluralRule(header: "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: \(pluralForms)\n")
        return counts.map(rule.form(for:))
    }

    func testJapaneseHasOneForm() {
        let rule = PluralRule(header: "Plural-Forms: nplurals=1; plural=0;\n")
        XCTAssertEqual(rule.formCount, 1)
        XCTAssertEqual([0, 1, 2, 5, 1_000_000].map(rule.form(for:)), [0, 0, 0, 0, 0])
    }

    func testEnglishAndFrench() {
        XCTAssertEqual(forms("nplurals=2; plural=(n != 1);", [0, 1, 2, 11]), [1, 0, 1, 1])
        XCTAssertEqual(forms("nplurals=2; plural=n>1;", [0, 1, 2, 11]), [0, 0, 1, 1], "French: 0 is singular")
    }

    func testRussianAndPolishHaveThreeForms() {
        let counts = [0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 122]
        XCTAssertEqual(
            forms(
                "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", counts),
            [2, 0, 1, 1, 2, 2, 2, 2, 0, 1, 2, 0, 2, 2, 1])
        XCTAssertEqual(
            forms("nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);", counts),
            [2, 0, 1, 1, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 1], "Polish: 21 takes the many form")
    }

    func testArabicHasSixForms() {
        XCTAssertEqual(
            forms(
                "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
                [0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111]),
            [0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4])
    }

    func testArithmeticPrecedenceAndNot() {
        XCTAssertEqual(forms("nplurals=9; plural=1 + 2 * 3 - n / 2 % 3;", [0, 2, 4]), [7, 6, 5])
        XCTAssertEqual(forms("nplurals=3; plural=!(n > 1) + !!n;", [0, 1, 2]), [1, 2, 1])
        XCTAssertEqual(forms("nplurals=3; plural=n ? n == 1 ? 0 : 1 : 2;", [0, 1, 5]), [2, 0, 1], "?: groups to the right")
    }

    func testAnIndexOutsideTheFormsIsTheFirstForm() {
        XCTAssertEqual(forms("nplurals=2; plural=n;", [0, 1, 2, 7]), [0, 1, 0, 0])
    }

    func testDividingByZeroUsesEnglishsChoiceForThatCount() {
        XCTAssertEqual(forms("nplurals=2; plural=n / (n - 1) > 5;", [1, 2]), [0, 0])
        XCTAssertEqual(forms("nplurals=2; plural=n % 0;", [1, 3]), [0, 1])
    }

    func testMalformedHeadersFallBackToEnglish() {
        let malformed = [
            "nplurals=2; plural=n != 1 +;", "nplurals=2; plural=(n != 1;", "nplurals=2; plural=n != 1);",
            "nplurals=2; plural=n ++ 1;", "nplurals=2; plural=-n;", "nplurals=2; plural=n = 1;",
            "nplurals=2; plural=n & 1;", "nplurals=2; plural=n << 1;", "nplurals=2; plural=abs(n);",
            "nplurals=2; plural=nn != 1;", "nplurals=2; plural=m != 1;", "nplurals=2; plural=0x1;",
            "nplurals=2; plural=n ? 1;", "nplurals=2; plural=;", "nplurals=2;", "plural=n != 1;",
            "nplurals=0; plural=0;", "nplurals=two; plural=n != 1;", "nplurals=2; plural=n != 1; extra=1;",
            "nplurals=2; plural=99999999999999999999999 > n;", "nplurals=2; plural=n != 1",  // (no ';' is fine)
            "nplurals=2; plural=" + String(repeating: "(", count: 500) + "n" + String(repeating: ")", count: 500) + ";",
            "nplurals=2; plural=" + String(repeating: "!", count: 300) + "n;",
            "nplurals=2; plural=" + String(repeating: "n+", count: 600) + "n;"
        ]
        for header in malformed.dropLast(0) {
            let rule = PluralRule(header: "Plural-Forms: \(header)\n")
            if header == "nplurals=2; plural=n != 1" {
                XCTAssertEqual([1, 2].map(rule.form(for:)), [0, 1])
                continue
            }
            XCTAssertNil(PluralRule(pluralForms: header), header)
            XCTAssertEqual(rule.formCount, 2, header)
            XCTAssertEqual([0, 1, 2, 5].map(rule.form(for:)), [1, 0, 1, 1], header)
        }
        XCTAssertEqual(PluralRule(header: "").formCount, 2, "no Plural-Forms line: English")
        XCTAssertNotNil(PluralRule(pluralForms: " nplurals=2 ; plural= ( n != 1 ) ; "), "spaces are fine")
    }
}
