// SPDX-License-Identifier: GPL-3.0-or-later
// GTK 4's whole public API (with GLib, GIO, GDK, cairo and Pango), imported into Swift as the CGtk module.
#include <gtk/gtk.h>
#include <pango/pangocairo.h>
// g_unix_signal_add (the object census answers SIGUSR1: GLibSupport/ObjectCensus.swift).
#include <glib-unix.h>
