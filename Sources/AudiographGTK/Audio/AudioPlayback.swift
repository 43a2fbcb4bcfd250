// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographALSA
import AudiographCore
import Foundation

/// The application's one sound device, shared by every window.
///
/// Opened lazily on the first sound, on a background thread (opening an ALSA device can wait on a busy
/// device, and the main loop must never wait); kept open afterwards. If it cannot be opened, the error is
/// kept and every later request stays silent: the viewer works the same without sound. While the device is
/// opening, only the newest request is kept and played once it is open.
@MainActor
final class AudioPlayback {
    private enum Device {
        case closed
        case opening
        case open(ALSAPlayer)
        case failed(AudioOutputError)
    }

    private var device: Device = .closed
    private var pending: (buffer: AudioBuffer, frame: Int, outcome: Outcome?)?
    /// How charts sound (comma and period change the play length); shared by every window.
    private(set) var settings = SonificationSettings()
    /// Play-length factors comma and period step through; 1 is the standard ten seconds.
    private static let lengthFactors: [Double] = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6]
    private var lengthStep = 3
    /// Whoever started the sound last (a chart view), so closing another window leaves it playing.
    private(set) weak var owner: AnyObject?
    /// Opens the device; a parameter so tests could pass another output.
    private let openDevice: @Sendable () throws(AudioOutputError) -> ALSAPlayer

    init(openDevice: @escaping @Sendable () throws(AudioOutputError) -> ALSAPlayer = { () throws(AudioOutputError) in
        try ALSAPlayer()
    }) {
        self.openDevice = openDevice
    }

    /// Hears whether a sound started (nil) or why there is no sound.
    typealias Outcome = @MainActor (AudioOutputError?) -> Void

    /// Whether the device is open and playing requests.
    var isOpen: Bool {
        if case .open = device { return true }
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
        let nearest = Self.lengthFactors.indices.min { abs(Self.lengthFactors[$0] - factor) < abs(Self.lengthFactors[$1] - factor) }
        setLength(step: nearest ?? lengthStep)
    }

    private func setLength(step: Int) {
        lengthStep = min(max(step, 0), Self.lengthFactors.count - 1)
        let standard = SonificationSettings()
        settings.maximumDuration = standard.maximumDuration * lengthFactor
        settings.secondsPerPoint = standard.secondsPerPoint * lengthFactor
        onLengthChange?(lengthFactor)
    }

    /// Hears the new length factor after comma or period, so it can be saved.
    var onLengthChange: ((Double) -> Void)?

    /// Plays `buffer` from `frame`, replacing whatever was playing; silent when there is no device.
    /// `outcome` hears nil once the sound has started, or why there is no sound (at once, or once opening
    /// the device failed).
    func play(_ buffer: AudioBuffer, fromFrame frame: Int = 0, owner: AnyObject? = nil, outcome: Outcome? = nil) {
        self.owner = owner
        switch device {
        case .open(let player):
            do {
                try player.play(buffer, fromFrame: frame)
                outcome?(nil)
            } catch {
                outcome?(error)
            }
        case .failed(let error):
            outcome?(error)
        case .opening:
            pending = (buffer, frame, outcome)
        case .closed:
            pending = (buffer, frame, outcome)
            device = .opening
            let open = openDevice
            Thread.detachNewThread {
                let result: Result<ALSAPlayer, AudioOutputError>
                do throws(AudioOutputError) { result = .success(try open()) } catch { result = .failure(error) }
                MainLoop.post { [weak self] in self?.opened(result) }
            }
        }
    }

    private func opened(_ result: Result<ALSAPlayer, AudioOutputError>) {
        switch result {
        case .success(let player):
            device = .open(player)
            if let pending {
                self.pending = nil
                play(pending.buffer, fromFrame: pending.frame, owner: owner, outcome: pending.outcome)
            }
        case .failure(let error):
            device = .failed(error)
            let waiting = pending?.outcome
            pending = nil
            waiting?(error)
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
