import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Every transition of a window's document, without a display: open, paste, pipe, reload, chart again, choose a
/// sheet, follow, stop following, cancel, export, save, close, with the jobs run when each test says.
@MainActor
final class DocumentSessionTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var jobs: StepJobs!
    private var session: DocumentSession!
    /// What the session's later work asked of the window, in order.
    private var later: [DocumentEffects] = []

    override func setUp() async throws {
        folder = TemporaryFolder(prefix: "ag-document-session")
        jobs = StepJobs()
        session = DocumentSession(jobs: jobs, remembered: ColumnSetChoices(configDirectory: folder.path("config")))
        later = []
        session.onEffects = { [unowned self] in self.later.append($0) }
    }

    override func tearDown() async throws {
        session = nil
        jobs = nil
        folder = nil
    }

    private let rows = "year,rain\n2001,3\n2002,5\n2003,4\n"

    /// Opens `text` written as `name` and runs the load; returns what the load's end asked.
    @discardableResult
    private func openLoaded(_ name: String = "rain.csv", _ text: String? = nil) throws -> DocumentEffects {
        let path = folder.write(name, text ?? rows)
        session.perform(.open(.file(path: path)))
        jobs.runAll()
        return try XCTUnwrap(later.last)
    }

    private func points(_ effects: DocumentEffects?) -> Int? {
        switch effects?.chart {
        case .show(let navigator)?, .grow(let navigator, _)?: return navigator.chart.series.first?.y.count
        default: return nil
        }
    }

    // MARK: Open, paste, pipe

    func testOpeningAFileShowsItsChartAndNamesItInTheTitle() async throws {
        let path = folder.write("rain.csv", rows)
        let now = session.perform(.open(.file(path: path)))
        XCTAssertEqual(session.state, .loading(.file(path: path)))
        XCTAssertEqual(now.loadingFile, "rain.csv")
        XCTAssertTrue(now.closesColumnPicker)
        XCTAssertNil(now.page, "the page stays until the progress page is due")
        XCTAssertEqual(session.title, "rain.csv — Audiograph")
        XCTAssertFalse(session.isReusable)
        XCTAssertEqual(jobs.waiting, ["audiograph-load"])
        jobs.runAll()
        let done = try XCTUnwrap(later.last)
        XCTAssertEqual(session.state, .chart(.file(path: path)))
        XCTAssertEqual(done.page, .chart)
        XCTAssertTrue(done.focusChart)
        XCTAssertEqual(points(done), 3)
        XCTAssertEqual(done.recentFile, path)
        XCTAssertEqual(done.notes, "")
        XCTAssertTrue(done.showsSheets)
        XCTAssertNil(done.speechOnceActive, "a file's title names it")
        XCTAssertTrue(session.showsChart)
        XCTAssertNotNil(session.document)
        XCTAssertEqual(jobs.pendingTimers, 0, "the progress page's timer went with the load")
    }

    func testASlowLoadShowsTheProgressPageAndItsProgress() async throws {
        let path = folder.write("rain.csv", rows)
        session.perform(.open(.file(path: path)))
        jobs.advance(DocumentSession.progressDelayMilliseconds.asMilliseconds - 1)
        XCTAssertTrue(later.isEmpty)
        jobs.advance(1)
        XCTAssertEqual(later.map(\.page), [.loading])
        jobs.runAll()
        XCTAssertTrue(later.contains { $0.progress != nil }, "the reader's progress reaches the page")
        XCTAssertEqual(later.last?.page, .chart)
    }

    func testAPastedTableIsNamedOnceTheWindowIsActive() async throws {
        let table = HeldTable(name: "Pasted table", data: Data(rows.utf8))
        session.perform(.open(.held(table)))
        jobs.runAll()
        XCTAssertEqual(session.state, .chart(.held(table)))
        XCTAssertEqual(later.last?.speechOnceActive, "Pasted table")
        XCTAssertNil(later.last?.recentFile)
        XCTAssertEqual(session.title, "Pasted table — Audiograph")
    }

    func testAPipedTableIsReadOnceAndThenHeld() async throws {
        let saved = dup(0)
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        _ = rows.withCString { write(ends[1], $0, strlen($0)) }
        close(ends[1])
        dup2(ends[0], 0)
        close(ends[0])
        defer {
            dup2(saved, 0)
            close(saved)
        }
        session.perform(.open(.standardInput))
        XCTAssertEqual(session.title, "standard input — Audiograph")
        jobs.runAll()
        guard case .chart(.held(let table)) = session.state else { return XCTFail("not held: \(session.state)") }
        XCTAssertEqual(table.name, "standard input")
        XCTAssertEqual(points(later.last), 3)
        XCTAssertEqual(later.last?.speechOnceActive, "standard input")
    }

    func testAFileThatCannotBeOpenedSaysWhyOnTheErrorPage() async throws {
        let path = folder.path("gone.csv")
        session.perform(.open(.file(path: path)))
        jobs.runAll()
        guard case .failed(.file(path), let message) = session.state else { return XCTFail("\(session.state)") }
        XCTAssertTrue(message.contains("gone.csv"), message)
        guard case .failed(let fileName, let shown)? = later.last?.page else { return XCTFail("no error page") }
        XCTAssertEqual(fileName, "gone.csv")
        XCTAssertEqual(shown, message)
        XCTAssertNil(session.document)
        XCTAssertTrue(session.isReusable)
        XCTAssertEqual(session.title, "gone.csv — Audiograph")
    }

    func testShowStartForgetsTheTable() async throws {
        try openLoaded()
        let effects = session.perform(.showStart)
        XCTAssertEqual(session.state, .start)
        XCTAssertEqual(effects.page, .start)
        XCTAssertNotNil(effects.released, "the old document is let go of off the main loop")
        XCTAssertNil(session.document)
        XCTAssertEqual(session.title, "Audiograph")
        XCTAssertTrue(session.isReusable)
    }

    // MARK: Cancel

    func testCancelMidLoadFromTheStartPageGoesBackToIt() async throws {
        let path = folder.write("rain.csv", rows)
        session.perform(.open(.file(path: path)))
        jobs.advance(200)
        let effects = session.perform(.cancelLoad)
        XCTAssertEqual(session.state, .start)
        XCTAssertEqual(effects.page, .start)
        later = []
        jobs.runAll()
        XCTAssertTrue(later.isEmpty, "the cancelled load's result is dropped")
        XCTAssertEqual(session.state, .start)
    }

    func testCancelMidLoadOverAChartKeepsTheChart() async throws {
        let first = try XCTUnwrap(session.source == nil ? folder.path("rain.csv") : nil)
        try openLoaded()
        let kept = session.document
        session.perform(.open(.file(path: folder.write("other.csv", "a,b\n1,2\n3,4\n"))))
        let effects = session.perform(.cancelLoad)
        XCTAssertEqual(session.state, .chart(.file(path: first)))
        XCTAssertEqual(effects.page, .chart)
        XCTAssertTrue(effects.focusChart)
        XCTAssertEqual(session.document?.chart.series.first?.y, kept?.chart.series.first?.y)
        later = []
        jobs.runAll()
        XCTAssertTrue(later.isEmpty)
    }

    func testASecondOpenReplacesTheFirstAndCancelReturnsToWhatWasBeforeBoth() async throws {
        session.perform(.open(.file(path: folder.write("a.csv", rows))))
        session.perform(.open(.file(path: folder.write("b.csv", rows))))
        XCTAssertEqual(session.title, "b.csv — Audiograph")
        session.perform(.cancelLoad)
        XCTAssertEqual(session.state, .start)
        jobs.runAll()
        XCTAssertTrue(later.allSatisfy { $0.page != .chart })
    }

    // MARK: Reload and chart again

    func testReloadReadsTheFileAgain() async throws {
        try openLoaded()
        let path = folder.write("rain.csv", rows + "2004,6\n")
        XCTAssertTrue(session.perform(.reload).isEmpty, "the chart stays until the new one is made")
        jobs.runAll()
        XCTAssertEqual(points(later.last), 4)
        XCTAssertEqual(session.state, .chart(.file(path: path)))
    }

    func testChartAgainShowsTheNewChartAndRemembersItBesideTheFile() async throws {
        try openLoaded("two.csv", "year,rain,sun\n2001,3,7\n2002,5,6\n2003,4,8\n")
        var heard = false
        var outcome: String?
        session.perform(
            .chartAgain(
                ChartSettings(y: ["sun"]), remember: true,
                done: {
                    heard = true
                    outcome = $0
                }))
        XCTAssertEqual(jobs.runNext(), "audiograph-load")
        XCTAssertEqual(later.last?.page, .chart)
        XCTAssertEqual(session.document?.chart.series.map(\.name), ["sun"])
        XCTAssertFalse(heard, "done waits for the save")
        XCTAssertEqual(jobs.waitingLanes, ["audiograph-saves"])
        jobs.runAll()
        XCTAssertTrue(heard)
        XCTAssertNil(outcome)
        let sidecar = try String(contentsOfFile: SidecarSettings.path(for: folder.path("two.csv")), encoding: .utf8)
        XCTAssertTrue(sidecar.contains("sun"), sidecar)
    }

    func testChartAgainThatFailsKeepsTheChartAndSaysWhy() async throws {
        try openLoaded()
        let kept = session.document
        var outcome: String?
        session.perform(.chartAgain(ChartSettings(y: ["snow"]), remember: true, done: { outcome = $0 }))
        later = []
        jobs.runAll()
        XCTAssertTrue(outcome?.contains("snow") == true, outcome ?? "nil")
        XCTAssertTrue(later.isEmpty)
        XCTAssertEqual(session.document?.chart.series.first?.y, kept?.chart.series.first?.y)
        XCTAssertFalse(FileManager.default.fileExists(atPath: SidecarSettings.path(for: folder.path("rain.csv"))))
    }

    func testChartAgainWithoutAChartSaysSo() async {
        var outcome: String?
        session.perform(.chartAgain(ChartSettings(), remember: false, done: { outcome = $0 }))
        XCTAssertEqual(outcome, "There is no chart to change.")
        XCTAssertTrue(jobs.waiting.isEmpty)
    }

    func testADialogClosedWhileItsChartIsMadeDropsIt() async throws {
        try openLoaded()
        let kept = session.document
        var heard = false
        session.perform(.chartAgain(ChartSettings(kind: .bar), remember: true, done: { _ in heard = true }))
        session.perform(.cancelChartAgain)
        later = []
        jobs.runAll()
        XCTAssertFalse(heard)
        XCTAssertTrue(later.isEmpty)
        XCTAssertEqual(session.document?.chart.series.first?.y, kept?.chart.series.first?.y)
    }

    // MARK: Sheets

    func testASheetThatCannotBeChartedSaysWhyFromTheChartAndPutsTheListBack() async throws {
        session = DocumentSession(jobs: jobs, opening: DocumentOpening(readers: [SheetsReader()]))
        session.onEffects = { [unowned self] in self.later.append($0) }
        try openLoaded("rain.book")
        session.perform(.chooseSheet("Costs"))
        XCTAssertEqual(session.sheetBeingOpened, "Costs")
        jobs.advance(UInt64(DocumentSession.progressDelayMilliseconds))
        XCTAssertEqual(later.last?.speech, ["Opening sheet Costs…"])
        jobs.runAll()
        let effects = try XCTUnwrap(later.last)
        XCTAssertNil(session.sheetBeingOpened)
        XCTAssertTrue(effects.revertsSheet)
        XCTAssertTrue(effects.focusChart)
        XCTAssertEqual(effects.speechOnceActive, ImportError.noNumericColumn(path: folder.path("rain.book")).message)
        session.perform(.chooseSheet("Rain"))
        jobs.runAll()
        XCTAssertEqual(later.last?.speech, ["Sheet Rain"])
        XCTAssertEqual(session.document?.settings.sheet, "Rain")
    }

    func testAQuickSheetIsNamedWithoutSayingItOpens() async throws {
        try openLoaded()
        session.perform(.chooseSheet("rain"))
        jobs.runAll()
        jobs.advance(1000)
        XCTAssertFalse(later.contains { $0.speech.contains("Opening sheet rain…") })
    }

    // MARK: Following

    /// Opens rain.csv, follows it, and runs the opening and first look.
    private func follow() throws -> String {
        try openLoaded()
        let started = session.perform(.toggleFollowing)
        XCTAssertEqual(started.followsFile, true)
        XCTAssertTrue(session.isFollowing)
        XCTAssertEqual(jobs.runNext(), "audiograph-follow-open")
        return folder.path("rain.csv")
    }

    func testFollowingGrowsTheChartAsRowsArrive() async throws {
        let path = try follow()
        let opened = try XCTUnwrap(later.last)
        XCTAssertEqual(opened.watch, .start(path))
        XCTAssertEqual(opened.speech, ["Following rain.csv: new rows play and are said as they arrive"])
        XCTAssertEqual(jobs.waiting, ["audiograph-follow"], "the file is looked at once it is open")
        jobs.runAll()
        later = []
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("2004,6\n2005,2\n".utf8))
        try handle.close()
        session.perform(.fileChanged)
        jobs.runAll()
        guard case .grow(let navigator, let growths)? = later.last?.chart else { return XCTFail("no growth") }
        XCTAssertEqual(navigator.chart.series.first?.y.count, 5)
        XCTAssertNotNil(growths)
        XCTAssertNotNil(later.last?.released)
        XCTAssertEqual(session.document?.chart.series.first?.y.count, 5)
    }

    func testALookIsNeverRunTwiceAtOnce() async throws {
        _ = try follow()
        jobs.runAll()
        session.perform(.fileChanged)
        session.perform(.fileChanged)
        session.perform(.fileChanged)
        XCTAssertEqual(jobs.waiting, ["audiograph-follow"])
        jobs.runNext()
        XCTAssertEqual(jobs.waiting, ["audiograph-follow"], "a change during the look is looked at after it")
        jobs.runNext()
        XCTAssertEqual(jobs.waiting, [])
    }

    func testTheFileIsLookedAtWithoutEventsToo() async throws {
        _ = try follow()
        jobs.runAll()
        jobs.advance(UInt64(DocumentSession.followMilliseconds))
        XCTAssertEqual(jobs.waiting, ["audiograph-follow"])
    }

    func testAFollowedFileThatIsEmptiedSaysItWaitsForRows() async throws {
        let path = try follow()
        jobs.runAll()
        let kept = session.document
        later = []
        try Data().write(to: URL(fileURLWithPath: path))
        session.perform(.fileChanged)
        jobs.runAll()
        XCTAssertEqual(later.last?.speech, ["rain.csv is empty now; the last chart stays until rows arrive."])
        XCTAssertNil(later.last?.chart)
        XCTAssertEqual(session.document?.chart.series.first?.y, kept?.chart.series.first?.y, "the last chart stays")
        XCTAssertEqual(session.state, .chart(.file(path: path)))
    }

    func testAFailedReloadWhileFollowingKeepsTheChart() async throws {
        let path = try follow()
        jobs.runAll()
        later = []
        // Cut shorter (read again from the start) into something that no longer charts.
        try Data("name\nx\n".utf8).write(to: URL(fileURLWithPath: path))
        session.perform(.fileChanged)
        jobs.runAll()
        let said = try XCTUnwrap(later.last?.speech.first)
        XCTAssertTrue(said.contains("rain.csv"), said)
        XCTAssertNil(later.last?.chart)
        XCTAssertTrue(session.isFollowing)
        XCTAssertEqual(session.document?.chart.series.first?.y.count, 3)
        // Rows that chart again are read from the start, and said so.
        try Data((rows + "2004,1\n").utf8).write(to: URL(fileURLWithPath: path))
        session.perform(.fileChanged)
        jobs.runAll()
        XCTAssertEqual(points(later.last), 4)
        XCTAssertEqual(
            later.last?.speech, ["rain.csv got shorter; reading it again from the start."],
            "the reason the failed reload had is said once it succeeds")
    }

    func testStopFollowingSaysSoAndStopsWatching() async throws {
        _ = try follow()
        jobs.runAll()
        let stopped = session.perform(.toggleFollowing)
        XCTAssertEqual(stopped.watch, .stop)
        XCTAssertEqual(stopped.followsFile, false)
        XCTAssertEqual(stopped.speech, ["Stopped following rain.csv"])
        XCTAssertFalse(session.isFollowing)
        jobs.advance(10_000)
        XCTAssertEqual(jobs.waiting, [], "no more looks")
    }

    func testOpeningAnotherFileStopsFollowingQuietly() async throws {
        _ = try follow()
        jobs.runAll()
        let effects = session.perform(.open(.file(path: folder.write("b.csv", rows))))
        XCTAssertEqual(effects.watch, .stop)
        XCTAssertEqual(effects.speech, [])
        XCTAssertFalse(session.isFollowing)
    }

    func testChartingAgainGoesOnFollowingTheNewChart() async throws {
        _ = try follow()
        jobs.runAll()
        session.perform(.chartAgain(ChartSettings(kind: .bar), remember: false, done: { _ in }))
        jobs.runNext()
        XCTAssertTrue(session.isFollowing)
        XCTAssertEqual(later.last?.followsFile, true)
        XCTAssertEqual(jobs.waiting, ["audiograph-follow-open"])
    }

    func testAPastedTableCannotBeFollowed() async throws {
        session.perform(.open(.held(HeldTable(name: "Pasted table", data: Data(rows.utf8)))))
        jobs.runAll()
        let effects = session.perform(.toggleFollowing)
        XCTAssertEqual(effects.speech, ["Pasted table is not a file, so it can't grow: save it as a file to follow it."])
        XCTAssertFalse(session.isFollowing)
    }

    func testAFileThatCanNoLongerBeFollowedSaysWhy() async throws {
        try openLoaded()
        session.perform(.toggleFollowing)
        try FileManager.default.removeItem(atPath: folder.path("rain.csv"))
        jobs.runAll()
        let effects = try XCTUnwrap(later.last)
        XCTAssertEqual(effects.followsFile, false)
        XCTAssertTrue(effects.speech.first?.hasPrefix("Can't follow rain.csv: ") == true, "\(effects.speech)")
        XCTAssertFalse(session.isFollowing)
    }

    func testAnEmptyFileOpenedToFollowIsWaitedFor() async throws {
        session.followWhenLoaded = true
        let path = folder.write("sensor.csv", "")
        session.perform(.open(.file(path: path)))
        jobs.runAll()
        XCTAssertEqual(session.state, .waiting(.file(path: path), message: "sensor.csv is empty; waiting for rows."))
        XCTAssertEqual(later.last?.page, .waiting(fileName: "sensor.csv", message: "sensor.csv is empty; waiting for rows."))
        XCTAssertTrue(session.isReusable)
        later = []
        jobs.advance(UInt64(DocumentSession.followMilliseconds))
        jobs.runAll()
        XCTAssertTrue(later.isEmpty, "still empty: nothing new to show")
        folder.write("sensor.csv", "time,temp\n")
        jobs.advance(UInt64(DocumentSession.followMilliseconds))
        jobs.runAll()
        XCTAssertEqual(
            later.last?.page, .waiting(fileName: "sensor.csv", message: "sensor.csv has only its header; waiting for rows."))
        folder.write("sensor.csv", "time,temp\n1,20.5\n2,20.7\n")
        jobs.advance(UInt64(DocumentSession.followMilliseconds))
        jobs.runAll()
        XCTAssertEqual(session.state, .chart(.file(path: path)))
        XCTAssertTrue(session.isFollowing, "rows arrived: the chart is shown and followed")
        XCTAssertTrue(later.contains { $0.page == .chart })
        XCTAssertTrue(later.contains { $0.watch == .start(path) })
    }

    func testFollowingAFileEmptiedBeforeItWaitsForRows() async throws {
        let path = folder.write("sensor.csv", rows)
        session.perform(.open(.file(path: path)))
        jobs.runAll()
        folder.write("sensor.csv", "")
        session.perform(.toggleFollowing)
        jobs.runAll()
        XCTAssertEqual(later.last?.speech, ["sensor.csv is empty; waiting for rows."])
        XCTAssertTrue(session.isFollowing)
        XCTAssertEqual(points(later.last), nil, "the last chart stays")
        later = []
        jobs.advance(UInt64(DocumentSession.followMilliseconds))
        jobs.runAll()
        XCTAssertTrue(later.isEmpty, "said once")
        folder.write("sensor.csv", rows + "2004,1\n")
        jobs.advance(UInt64(DocumentSession.followMilliseconds))
        jobs.runAll()
        XCTAssertEqual(later.first?.watch, .start(path))
        XCTAssertEqual(points(later.first), 4)
        XCTAssertEqual(later.first?.speech, ["Following sensor.csv: new rows play and are said as they arrive"])
    }

    func testAnEmptyFileOpenedWithoutFollowingIsAnError() async throws {
        session.perform(.open(.file(path: folder.write("sensor.csv", ""))))
        jobs.runAll()
        guard case .failed = session.state else { return XCTFail("\(session.state)") }
        jobs.advance(10_000)
        XCTAssertEqual(jobs.waiting, [])
    }

    // MARK: Export and save

    func testExportAsksWhereAndNeverWritesOverTheTable() async throws {
        try openLoaded()
        guard case .chooseExportTarget(.wav, "rain.wav")? = session.perform(.export(.wav)).request else {
            return XCTFail("no question")
        }
        guard case .export(.midi, "/tmp/out.mid", let sparing)? = session.perform(.exportTo("/tmp/out.mid", .wav)).request else {
            return XCTFail("no export")
        }
        XCTAssertEqual(sparing, folder.path("rain.csv"))
        guard case .export(.midi, "/tmp/out", _)? = session.perform(.exportTo("/tmp/out", .midi)).request else {
            return XCTFail("the command's format when the name says none")
        }
    }

    func testNothingToExportOrSaveWithoutAChart() async {
        XCTAssertTrue(session.perform(.export(.wav)).isEmpty)
        XCTAssertTrue(session.perform(.saveTable).isEmpty)
        XCTAssertTrue(session.perform(.toggleFollowing).isEmpty)
        XCTAssertTrue(session.perform(.reload).isEmpty)
        XCTAssertTrue(session.perform(.chooseSheet("Costs")).isEmpty)
    }

    func testAFileIsAlreadySaved() async throws {
        try openLoaded()
        XCTAssertEqual(session.perform(.saveTable).speech, ["This table is already the file rain.csv."])
    }

    func testAPastedTableSavedBecomesThatFile() async throws {
        let table = HeldTable(name: "Pasted table", data: Data(rows.utf8))
        session.perform(.open(.held(table)))
        jobs.runAll()
        guard case .chooseSaveTarget("Pasted table.csv")? = session.perform(.saveTable).request else {
            return XCTFail("no question")
        }
        let target = folder.path("kept.csv")
        session.perform(.saveTableTo(target))
        XCTAssertEqual(jobs.waitingLanes, ["audiograph-saves"])
        jobs.runAll()
        XCTAssertEqual(later.last?.speech, ["Saved as kept.csv"])
        XCTAssertEqual(later.last?.recentFile, target)
        XCTAssertEqual(session.state, .chart(.file(path: target)))
        XCTAssertEqual(session.title, "kept.csv — Audiograph")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("year,rain"))
    }

    func testASaveThatFailsSaysWhyAndKeepsTheTableHeld() async throws {
        let table = HeldTable(name: "Pasted table", data: Data(rows.utf8))
        session.perform(.open(.held(table)))
        jobs.runAll()
        session.perform(.saveTableTo(folder.path("no such folder/kept.csv")))
        jobs.runAll()
        let said = try XCTUnwrap(later.last?.speech.first)
        XCTAssertTrue(said.hasPrefix("Can't save kept.csv: "), said)
        XCTAssertEqual(session.state, .chart(.held(table)))
    }

    // MARK: Closing

    func testClosingStopsEveryJobAndTimer() async throws {
        _ = try follow()
        jobs.runAll()
        session.perform(.open(.file(path: folder.write("b.csv", rows))))
        later = []
        session.perform(.close)
        jobs.advance(10_000)
        jobs.runAll()
        XCTAssertTrue(later.isEmpty)
        XCTAssertTrue(session.perform(.open(.file(path: folder.path("b.csv")))).isEmpty, "a closed window does nothing")
        XCTAssertEqual(jobs.waiting, [])
    }
}

/// Reads a file named *.book as CSV whatever sheet is asked, except "Costs", which has no numbers.
private struct SheetsReader: TableFileReader {
    func reads(head: [UInt8], path: String) -> Bool { path.hasSuffix(".book") }

    func read(
        path: String, sheet: String?, options: CSVReadOptions, progress: ((ImportProgress) -> Void)?,
        cancellation: CancellationFlag?
    ) throws -> Table {
        if sheet == "Costs" { throw ImportError.noNumericColumn(path: path) }
        return try TableFiles.read(data: try Data(contentsOf: URL(fileURLWithPath: path)), name: path)
    }
}

extension UInt32 {
    fileprivate var asMilliseconds: UInt64 { UInt64(self) }
}
