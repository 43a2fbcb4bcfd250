// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import XCTest

/// Writes test files into a fresh temporary folder that is removed afterwards.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String { write(name, bytes: Array(text.utf8)) }

    /// Writes raw bytes to `name` and returns its path.
    @discardableResult
    func write(_ name: String, bytes: [UInt8]) -> String {
        let path = url.appendingPathComponent(name).path
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}

/// Path of a fixture file beside these tests.
func fixturePath(_ name: String, file: StaticString = #filePath) -> String {
    URL(fileURLWithPath: "\(file)").deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name).path
}
