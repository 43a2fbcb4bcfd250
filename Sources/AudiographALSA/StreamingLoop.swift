// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// What only the streaming thread knows: the open device and what it holds.
private struct StreamSession {
    var device: (any PCMDevice)?
    /// The device holds frames, or has stopped after running dry, and needs `discard()` before new sound.
    var dirty = false
    /// The generation whose frames the device holds.
    var queuedGeneration = -1
    /// Frames written since the device was last opened or reset: the most it can still be holding.
    var framesSinceReset = 0
    /// When the play-out of the last frames is taken as finished even if the device keeps reporting a
    /// delay (ALSA's PulseAudio plugin never reports zero); nil until the play-out starts.
    var playOutDeadline: Date?
    /// Reused conversion space: one period of 16-bit samples.
    var scratch: [Int16] = []
}

extension PlaybackEngine {
    /// The streaming thread's body: writes the current sound a period at a time until shut down.
    ///
    /// Holds `condition` except around device calls, so commands never wait for the device. Sleeps on the
    /// condition while idle or paused, after stopping the device, so a paused player costs nothing.
    func runStreamingLoop() {
        var session = StreamSession()
        condition.lock()
        while !shutdownRequested {
            if let format = openRequest {
                serveOpen(format, &session)
                continue
            }
            guard let buffer, state != .idle, let device = session.device,
                PCMFormat(of: buffer) == device.format
            else {
                if session.dirty { discardQueued(&session) } else { condition.wait() }
                continue
            }
            if session.dirty && session.queuedGeneration != generation {
                discardQueued(&session)  // a play, seek or stop replaced what the device holds
                continue
            }
            if state == .paused {
                if session.dirty { discardQueued(&session) } else { condition.wait() }
                continue
            }
            if nextFrame < buffer.frameCount {
                writeNextPeriod(of: buffer, to: device, &session)
            } else {
                waitForPlayOut(of: buffer, on: device, &session)
            }
        }
        let device = session.device
        condition.unlock()
        device?.close()
        condition.lock()
        threadFinished = true
        deviceFormat = nil
        if openRequest != nil {
            openRequest = nil
            if openAwaited { openReply = .failure(DeviceFailure.cannotOpen(device: deviceName, code: ENODEV)) }
            openAwaited = false
        }
        condition.broadcast()
        condition.unlock()
    }

    /// Closes the device and opens it again in `format`, then answers the waiting caller.
    private func serveOpen(_ format: PCMFormat, _ session: inout StreamSession) {
        let old = session.device
        session.device = nil
        session.dirty = false
        deviceFormat = nil
        condition.unlock()
        old?.close()
        let result = Result { () throws(AudioOutputError) -> any PCMDevice in try openDevice(format) }
        condition.lock()
        switch result {
        case .success(let device):
            session.device = device
            session.framesSinceReset = 0
            deviceFormat = device.format
            if openAwaited { openReply = .success(()) }
        case .failure(let error):
            if buffer != nil {
                // A play asked for this open and does not wait: its sound ends, and `lastFailure` says why.
                generation += 1
                forget()
                failure = error
            }
            if openAwaited { openReply = .failure(error) }
        }
        openRequest = nil
        openAwaited = false
        condition.broadcast()
    }

    /// Converts and writes up to one period from `nextFrame`, recovering from underruns and suspends.
    private func writeNextPeriod(of buffer: AudioBuffer, to device: any PCMDevice, _ session: inout StreamSession) {
        let start = nextFrame, writeGeneration = generation, channels = buffer.channels
        let frames = min(device.periodFrames, buffer.frameCount - start)
        condition.unlock()
        if session.scratch.count < frames * channels {
            session.scratch = [Int16](repeating: 0, count: device.periodFrames * channels)
        }
        let first = start * channels
        for i in 0..<frames * channels {
            session.scratch[i] = PCMConversion.int16(buffer.samples[first + i]).littleEndian
        }
        let outcome = session.scratch.withUnsafeBufferPointer { samples in
            Result { () throws(PCMError) -> Int in try Self.write(samples, frames: frames, to: device) }
        }
        var unheard: Int?
        if case .success(let written) = outcome {
            session.framesSinceReset += written
            unheard = Self.unheardFrames(on: device, session)
        }
        condition.lock()
        switch outcome {
        case .success(let written):
            session.dirty = true
            if session.queuedGeneration != writeGeneration { Trace.mark("first-write") }
            session.queuedGeneration = writeGeneration
            session.playOutDeadline = nil
            guard generation == writeGeneration else { return }
            nextFrame = start + written
            if let unheard { heardFrame = min(nextFrame, max(heardFrame, nextFrame - unheard)) }
            if written == 0 { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.001)) }
        case .failure(let error):
            fail(error, &session)
        }
    }

    /// Writes `frames` frames, retrying after a recovered underrun, suspend or interruption.
    private static func write(
        _ samples: UnsafeBufferPointer<Int16>, frames: Int,
        to device: any PCMDevice
    ) throws(PCMError) -> Int {
        var recoveries = 0
        while true {
            do throws(PCMError) {
                return try device.write(samples, frames: frames)
            } catch  where error.isRecoverable && recoveries < 3 {
                Trace.mark("pcm-recover \(error.code)")  // a gap in the sound: tests read it to tell a busy machine
                try device.recover(from: error)
                recoveries += 1
            }
        }
    }

    /// Frames the device holds but has not played yet: 0 once it ran dry, nil when it cannot say
    /// (ALSA's PulseAudio plugin answers EIO before it starts). Never more than were written since a reset.
    private static func unheardFrames(on device: any PCMDevice, _ session: StreamSession) -> Int? {
        do throws(PCMError) {
            return min(try device.delay(), session.framesSinceReset)
        } catch {
            return error.isUnderrun ? 0 : nil
        }
    }

    /// With every frame written, lets the device play them out (no padding), then goes idle.
    ///
    /// Done when the device reports nothing left (a sound card's delay reaches zero or it runs dry), or
    /// at a deadline: the delay reported when the play-out began plus `playOutGrace`, for devices such as
    /// ALSA's PulseAudio plugin whose delay never reaches zero.
    private func waitForPlayOut(of buffer: AudioBuffer, on device: any PCMDevice, _ session: inout StreamSession) {
        let waitGeneration = generation
        condition.unlock()
        var startFailure: PCMError?
        do throws(PCMError) { try device.startIfWaiting() } catch { startFailure = error }
        let unheard = Self.unheardFrames(on: device, session)
        let now = Date()
        let deadline =
            session.playOutDeadline
            ?? now.addingTimeInterval(
                Double(unheard ?? session.framesSinceReset) / Double(buffer.sampleRate) + playOutGrace)
        session.playOutDeadline = deadline
        condition.lock()
        guard generation == waitGeneration, state == .playing else { return }
        if let startFailure, !startFailure.isUnderrun {
            fail(startFailure, &session)
        } else if unheard == 0 || now >= deadline {
            Trace.mark("played-out")  // the whole sound has been heard: tests wait on it before listening for quiet
            forget()  // the device is stopped (discarded) on the next turn of the loop
            condition.broadcast()
        } else {
            if let unheard { heardFrame = min(nextFrame, max(heardFrame, nextFrame - unheard)) }
            let period = Double(device.periodFrames) / Double(buffer.sampleRate)
            _ = condition.wait(until: min(deadline, now.addingTimeInterval(period)))
        }
    }

    /// Throws away what the device holds; if it held the current sound, moves back to the first frame not
    /// yet heard, so pausing loses nothing.
    private func discardQueued(_ session: inout StreamSession) {
        guard let device = session.device else { session.dirty = false; return }
        let discardGeneration = generation, writtenEnd = nextFrame
        let holdsCurrent = session.queuedGeneration == discardGeneration
        condition.unlock()
        // A device that cannot say how much it holds has played none of it (it has not started).
        let unheard = holdsCurrent ? (Self.unheardFrames(on: device, session) ?? session.framesSinceReset) : 0
        let result = Result { () throws(PCMError) in try device.discard() }
        session.framesSinceReset = 0
        session.playOutDeadline = nil
        condition.lock()
        session.dirty = false
        session.queuedGeneration = -1
        if holdsCurrent && generation == discardGeneration && buffer != nil {
            nextFrame = max(0, writtenEnd - unheard)
            heardFrame = nextFrame
        }
        if case .failure(let error) = result { fail(error, &session) }
    }

    /// Ends the current sound after an error the device could not recover from, closing the device first
    /// so the next play opens it afresh.
    private func fail(_ error: PCMError, _ session: inout StreamSession) {
        let failedGeneration = generation
        let device = session.device
        session.device = nil
        session.dirty = false
        session.framesSinceReset = 0
        session.playOutDeadline = nil
        deviceFormat = nil
        condition.unlock()
        device?.close()
        condition.lock()
        failure = DeviceFailure.playbackFailed(device: deviceName, code: error.code)
        if generation == failedGeneration {
            generation += 1
            forget()
        }
        condition.broadcast()
    }
}
