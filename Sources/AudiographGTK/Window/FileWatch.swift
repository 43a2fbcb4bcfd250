// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

/// Watches a followed file for changes with a GFileMonitor (inotify on Linux) and calls `changed` on the main
/// loop for each event (written, moved, deleted). What a change means is decided by `DocumentSession`, which
/// also looks now and then for file systems that send no events (NFS, some FUSE mounts).
///
/// Ownership: the monitor is a GObject this object owns (one reference, dropped by `stop()`); the window calls
/// `stop()` before it lets go of this object.
@MainActor
final class FileWatch {
    private var monitor: UnsafeMutablePointer<GFileMonitor>?

    /// Starts watching `path`; without a monitor (none for this file system) nothing is called.
    init(path: String, changed: @escaping @MainActor () -> Void) {
        guard let file = g_file_new_for_path(path) else { return }
        defer { g_object_unref(gpointerOf(file)) }
        var error: UnsafeMutablePointer<GError>?
        if let made = g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) {
            monitor = made
            Signal.connectFileChanged(gpointerOf(made)) { _ in changed() }
        } else {
            g_error_free(error)  // no monitor here: the session's timer alone follows the file
        }
    }

    /// Stops watching; nothing is called after this.
    func stop() {
        if let monitor {
            g_file_monitor_cancel(monitor)
            g_object_unref(gpointerOf(monitor))
        }
        monitor = nil
    }
}
