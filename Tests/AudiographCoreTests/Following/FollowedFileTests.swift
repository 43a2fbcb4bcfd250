import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A logger appends to a CSV file while Audiograph follows it: only the new lines are read, half lines
/// wait, and a cut, replaced, rewritten or vanished file is read again from the start.
final class FollowedFileTests: XCTestCase {
    private let folder = TemporaryFolder()

    /// Appends `text` to the file at `path`, as a logger does (the same file, written at its end).
    private func append(_ text: String, to path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Replaces what the file at `path` holds with `text` in place (the same inode), as `> file` does.
    private func overwrite(_ path: String, with text: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    private func values(_ followed: FollowedFile, series: Int = 0) -> [Double] { followed.document.chart.series[series].y }

    private let start = "minute,temperature (°C)\n1,4.0\n2,4.5\n"

    func testAPollReadsExactlyTheAppendedRows() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        XCTAssertEqual(values(followed), [4.0, 4.5])
        let added = "3,5.0\n4,5.5\n"
        try append(added, to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 2, warnings: []))
        XCTAssertEqual(values(followed), [4.0, 4.5, 5.0, 5.5])
        XCTAssertEqual(followed.document.table.rowCount, 4)
        // Only the new bytes, and the line break before them, were read: the old rows were not read again.
        XCTAssertEqual(followed.appendedBytesRead, Int64(added.utf8.count + 1))
        XCTAssertEqual(followed.poll().change, .nothingNew)
        XCTAssertEqual(followed.appendedBytesRead, Int64(added.utf8.count + 1), "an unchanged file is not read")
    }

    func testTheFollowedChartIsTheChartOfTheWholeFile() throws {
        let path = folder.write("station.csv", "time,station,value\n")
        var lines: [String] = []
        for i in 0..<60 {
            lines.append("2026-11-25 10:\(String(format: "%02d", i)),\(["north", "south"][i % 2]),\(Double(i % 7) * 1.5)\n")
        }
        try append(lines[0..<10].joined(), to: path)
        let followed = try FollowedFile.open(path: path)
        for batch in stride(from: 10, to: 60, by: 7) {
            try append(lines[batch..<min(60, batch + 7)].joined(), to: path)
            guard case .appended = followed.poll().change else { return XCTFail("rows \(batch)… not read") }
        }
        let whole = try ChartDocument.open(path: path)
        XCTAssertEqual(followed.document.table.rowCount, 60)
        XCTAssertEqual(followed.document.chart.series.map(\.name), whole.chart.series.map(\.name))
        for (a, b) in zip(followed.document.chart.series, whole.chart.series) {
            XCTAssertEqual(a.x, b.x)
            XCTAssertEqual(a.y, b.y)
        }
        XCTAssertEqual(followed.document.chart.yAxis.range, whole.chart.yAxis.range)
    }

    func testHalfALineWaitsForItsEnd() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        try append("3,5.", to: path)
        XCTAssertEqual(followed.poll().change, .nothingNew)
        XCTAssertEqual(values(followed), [4.0, 4.5], "5. is not 5.0 yet: the writer may still add digits")
        try append("25\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 1, warnings: []))
        XCTAssertEqual(values(followed), [4.0, 4.5, 5.25])
    }

    func testALastLineWithoutItsBreakAtOpeningWaitsToo() throws {
        let path = folder.write("log.csv", start + "3,5.0")
        let followed = try FollowedFile.open(path: path)
        XCTAssertEqual(values(followed), [4.0, 4.5])
        try append("\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 1, warnings: []))
        XCTAssertEqual(values(followed), [4.0, 4.5, 5.0])
    }

    func testACarriageReturnWaitsForALineFeedThatMayFollow() throws {
        let path = folder.write("log.csv", "minute,temperature\r\n1,4.0\r\n2,4.5\r\n")
        let followed = try FollowedFile.open(path: path)
        try append("3,5.0\r", to: path)
        XCTAssertEqual(followed.poll().change, .nothingNew)
        try append("\n4,5.5\r\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 2, warnings: []))
        XCTAssertEqual(values(followed), [4.0, 4.5, 5.0, 5.5])
    }

    func testAQuotedNewLineSplitAcrossWritesMakesOneRow() throws {
        let path = folder.write("notes.csv", "minute,temperature,note\n1,4.0,\"calm\"\n2,4.5,\"calm\"\n")
        let followed = try FollowedFile.open(path: path, overrides: ChartSettings(label: "note"))
        try append("3,5.0,\"door\nope", to: path)
        XCTAssertEqual(followed.poll().change, .nothingNew)
        try append("ned\"\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 1, warnings: []))
        XCTAssertEqual(followed.document.chart.series[0].labels, ["calm", "calm", "door\nopened"])
        // The quoted line break counts as a line: the next row is line 6.
        try append("4,warm,\"calm\"\n", to: path)
        XCTAssertEqual(
            followed.poll().change,
            .appended(
                rows: 1,
                warnings: [
                    "Column \"temperature\": 1 value is not a number (line 6); it is treated as missing."
                ]))
    }

    func testGarbageBecomesMissingValuesAndSkippedRowsWithWarnings() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        try append("3,hot\n\u{1}\u{2}\u{FFFD}garbage\n4,5.5\n5,1e999\n", to: path)
        XCTAssertEqual(
            followed.poll().change,
            .appended(
                rows: 3,
                warnings: [
                    "Skipped 1 malformed row: line 5.",
                    "Column \"temperature (°C)\": 1 value is not a number (line 4); it is treated as missing.",
                    "Column \"temperature (°C)\": 1 value is infinite or too large; it is treated as missing."
                ]))
        let y = values(followed)
        XCTAssertEqual(y.count, 5)
        XCTAssertTrue(y[2].isNaN && y[4].isNaN)
        XCTAssertEqual(y[3], 5.5)
        try append("6,cold\n", to: path)
        XCTAssertEqual(
            followed.poll().change,
            .appended(
                rows: 1,
                warnings: [
                    "Column \"temperature (°C)\": 1 value is not a number (line 8); it is treated as missing."
                ]))
        // The document's warnings count everything since opening.
        XCTAssertTrue(
            followed.document.warnings.contains(
                "Column \"temperature (°C)\": 2 values are not numbers (lines 4, 8); they are treated as missing."),
            "\(followed.document.warnings)")
        XCTAssertEqual(followed.document.table.malformedRowCount, 1)
    }

    func testTextColumnsKeepTheirCategoriesAndGainNewOnes() throws {
        let path = folder.write("stations.csv", "minute,station,temperature\n1,north,4\n1,south,7\n2,north,5\n2,south,8\n")
        let followed = try FollowedFile.open(path: path)
        XCTAssertEqual(followed.document.chart.series.map(\.name), ["north", "south"])
        try append("3,south,9\n3,east,1\n3,north,6\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 3, warnings: []))
        guard case .text(let ids, let names) = followed.document.table.columns[1].data else { return XCTFail() }
        XCTAssertEqual(names, ["north", "south", "east"])
        XCTAssertEqual(ids, [0, 1, 0, 1, 1, 2, 0])
        let chart = followed.document.chart
        XCTAssertEqual(chart.series.map(\.name), ["north", "south", "east"])
        XCTAssertEqual(chart.series[0].y, [4, 5, 6])
        XCTAssertEqual(chart.series[2].y, [1])
    }

    func testDatesAreReadInTheOrderDecidedAtOpening() throws {
        // 13/04 can only be day first; 05/04 read alone would be ambiguous.
        let path = folder.write("daily.csv", "date,rain\n12/04/2026,1\n13/04/2026,2\n")
        let followed = try FollowedFile.open(path: path)
        try append("05/05/2026,3\n06/05/2026,4\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 2, warnings: []))
        let x = followed.document.chart.series[0].x
        XCTAssertEqual(x.last, DateParsing.epochSeconds(year: 2026, month: 5, day: 6))
        XCTAssertEqual(x[2], DateParsing.epochSeconds(year: 2026, month: 5, day: 5))
    }

    func testUnixTimestampsGoOnBeingDates() throws {
        let path = folder.write("sensor.csv", "timestamp,level\n1764064800000,3\n1764064860000,4\n")
        let followed = try FollowedFile.open(path: path)
        guard case .date = followed.document.chart.xAxis else { return XCTFail("milliseconds read as dates") }
        try append("1764064920000,5\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 1, warnings: []))
        XCTAssertEqual(followed.document.chart.series[0].x, [1_764_064_800, 1_764_064_860, 1_764_064_920])
    }

    func testATruncatedFileIsReadAgainFromTheStart() throws {
        let path = folder.write("log.csv", start + "3,5.0\n4,5.5\n")
        let followed = try FollowedFile.open(path: path)
        try overwrite(path, with: "minute,temperature (°C)\n1,9.0\n2,9.5\n")
        XCTAssertEqual(followed.poll().change, .reloaded(.truncated, warnings: []))
        XCTAssertEqual(values(followed), [9.0, 9.5])
        try append("3,9.25\n", to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 1, warnings: []))
        XCTAssertEqual(values(followed), [9.0, 9.5, 9.25])
    }

    func testAFileEmptiedAndThenWrittenIsSaidToHaveGotShorter() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        // A logger's rotation: the file emptied, then written again; a poll may fall in between.
        XCTAssertEqual(truncate(path, 0), 0)
        XCTAssertEqual(
            followed.poll().change, .unavailable(message: "log.csv is empty now; the last chart stays until rows arrive."))
        XCTAssertEqual(values(followed), [4.0, 4.5], "the last chart stays")
        try append("minute,temperature (°C)\n", to: path)
        XCTAssertEqual(
            followed.poll().change,
            .unavailable(message: "log.csv has only its header now; the last chart stays until rows arrive."))
        try append("1,9.0\n2,9.5\n", to: path)
        XCTAssertEqual(
            followed.poll().change, .reloaded(.truncated, warnings: []),
            "said as cut short, not as readable again")
        XCTAssertEqual(values(followed), [9.0, 9.5])
        // Gone, then back: that is readable again.
        XCTAssertEqual(unlink(path), 0)
        _ = followed.poll()
        folder.write("log.csv", "minute,temperature (°C)\n1,3.0\n2,3.5\n")
        XCTAssertEqual(followed.poll().change, .reloaded(.readableAgain, warnings: []))
    }

    func testAFileRenamedOverTheNameIsReadAgainFromTheStart() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        // Longer than what was read, so only the inode tells it is another file.
        let fresh = folder.write("log.csv.new", "minute,pressure\n1,1000\n2,1001\n3,1002\n4,1003\n")
        XCTAssertEqual(rename(fresh, path), 0)
        XCTAssertEqual(followed.poll().change, .reloaded(.replaced, warnings: []))
        XCTAssertEqual(values(followed), [1000, 1001, 1002, 1003])
        XCTAssertEqual(followed.document.chart.yAxis.title, "pressure")
    }

    func testBytesChangedInPlaceAreNoticedByTheLineBreakBeforeTheNewOnes() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        // Same inode, longer, but the byte before the old end is no longer a line break.
        try overwrite(path, with: "minute,temperature (°C)\n1,4.0\n2,4.75\n3,5.0\n")
        XCTAssertEqual(followed.poll().change, .reloaded(.rewritten, warnings: []))
        XCTAssertEqual(values(followed), [4.0, 4.75, 5.0])
    }

    func testAFileThatVanishesIsWaitedForAndReadWhenItComesBack() throws {
        let path = folder.write("log.csv", start)
        let followed = try FollowedFile.open(path: path)
        XCTAssertEqual(unlink(path), 0)
        XCTAssertEqual(
            followed.poll().change,
            .unavailable(message: "\(path): the file is gone; waiting for it to come back."))
        XCTAssertEqual(followed.poll().change, .nothingNew, "said once")
        XCTAssertEqual(values(followed), [4.0, 4.5], "the last chart stays")
        // It comes back with only its header: still nothing to chart, and said so.
        folder.write("log.csv", "minute,temperature (°C)\n")
        XCTAssertEqual(
            followed.poll().change,
            .unavailable(message: "log.csv has only its header now; the last chart stays until rows arrive."))
        XCTAssertEqual(followed.poll().change, .nothingNew, "the same file, unchanged, is not read again")
        try append("1,3.0\n2,3.5\n", to: path)
        XCTAssertEqual(followed.poll().change, .reloaded(.readableAgain, warnings: []))
        XCTAssertEqual(values(followed), [3.0, 3.5])
    }

    func testALongAppendIsReadInChunksAndALongRecordInAPieceLargeEnough() throws {
        let path = folder.write("log.csv", "minute,temperature,note\n1,4,a\n2,5,b\n")
        var options = CSVReadOptions()
        options.chunkBytes = 64
        let followed = try FollowedFile.open(path: path, options: options)
        var added = ""
        for i in 3...200 { added += "\(i),\(i % 9),\(i == 100 ? String(repeating: "x", count: 300) : "n")\n" }
        try append(added, to: path)
        XCTAssertEqual(followed.poll().change, .appended(rows: 198, warnings: []))
        XCTAssertEqual(values(followed).count, 200)
        XCTAssertEqual(values(followed).last, 2)
    }

    func testARecordOverTheLimitIsReportedNotHeldForever() throws {
        let path = folder.write("log.csv", start)
        var options = CSVReadOptions()
        options.chunkBytes = 64
        options.limits.maxRecordBytes = 256
        let followed = try FollowedFile.open(path: path, options: options)
        try append("3,\"" + String(repeating: "y", count: 400), to: path)
        XCTAssertEqual(
            followed.poll().change,
            .unavailable(message: ImportError.unterminatedQuote(path: path, line: 4).message))
        XCTAssertEqual(values(followed), [4.0, 4.5])
    }

    func testAGrowingUTF16FileIsReadWholeAgain() throws {
        func utf16(_ text: String) -> [UInt8] { [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
        let path = folder.write("excel.txt", bytes: utf16("minute\ttemperature\n1\t4\n2\t5\n"))
        let followed = try FollowedFile.open(path: path)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(utf16("3\t6\n").dropFirst(2)))
        try handle.close()
        XCTAssertEqual(followed.poll().change, .reloaded(.grewAsUTF16, warnings: []))
        XCTAssertEqual(values(followed), [4, 5, 6])
    }

    func testAFileWithNoWholeDataRowCannotBeOpened() {
        let path = folder.write("new.csv", "minute,temperature\n1,4")
        XCTAssertThrowsError(try FollowedFile.open(path: path)) { error in
            XCTAssertEqual(error as? ImportError, .headerOnly(path: path))
        }
    }

    func testReloadMessagesNameTheFile() {
        XCTAssertEqual(
            ReloadReason.truncated.message(file: "/var/log/station.csv"),
            "station.csv got shorter; reading it again from the start.")
        XCTAssertEqual(
            ReloadReason.replaced.message(file: "station.csv"),
            "station.csv was replaced by another file; reading it again from the start.")
    }
}
