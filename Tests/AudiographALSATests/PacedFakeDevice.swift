import Foundation

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographALSA

/// A stand-in sound device whose clock the test turns: a ring buffer of `capacity` frames that a write
/// blocks on while full, like a real ALSA device, and a record of every frame "heard" and every call.
///
/// `advance(frames:)` plays queued frames; advancing past the queued ones runs the device dry (an underrun:
/// the next write or a blocked one fails with EPIPE, as ALSA's do). With `playsInstantly` it stops pacing
/// and hears every frame as it is written. `pulseLike` mimics ALSA's PulseAudio plugin: delay fails (EIO)
/// until the device starts, includes 200 frames of server latency, and never runs dry.
final class PacedFakeDevice: PCMDevice, @unchecked Sendable {
    let format: PCMFormat
    let periodFrames: Int
    /// Frames the ring buffer holds; also the start threshold, as with snd_pcm_set_params.
    let capacity: Int
    /// Behaves like ALSA's PulseAudio plugin (see above).
    let pulseLike: Bool

    private let condition = NSCondition()
    private var queue: [Int16] = []
    private var _heard: [Int16] = []
    private var _calls: [String] = []
    private var _writes = 0
    private var running = false
    private var ranDry = false
    private var _blockedInWrite = false
    private var _closed = false
    private var _playsInstantly = false
    private var injectedWriteErrors: [Int32] = []
    private var injectedRecoverErrors: [Int32] = []
    private var holdAfter: Int?

    init(format: PCMFormat = .standard, periodFrames: Int = 240, capacity: Int = 960, pulseLike: Bool = false) {
        self.format = format
        self.periodFrames = periodFrames
        self.capacity = capacity
        self.pulseLike = pulseLike
    }

    // MARK: What the test sees

    /// Samples played so far, interleaved, in order.
    var heard: [Int16] { locked { _heard } }
    /// Device calls so far, e.g. "write 240", "recover 32", "discard", "start", "close".
    var calls: [String] { locked { _calls } }
    /// Writes that put frames in the queue.
    var writes: Int { locked { _writes } }
    /// Frames written but not yet heard.
    var queuedFrames: Int { locked { queue.count / format.channels } }
    /// Whether a write is waiting for room.
    var blockedInWrite: Bool { locked { _blockedInWrite } }
    var isRunning: Bool { locked { running } }
    var isClosed: Bool { locked { _closed } }

    // MARK: What the test does

    /// Plays `frames` frames of the queue; past its end the device runs dry (an underrun).
    func advance(frames: Int) {
        locked {
            let playable = min(frames, queue.count / format.channels)
            _heard.append(contentsOf: queue.prefix(playable * format.channels))
            queue.removeFirst(playable * format.channels)
            if playable < frames && running && !pulseLike { running = false; ranDry = true }
            condition.broadcast()
        }
    }

    /// Stops pacing: from now on every written frame is heard at once and writes never block.
    func playInstantly() {
        locked {
            _playsInstantly = true
            _heard.append(contentsOf: queue)
            queue.removeAll()
            condition.broadcast()
        }
    }

    /// Writes after the first `count` wait (as if the device were full) until `holdWrites(after: nil)`.
    func holdWrites(after count: Int?) {
        locked {
            holdAfter = count; condition.broadcast()
        }
    }

    /// The next writes fail with these errno values, one each.
    func failWrites(_ codes: [Int32]) { locked { injectedWriteErrors += codes } }

    /// The next recoveries fail with these errno values, one each.
    func failRecoveries(_ codes: [Int32]) { locked { injectedRecoverErrors += codes } }

    // MARK: PCMDevice

    func write(_ samples: UnsafeBufferPointer<Int16>, frames: Int) throws(PCMError) -> Int {
        condition.lock()
        defer { condition.unlock() }
        precondition(!_closed, "write after close")
        if !injectedWriteErrors.isEmpty { throw PCMError(code: injectedWriteErrors.removeFirst()) }
        while (!_playsInstantly && !ranDry && queue.count / format.channels + frames > capacity)
            || (holdAfter.map { _writes >= $0 } ?? false)
        {
            _blockedInWrite = true
            condition.broadcast()
            condition.wait()
        }
        _blockedInWrite = false
        if ranDry { throw PCMError(code: EPIPE) }
        _calls.append("write \(frames)")
        _writes += 1
        let chunk = Array(samples.prefix(frames * format.channels))
        if _playsInstantly {
            _heard.append(contentsOf: chunk)
        } else {
            queue.append(contentsOf: chunk)
            if queue.count / format.channels >= capacity { running = true }
        }
        condition.broadcast()
        return frames
    }

    func recover(from error: PCMError) throws(PCMError) {
        try locked { () throws(PCMError) in
            _calls.append("recover \(error.code)")
            if !injectedRecoverErrors.isEmpty { throw PCMError(code: injectedRecoverErrors.removeFirst()) }
            guard error.isRecoverable else { throw error }
            queue.removeAll(); running = false; ranDry = false
        }
    }

    func delay() throws(PCMError) -> Int {
        try locked { () throws(PCMError) in
            if ranDry { throw PCMError(code: EPIPE) }
            if pulseLike && !running { throw PCMError(code: EIO) }
            return queue.count / format.channels + (pulseLike ? 200 : 0)
        }
    }

    func startIfWaiting() throws(PCMError) {
        locked {
            if !running && !ranDry && !queue.isEmpty { running = true; _calls.append("start") }
        }
    }

    func discard() throws(PCMError) {
        locked {
            _calls.append("discard")
            queue.removeAll(); running = false; ranDry = false
            condition.broadcast()
        }
    }

    func close() {
        locked {
            _calls.append("close")
            _closed = true
            queue.removeAll(); running = false
            condition.broadcast()
        }
    }

    private func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
