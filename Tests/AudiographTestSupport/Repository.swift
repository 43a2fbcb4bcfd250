// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where the tests find the repository's own files (data/, po/, docs/, fixtures), by this file's path: the
/// tests read them in place, nothing is bundled.
public enum Repository {
    /// The repository's root folder (where Package.swift is).
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The URL of `relative` (for example "data/births.csv") under the root.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The path of `relative` under the root.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// The example tables in data/.
    public static var data: URL { url("data") }
}
