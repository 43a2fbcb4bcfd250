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

void ag_gtk_accessible_set_label(GtkAccessible *accessible, const char *label) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void ag_gtk_accessible_set_description(GtkAccessible *accessible, const char *description) {
    gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

gboolean ag_gtk_value_holds_file_list(const GValue *value) {
    return G_VALUE_HOLDS(value, GDK_TYPE_FILE_LIST);
}
