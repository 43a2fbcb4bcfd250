// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Where a window's table comes from: a file, a table held in memory (pasted, or piped in and read), or
/// standard input still to be read.
public enum TableSource: Equatable, Sendable {
    case file(path: String)
    case held(HeldTable)
    /// `audiograph -`: read once, then held.
    case standardInput

    /// The file's path; nil for a table that is no file (no sidecar, nothing to follow).
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// How titles and messages name it: the file's name, "Pasted table", "standard input".
    public var displayName: String {
        switch self {
        case .file(let path): return (path as NSString).lastPathComponent
        case .held(let table): return table.name
        case .standardInput: return StandardInput.name
        }
    }

    public static func == (a: TableSource, b: TableSource) -> Bool {
        switch (a, b) {
        case (.file(let p), .file(let q)): return p == q
        case (.held(let s), .held(let t)): return s === t
        case (.standardInput, .standardInput): return true
        default: return false
        }
    }
}
