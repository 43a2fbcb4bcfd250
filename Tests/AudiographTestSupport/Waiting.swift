// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Waiting on a condition instead of sleeping a fixed time: polls until it holds, at most a timeout.
public enum Waiting {
    /// Polls `condition` every `interval` seconds until it holds; true once it does, false after `timeout`
    /// seconds. `condition` may do work between polls (run a GLib main context's pending events).
    public static func until(timeout: TimeInterval, interval: TimeInterval = 0.001, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            usleep(useconds_t(interval * 1_000_000))
        }
        return true
    }
}
