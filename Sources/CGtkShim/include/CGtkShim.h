// SPDX-License-Identifier: GPL-3.0-or-later
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

/// Reads an integer property of any GObject (e.g. GtkSettings "gtk-xft-dpi", the text size the desktop asks for).
///
/// Exists for the same reason as ag_gtk_object_get_boolean (g_object_get is variadic, G_TYPE_INT a macro).
gint ag_gtk_object_get_int(gpointer object, const char *property);

/// Reads a string property of any GObject; returns a newly allocated copy (free with g_free) or NULL.
///
/// Exists for the same reason as ag_gtk_object_get_boolean (g_object_get is variadic, G_TYPE_STRING a macro).
char *ag_gtk_object_get_string(gpointer object, const char *property);

/// Sets a string property of any GObject (e.g. GtkSettings "gtk-theme-name"); the object copies `value`.
///
/// Exists for the same reason as ag_gtk_object_get_string (g_object_set is variadic, G_TYPE_STRING a macro).
void ag_gtk_object_set_string(gpointer object, const char *property, const char *value);

/// Sets a boolean property of any GObject (e.g. GtkSettings "gtk-application-prefer-dark-theme").
///
/// Exists for the same reason as ag_gtk_object_get_boolean (g_object_set is variadic, G_TYPE_BOOLEAN a macro).
void ag_gtk_object_set_boolean(gpointer object, const char *property, gboolean value);

/// Sets the accessible label (what a screen reader says as the widget's name).
///
/// Exists because gtk_accessible_update_property is variadic.
void ag_gtk_accessible_set_label(GtkAccessible *accessible, const char *label);

/// Sets the accessible description (read after the name by screen readers).
///
/// Exists because gtk_accessible_update_property is variadic.
void ag_gtk_accessible_set_description(GtkAccessible *accessible, const char *description);

/// Ties `accessible` to the widget that names it (labelled-by), so screen readers read them together.
///
/// Exists because gtk_accessible_update_relation is variadic (a NULL-terminated list of widgets).
void ag_gtk_accessible_set_labelled_by(GtkAccessible *accessible, GtkWidget *label);

/// Whether a GValue holds a GdkFileList (a drop of one or more files).
///
/// Exists because G_VALUE_HOLDS is a macro.
gboolean ag_gtk_value_holds_file_list(const GValue *value);

/// Creates a widget of `type` with the accessible role `role` (transfer floating, like gtk_*_new).
///
/// Exists because a widget's accessible role can only be given at construction, through g_object_new,
/// which is variadic. Used for the chart's group, series lists and data-point elements.
GtkWidget *ag_gtk_widget_new_with_role(GType type, GtkAccessibleRole role);

/// Makes screen readers speak `message` without moving the keyboard focus.
///
/// Built against GTK >= 4.14 this is gtk_accessible_announce. GTK 4.8 has no announce call, so the message
/// is set as the accessible description of `focused` (which must hold the keyboard focus) and cleared in
/// the same call: Orca speaks a description change on the focused object, and the clear means a repeat is
/// a change again and the text is never read on a later focus. Exists in C for the version check, and
/// because gtk_accessible_update_property is variadic.
void ag_gtk_accessible_announce(GtkAccessible *focused, const char *message);

/// Whether the GTK this was built against has gtk_accessible_announce (4.14 or later).
///
/// Exists because GTK_CHECK_VERSION is a macro.
gboolean ag_gtk_has_announce(void);

/// A list model of `count` rows for the Data Table's GtkColumnView: each item is an AgRow holding only its
/// position, made when GTK asks for it (only the visible rows' items exist at a time).
///
/// Exists because Swift cannot define a GObject type that implements an interface (GListModel), and a
/// GListStore or GtkStringList of ten million objects would cost gigabytes. Transfer full.
GListModel *ag_row_model_new(guint count);

/// Gives `model` (an ag_row_model_new one) `count` rows, every shown row changed (after a sort).
void ag_row_model_reset(GListModel *model, guint count);

/// Tells `model`'s views that the row at `position` changed, so its cells are bound again (the cell cursor
/// moved onto or off it).
void ag_row_model_row_changed(GListModel *model, guint position);

/// The position of an item of an ag_row_model_new model; 0 for any other object.
guint ag_row_get_position(gpointer row);

#endif
