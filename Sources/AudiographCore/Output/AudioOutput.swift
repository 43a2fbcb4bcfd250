// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Why a sound could not be played: one clear sentence for the person, never a stack of library messages.
///
/// What failed and what to do about it are kept apart, each its own catalog message, so that a program can
/// say the reason with its own advice (the viewer offers Control+E, not command-line options) without
/// cutting a translated message apart.
public struct AudioOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What failed, naming the device, without a full stop: "No sound device could be opened ("default":
    /// busy, another program is using it)".
    public var reason: String
    /// What to do at the command line, whole sentences: "Close that program, choose another device with
    /// --device (aplay -L lists them), or write a WAV file with `audiograph-cli render`." Empty when there
    /// is nothing to advise.
    public var commandLineAdvice: String

    public init(reason: String, commandLineAdvice: String) {
        self.reason = reason
        self.commandLineAdvice = commandLineAdvice
    }

    /// The reason and the advice as one message, ready to print on the command line.
    public var message: String { Localization.sentences([Localization.sentence(reason), commandLineAdvice]) }

    public var description: String { message }
}

/// Where rendered audio is played: a sound device (AudiographALSA), or a recording stand-in in tests.
///
/// The core only knows this protocol; it never links a sound library. Implementations play on their own
/// thread, so every method returns at once and may be called from the GUI's main loop.
public protocol AudioOutput: AnyObject, Sendable {
    /// Starts playing `buffer` from frame `startFrame`, replacing whatever was playing.
    /// Throws `AudioOutputError` when the device cannot take the sound.
    func play(_ buffer: AudioBuffer, fromFrame startFrame: Int) throws
    /// Holds playback where it is; `resume()` continues from the same frame.
    func pause()
    /// Continues after `pause()`.
    func resume()
    /// Stops and forgets the current buffer.
    func stop()
    /// Moves the play position of the current buffer to `frame` (clamped), playing or paused.
    func seek(toFrame frame: Int)
    /// The frame of the current buffer being heard now, or nil when nothing is loaded (after `stop()` or
    /// once a buffer has played to its end, the output is idle again).
    var currentFrame: Int? { get }
    /// The current state.
    var state: AudioOutputState { get }
    /// Why the last sound ended early (the device failed mid-sound and could not recover); nil otherwise.
    /// Cleared by the next `play`.
    var lastFailure: AudioOutputError? { get }
    /// Blocks the calling thread until the current buffer has played to its end or playback stopped.
    /// For command-line use; a GUI observes `state` instead and must not call this on its main loop.
    func waitUntilFinished()
}

extension AudioOutput {
    /// Starts playing `buffer` from its first frame, replacing whatever was playing.
    public func play(_ buffer: AudioBuffer) throws {
        try play(buffer, fromFrame: 0)
    }
}

/// Whether an output is playing, paused or idle.
public enum AudioOutputState: Sendable, Equatable {
    case idle, playing, paused
}
