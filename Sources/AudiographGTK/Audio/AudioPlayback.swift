// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographALSA
import AudiographCore
import Foundation

/// The application's one sound device, shared by every window.
///
/// Opened lazily on the first sound, on a background thread (opening an ALSA device can wait on a busy
/// device, and the main loop must never wait); kept open afterwards. If it cannot be opened, or it is lost
/// while playing (unplugged), the next sound tries again, on a background thread too, so a device that
/// appears later (headphones plugged in) is used without a restart; the viewer works the same without
/// sound. While the device is opening, only the newest request is kept and played once it is open.
@MainActor
final class AudioPlayback {
    private enum Device {
        case closed
        case opening
        case open(ALSAPlayer)
        case failed(AudioOutputError)
    }

    /// How a request to play turned out, as its `Outcome` hears it.
    enum Start {
        /// The sound has started.
        case started
        /// The sound has started on a device opened again after it had failed or been lost.
        case restored
        /// There is no sound, and why.
        case failed(AudioOutputError)
    }

    private var device: Device = .closed
    private var pending: (buffer: AudioBuffer, frame: Int, outcome: Outcome?)?
    /// Whether sound failed since it last worked (an open failed, or the device was lost mid-sound), so
    /// the next sound that starts is a `.restored` one.
    private var failedSinceLastSound = false
    /// How charts sound (comma and period change the play length); shared by every window.
    private(set) var settings = SonificationSettings()
    /// Play-length factors comma and period step through; 1 is the standard ten seconds.
    private static let lengthFactors: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6]
    private var lengthStep = 3
    /// Whoever started the sound last (a chart view), so closing another window leaves it playing.
    private(set) weak var owner: AnyObject?
    /// Opens the device; a parameter so tests could pass another output.
    private let openDevice: @Sendable () throws(AudioOutputError) -> ALSAPlayer

    init(
        openDevice: @escaping @Sendable () throws(AudioOutputError) -> ALSAPlayer = { () throws(AudioOutputError) in
            try ALSAPlayer()
        }
    ) {
        self.openDevice = openDevice
    }

    /// Hears whether the sound started, or why there is none.
    typealias Outcome = @MainActor (Start) -> Void

    /// Whether the device is open and playing requests.
    var isOpen: Bool {
        if case .open(let player) = device { return player.isDeviceOpen }
        return false
    }

    /// Whether a sound waits for the device to open; it will start, or fail, soon.
    var isStarting: Bool { pending != nil }

    /// Why there is no sound, once opening the device failed; nil otherwise.
    var failure: AudioOutputError? {
        if case .failed(let error) = device { return error }
        return nil
    }

    /// How long a whole chart plays, as a multiple of the standard ten seconds.
    var lengthFactor: Double { Self.lengthFactors[lengthStep] }

    /// Makes whole charts play longer (`step` > 0) or shorter, by one step of the length factors.
    func changeLength(by step: Int) {
        setLength(step: lengthStep + step)
    }

    /// Plays whole charts `factor` times the standard length, rounded to the nearest step (a saved setting).
    func setLength(factor: Double) {
        let nearest = Self.lengthFactors.indices.min {
            abs(Self.lengthFactors[$0] - factor) < abs(Self.lengthFactors[$1] - factor)
        }
        setLength(step: nearest ?? lengthStep)
    }

    private func setLength(step: Int) {
        lengthStep = min(max(step, 0), Self.lengthFactors.count - 1)
        let standard = SonificationSettings()
        settings.maximumDuration = standard.maximumDuration * lengthFactor
        settings.secondsPerPoint = standard.secondsPerPoint * lengthFactor
        onLengthChange?(lengthFactor)
    }

    /// Plays a quiet steady tone at `level` under each series and marks where a series crosses it (nil: none).
    func setReferenceLevel(_ level: ReferenceLevel?) {
        settings.referenceLevel = level
    }

    /// Hears the new length factor after comma or period, so it can be saved.
    var onLengthChange: ((Double) -> Void)?

    /// Plays `buffer` from `frame`, replacing whatever was playing; returns at once. `outcome` hears once
    /// the sound has started, or why there is no sound (at once, or once opening the device failed).
    /// Without a device (never opened, failed, or lost mid-sound) this opens it again on a background thread.
    func play(_ buffer: AudioBuffer, fromFrame frame: Int = 0, owner: AnyObject? = nil, outcome: Outcome? = nil) {
        self.owner = owner
        switch device {
        case .open(let player) where player.isDeviceOpen:
            player.play(buffer, fromFrame: frame)
            outcome?(.started)
        case .open(let player):
            // Lost mid-sound (its thread has closed it): a fresh player opens it off the main loop. This one's
            // thread is idle with no device, so letting it go (its deinit joins the thread) does not wait.
            _ = player
            failedSinceLastSound = true
            device = .closed
            play(buffer, fromFrame: frame, owner: owner, outcome: outcome)
        case .opening:
            pending = (buffer, frame, outcome)
        case .closed, .failed:
            if case .failed = device { failedSinceLastSound = true }
            pending = (buffer, frame, outcome)
            device = .opening
            let open = openDevice
            // Never cancelled: a device being opened is kept for the next sound even if this one is dropped.
            _ = BackgroundJob(
                name: "audiograph-device-open",
                work: { _ -> Result<ALSAPlayer, AudioOutputError>? in
                    do throws(AudioOutputError) { return .success(try open()) } catch { return .failure(error) }
                }, done: { [weak self] result in self?.opened(result) })
        }
    }

    private func opened(_ result: Result<ALSAPlayer, AudioOutputError>) {
        switch result {
        case .success(let player):
            device = .open(player)
            guard let pending else { return }
            self.pending = nil
            let restored = failedSinceLastSound
            failedSinceLastSound = false
            player.play(pending.buffer, fromFrame: pending.frame)
            pending.outcome?(restored ? .restored : .started)
        case .failure(let error):
            device = .failed(error)
            let waiting = pending?.outcome
            pending = nil
            waiting?(.failed(error))
        }
    }

    var state: AudioOutputState {
        if case .open(let player) = device { return player.state }
        return .idle
    }

    /// Why the last sound ended early (the device was unplugged or failed mid-sound); nil when it played out.
    var lastFailure: AudioOutputError? {
        if case .open(let player) = device { return player.lastFailure }
        return nil
    }

    /// The frame of the sound being heard, while something plays or is paused.
    var currentFrame: Int? {
        if case .open(let player) = device { return player.currentFrame }
        return nil
    }

    func pause() {
        if case .open(let player) = device { player.pause() }
    }

    func resume() {
        if case .open(let player) = device { player.resume() }
    }

    func stop() {
        pending = nil
        if case .open(let player) = device { player.stop() }
    }
}
