import AudiographGTK
// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographTestSupport
import Foundation
import XCTest

final class ViewSettingsStoreTests: XCTestCase {
    private var temporary: TemporaryFolder!
    private var folder: URL { temporary.url }

    override func setUpWithError() throws {
        temporary = TemporaryFolder(prefix: "ag-settings")
    }

    override func tearDownWithError() throws {
        temporary = nil
    }

    func testMissingFileGivesDefaults() {
        XCTAssertEqual(ViewSettingsStore(configDirectory: folder.path).load(), ViewSettings())
    }

    func testSaveThenLoadRoundTrips() throws {
        let store = ViewSettingsStore(configDirectory: folder.path)
        let settings = ViewSettings(increaseContrast: true, reduceTransparency: false, differentiateWithoutColor: true)
        try store.save(settings)
        XCTAssertEqual(store.load(), settings)
        XCTAssertEqual(store.url.path, folder.appendingPathComponent("audiograph/settings.json").path)
        // Only the settings file is left behind: the temporary file was renamed over it.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("audiograph").path)
        XCTAssertEqual(names, ["settings.json"])
    }

    func testBadFilesNeverThrowAndKeepWhatTheyCan() throws {
        let store = ViewSettingsStore(configDirectory: folder.path)
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        for garbage in ["", "not json", "[1,2]", "\u{0}\u{1}binary", "{\"increaseContrast\": \"yes\"}"] {
            try Data(garbage.utf8).write(to: store.url)
            XCTAssertEqual(store.load(), ViewSettings(), garbage)
        }
        try Data(#"{"reduceTransparency": true, "increaseContrast": 3, "future": [1]}"#.utf8).write(to: store.url)
        XCTAssertEqual(store.load(), ViewSettings(reduceTransparency: true))
    }

    func testPlayLengthIsRememberedAndBadLengthsFallBackToStandard() throws {
        let store = ViewSettingsStore(configDirectory: folder.path)
        try store.save(ViewSettings(playLength: 2))
        XCTAssertEqual(store.load().playLength, 2)
        for bad in [#"{"playLength": -1}"#, #"{"playLength": 0}"#, #"{"playLength": "slow"}"#, #"{"playLength": 1e999}"#] {
            try Data(bad.utf8).write(to: store.url)
            XCTAssertEqual(store.load().playLength, 1, bad)
        }
    }

    func testChartZoomIsRememberedAndKeptWithinItsLevels() throws {
        let store = ViewSettingsStore(configDirectory: folder.path)
        var settings = ViewSettings()
        settings.chartZoom = 1.5
        try store.save(settings)
        XCTAssertEqual(store.load().chartZoom, 1.5)
        for (text, zoom) in [
            (#"{"chartZoom": 40}"#, 3.0), (#"{"chartZoom": 0}"#, 0.75), (#"{"chartZoom": "big"}"#, 1),
            (#"{}"#, 1)
        ] {
            try Data(text.utf8).write(to: store.url)
            XCTAssertEqual(store.load().chartZoom, zoom, text)
        }
    }

    func testALinkOrAnOversizedFileGivesDefaultsAndSavingReplacesTheLink() throws {
        let store = ViewSettingsStore(configDirectory: folder.path)
        let outside = folder.appendingPathComponent("elsewhere.json")
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"increaseContrast": true}"#.utf8).write(to: outside)
        XCTAssertEqual(symlink(outside.path, store.url.path), 0)
        XCTAssertEqual(store.load(), ViewSettings(), "a link is not followed")
        try store.save(ViewSettings(reduceTransparency: true))
        XCTAssertEqual(try Data(contentsOf: outside), Data(#"{"increaseContrast": true}"#.utf8), "not written through")
        XCTAssertEqual(store.load(), ViewSettings(reduceTransparency: true))

        let huge = #"{"increaseContrast": true}"# + String(repeating: " ", count: 70_000)
        try Data(huge.utf8).write(to: store.url)
        XCTAssertEqual(store.load(), ViewSettings(), "a file over 64 KiB is not read")
    }

    func testAPipeAtTheSettingsPathGivesDefaultsAtOnce() throws {
        let store = ViewSettingsStore(configDirectory: folder.path)
        try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(store.url.path, 0o600), 0)
        let loaded = DispatchSemaphore(value: 0)
        final class Box: @unchecked Sendable { var settings: ViewSettings? }
        let box = Box()
        Thread.detachNewThread {
            box.settings = store.load(); loaded.signal()
        }
        if loaded.wait(timeout: .now() + 5) == .timedOut {
            // Fail instead of hanging: a writer opening the pipe frees the blocked reader.
            let writer = open(store.url.path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            loaded.wait()
            return XCTFail("load() waited on a pipe")
        }
        XCTAssertEqual(box.settings, ViewSettings())
    }
}
