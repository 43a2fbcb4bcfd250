// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Slow-downs a test sets to catch the viewer in the middle of its work, as on a very large file.
///
/// `AUDIOGRAPH_DELAY_ANALYSIS_MS=N` makes each chart's analysis start N milliseconds late, so a test can
/// press S or D before it is ready and hear "Still analysing…" and then the answer;
/// `AUDIOGRAPH_DELAY_EXPORT_MS=N` does the same for Ctrl+E's export, so a test can reach Cancel Export.
/// Unset (always, for people), there is no delay; a release build has none at all (the GUI suites run the debug
/// build).
public enum DiagnosticDelay {
    #if DEBUG
        /// Milliseconds each analysis waits before it starts; 0 unless the environment asks.
        public static let analysisMilliseconds = milliseconds("AUDIOGRAPH_DELAY_ANALYSIS_MS")

        /// Milliseconds each export waits before it starts; 0 unless the environment asks.
        public static let exportMilliseconds = milliseconds("AUDIOGRAPH_DELAY_EXPORT_MS")
    #else
        /// A release build (what is installed and packaged) never reads the environment for these: always 0.
        public static let analysisMilliseconds = 0
        public static let exportMilliseconds = 0
    #endif

    private static func milliseconds(_ variable: String) -> Int {
        Int(ProcessInfo.processInfo.environment[variable] ?? "") ?? 0
    }

    /// Waits `milliseconds`, or less once `cancellation` is set (checked every 10 ms).
    public static func wait(milliseconds: Int, cancellation: CancellationFlag) {
        let end = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < end && !cancellation.isCancelled { usleep(10_000) }
    }
}
