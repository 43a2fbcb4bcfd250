// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import Glibc

/// Whether this program has joined the accessibility registry, the list of applications a screen reader
/// sees, and a way to hear when it joins late.
///
/// GTK joins asynchronously when the first widget is made. A window manager can activate the first window
/// before that is done (seen under Openbox: the focus events went out 0.23 s before GTK joined); Orca then
/// drops the events as coming from an unknown application and says nothing when the window opens. GTK tells
/// nobody when it has joined, so this asks the registry itself, over D-Bus on the accessibility bus: which
/// applications it lists (org.a11y.atspi.Accessible.GetChildren on its root) and whose process each is.
/// Every step is asynchronous; the main loop never waits.
///
/// Ownership: the two GDBusConnections are kept for the life of the process (one reference each, taken
/// from the *_finish calls); each pending call's context is retained once and released by its callback.
@MainActor
final class AccessibilityRegistration {
    static let shared = AccessibilityRegistration()

    private enum State { case connecting, absent, present, unavailable }
    private var state = State.connecting
    private var bus: OpaquePointer?
    /// Called once when the program is found in the registry after a check that did not find it.
    private var lateJoiners: [@MainActor () -> Void] = []
    private var polling = false
    /// Checks since someone started waiting; the wait ends after `maximumChecks`. Found at the first check,
    /// the program was there all along and nobody is told.
    private var checks = 0
    /// The wait before the registry is asked again.
    private let nextCheck = MainLoopTimer()
    static let checkIntervalMilliseconds: UInt32 = 100
    static let maximumChecks = 100

    private init() {}

    /// Connects to the accessibility bus (call at start-up, so the connection is ready when a window opens).
    func start() {
        guard state == .connecting, bus == nil else { return }
        Async.call { callback, data in
            g_bus_get(G_BUS_TYPE_SESSION, nil, callback, data)
        } done: { [weak self] result in
            guard let self else { return }
            guard let session = g_bus_get_finish(result, nil) else { return self.giveUp() }
            Async.call { callback, data in
                g_dbus_connection_call(
                    session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, nil,
                    G_DBUS_CALL_FLAGS_NONE, 2_000, nil, callback, data)
            } done: { [weak self] result in
                defer { g_object_unref(gpointer(session)) }
                guard let self else { return }
                guard let reply = g_dbus_connection_call_finish(session, result, nil) else { return self.giveUp() }
                let address = Self.string(reply, 0)
                g_variant_unref(reply)
                guard let address else { return self.giveUp() }
                let flags = GDBusConnectionFlags(
                    rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                        | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
                Async.call { callback, data in
                    g_dbus_connection_new_for_address(address, flags, nil, nil, callback, data)
                } done: { [weak self] result in
                    guard let self else { return }
                    guard let bus = g_dbus_connection_new_for_address_finish(result, nil) else { return self.giveUp() }
                    self.bus = bus
                    self.state = .absent
                    if !self.lateJoiners.isEmpty { self.checks = 0; self.check() }
                }
            }
        }
    }

    /// Runs `body` once if this program is not in the registry now but joins it within 10 s; never when it
    /// is already there (the screen reader heard everything) or when there is no accessibility bus.
    func whenJoiningLate(_ body: @escaping @MainActor () -> Void) {
        switch state {
        case .present, .unavailable: return
        case .connecting: lateJoiners.append(body)
        case .absent:
            if lateJoiners.isEmpty { checks = 0 }
            lateJoiners.append(body)
            check()
        }
    }

    /// Asks the registry for its applications and looks for this process among them.
    private func check() {
        guard let bus, !polling else { return }
        polling = true
        checks += 1
        Async.call { callback, data in
            g_dbus_connection_call(
                bus, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root",
                "org.a11y.atspi.Accessible", "GetChildren", nil, nil, G_DBUS_CALL_FLAGS_NONE, 2_000,
                nil, callback, data)
        } done: { [weak self] result in
            guard let self else { return }
            guard let reply = g_dbus_connection_call_finish(bus, result, nil) else { self.polling = false; return self.giveUp() }
            var names: [String] = []
            if let children = g_variant_get_child_value(reply, 0) {
                for i in 0..<g_variant_n_children(children) {
                    if let child = g_variant_get_child_value(children, i) {
                        if let name = Self.string(child, 0) { names.append(name) }
                        g_variant_unref(child)
                    }
                }
                g_variant_unref(children)
            }
            g_variant_unref(reply)
            self.findSelf(among: names, bus: bus)
        }
    }

    /// Asks the bus which process each application is; present when one is this process.
    private func findSelf(among names: [String], bus: OpaquePointer) {
        var left = names.count, found = false
        let finish: @MainActor () -> Void = { [weak self] in
            guard let self else { return }
            self.polling = false
            if found && self.checks == 1 {
                // There all along: the screen reader heard the window open.
                self.state = .present
                self.lateJoiners = []
                return
            }
            if found { return self.joined() }
            guard self.checks < Self.maximumChecks else { return self.giveUp() }
            self.nextCheck.once(after: Self.checkIntervalMilliseconds) { [weak self] in self?.check() }
        }
        if names.isEmpty { return finish() }
        let me = UInt32(getpid())
        for name in names {
            Async.call { callback, data in
                let parameters = g_variant_new_tuple([g_variant_new_string(name)], 1)
                g_dbus_connection_call(
                    bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                    "GetConnectionUnixProcessID", parameters, nil, G_DBUS_CALL_FLAGS_NONE, 2_000,
                    nil, callback, data)
            } done: { result in
                if let reply = g_dbus_connection_call_finish(bus, result, nil) {
                    if let pid = g_variant_get_child_value(reply, 0) {
                        if g_variant_get_uint32(pid) == me { found = true }
                        g_variant_unref(pid)
                    }
                    g_variant_unref(reply)
                }
                left -= 1
                if left == 0 { finish() }
            }
        }
    }

    /// Found in the registry: late if someone was waiting, so they are told.
    private func joined() {
        state = .present
        let waiting = lateJoiners
        lateJoiners = []
        for body in waiting { body() }
    }

    private func giveUp() {
        state = .unavailable
        lateJoiners = []
    }

    /// The string at `index` of a tuple GVariant, or nil.
    private static func string(_ tuple: OpaquePointer, _ index: Int) -> String? {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return nil }
        defer { g_variant_unref(child) }
        guard let text = g_variant_get_string(child, nil) else { return nil }
        return String(cString: text)
    }
}
