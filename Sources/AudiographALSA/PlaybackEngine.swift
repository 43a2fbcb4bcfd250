// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// Opens a device in a format on the player's thread; throws the sentence to show when it cannot.
typealias DeviceOpener = @Sendable (PCMFormat) throws(AudioOutputError) -> any PCMDevice

/// The state a player shares with its streaming thread, and the commands that change it.
///
/// Ownership: the streaming thread holds the only strong reference besides the player's. The player
/// never touches the device; it posts commands here and returns at once. The thread owns the device
/// (opens, writes, closes it) and runs until `shutDown()`, which the player calls from its deinit, so
/// the thread never keeps the player alive. Every stored property is guarded by `condition`.
final class PlaybackEngine: @unchecked Sendable {
    /// The device's name, for messages.
    let deviceName: String
    let openDevice: DeviceOpener
    /// Seconds the play-out may outlast the delay the device reported when it began, before the sound is
    /// taken as finished (for devices whose delay never reaches zero).
    let playOutGrace: TimeInterval
    /// Guards everything below; signalled on every change.
    let condition = NSCondition()

    /// The sound being played or paused; nil when idle.
    var buffer: AudioBuffer?
    /// The next frame of `buffer` to hand to the device.
    var nextFrame = 0
    /// The frame being heard now (at most `nextFrame`).
    var heardFrame = 0
    var state: AudioOutputState = .idle
    /// Bumped by play, seek and stop: sound the device queued for an older generation must be thrown away.
    var generation = 0
    /// Why the last sound ended early, if it did; cleared by the next play.
    var failure: AudioOutputError?

    /// A format the thread should (re)open the device in; stays set while the thread opens.
    var openRequest: PCMFormat?
    /// Whether a caller of `open` waits for the answer to `openRequest` (a `play` never waits).
    var openAwaited = false
    /// The thread's answer to an awaited `openRequest`, until the asking caller takes it.
    var openReply: Result<Void, AudioOutputError>?
    /// The format of the open device; nil while closed (at first, after a failure).
    var deviceFormat: PCMFormat?

    var shutdownRequested = false
    var threadFinished = false

    init(deviceName: String, playOutGrace: TimeInterval, openDevice: @escaping DeviceOpener) {
        self.deviceName = deviceName
        self.playOutGrace = playOutGrace
        self.openDevice = openDevice
    }

    /// Starts the streaming thread; call once.
    func startThread() {
        let thread = Thread { [self] in runStreamingLoop() }
        thread.name = "Audiograph ALSA"  // l10n: not shown
        thread.start()
    }

    /// Stops the thread and waits until it has closed the device (a period or so while it is writing).
    func shutDown() {
        condition.lock()
        defer { condition.unlock() }
        shutdownRequested = true
        condition.broadcast()
        while !threadFinished { condition.wait() }
    }

    // MARK: Commands (any thread)

    /// Makes sure the device is open in `format`, asking the thread to (re)open it if not.
    func open(_ format: PCMFormat) throws(AudioOutputError) {
        condition.lock()
        defer { condition.unlock() }
        try ensureDevice(format)
    }

    /// Plays `buffer` from `startFrame` (clamped), replacing what was playing; returns at once.
    ///
    /// Never waits for the device: when it is closed (it failed or was lost), the thread is asked to open
    /// it again and plays once it is open; if that fails the sound ends and `lastFailure` says why.
    func play(_ buffer: AudioBuffer, fromFrame startFrame: Int) {
        condition.lock()
        defer { condition.unlock() }
        let format = PCMFormat(of: buffer)
        if deviceFormat != format && openRequest == nil { openRequest = format }
        failure = nil
        generation += 1
        let start = min(max(0, startFrame), buffer.frameCount)
        if start == buffer.frameCount {
            forget()
        } else {
            self.buffer = buffer
            nextFrame = start
            heardFrame = start
            state = .playing
        }
        condition.broadcast()
    }

    func pause() {
        condition.lock()
        defer { condition.unlock() }
        guard state == .playing else { return }
        // The thread notices, works out the frame being heard and throws the queued rest away.
        state = .paused
        condition.broadcast()
    }

    func resume() {
        condition.lock()
        defer { condition.unlock() }
        guard state == .paused else { return }
        state = .playing
        condition.broadcast()
    }

    func stop() {
        condition.lock()
        defer { condition.unlock() }
        guard buffer != nil else { return }
        generation += 1
        forget()
        condition.broadcast()
    }

    func seek(toFrame frame: Int) {
        condition.lock()
        defer { condition.unlock() }
        guard let buffer else { return }
        generation += 1
        nextFrame = min(max(0, frame), buffer.frameCount)
        heardFrame = nextFrame
        condition.broadcast()
    }

    var currentFrame: Int? {
        condition.lock()
        defer { condition.unlock() }
        return buffer == nil ? nil : heardFrame
    }

    var currentState: AudioOutputState {
        condition.lock()
        defer { condition.unlock() }
        return state
    }

    var lastFailure: AudioOutputError? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }

    /// Whether the device is open and no reopen is pending: false at first, after a failure and while the
    /// thread opens it again.
    var isDeviceOpen: Bool {
        condition.lock()
        defer { condition.unlock() }
        return deviceFormat != nil && openRequest == nil
    }

    func waitUntilFinished() {
        condition.lock()
        defer { condition.unlock() }
        while state != .idle && !threadFinished { condition.wait() }
    }

    // MARK: Shared helpers (call with `condition` locked)

    /// Drops the current sound and goes idle.
    func forget() {
        buffer = nil
        nextFrame = 0
        heardFrame = 0
        state = .idle
    }

    /// Asks the thread to open the device in `format` unless it already is, and waits for its answer.
    private func ensureDevice(_ format: PCMFormat) throws(AudioOutputError) {
        // One request at a time: wait until an earlier caller has taken its answer.
        while openRequest != nil || openReply != nil { condition.wait() }
        if deviceFormat == format { return }
        openRequest = format
        openAwaited = true
        condition.broadcast()
        while openReply == nil && !threadFinished { condition.wait() }
        let reply = openReply ?? .failure(DeviceFailure.cannotOpen(device: deviceName, code: ENODEV))
        openReply = nil
        condition.broadcast()
        try reply.get()
    }
}
