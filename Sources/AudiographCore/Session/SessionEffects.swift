// SPDX-License-Identifier: GPL-3.0-or-later

/// What a `ChartSession` step asks of the viewer: what to say, what to play, and what to update, in the order
/// the viewer carries them out (stop, present, sound, elements, cursor, redraw, speech, request).
public struct SessionEffects {
    /// A sound to play at once, replacing what this chart plays.
    public enum Sound {
        /// A score (a point's tone, a box part's value, a comparison's pair).
        case score(Score)
        /// The short cue that says the cursor cannot go further.
        case edgeCue
    }

    /// How the accessible elements change.
    public enum Elements: Equatable {
        /// Renamed in place: the wording or the comparison changed.
        case rename
    }

    /// What only the viewer can do; the session has decided everything it needs.
    public enum Request {
        /// D: open Chart Details.
        case details
        /// B: open the braille lines, the caret on `cell` of series `series`' line.
        case braille(ChartBraille, series: Int, cell: Int)
        /// Shift+S: describe `part`'s series `series` on a worker, and say it when ready; with `copying`
        /// (Ctrl+Shift+C) put it on the clipboard instead and say "Copied".
        case describeRange(ChartPart, series: Int, copying: Bool)
        /// Ctrl+C and Ctrl+Shift+C: put `text` on the clipboard (the session has said "Copied").
        case copy(String)
        /// Comma and period: the viewer changes the play length, then asks `speedChanged` what to say.
        case changeSpeed(step: Int)
        /// F3 before anything was typed in Find Value: open it.
        case findValue
        /// The analysis is wanted and not ready: the viewer starts it if it is not under way; the session
        /// performs the waiting action once `analysisReady` hands it over.
        case analysis
    }

    /// What happens to this chart's playback.
    public enum PlaybackChange {
        /// Start `SoundStart`'s score (after stopping what this chart plays), the cursor following the sound.
        case start(SoundStart)
        /// Pause, the cursor staying where the sound was.
        case pause
        /// Resume from where it paused, the cursor following again.
        case resume
    }

    public var playback: PlaybackChange?

    /// Sentences for the screen reader, in order.
    public var speech: [String] = []
    public var sound: Sound?
    /// The viewer stops following the sound (a cursor move ends what Space started).
    public var stopsPlayback = false
    /// The viewer stops the sound this chart plays (a comparison changed, Escape, a new sound).
    public var stopsSound = false
    /// The viewer shows the chart of `navigator` (a zoom in or out) with the cursor in `series` nearest `x`, the
    /// focus kept.
    public var present: (navigator: ChartNavigator, series: Int, x: Double?)?
    public var elements: Elements?
    /// How the viewer puts the focusable element and the chart's name on the cursor.
    public enum CursorSync: Equatable {
        /// The name and the focusable element follow; the keyboard focus stays where it is.
        case keepFocus
        /// The keyboard focus moves there too (when the chart has it), so the screen reader speaks the point.
        case moveFocus
        /// Only the chart's name follows (the cursor follows the sound; a focus move would talk over it).
        case nameOnly
    }

    public var cursor: CursorSync?
    /// With point speech off, the viewer holds the focus on the "point speech is off" element.
    public var holdsFocusWithoutSpeech = false
    /// The drawing changed (a selection, a box part): redraw.
    public var redraw = false
    public var request: Request?
    /// False when the action does not apply now: the key passes on to the rest of the window.
    public var handled = true

    public init() {}

    /// Effects that only say `sentence`.
    static func saying(_ sentence: String) -> SessionEffects {
        var effects = SessionEffects()
        effects.speech = [sentence]
        return effects
    }
}
