// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk

// GObject's C casts (GTK_WINDOW(), G_OBJECT(), ...) are macros Swift does not import. Every GObject
// instance starts with its parent's struct, so a pointer to a widget is also a pointer to its GObject,
// GtkWidget and so on; these helpers retype pointers the way those macros do, without a runtime check.

/// Retypes a GObject pointer, as the C cast macros do (GTK_WINDOW(w), G_OBJECT(w), ...).
@inline(__always)
func gcast<T, U>(_ pointer: UnsafeMutablePointer<U>, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(OpaquePointer(pointer))
}

/// Retypes an opaque GObject pointer (final and interface types import as OpaquePointer).
@inline(__always)
func gcast<T>(_ pointer: OpaquePointer, to: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutablePointer<T>(pointer)
}

/// A GObject pointer as an opaque pointer, for functions taking interface or final types.
@inline(__always)
func opaque<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer { OpaquePointer(pointer) }

/// A GObject pointer as gpointer (void *), for g_object_* and g_signal_* calls.
@inline(__always)
func gpointerOf<U>(_ pointer: UnsafeMutablePointer<U>) -> gpointer { gpointer(pointer) }

/// A GObject pointer as gpointer (void *), for opaque pointers.
@inline(__always)
func gpointerOf(_ pointer: OpaquePointer) -> gpointer { gpointer(pointer) }

/// Takes a C string GLib allocated (transfer full), returns it as a Swift string and frees it.
func takeGString(_ cString: UnsafeMutablePointer<CChar>?) -> String? {
    guard let cString else { return nil }
    defer { g_free(cString) }
    return String(cString: cString)
}

/// Retypes a GObject pointer for functions taking a final or interface type, which import as OpaquePointer.
@inline(__always)
func gcast<U>(_ pointer: UnsafeMutablePointer<U>) -> OpaquePointer { OpaquePointer(pointer) }

/// Passes an opaque GObject pointer on unchanged (so `gcast` reads the same at every call).
@inline(__always)
func gcast(_ pointer: OpaquePointer) -> OpaquePointer { pointer }
