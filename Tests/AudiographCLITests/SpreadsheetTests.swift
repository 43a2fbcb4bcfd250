import AudiographCore
import AudiographSpreadsheet
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

/// Workbooks written by real clients (openpyxl, LibreOffice; Tests/spreadsheets/make-workbooks.py) read through the
/// built audiograph-cli: each gives the chart its own data gives as CSV, says what it left out, and bad ones get
/// one line and exit 65.
final class SpreadsheetTests: XCTestCase {
    /// The generated workbooks and their manifest, made once for the class.
    nonisolated(unsafe) private static var folder: URL?
    nonisolated(unsafe) private static var manifest: [[String: Any]] = []

    override class func setUp() {
        super.setUp()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-workbooks-\(UUID().uuidString)")
        let script = Process()
        script.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        script.arguments = [
            "python3", Repository.root.appendingPathComponent("Tests/spreadsheets/make-workbooks.py").path, out.path
        ]
        script.standardOutput = FileHandle.nullDevice
        try? script.run()
        script.waitUntilExit()
        guard script.terminationStatus == 0,
            let data = try? Data(contentsOf: out.appendingPathComponent("workbooks.json")),
            let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { return }
        folder = out
        manifest = list
    }

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        super.tearDown()
    }

    private func workbooks() throws -> URL {
        try XCTUnwrap(
            Self.folder,
            "Tests/spreadsheets/make-workbooks.py must write the workbooks (openpyxl, LibreOffice: scripts/install-deps.sh)")
    }

    private func describeJSON(_ file: String, _ flags: [String] = [], in folder: URL) throws -> [String: Any] {
        let result = try CLIRunner.run(["describe", "--json", file] + flags, in: folder)
        XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// The parts of `describe --json` that say what the data is (not the file's name or notes).
    private func dataParts(_ json: [String: Any]) -> NSDictionary {
        var parts = json
        for key in ["title", "summary", "warnings", "sheet"] { parts[key] = nil }
        return parts as NSDictionary
    }

    func testEveryWorkbookChartsAsTheSameDataDoesAsCSV() throws {
        let folder = try workbooks()
        let good = Self.manifest.filter { $0["expected_csv"] != nil && ($0["cached_values"] as? Bool) != false }
        XCTAssertGreaterThanOrEqual(good.count, 20)
        var checked = 0
        for entry in good {
            let file = try XCTUnwrap(entry["file"] as? String)
            // A formula error is text in the expected CSV and missing in the chart: its own test below.
            if file.hasSuffix("inline-strings.xlsx") { continue }
            let book = try describeJSON(file, in: folder)
            let csv = try describeJSON(try XCTUnwrap(entry["expected_csv"] as? String), in: folder)
            XCTAssertEqual(dataParts(book), dataParts(csv), file)
            let sheet = try XCTUnwrap(book["sheet"] as? [String: Any], file)
            XCTAssertEqual(sheet["name"] as? String, entry["default_sheet"] as? String, file)
            let visible = (entry["visible_sheets"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            XCTAssertEqual((sheet["sheets"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, visible, file)
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 20)
    }

    /// The tables themselves, value for value (bit for bit for numbers), as the reader gives them.
    func testEveryWorkbookReadsAsTheSameTableAsItsCSV() throws {
        let folder = try workbooks()
        var compared = 0
        for entry in Self.manifest where entry["expected_csv"] != nil && (entry["cached_values"] as? Bool) != false {
            let file = try XCTUnwrap(entry["file"] as? String)
            if file.hasSuffix("inline-strings.xlsx") { continue }  // its #DIV/0! is text in the CSV, missing here
            var book = try SpreadsheetReader().read(
                path: folder.appendingPathComponent(file).path, sheet: nil,
                options: CSVReadOptions(), progress: nil, cancellation: nil)
            var csv = try CSVReader.read(
                path: folder.appendingPathComponent(try XCTUnwrap(entry["expected_csv"] as? String)).path)
            book.warnings = []
            csv.warnings = []
            XCTAssertNil(TableComparison.firstDifference(book, csv), file)
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, 20)
    }

    func testNotesSayWhatWasLeftOut() throws {
        let folder = try workbooks()
        func notes(_ file: String) throws -> [String] {
            try XCTUnwrap(try describeJSON(file, in: folder)["warnings"] as? [String])
        }
        for file in ["good/hidden.xlsx", "good/hidden-lo.ods"] {
            XCTAssertTrue(try notes(file).contains("Left out 2 hidden rows and 1 hidden column, as the sheet hides them."), file)
        }
        for file in ["good/title-rows.xlsx", "good/title-rows-lo.ods"] {
            XCTAssertTrue(try notes(file).contains("Skipped 2 rows above the table, starting with \"Monthly sales 2024\"."), file)
        }
        XCTAssertTrue(
            try notes("good/two-tables.xlsx").contains(
                "This sheet holds 2 more tables (at E1 and A12); only the first, at A1, is charted. Move another to a sheet of its own to chart it."
            ))
        XCTAssertTrue(
            try notes("good/inline-strings.xlsx").contains(
                "1 cell holds a formula error (such as #DIV/0!) and is charted as missing."))
        XCTAssertTrue(
            try notes("good/formulas.xlsx").contains { $0.hasPrefix("17 cells hold formulas that were never calculated") })
        XCTAssertEqual(try notes("good/formulas-lo.xlsx").filter { $0.contains("never calculated") }, [])
    }

    /// Years stored as numbers name the series; before, the title above became the header and the years a
    /// row of data, charted as "Column 3 vs column 2, strong positive correlation".
    func testAHeaderOfYearsNamesTheSeries() throws {
        let result = try CLIRunner.run(["describe", "good/years-header.xlsx"], in: try workbooks())
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Chart: bar chart, 3 series\nX axis: Region, 4 categories\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Y axis: 2021, 2022 and 2023, "), result.stdout)
        XCTAssertTrue(result.stdout.contains("Skipped 1 row above the table: \"Rainfall by region, mm\"."), result.stdout)
    }

    /// More years than towns: each town's row is a line over the years, as a person reads the sheet.
    func testColumnsOfYearsAreOneLinePerRow() throws {
        let result = try CLIRunner.run(["describe", "good/wide-years.xlsx"], in: try workbooks())
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Chart: line chart, 5 series\nX axis: Year, 2010 to 2023\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\nAberdeen: 14 values from 2010 to 2023"), result.stdout)
        XCTAssertTrue(
            result.stdout.contains("The columns 2010 to 2023 are times, so each row is drawn as a line over them."),
            result.stdout)
    }

    /// A share stored as 0.125 and shown as 12.5% is charted as shown, in %, from Excel's and LibreOffice's files.
    func testPercentagesAreChartedAsShown() throws {
        for file in ["good/percent.xlsx", "good/percent-lo.ods"] {
            let result = try CLIRunner.run(["describe", file], in: try workbooks())
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains("Share, 7.00% to 14.20%"), "\(file): \(result.stdout)")
        }
    }

    func testTheTextReportNamesTheSheetAndEverySheetsSize() throws {
        let result = try CLIRunner.run(["describe", "good/sheets.xlsx"], in: try workbooks())
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(
            result.stdout.contains(
                "Sheet: Sales (2 of 3: Notes, 3 rows by 1 column, Sales, 13 rows by 2 columns and Costs, 7 rows by 2 columns)"),
            result.stdout)
    }

    func testSheetChosenByNameNumberOrSidecar() throws {
        let source = try workbooks()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-sheet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["sheets.xlsx", "sheets-lo.ods"] {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent("good/" + name), to: folder.appendingPathComponent(name))
            let before = try Data(contentsOf: folder.appendingPathComponent(name))
            func sheet(_ flags: [String]) throws -> String? {
                (try describeJSON(name, flags, in: folder)["sheet"] as? [String: Any])?["name"] as? String
            }
            XCTAssertEqual(try sheet([]), "Sales", name)
            XCTAssertEqual(try sheet(["--sheet", "Costs"]), "Costs", name)
            XCTAssertEqual(try sheet(["--sheet", "costs"]), "Costs", name)
            XCTAssertEqual(try sheet(["--sheet", "3"]), "Costs", name)
            let wrong = try CLIRunner.run(["describe", name, "--sheet", "Secret"], in: folder)
            XCTAssertEqual(wrong.status, 64)
            XCTAssertEqual(wrong.stderr, "audiograph-cli: \(name): has no sheet named \"Secret\". Sheets: Notes, Sales, Costs.\n")
            let notes = try CLIRunner.run(["describe", name, "--sheet", "Notes"], in: folder)
            XCTAssertEqual(notes.status, 65)
            XCTAssertTrue(notes.stderr.contains("no column contains numbers"), notes.stderr)
            try Data(#"{"sheet": "Costs"}"#.utf8).write(to: folder.appendingPathComponent(name + ".audiograph.json"))
            XCTAssertEqual(try sheet([]), "Costs", name)
            XCTAssertEqual(try sheet(["--sheet", "Sales"]), "Sales", name)
            XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(name)), before, "\(name) must not be written")
        }
    }

    func testWorkbooksRenderAndAreNotFollowed() throws {
        let folder = try workbooks()
        let output = folder.appendingPathComponent("basic.wav").path
        let render = try CLIRunner.run(["render", "good/basic-lo.ods", "-o", output], in: folder)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertGreaterThan(
            (try FileManager.default.attributesOfItem(atPath: output)[.size] as? NSNumber)?.intValue ?? 0, 100_000)
        let follow = try CLIRunner.run(["play", "--follow", "good/basic.xlsx"], in: folder)
        XCTAssertEqual(follow.status, 64)
        XCTAssertEqual(
            follow.stderr,
            "audiograph-cli: basic.xlsx: only CSV files can be followed as they grow; a workbook is saved whole each time. Open it without following.\n"
        )
    }

    /// Zip bombs are generated (2 GiB unpacked), not kept in Malformed/; both are refused within seconds.
    func testZipBombsAreRefused() throws {
        let folder = try workbooks()
        for name in ["bomb.xlsx", "bomb-lying.xlsx"] {
            let started = Date()
            let result = try CLIRunner.run(["describe", "bad/" + name], in: folder, timeout: 60)
            XCTAssertEqual(result.status, 65, name)
            XCTAssertTrue(
                result.stderr.hasPrefix("audiograph-cli: \(name): a part of this workbook would unpack to more than"),
                result.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 60)
        }
    }
}
