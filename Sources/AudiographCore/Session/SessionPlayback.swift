// SPDX-License-Identifier: GPL-3.0-or-later

/// What the viewer's sound device is doing, as far as one chart is concerned; read at each action.
public struct AudioStatus: Sendable {
    /// Playing, paused or idle.
    public var state: AudioOutputState
    /// Whether what the device plays (or last played) was started by this chart.
    public var ownedByThisChart: Bool
    /// Whether the device is still being opened for the newest sound.
    public var isStarting: Bool
    /// The frame being heard now, at 48 kHz; nil when nothing plays.
    public var currentFrame: Int?
    /// Why the last sound ended early (the device was lost mid-sound); nil when it played out.
    public var lastFailure: AudioOutputError?

    public init(
        state: AudioOutputState = .idle, ownedByThisChart: Bool = false, isStarting: Bool = false,
        currentFrame: Int? = nil, lastFailure: AudioOutputError? = nil
    ) {
        self.state = state
        self.ownedByThisChart = ownedByThisChart
        self.isStarting = isStarting
        self.currentFrame = currentFrame
        self.lastFailure = lastFailure
    }
}

/// What Space or a range key started playing, while it plays or is paused.
public struct Playback {
    public var score: Score
    /// The series played alone, or nil for all of them.
    public var series: Int?
    /// What to add to the score's x to get the shown chart's (a part of a categorical chart starts at its
    /// first category).
    public var xShift: Double = 0
    /// For a part: the series and element that had the focus when it started; nil for the whole chart.
    public var focusedAtStart: (series: Int, element: Int)?
    /// The score's series whose layout the cursor follows, when it is not the cursor's own (a comparison's
    /// pair or difference chart puts the current series first).
    public var layoutSeries: Int?
}

/// A sound the viewer starts for the session: the score, where in it to start, and what to say once the
/// device has started it (or once it came back after failing).
public struct SoundStart {
    public var score: Score
    /// Where to start, in seconds from the score's beginning.
    public var fromSeconds: Double
    /// Said once the sound has started: while the device opens, a failure may follow and "Playing" would mislead.
    public var startedWords: String
    /// Said instead when the device failed before and works again.
    public var restoredWords: String
}
