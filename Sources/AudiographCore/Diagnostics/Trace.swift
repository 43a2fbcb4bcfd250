// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Timestamps for benchmarks: with `AUDIOGRAPH_TRACE=1` in the environment, `mark` writes one line
/// "audiograph-trace: EVENT NANOSECONDS" to standard error, the time on CLOCK_MONOTONIC (the clock Python's
/// time.monotonic() reads, so a benchmark can compare its own times with the app's). Off, it costs one
/// branch. bench/gui-timing.py reads these lines: key presses, the first sound frames written to ALSA, the
/// first chart drawn, and each redraw.
public enum Trace {
    /// Whether tracing is on for this process.
    public static let isEnabled = ProcessInfo.processInfo.environment["AUDIOGRAPH_TRACE"] == "1"

    /// Writes `event` with the current monotonic time, in nanoseconds, when tracing is on.
    @inline(__always)
    public static func mark(_ event: @autoclosure () -> String) {
        guard isEnabled else { return }
        write(event(), at: now())
    }

    /// CLOCK_MONOTONIC in nanoseconds.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Writes an event stamped earlier (a redraw's start, known once it has ended).
    public static func write(_ event: String, at nanoseconds: UInt64) {
        guard isEnabled else { return }
        FileHandle.standardError.write(Data("audiograph-trace: \(event) \(nanoseconds)\n".utf8))
    }
}
