// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A fresh folder under the system's temporary folder, removed with everything in it when released.
public final class TemporaryFolder {
    public let url: URL

    /// A new, empty folder named `prefix`-UUID.
    public init(prefix: String = "audiograph-tests") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The folder's path.
    public var path: String { url.path }

    /// The path of `name` in the folder (not created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` as UTF-8 to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) -> String { write(name, bytes: Array(text.utf8)) }

    /// Writes raw bytes to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) -> String {
        let path = path(name)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }
}
