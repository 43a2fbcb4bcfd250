// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import Foundation

/// With tracing on (AUDIOGRAPH_TRACE=1), counts the live objects the viewer makes and must free, so a test
/// can check that opening and closing windows gives everything back.
///
/// Counted: each GObject passed to `track` (toplevel windows, file dialogs and their filters) under
/// "ROLE/GTYPE" until GObject finalizes it; each Swift owner object (`DocumentWindow`, the dialog classes)
/// under "swift/TYPE" from `created` to `freed` in its deinit; and GTK's toplevel list as "gtk/toplevels".
/// On SIGUSR1 the census is written as one trace line, every key seen so far (zeros too), sorted:
/// "audiograph-trace: census:gtk/toplevels=1,ChartDetails/GtkWindow=0,swift/ChartDetails=0,… NANOSECONDS".
/// Off, nothing is counted and no signal handler is installed (SIGUSR1 then ends the process as usual).
///
/// Why its own count: Debian's GLib is built without instance counting (GOBJECT_DEBUG=instance-count and
/// g_type_get_instance_count always give 0 there). Finalization is seen through object data whose destroy
/// notify GObject calls from g_object_finalize, on whichever thread drops the last reference.
enum ObjectCensus {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: [String: Int] = [:]
    /// The object-data key that carries an object's census key until it is finalized.
    private static let dataKey = "audiograph-census"

    /// Counts `object` (a GObject) as live under "ROLE/GTYPE" until it is finalized.
    static func track(_ object: gpointer, as role: String) {
        guard Trace.isEnabled else { return }
        let typeName =
            g_type_name_from_instance(object.assumingMemoryBound(to: GTypeInstance.self))
            .map { String(cString: $0) } ?? "?"
        let key = role + "/" + typeName
        change(key, by: 1)
        g_object_set_data_full(
            object.assumingMemoryBound(to: GObject.self), dataKey,
            Unmanaged.passRetained(key as NSString).toOpaque(), finalized)
    }

    /// Counts a Swift owner object as live under "swift/TYPE"; its deinit calls `freed`.
    static func created(_ object: AnyObject) {
        guard Trace.isEnabled else { return }
        change("swift/" + String(describing: type(of: object)), by: 1)
    }

    /// Counts one Swift object of `type` as gone; call from its deinit.
    static func freed(_ type: AnyObject.Type) {
        guard Trace.isEnabled else { return }
        change("swift/" + String(describing: type), by: -1)
    }

    /// Installs the SIGUSR1 handler when tracing is on; call once, on the main loop.
    @MainActor
    static func startIfTracing() {
        guard Trace.isEnabled else { return }
        g_unix_signal_add(
            SIGUSR1,
            { _ in
                MainActor.assumeIsolated { ObjectCensus.write() }
                return 1  // G_SOURCE_CONTINUE
            }, nil)
    }

    /// Writes the census as one trace line (see the type's comment).
    @MainActor
    static func write() {
        let toplevels = g_list_model_get_n_items(gtk_window_get_toplevels())
        lock.lock()
        var counts = live
        lock.unlock()
        counts["gtk/toplevels"] = Int(toplevels)
        Trace.mark("census:" + counts.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ","))
    }

    private static func change(_ key: String, by delta: Int) {
        lock.lock()
        live[key, default: 0] += delta
        lock.unlock()
    }

    /// The GDestroyNotify of a tracked object's census data: GObject calls it once, when finalizing it.
    private static let finalized: GDestroyNotify = { data in
        guard let data else { return }
        let key = Unmanaged<NSString>.fromOpaque(data).takeRetainedValue() as String
        change(key, by: -1)
    }
}
