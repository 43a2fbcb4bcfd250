// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// Small constructors for the widgets the pages are made of. Each returns a new widget that the caller
/// puts into a container straight away; the container then owns it.
@MainActor
enum Widgets {
    static func box(vertical: Bool, spacing: Int32) -> UnsafeMutablePointer<GtkWidget> {
        gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)
    }

    static func append(_ box: UnsafeMutablePointer<GtkWidget>, _ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_box_append(gcast(box), child)
    }

    /// A wrapping label with style classes ("title-1", "heading", "caption", ...). No "dim-label": its 55%
    /// opacity takes secondary text below 4.5:1 contrast.
    static func label(
        _ text: String, classes: [String] = [], wrap: Bool = false,
        xalign: Float = 0.5
    ) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        if wrap {
            gtk_label_set_wrap(gcast(label), 1)
            gtk_label_set_wrap_mode(gcast(label), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_max_width_chars(gcast(label), 60)
        }
        gtk_label_set_xalign(gcast(label), xalign)
        gtk_label_set_justify(gcast(label), xalign == 0.5 ? GTK_JUSTIFY_CENTER : GTK_JUSTIFY_LEFT)
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// A button with a mnemonic label ("_Open…") that activates `action` ("app.open").
    static func button(_ label: String, action: String? = nil, suggested: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_mnemonic(label)!
        // GTK 4.8 names a button after its label property (the raw "_Open…") followed by its labelled-by
        // child label ("Open…"), so the bus said "_Open… Open…". The plain text alone becomes its name.
        ag_gtk_accessible_set_label(opaque(button), withoutMnemonic(label))
        gtk_accessible_reset_relation(opaque(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY)
        if let action { gtk_actionable_set_action_name(opaque(button), action) }
        if suggested { gtk_widget_add_css_class(button, "suggested-action") }
        return button
    }

    /// A label as people read it, without its mnemonic: "_Open…" → "Open…", and in Japanese, where the
    /// mnemonic is an added letter, "開く(_O)…" → "開く…".
    nonisolated static func withoutMnemonic(_ label: String) -> String {
        label.replacingOccurrences(of: #"\(_[^)]\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "_", with: "")
    }

    /// A dialog window titled `title` over `parent`: modal, destroyed with its parent, and closed by Escape
    /// (GtkWindow's own "window.close" action). The window is a toplevel GTK keeps until it is closed.
    static func dialogWindow(title: String, parent: UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        gtk_window_set_title(gcast(window), title)
        if let parent { gtk_window_set_transient_for(gcast(window), gcast(parent)) }
        gtk_window_set_modal(gcast(window), 1)
        gtk_window_set_destroy_with_parent(gcast(window), 1)
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            gcast(shortcuts),
            gtk_shortcut_new(
                gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)), gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, shortcuts)
        return window
    }

    /// A check button with a mnemonic ("Increase _Contrast"), named on the accessibility bus without the
    /// underscore (GTK 4.8 gives it the raw label as its name).
    static func checkButton(_ label: String) -> UnsafeMutablePointer<GtkWidget> {
        let check = gtk_check_button_new_with_mnemonic(label)!
        ag_gtk_accessible_set_label(opaque(check), withoutMnemonic(label))
        return check
    }

    /// Makes a GtkListBox one Tab stop, like a table or the chart: the arrows move between its rows, Tab
    /// goes on to `after` and Shift+Tab back to `before` (GtkListBox alone stops on every row). The list
    /// owns the key controller once added.
    static func makeOneTabStop(
        _ list: UnsafeMutablePointer<GtkWidget>, before: UnsafeMutablePointer<GtkWidget>,
        after: UnsafeMutablePointer<GtkWidget>
    ) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKeyPressed(gpointerOf(keys)) { keyval, state in
            guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return false }
            let backward = state.rawValue & GDK_SHIFT_MASK.rawValue != 0
            switch Int32(keyval) {
            case GDK_KEY_Tab, GDK_KEY_KP_Tab: return focusInto(backward ? before : after)
            case GDK_KEY_ISO_Left_Tab: return focusInto(before)
            default: return false
            }
        }
        gtk_widget_add_controller(list, keys)
    }

    /// Moves the keyboard focus to `widget`, or to the first row when it is a list box (the box itself
    /// would take the focus and say nothing useful); false when it cannot take the focus.
    @discardableResult
    static func focusInto(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        if g_type_check_instance_is_a(gcast(widget), gtk_list_box_get_type()) != 0,
            let first = gtk_list_box_get_row_at_index(gcast(widget), 0)
        {
            return gtk_widget_grab_focus(gcast(first)) != 0
        }
        return gtk_widget_grab_focus(widget) != 0
    }

    /// A drop-down list of `items` with `selected` (an index into them) chosen.
    static func dropDown(_ items: [String], selected: Int) -> UnsafeMutablePointer<GtkWidget> {
        // gtk_drop_down_new_from_strings copies the strings; the NULL-terminated array is ours to free.
        let strings = items.map { UnsafePointer<CChar>(strdup($0)) } + [nil]
        defer { strings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let dropDown = strings.withUnsafeBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress) }!
        gtk_drop_down_set_selected(gcast(dropDown), UInt32(max(0, selected)))
        // GTK 4.8 puts a toggle button inside that takes the focus and is named "GtkToggleButton", so Orca
        // said "X axis combo box. GtkToggleButton push button." without the choice: it is named after the
        // chosen item instead, and renamed whenever the choice changes. GTK 4.18 gives that toggle the
        // drop-down's own name and description whatever it is told, so Orca 48 said "X axis combo box
        // X axis." alone: there the choice reaches Orca as the drop-down's description.
        if let toggle = gtk_widget_get_first_child(dropDown) {
            let name = { @MainActor in
                let index = Int(gtk_drop_down_get_selected(gcast(dropDown)))
                let choice = items.indices.contains(index) ? items[index] : ""
                ag_gtk_accessible_set_label(opaque(toggle), choice)
                ag_gtk_accessible_set_description(opaque(dropDown), choice)
            }
            name()
            Signal.connectWithPointer(gpointerOf(dropDown), "notify::selected") { _ in name() }
        }
        return dropDown
    }

    /// A label with a mnemonic ("_X axis") that focuses `widget` and names it for screen readers
    /// (GTK adds the label to the widget's labelled-by relation).
    static func mnemonicLabel(_ text: String, for widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new_with_mnemonic(text)!
        gtk_label_set_xalign(gcast(label), 0)
        gtk_label_set_mnemonic_widget(gcast(label), widget)
        return label
    }

    /// Makes screen readers speak `message` without moving the focus: gtk_accessible_announce on GTK ≥ 4.14;
    /// on older GTK the accessible description of the widget with keyboard focus in `root` is set and
    /// cleared at once, which Orca 43 speaks (see the handbook). `root` is any widget of the window.
    static func announce(_ message: String, in root: UnsafeMutablePointer<GtkWidget>) {
        guard let window = gtk_widget_get_root(root),
            let focus = gtk_root_get_focus(window) ?? Optional(gcast(window, to: GtkWidget.self))
        else { return }
        ag_gtk_accessible_announce(opaque(focus), message)
    }

    /// Gives `widget` the same margin, in pixels, on all four sides.
    static func setMargins(_ widget: UnsafeMutablePointer<GtkWidget>, _ margin: Int32) {
        for side in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end
        ] { side(widget, margin) }
    }

    /// A dialog's "Close" button, at the end of its row, that closes `window` (Escape does too).
    static func closeButton(closing window: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let close = button(Localization.tr("_Close"))
        gtk_widget_set_halign(close, GTK_ALIGN_END)
        Signal.connect(gpointerOf(close), "clicked") { gtk_window_close(gcast(window)) }
        return close
    }

    /// The style sheets already added, so each is added once.
    private static var addedStyles: Set<String> = []

    /// Adds `css` to the application's style for the default display, once; the display keeps the provider.
    static func addStyle(_ css: String) {
        guard !addedStyles.contains(css), let display = gdk_display_get_default() else { return }
        addedStyles.insert(css)
        let provider = gtk_css_provider_new()!
        #if GTK_4_12
            gtk_css_provider_load_from_string(provider, css)
        #else
            gtk_css_provider_load_from_data(provider, css, -1)  // GTK 4.8 and 4.10 have no load_from_string
        #endif
        gtk_style_context_add_provider_for_display(display, gcast(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(gpointerOf(provider))
    }

    /// A flat button showing a title and, under it, dimmed detail text; its accessible name says both.
    static func twoLineButton(title: String, detail: String, onClick: @escaping @MainActor () -> Void) -> UnsafeMutablePointer<
        GtkWidget
    > {
        let button = gtk_button_new()!
        gtk_widget_add_css_class(button, "flat")
        let content = box(vertical: true, spacing: 2)
        append(content, label(title, xalign: 0))
        append(content, label(detail, classes: ["caption"], xalign: 0))
        gtk_button_set_child(gcast(button), content)
        ag_gtk_accessible_set_label(opaque(button), "\(title), \(detail)")
        Signal.connect(gpointerOf(button), "clicked", onClick)
        return button
    }

    /// A vertical page centred in the window, `width` pixels wide, inside a scrolled window.
    static func page(width: Int32 = 560) -> (scroller: UnsafeMutablePointer<GtkWidget>, content: UnsafeMutablePointer<GtkWidget>)
    {
        let content = box(vertical: true, spacing: 12)
        gtk_widget_set_size_request(content, width, -1)
        gtk_widget_set_halign(content, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(content, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(content, 36)
        gtk_widget_set_margin_bottom(content, 36)
        gtk_widget_set_margin_start(content, 24)
        gtk_widget_set_margin_end(content, 24)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(gcast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(gcast(scroller), content)
        return (scroller, content)
    }
}
