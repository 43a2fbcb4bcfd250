import AudiographCore
import Foundation

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographALSA

/// Hands out a fresh PacedFakeDevice each time the player opens its device, and remembers them.
final class FakeDeviceFactory: @unchecked Sendable {
    private let lock = NSLock()
    private var _devices: [PacedFakeDevice] = []
    private let instant: Bool
    private let pulseLike: Bool
    private let playOutGrace: TimeInterval
    private var refusals: [AudioOutputError] = []
    private var gate: DispatchSemaphore?
    private var _opensStarted = 0

    /// With `instant`, each device plays every frame as it is written (no pacing); see PacedFakeDevice
    /// for `pulseLike`. The players' play-out grace is long by default, since the fake's clock is the
    /// test's, not the wall clock the grace is measured on.
    init(instant: Bool = false, pulseLike: Bool = false, playOutGrace: TimeInterval = 10) {
        self.instant = instant
        self.pulseLike = pulseLike
        self.playOutGrace = playOutGrace
    }

    /// Every device opened so far, oldest first.
    var devices: [PacedFakeDevice] { lock.withLock { _devices } }

    /// The device opened last.
    var latest: PacedFakeDevice { devices.last! }

    /// A player named "fake" whose device comes from this factory.
    func makePlayer() throws -> ALSAPlayer {
        try ALSAPlayer(deviceName: "fake", format: .standard, playOutGrace: playOutGrace) {
            [self] format throws(AudioOutputError) in
            try open(format)
        }
    }

    /// The next opens throw these, one each, as a missing or busy device does.
    func refuseNextOpens(_ errors: [AudioOutputError]) { lock.withLock { refusals += errors } }

    /// Makes every open wait until `gate` is signalled once for it, as a busy or slow device does.
    func holdOpens(until gate: DispatchSemaphore?) { lock.withLock { self.gate = gate } }

    /// How many opens have begun (held or not).
    var opensStarted: Int { lock.withLock { _opensStarted } }

    private func open(_ format: PCMFormat) throws(AudioOutputError) -> any PCMDevice {
        let gate = lock.withLock {
            _opensStarted += 1; return self.gate
        }
        gate?.wait()
        if let refusal = lock.withLock({ refusals.isEmpty ? nil : refusals.removeFirst() }) { throw refusal }
        let device = PacedFakeDevice(format: format, pulseLike: pulseLike)
        if instant { device.playInstantly() }
        lock.withLock { _devices.append(device) }
        return device
    }
}
