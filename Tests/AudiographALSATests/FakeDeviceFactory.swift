// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographALSA
import Foundation

/// Hands out a fresh PacedFakeDevice each time the player opens its device, and remembers them.
final class FakeDeviceFactory: @unchecked Sendable {
    private let lock = NSLock()
    private var _devices: [PacedFakeDevice] = []
    private let instant: Bool
    private let pulseLike: Bool
    private let playOutGrace: TimeInterval

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
        try ALSAPlayer(deviceName: "fake", format: .standard, playOutGrace: playOutGrace) { [self] format in open(format) }
    }

    private func open(_ format: PCMFormat) -> any PCMDevice {
        let device = PacedFakeDevice(format: format, pulseLike: pulseLike)
        if instant { device.playInstantly() }
        lock.withLock { _devices.append(device) }
        return device
    }
}
