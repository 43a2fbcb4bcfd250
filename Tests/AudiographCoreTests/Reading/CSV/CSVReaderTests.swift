// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import XCTest

@testable import AudiographCore

final class CSVReaderTests: XCTestCase {
    let folder = TemporaryFolder()

    private func read(_ text: String, name: String = "t.csv", options: CSVReadOptions = CSVReadOptions()) throws -> Table {
        try CSVReader.read(path: folder.write(name, text), options: options)
    }

    private func numbers(_ column: Column) -> [Double] {
        guard case .numeric(let v, _) = column.data else { XCTFail("\(column.header) is not numeric"); return [] }
        return v
    }

    func testTypesHeaderAndUnits() throws {
        let table = try read("Date,Temperature (°C),City\n2024-01-01,3.5,Oslo\n2024-01-02,4,Oslo\n2024-01-03,NA,Bergen\n")
        XCTAssertEqual(table.rowCount, 3)
        XCTAssertEqual(table.columns.map(\.data.typeName), ["date", "number", "text"])
        XCTAssertEqual(table.columns[1].title, "Temperature")
        XCTAssertEqual(table.columns[1].unit, "°C")
        XCTAssertEqual(numbers(table.columns[1])[0..<2], [3.5, 4])
        XCTAssertTrue(numbers(table.columns[1])[2].isNaN)
        guard case .text(let ids, let cities) = table.columns[2].data else { return XCTFail() }
        XCTAssertEqual(cities, ["Oslo", "Bergen"])
        XCTAssertEqual(ids, [0, 0, 1])
    }

    func testDelimiterDetection() throws {
        XCTAssertEqual(try read("a;b\n1;2\n3;4\n").delimiter, ";")
        XCTAssertEqual(try read("a\tb\n1\t2\n3\t4\n").delimiter, "\t")
        XCTAssertEqual(try read("a|b\n1|2\n3|4\n").delimiter, "|")
        // Commas inside quotes don't fool it into choosing comma.
        let table = try read("name;value\n\"Smith, J\";1\n\"Doe, A\";2\n")
        XCTAssertEqual(table.delimiter, ";")
        XCTAssertEqual(table.columns.count, 2)
    }

    func testEuropeanExportWithBOMCRLFDecimalCommaAndThousandsDots() throws {
        let table = try CSVReader.read(path: fixturePath("european-semicolon.csv"))
        XCTAssertEqual(table.decimalStyle, .comma)
        XCTAssertEqual(table.columns.map(\.header), ["Datum", "Temperatur (°C)", "Niederschlag (mm)"])
        XCTAssertEqual(table.rowCount, 4, "the blank line is skipped")
        XCTAssertEqual(numbers(table.columns[1])[0..<3], [2.5, -1.25, 3])
        XCTAssertEqual(numbers(table.columns[2]), [1234.5, 0, 12.75, 7.5])
        XCTAssertTrue(table.columns[0].isDate)
    }

    func testWindows1252Fallback() throws {
        let table = try CSVReader.read(path: fixturePath("windows-1252.csv"))
        XCTAssertEqual(table.encoding, .windows1252)
        XCTAssertEqual(table.columns[0].header, "Café")
        XCTAssertEqual(table.columns[1].unit, "°C")
        guard case .text(_, let names) = table.columns[0].data else { return XCTFail() }
        XCTAssertEqual(names, ["Crème brûlée", "Naïve", "“Quoted”"])
    }

    func testTSVAndUTF16() throws {
        let tsv = try CSVReader.read(path: fixturePath("tab-separated.tsv"))
        XCTAssertEqual(tsv.delimiter, "\t")
        XCTAssertEqual(numbers(tsv.columns[1]), [1.5, 2.5, 2])
        let utf16 = try CSVReader.read(path: fixturePath("utf16-excel.txt"))
        XCTAssertEqual(utf16.encoding, .utf16)
        XCTAssertEqual(utf16.columns[1].unit, "USD")
        XCTAssertEqual(numbers(utf16.columns[1]), [100, 150])
    }

    func testQuotedThousandsInACommaFile() throws {
        let table = try read("Region,Sales\nNorth,\"1,234,000\"\nSouth,\"987,500.50\"\n")
        XCTAssertEqual(numbers(table.columns[1]), [1_234_000, 987_500.5])
    }

    func testDateForms() throws {
        for (text, expectedFirst) in [
            ("2024/01/31", 1_706_659_200.0), ("31.01.2024", 1_706_659_200), ("Jan 2024", 1_704_067_200),
            ("2024-01", 1_704_067_200)
        ] {
            let table = try read("When,Value\n\(text),1\n\(text),2\n")
            guard case .date(let values, _, _) = table.columns[0].data else { return XCTFail(text) }
            XCTAssertEqual(values[0], expectedFirst, text)
        }
    }

    func testRaggedRowsAreSkippedAndReportedWithLineNumbers() throws {
        var text = "x,y\n"
        for i in 1...20 { text += "\(i),\(i * 2)\n" }
        text += "21\n22,44,extra\n23,46\n"
        let table = try read(text)
        XCTAssertEqual(table.rowCount, 21)
        XCTAssertEqual(table.malformedRowCount, 2)
        XCTAssertEqual(table.malformedLines, [22, 23])
        XCTAssertEqual(table.warnings.first, "Skipped 2 malformed rows: lines 22, 23.")
    }

    func testTrailingEmptyFieldsAreNotMalformed() throws {
        let table = try read("a,b,\n1,2,\n3,4,\n")
        XCTAssertEqual(table.rowCount, 2)
        XCTAssertEqual(table.malformedRowCount, 0)
    }

    func testTextAmongNumbersBecomesMissingWithAWarning() throws {
        var text = "x,y\n"
        for i in 1...30 { text += "\(i),\(i == 7 ? "oops" : String(i))\n" }
        let table = try read(text)
        XCTAssertTrue(numbers(table.columns[1])[6].isNaN)
        XCTAssertEqual(table.warnings, ["Column \"y\": 1 value is not a number (line 8); it is treated as missing."])
    }

    func testNaNAndInfinity() throws {
        let table = try read("x,y\n1,NaN\n2,Infinity\n3,3\n")
        let y = numbers(table.columns[1])
        XCTAssertTrue(y[0].isNaN && y[1].isNaN)
        XCTAssertEqual(y[2], 3)
        XCTAssertEqual(table.warnings, ["Column \"y\": 1 value is infinite or too large; it is treated as missing."])
    }

    func testHeaderlessFileGetsColumnNames() throws {
        let table = try read("1,2\n2,4\n3,6\n")
        XCTAssertFalse(table.hasHeader)
        XCTAssertEqual(table.columns.map(\.header), ["Column 1", "Column 2"])
        XCTAssertEqual(table.rowCount, 3)
    }

    func testARowOfYearsWithAnEmptyCornerIsTheHeader() throws {
        let table = try read(",2019,2020,2021\nNorth,5,6,7\nSouth,8,9,4\n")
        XCTAssertTrue(table.hasHeader, "Excel and LibreOffice name the series by these years")
        XCTAssertEqual(table.columns.map(\.header), ["Column 1", "2019", "2020", "2021"])
        XCTAssertEqual(table.rowCount, 2)
    }

    func testNumbersSavedWithCurrencyAndPercentSignsAreNumbersInThatUnit() throws {
        // As Excel saves formatted cells to CSV.
        let table = try read("Month,Share,Revenue,Change\n2024-01,12.5%,\"$1,234.50\",(3.2)\n2024-02,13.0%,\"$1,300.00\",1.5\n")
        XCTAssertEqual(table.columns.map(\.unit), [nil, "%", "$", nil])
        XCTAssertEqual(numbers(table.columns[1]), [12.5, 13])
        XCTAssertEqual(numbers(table.columns[2]), [1234.5, 1300])
        XCTAssertEqual(numbers(table.columns[3]), [-3.2, 1.5])
        let mixed = try read("a,b\n1,$5\n2,€6\n")
        XCTAssertNil(mixed.columns[1].unit, "two currencies in one column: no unit")
        let headed = try read("a,Price (USD)\n1,$5\n2,$6\n")
        XCTAssertEqual(headed.columns[1].unit, "USD", "the header's unit comes first")
    }

    func testShortLinesAboveTheHeaderAreSkippedAndSaid() throws {
        // As the World Bank writes its downloads: two lines of source and date, blank lines, then the table.
        let text =
            "\"Data Source\",\"World Development Indicators\",\n\n\"Last Updated Date\",\"2024-06-28\",\n\n"
            + "\"Country Name\",\"Country Code\",\"2000\",\"2001\",\"2002\",\n"
            + "\"Aruba\",\"ABW\",\"1\",\"2\",\"3\",\n\"Chad\",\"TCD\",\"4\",\"5\",\n\"Peru\",\"PER\",\"7\",\"8\",\"9\",\n"
        let table = try read(text)
        XCTAssertEqual(table.columns.map(\.header), ["Country Name", "Country Code", "2000", "2001", "2002", "Column 6"])
        XCTAssertEqual(table.rowCount, 2)
        XCTAssertEqual(table.malformedLines, [7], "lines are counted from the top of the file")
        XCTAssertEqual(
            table.warnings.first,
            "Skipped 2 rows above the table, starting with \"Data Source, World Development Indicators\".")
    }

    func testAHeaderOneFieldShortIsNotLinesAboveTheTable() throws {
        // R's write.table leaves the row names' header out; the record after such a header is data.
        XCTAssertThrowsError(try read("y\n1,5\n2,6\n3,7\n"), "refused as before, not read with 1,5 as its header") { error in
            guard case .mostlyMalformed? = error as? ImportError else { return XCTFail("\(error)") }
        }
        let short = try read("Title only\nname,value\nA,1\nB,2\n")
        XCTAssertEqual(short.columns.map(\.header), ["name", "value"], "one title line above a header of two")
    }

    func testRowsOfYearsAreDataWhenTheRowsBelowAreYearsToo() throws {
        let table = try read("1990,2000\n1991,2001\n1992,2002\n")
        XCTAssertFalse(table.hasHeader)
        XCTAssertEqual(table.rowCount, 3)
    }

    func testDuplicateAndEmptyHeadersAreMadeUnique() throws {
        let table = try read("v,,v\n1,2,3\n4,5,6\n")
        XCTAssertEqual(table.columns.map(\.header), ["v", "Column 2", "v (column 3)"])
        XCTAssertNil(table.columns[2].unit, "the position is no unit")
    }

    func testRowsAcrossChunkBoundariesAreReadWhole() throws {
        var text = "x,label,y\n"
        for i in 0..<5000 { text += "\(i),\"row \(i), with comma\nand newline\",\(Double(i) / 4)\n" }
        var options = CSVReadOptions()
        options.chunkBytes = 4096  // many boundaries, inside quotes and between CR/LF
        let table = try read(text.replacingOccurrences(of: "\n", with: "\r\n"), options: options)
        XCTAssertEqual(table.rowCount, 5000)
        XCTAssertEqual(numbers(table.columns[2]).last, 4999.0 / 4)
        guard case .text(_, let labels) = table.columns[1].data else { return XCTFail() }
        XCTAssertEqual(labels[4999], "row 4999, with comma\r\nand newline")
    }

    func testProgressIsReportedAndCancellationStops() throws {
        var text = "x,y\n"
        for i in 0..<20_000 { text += "\(i),\(i % 7)\n" }
        let path = folder.write("big.csv", text)
        var options = CSVReadOptions()
        options.chunkBytes = 8192
        var reports: [ImportProgress] = []
        _ = try CSVReader.read(path: path, options: options, progress: { reports.append($0) })
        XCTAssertGreaterThan(reports.count, 10)
        XCTAssertEqual(reports.last?.rows, 20_000)
        XCTAssertEqual(reports.last?.fraction, 1)
        XCTAssertEqual(reports.map(\.bytesRead), reports.map(\.bytesRead).sorted())

        let flag = CancellationFlag()
        XCTAssertThrowsError(
            try CSVReader.read(
                path: path, options: options,
                progress: { p in
                    if p.fraction > 0.25 { flag.cancel() }  // rows arrive a wave of pieces at a time
                }, cancellation: flag)
        ) { XCTAssertEqual($0 as? ImportError, .cancelled(path: path)) }
    }

    func testBadFilesGiveTheirOwnErrors() throws {
        XCTAssertThrowsError(try read("")) {
            XCTAssertEqual($0 as? ImportError, .empty(path: folder.url.appendingPathComponent("t.csv").path))
        }
        XCTAssertThrowsError(try read("a,b\n")) { guard case .headerOnly = $0 as? ImportError else { return XCTFail("\($0)") } }
        XCTAssertThrowsError(try read("a,b\n1,\"2\n3,4\n")) {
            XCTAssertEqual(
                ($0 as? ImportError).map { if case .unterminatedQuote(_, let line) = $0 { return line } else { return -1 } }, 2)
        }
        XCTAssertThrowsError(try CSVReader.read(path: folder.write("bin.csv", bytes: [0x89, 0x50, 0x4E, 0x47, 0, 0, 1, 2]))) {
            guard case .binary = $0 as? ImportError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try CSVReader.read(path: folder.url.appendingPathComponent("nope.csv").path)) {
            XCTAssertEqual(($0 as? ImportError)?.exitCode, 66)
        }
        XCTAssertThrowsError(try CSVReader.read(path: folder.url.path)) {
            guard case .notAFile = $0 as? ImportError else { return XCTFail("\($0)") }
        }
    }

    func testLongLineAndTooManyColumnsStopEarly() throws {
        var limits = ImportLimits()
        limits.maxFieldBytes = 1000
        limits.maxColumns = 50
        var options = CSVReadOptions()
        options.limits = limits
        XCTAssertThrowsError(try read(String(repeating: "x", count: 5000), options: options)) {
            guard case .lineTooLong(_, 1, 1000) = $0 as? ImportError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try read(Array(repeating: "1", count: 200).joined(separator: ","), options: options)) {
            guard case .tooManyColumns = $0 as? ImportError else { return XCTFail("\($0)") }
        }
    }

    func testTooManyRowsStopsWithAMessageNamingTheLimit() throws {
        var options = CSVReadOptions()
        options.limits.maxRows = 1_000
        let text = "x,y\n" + (0..<5_000).map { "\($0),\($0 % 9)" }.joined(separator: "\n")
        XCTAssertThrowsError(try read(text, options: options)) { error in
            guard case .tooManyRows(_, 1_000)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertTrue(
                (error as? ImportError)?.message.contains("has more than 1,000 rows") == true,
                (error as? ImportError)?.message ?? "")
        }
    }

    func testTheFileIsNeverWritten() throws {
        let path = folder.write("keep.csv", "x,y\n1,2\n2,3\n")
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        _ = try ChartDocument.open(path: path)
        let after = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        XCTAssertEqual(before, after)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "x,y\n1,2\n2,3\n")
    }
}
