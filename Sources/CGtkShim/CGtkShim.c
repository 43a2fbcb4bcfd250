// SPDX-License-Identifier: GPL-3.0-or-later
#include "CGtkShim.h"

gboolean ag_gtk_object_get_boolean(gpointer object, const char *property) {
    gboolean value = FALSE;
    g_object_get(object, property, &value, NULL);
    return value;
}

gint ag_gtk_object_get_int(gpointer object, const char *property) {
    gint value = 0;
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

// The Data Table's rows (see the header): AgRow holds a position; AgRowModel lists `count` of them.
#define AG_TYPE_ROW (ag_row_get_type())
G_DECLARE_FINAL_TYPE(AgRow, ag_row, AG, ROW, GObject)
struct _AgRow {
    GObject parent_instance;
    guint position;
};
G_DEFINE_TYPE(AgRow, ag_row, G_TYPE_OBJECT)
static void ag_row_class_init(AgRowClass *class) { (void)class; }
static void ag_row_init(AgRow *row) { row->position = 0; }

guint ag_row_get_position(gpointer row) {
    return AG_IS_ROW(row) ? AG_ROW(row)->position : 0;
}

#define AG_TYPE_ROW_MODEL (ag_row_model_get_type())
G_DECLARE_FINAL_TYPE(AgRowModel, ag_row_model, AG, ROW_MODEL, GObject)
struct _AgRowModel {
    GObject parent_instance;
    guint count;
};

static GType ag_row_model_item_type(GListModel *model) {
    (void)model;
    return AG_TYPE_ROW;
}

static guint ag_row_model_n_items(GListModel *model) {
    return AG_ROW_MODEL(model)->count;
}

static gpointer ag_row_model_item(GListModel *model, guint position) {
    if (position >= AG_ROW_MODEL(model)->count) return NULL;
    AgRow *row = g_object_new(AG_TYPE_ROW, NULL);
    row->position = position;
    return row;
}

static void ag_row_model_list_init(GListModelInterface *iface) {
    iface->get_item_type = ag_row_model_item_type;
    iface->get_n_items = ag_row_model_n_items;
    iface->get_item = ag_row_model_item;
}

G_DEFINE_TYPE_WITH_CODE(AgRowModel, ag_row_model, G_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, ag_row_model_list_init))
static void ag_row_model_class_init(AgRowModelClass *class) { (void)class; }
static void ag_row_model_init(AgRowModel *model) { model->count = 0; }

GListModel *ag_row_model_new(guint count) {
    AgRowModel *model = g_object_new(AG_TYPE_ROW_MODEL, NULL);
    model->count = count;
    return G_LIST_MODEL(model);
}

void ag_row_model_reset(GListModel *model, guint count) {
    if (!AG_IS_ROW_MODEL(model)) return;
    guint before = AG_ROW_MODEL(model)->count;
    AG_ROW_MODEL(model)->count = count;
    g_list_model_items_changed(model, 0, before, count);
}

void ag_row_model_row_changed(GListModel *model, guint position) {
    if (!AG_IS_ROW_MODEL(model) || position >= AG_ROW_MODEL(model)->count) return;
    g_list_model_items_changed(model, position, 1, 1);
}
