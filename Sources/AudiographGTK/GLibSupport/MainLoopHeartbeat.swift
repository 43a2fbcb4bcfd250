// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Glibc

/// With tracing on (AUDIOGRAPH_TRACE=1), measures how long the main loop goes without turning.
///
/// A 5 ms timer notes the time between its turns; a gap over 10 ms is written as the trace event
/// "loop-gap:MICROSECONDS", stamped when the loop turned again, followed by "loop-gap-cpu:MICROSECONDS", the main
/// thread's CPU time in that gap (far less than the gap: the thread waited for a core, not worked), and
/// "heartbeat" once a second.
/// bench/stalls.py reads them to find the longest stall of each scenario. Off, nothing is started.
@MainActor
enum MainLoopHeartbeat {
    /// Milliseconds between the timer's turns.
    static let periodMilliseconds: UInt32 = 5
    /// Gaps at least this long (nanoseconds) are written: twice the period, so timer jitter stays quiet.
    static let reportedGapNanoseconds: UInt64 = 10_000_000

    private static var lastTurn: UInt64 = 0
    private static var lastHeartbeat: UInt64 = 0
    private static var lastCPU: UInt64 = 0

    /// Starts the timer when tracing is on; call once, on the main loop.
    static func startIfTracing() {
        guard Trace.isEnabled else { return }
        lastTurn = Trace.now()
        lastHeartbeat = lastTurn
        lastCPU = threadCPUTime()
        MainLoop.every(milliseconds: periodMilliseconds) {
            let now = Trace.now()
            let cpu = threadCPUTime()
            let gap = now - lastTurn, worked = cpu - lastCPU
            lastTurn = now
            lastCPU = cpu
            if gap >= reportedGapNanoseconds {
                Trace.write("loop-gap:\(gap / 1_000)", at: now)
                Trace.write("loop-gap-cpu:\(worked / 1_000)", at: now)
            }
            if now - lastHeartbeat >= 1_000_000_000 {
                lastHeartbeat = now
                Trace.write("heartbeat", at: now)
            }
            return true
        }
    }

    /// The calling thread's CPU time, in nanoseconds.
    private static func threadCPUTime() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
