// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// A fixed user-facing text of the viewer, through the core's one localization door
/// (formatted texts call `Localization.tr(_:_:)` directly).
func tr(_ message: String) -> String { Localization.tr(message) }

/// A formatted user-facing text of the viewer ("%@" placeholders), through the core's localization door.
func tr(_ message: String, _ arguments: CVarArg...) -> String {
    String(format: Localization.tr(message), locale: Locale(identifier: "en_US_POSIX"), arguments: arguments)
}
