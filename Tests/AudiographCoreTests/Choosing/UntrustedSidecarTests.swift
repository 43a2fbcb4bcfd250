import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// A sidecar settings file comes with the CSV, from anyone: nothing in it may lead Audiograph to read or
/// write outside the CSV's folder, and a strange one gets a message, not a hang.
final class UntrustedSidecarTests: XCTestCase {
    private let folder = TemporaryFolder()
    private var csv: String { folder.url.appendingPathComponent("data.csv").path }

    override func setUp() {
        folder.write("data.csv", "x,y\n1,2\n2,4\n3,8\n")
    }

    func testPathsInASidecarAreOnlyColumnNames() throws {
        folder.write("data.csv.audiograph.json", #"{"x": "/etc/passwd", "y": ["../../secret.csv"], "file": "/etc/shadow"}"#)
        XCTAssertThrowsError(try ChartDocument.open(path: csv)) { error in
            XCTAssertEqual(error as? ImportError, .unknownColumn(path: csv, name: "/etc/passwd", available: ["x", "y"]))
        }
    }

    func testALinkedSidecarIsRefusedNotFollowed() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).json")
        try Data(#"{"kind": "bar"}"#.utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        XCTAssertEqual(symlink(outside.path, csv + ".audiograph.json"), 0)
        XCTAssertThrowsError(try ChartDocument.open(path: csv)) { error in
            guard case .invalidSettings(_, let reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("is not a plain file"), reason)
        }
    }

    func testAPipeNamedLikeASidecarDoesNotBlock() throws {
        let sidecar = csv + ".audiograph.json"
        XCTAssertEqual(mkfifo(sidecar, 0o600), 0)
        let csv = self.csv
        let result = try XCTUnwrap(returnsPromptly(unblocking: sidecar) { Result { try ChartDocument.open(path: csv) } })
        XCTAssertThrowsError(try result.get()) { error in
            guard case .invalidSettings(_, let reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("is not a plain file"), reason)
        }
    }

    func testSavingLeavesOnlyTheSidecarBesideTheData() throws {
        try SidecarSettings.save(ChartSettings(kind: .line), for: csv)
        try SidecarSettings.save(ChartSettings(kind: .bar), for: csv)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted(),
            ["data.csv", "data.csv.audiograph.json"])
        XCTAssertEqual(try String(contentsOfFile: csv, encoding: .utf8), "x,y\n1,2\n2,4\n3,8\n", "the data is untouched")
        XCTAssertEqual(try SidecarSettings.load(for: csv)?.kind, .bar)
    }

    func testAHugeSidecarIsRefusedWithoutReadingIt() throws {
        folder.write("data.csv.audiograph.json", String(repeating: " ", count: SidecarSettings.maxBytes + 1))
        XCTAssertThrowsError(try ChartDocument.open(path: csv)) { error in
            guard case .invalidSettings(_, let reason)? = error as? ImportError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("cannot be read or is too large"), reason)
        }
    }

    func testSavingReplacesALinkInsteadOfWritingThroughIt() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("target-\(UUID().uuidString).json")
        try Data("untouched".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        XCTAssertEqual(symlink(outside.path, csv + ".audiograph.json"), 0)
        try SidecarSettings.save(ChartSettings(kind: .bar), for: csv)
        XCTAssertEqual(try Data(contentsOf: outside), Data("untouched".utf8))
        XCTAssertEqual(try SidecarSettings.load(for: csv)?.kind, .bar)
    }
}
