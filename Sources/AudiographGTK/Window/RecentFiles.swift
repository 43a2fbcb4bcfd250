// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Foundation

/// Files this application opened, kept by GtkRecentManager (~/.local/share/recently-used.xbel, shared
/// with the file manager). The manager is GTK's default instance, owned by GTK; nothing here refs it.
@MainActor
enum RecentFiles {
    /// Records that `path` was opened.
    static func add(_ path: String) {
        guard let manager = gtk_recent_manager_get_default(),
            let uri = g_filename_to_uri(path, nil, nil)
        else { return }
        defer { g_free(uri) }
        gtk_recent_manager_add_item(manager, uri)
    }

    /// Local files this application opened that still exist, most recent first, at most `limit`.
    static func list(limit: Int = 8) -> [String] {
        guard let manager = gtk_recent_manager_get_default() else { return [] }
        let appName = g_get_application_name().map { String(cString: $0) } ?? "Audiograph"
        var found: [(path: String, modified: Int64)] = []
        // Transfer full: a list we free, holding one reference per item that we drop.
        var node = gtk_recent_manager_get_items(manager)
        let head = node
        while let current = node {
            let info = OpaquePointer(current.pointee.data)
            node = current.pointee.next
            guard let info else { continue }
            defer { gtk_recent_info_unref(info) }
            guard gtk_recent_info_has_application(info, appName) != 0, gtk_recent_info_is_local(info) != 0,
                let path = takeGString(g_filename_from_uri(gtk_recent_info_get_uri(info), nil, nil)),
                FileManager.default.fileExists(atPath: path)
            else { continue }
            let modified = gtk_recent_info_get_modified(info).map { g_date_time_to_unix($0) } ?? 0
            found.append((path, Int64(modified)))
        }
        g_list_free(head)
        return found.sorted { $0.modified > $1.modified }.prefix(limit).map(\.path)
    }
}
