import AudiographCore

/// A fixed user-facing text of the viewer, through the core's one localization door
/// (formatted texts call `Localization.tr(_:_:)` directly).
func tr(_ message: String) -> String { Localization.tr(message) }
