import AudiographTestSupport
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographGTK

final class ActionTableTests: XCTestCase {
    func testNamesAreUniqueAndScoped() {
        let names = ActionTable.entries.map(\.name)
        XCTAssertEqual(Set(names).count, names.count)
        for entry in ActionTable.entries {
            XCTAssertTrue(["app", "win"].contains(entry.scope), entry.name)
            XCTAssertFalse(entry.shortName.isEmpty, entry.name)
            XCTAssertTrue(entry.label.contains("_"), "\(entry.name) has no mnemonic")
        }
    }

    func testNoAcceleratorIsUsedTwice() {
        let accelerators = ActionTable.entries.flatMap(\.accelerators)
        XCTAssertEqual(Set(accelerators).count, accelerators.count)
    }

    func testViewTogglesAreThere() {
        for toggle in ActionID.Toggle.allCases {
            XCTAssertEqual(ActionTable.entry(.toggle(toggle))?.kind, .toggle, toggle.rawValue)
            XCTAssertEqual(ActionTable.entry(.toggle(toggle))?.section, .view, toggle.rawValue)
        }
        XCTAssertEqual(ActionTable.entry(.app(.open))?.accelerators, ["<Control>o"])
        XCTAssertEqual(ActionTable.entry(.app(.open))?.name, "app.open")
        XCTAssertEqual(ActionTable.entry(.chart(.playAll))?.name, "win.play-all")
    }

    func testEveryActionHasExactlyOneEntry() {
        for id in ActionID.allCases {
            XCTAssertEqual(ActionTable.entries.filter { $0.id == id }.count, 1, id.name)
            XCTAssertEqual(ActionID(name: id.name), id, id.name)
        }
        XCTAssertEqual(ActionTable.entries.count, ActionID.allCases.count)
        XCTAssertNil(ActionID(name: "win.no-such-action"))
    }

    func testTheIssuesKeysAreAllThere() {
        let keys = Set(ActionTable.entries.flatMap(\.accelerators))
        for key in [
            "space", "<Shift>space", "Escape", "Left", "Right", "Home", "End", "<Control>Left", "<Control>Right",
            "Page_Up", "Page_Down", "bracketleft", "bracketright", "n", "<Shift>n", "d", "s", "x", "y", "comma",
            "period", "<Control>o", "<Control>w", "<Control>q", "<Control>e", "<Control>comma", "F11",
            "<Control>question", "F1"
        ] {
            XCTAssertTrue(keys.contains(key), key)
        }
    }

    func testPlainKeysBelongToTheChartOnly() {
        // A key without Control, Alt or a function key would be taken from text fields if registered with GTK
        // (Alt with a letter types nothing; AltGr is another key).
        for entry in ActionTable.entries where entry.keys == .global {
            for key in entry.accelerators {
                XCTAssertTrue(
                    key.contains("<Control>") || key.contains("<Alt>") || key.hasPrefix("F"),
                    "\(entry.name): \(key) must be a chart key")
            }
        }
        XCTAssertTrue(ActionTable.chartActions.allSatisfy { $0.keys == .chart })
    }

    @MainActor
    func testTheShortcutsWindowListsEveryKey() {
        let rows = ShortcutsWindow.sections(ActionTable.entries).flatMap(\.rows)
        for entry in ActionTable.entries where !entry.accelerators.isEmpty {
            let row = rows.first { $0.command == entry.plainLabel }
            XCTAssertNotNil(row, entry.name)
            for accelerator in entry.accelerators {
                XCTAssertTrue(row?.keys.contains(ShortcutsWindow.keyLabel(accelerator)) == true, "\(entry.name): \(accelerator)")
            }
        }
        XCTAssertEqual(rows.count, ActionTable.entries.filter { !$0.accelerators.isEmpty }.count)
    }

    @MainActor
    func testKeysAreShownAsPeopleReadThem() {
        XCTAssertEqual(ShortcutsWindow.keyLabel("<Control>o"), "Ctrl+O")
        XCTAssertEqual(ShortcutsWindow.keyLabel("space"), "Space")
        XCTAssertEqual(ShortcutsWindow.keyLabel("not a key"), "not a key")
        let play = ShortcutsWindow.sections(ActionTable.entries).flatMap(\.rows).first { $0.keys == "Space" }
        XCTAssertNotNil(play)
    }

    /// The manual page is written by hand; this keeps its KEYS section honest.
    func testTheManualPageNamesEveryCommandWithAKey() throws {
        let page = try String(contentsOf: Repository.url("packaging/man/audiograph.1"), encoding: .utf8)
        for entry in ActionTable.entries where !entry.accelerators.isEmpty {
            XCTAssertTrue(
                page.contains(entry.plainLabel.trimmingCharacters(in: .whitespaces)), "\(entry.name): \(entry.plainLabel)")
        }
    }
}
