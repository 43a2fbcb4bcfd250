// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// Connecting Swift closures to GObject signals.
//
// Ownership: each connection boxes its closure in a `SignalBox`, retained once (Unmanaged.passRetained)
// as the signal's user_data. GObject calls `releaseBox` (a GClosureNotify) exactly once, when the handler
// is disconnected or the instance is finalized; that balances the retain. Nothing else owns the box.
//
// Trampolines: one @convention(c) function per C signal signature, with exactly the signal's arity
// (user_data is always last). A trampoline with the wrong arity reads garbage as user_data and crashes.
// Signals are emitted on the main thread (GTK runs only there), so trampolines enter the main actor
// with MainActor.assumeIsolated.

/// A closure kept alive while its signal connection exists.
final class SignalBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

/// The GClosureNotify that releases a connection's box when GObject drops the handler.
private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private func connect(_ instance: gpointer, _ signal: String, _ trampoline: GCallback, _ box: AnyObject) -> UInt {
    let data = Unmanaged.passRetained(box).toOpaque()
    return g_signal_connect_data(instance, signal, trampoline, data, releaseBox, GConnectFlags(0))
}

private func unbox<Body>(_ data: gpointer?, _: Body.Type) -> Body {
    Unmanaged<SignalBox<Body>>.fromOpaque(data!).takeUnretainedValue().body
}

/// Handlers by C signature. Each `connect` returns the handler id (for g_signal_handler_disconnect).
@MainActor
enum Signal {
    /// `void (*)(GObject *self, gpointer user_data)`: clicked, activate, startup, destroy, shutdown.
    typealias Plain = @MainActor () -> Void
    private static let plainTrampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
        let body = unbox(data, Plain.self)
        MainActor.assumeIsolated { body() }
    }

    @discardableResult
    static func connect(_ instance: gpointer, _ signal: String, _ body: @escaping Plain) -> UInt {
        AudiographGTK.connect(instance, signal, unsafeBitCast(plainTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `void (*)(GObject *self, gpointer argument, gpointer user_data)`: GAction activate/change-state
    /// (GVariant *), notify (GParamSpec *), GSettings changed (const char *key).
    typealias WithPointer = @MainActor (gpointer?) -> Void
    private static let pointerTrampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
        let body = unbox(data, WithPointer.self)
        nonisolated(unsafe) let argument = argument
        MainActor.assumeIsolated { body(argument) }
    }

    @discardableResult
    static func connectWithPointer(_ instance: gpointer, _ signal: String, _ body: @escaping WithPointer) -> UInt {
        AudiographGTK.connect(instance, signal, unsafeBitCast(pointerTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `void (*)(GObject *self, int argument, gpointer user_data)`: GtkNativeDialog response.
    typealias WithInt = @MainActor (Int32) -> Void
    private static let intTrampoline: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, argument, data in
        let body = unbox(data, WithInt.self)
        MainActor.assumeIsolated { body(argument) }
    }

    @discardableResult
    static func connectWithInt(_ instance: gpointer, _ signal: String, _ body: @escaping WithInt) -> UInt {
        AudiographGTK.connect(instance, signal, unsafeBitCast(intTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `void (*)(GFileMonitor *self, GFile *file, GFile *other_file, GFileMonitorEvent event, gpointer
    /// user_data)`: GFileMonitor changed; the body gets the event.
    typealias FileChanged = @MainActor (GFileMonitorEvent) -> Void
    private static let fileChangedTrampoline:
        @convention(c) (gpointer?, gpointer?, gpointer?, GFileMonitorEvent, gpointer?) -> Void = {
            _, _, _, event, data in
            let body = unbox(data, FileChanged.self)
            MainActor.assumeIsolated { body(event) }
        }

    @discardableResult
    static func connectFileChanged(_ monitor: gpointer, _ body: @escaping FileChanged) -> UInt {
        AudiographGTK.connect(monitor, "changed", unsafeBitCast(fileChangedTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `gboolean (*)(GObject *self, gpointer user_data)`: GtkWindow close-request.
    typealias ReturningBool = @MainActor () -> Bool
    private static let boolTrampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        let body = unbox(data, ReturningBool.self)
        return MainActor.assumeIsolated { body() } ? 1 : 0
    }

    @discardableResult
    static func connectReturningBool(_ instance: gpointer, _ signal: String, _ body: @escaping ReturningBool) -> UInt {
        AudiographGTK.connect(instance, signal, unsafeBitCast(boolTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `gboolean (*)(GtkEventControllerKey *self, guint keyval, guint keycode, GdkModifierType state,
    /// gpointer user_data)`: GtkEventControllerKey key-pressed. The body gets the keyval and modifiers.
    typealias KeyPressed = @MainActor (UInt32, GdkModifierType) -> Bool
    private static let keyTrampoline: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
        _, keyval, _, state, data in
        let body = unbox(data, KeyPressed.self)
        return MainActor.assumeIsolated { body(keyval, state) } ? 1 : 0
    }

    @discardableResult
    static func connectKeyPressed(_ controller: gpointer, _ body: @escaping KeyPressed) -> UInt {
        AudiographGTK.connect(controller, "key-pressed", unsafeBitCast(keyTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `gboolean (*)(GtkWidget *self, gboolean group_cycling, gpointer user_data)`: GtkWidget mnemonic-activate.
    typealias MnemonicActivate = @MainActor (Bool) -> Bool
    private static let mnemonicTrampoline: @convention(c) (gpointer?, gboolean, gpointer?) -> gboolean = { _, cycling, data in
        let body = unbox(data, MnemonicActivate.self)
        return MainActor.assumeIsolated { body(cycling != 0) } ? 1 : 0
    }

    @discardableResult
    static func connectMnemonicActivate(_ instance: gpointer, _ body: @escaping MnemonicActivate) -> UInt {
        AudiographGTK.connect(
            instance, "mnemonic-activate", unsafeBitCast(mnemonicTrampoline, to: GCallback.self),
            SignalBox(body))
    }

    /// `void (*)(GApplication *self, GFile **files, int n_files, const char *hint, gpointer user_data)`:
    /// GApplication open. The files are borrowed for the call.
    typealias Open = @MainActor ([String]) -> Void
    private static let openTrampoline:
        @convention(c) (
            gpointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32,
            UnsafePointer<CChar>?, gpointer?
        ) -> Void = { _, files, count, _, data in
            let body = unbox(data, Open.self)
            var paths: [String] = []
            for index in 0..<Int(max(count, 0)) {
                guard let file = files?[index] else { continue }
                paths.append(filePath(file))
            }
            MainActor.assumeIsolated { body(paths) }
        }

    @discardableResult
    static func connectOpen(_ instance: gpointer, _ body: @escaping Open) -> UInt {
        AudiographGTK.connect(instance, "open", unsafeBitCast(openTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `gboolean (*)(GtkDropTarget *self, const GValue *value, double x, double y, gpointer user_data)`:
    /// GtkDropTarget drop. The value is borrowed for the call.
    typealias Drop = @MainActor (UnsafePointer<GValue>) -> Bool
    private static let dropTrampoline:
        @convention(c) (
            gpointer?, UnsafePointer<GValue>?, Double, Double,
            gpointer?
        ) -> gboolean = { _, value, _, _, data in
            let body = unbox(data, Drop.self)
            guard let value else { return 0 }
            nonisolated(unsafe) let borrowed = value
            return MainActor.assumeIsolated { body(borrowed) } ? 1 : 0
        }

    @discardableResult
    static func connectDrop(_ instance: gpointer, _ body: @escaping Drop) -> UInt {
        AudiographGTK.connect(instance, "drop", unsafeBitCast(dropTrampoline, to: GCallback.self), SignalBox(body))
    }

    /// `gint (*)(GApplication *self, GVariantDict *options, gpointer user_data)`: handle-local-options.
    typealias LocalOptions = @MainActor (UnsafeMutablePointer<GVariantDict>) -> Int32
    private static let optionsTrampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GVariantDict>?, gpointer?) -> Int32 = {
        _, options, data in
        let body = unbox(data, LocalOptions.self)
        guard let options else { return -1 }
        nonisolated(unsafe) let borrowed = options
        return MainActor.assumeIsolated { body(borrowed) }
    }

    @discardableResult
    static func connectLocalOptions(_ instance: gpointer, _ body: @escaping LocalOptions) -> UInt {
        AudiographGTK.connect(
            instance, "handle-local-options", unsafeBitCast(optionsTrampoline, to: GCallback.self),
            SignalBox(body))
    }
}

/// A GFile's local path, or its URI when it has none (a remote location); the file stays borrowed.
func filePath(_ file: OpaquePointer) -> String {
    if let path = takeGString(g_file_get_path(file)) { return path }
    return takeGString(g_file_get_uri(file)) ?? ""
}
