// SPDX-License-Identifier: GPL-3.0-or-later
#include "CGtkShim.h"

gboolean ag_gtk_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

char *ag_gtk_object_get_string(gpointer object, const char *property) {
    char *value = NULL;
    g_object_get(object, property, &value, NULL);
    return value;
}

void ag_gtk_object_set_string(gpointer object, const char *property, const char *value) {
    g_object_set(object, property, value, NULL);
}

void ag_gtk_object_set_boolean(gpointer object, const char *property, gboolean value) {
    g_object_set(object, property, value, NULL);
}

void ag_gtk_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void ag_gtk_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

gboolean ag_gtk_value_holds_file_list(const GValue *value) {
    return G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST);
}

GtkWidget *ag_gtk_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

void ag_gtk_accessible_announce(GtkAccessible *focused, const char *message) {
#if GTK_CHECK_VERSION(4, 14, 0)
    gtk_accessible_announce(focused, message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#else
    gtk_accessible_update_property(focused, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message, -1);
    gtk_accessible_update_property(focused, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "", -1);
#endif
}

gboolean ag_gtk_has_announce(void) {
    return GTK_CHECK_VERSION(4, 14, 0);
}

void ag_gtk_accessible_set_labelled_by(GtkAccessible *accessible, GtkWidget *label) {
    gtk_accessible_update_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
}
