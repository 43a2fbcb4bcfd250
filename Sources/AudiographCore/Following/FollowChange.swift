// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// What one look at a followed file found.
public enum FollowChange: Sendable, Equatable {
    /// No new whole line (nothing was added, or only part of a line still being written).
    case nothingNew
    /// Whole lines were added: `rows` new rows charted (0 when the lines were all skipped), and sentences
    /// about values and rows of these lines that could not be read.
    case appended(rows: Int, warnings: [String])
    /// The file was read again from the start, for `reason`; its warnings as at opening. The chart may
    /// differ entirely (the layout is guessed again), so a place kept in it means nothing now.
    case reloaded(ReloadReason, warnings: [String])
    /// The file is gone or cannot be read: one sentence naming it. The last chart stays; it is looked for
    /// again at every poll, and this is said again only when the reason changes.
    case unavailable(message: String)
}

/// Why a followed file was read again from the start.
public enum ReloadReason: Sendable, Equatable {
    /// It is shorter than what had been read (emptied or cut, as log rotation with copytruncate does).
    case truncated
    /// Another file took its name (renamed over it, or deleted and written again).
    case replaced
    /// The bytes already read were changed in place: the line read last no longer ends where it did.
    case rewritten
    /// It had gone or could not be read, and now can.
    case readableAgain
    /// A UTF-16 file grew: its text is transcoded, so where the read stopped is not known in its bytes and
    /// it is read whole again.
    case grewAsUTF16

    /// One sentence for a person, naming the file: "data.csv got shorter; reading it again from the start."
    public func message(file path: String) -> String {
        let file = (path as NSString).lastPathComponent
        switch self {
        case .truncated: return Localization.tr("%@ got shorter; reading it again from the start.", file)
        case .replaced: return Localization.tr("%@ was replaced by another file; reading it again from the start.", file)
        case .rewritten: return Localization.tr("%@ was changed where it had been read; reading it again from the start.", file)
        case .readableAgain: return Localization.tr("%@ can be read again; reading it from the start.", file)
        case .grewAsUTF16: return Localization.tr("%@ grew; a UTF-16 file is read again from the start.", file)
        }
    }
}

/// The outcome of `FollowedFile.poll()`: what changed, and the document as it now is.
public struct FollowUpdate: Sendable {
    public var change: FollowChange
    /// The table and chart after this poll (the last good ones while the file is unavailable).
    public var document: ChartDocument
}
