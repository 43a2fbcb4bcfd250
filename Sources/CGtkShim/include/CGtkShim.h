#ifndef AUDIOGRAPH_CGTKSHIM_H
#define AUDIOGRAPH_CGTKSHIM_H

// Helpers for the GTK and GLib calls Swift cannot make itself: C variadic functions and function-like
// macros. Keep this file small; everything Swift can call directly is called from Swift
// (Sources/AudiographGTK). Each helper says why it exists.

#include <gtk/gtk.h>

/// Reads a boolean property of any GObject (e.g. GtkSettings "gtk-enable-animations").
///
/// Exists because g_object_get is variadic, and the non-variadic g_object_get_property needs a GValue
/// initialised with G_TYPE_BOOLEAN, a macro Swift does not import.
gboolean ag_gtk_object_get_boolean(gpointer object, const char *property);

/// Reads a string property of any GObject; returns a newly allocated copy (free with g_free) or NULL.
///
/// Exists for the same reason as ag_gtk_object_get_boolean (g_object_get is variadic, G_TYPE_STRING a macro).
char *ag_gtk_object_get_string(gpointer object, const char *property);

/// Sets the accessible label (what a screen reader says as the widget's name).
///
/// Exists because gtk_accessible_update_property is variadic.
void ag_gtk_accessible_set_label(GtkAccessible *accessible, const char *label);

/// Sets the accessible description (read after the name by screen readers).
///
/// Exists because gtk_accessible_update_property is variadic.
void ag_gtk_accessible_set_description(GtkAccessible *accessible, const char *description);

/// Whether a GValue holds a GdkFileList (a drop of one or more files).
///
/// Exists because G_VALUE_HOLDS is a macro.
gboolean ag_gtk_value_holds_file_list(const GValue *value);

#endif
