// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim

/// The Preferences window (Ctrl+comma): the View settings as check buttons bound to the same application
/// actions as the View menu, so both always agree, and the custom set of what is said at each point (the
/// fourth verbosity preset). Escape closes.
///
/// Ownership: the GtkWindow is a toplevel GTK keeps until closed; it is destroyed with its parent.
@MainActor
enum PreferencesWindow {
    /// Shows the window over `parent`; `onClosed` runs once it has been closed.
    static func present(
        parent: UnsafeMutablePointer<GtkWidget>?, feedback: PointFeedback,
        onClosed: @escaping @MainActor () -> Void
    ) {
        let window = Widgets.dialogWindow(title: Localization.tr("Preferences"), parent: parent)
        ObjectCensus.track(window, as: "Preferences")
        if let parent {
            // The check buttons run "app." actions, which a plain window does not find: without them they are
            // insensitive and the keyboard cannot reach them. (gtk_window_set_application would find them,
            // but GTK 4.8 then shows the window to AT-SPI as an empty "filler".)
            if let application = gtk_window_get_application(gcast(parent)) {
                gtk_widget_insert_action_group(window, "app", gcast(application))
            }
        }
        gtk_window_set_resizable(gcast(window), 0)
        let content = Widgets.box(vertical: true, spacing: 12)
        Widgets.setMargins(content, 18)
        let heading = Widgets.label(Localization.tr("How charts are drawn"), xalign: 0)
        Widgets.append(content, heading)
        let group = Widgets.box(vertical: true, spacing: 6)
        var firstCheck: UnsafeMutablePointer<GtkWidget>?
        for entry in ActionTable.entries where entry.kind == .toggle {
            let check = Widgets.checkButton(entry.label)
            gtk_actionable_set_action_name(gcast(check), entry.name)
            Widgets.append(group, check)
            firstCheck = firstCheck ?? check
        }
        // The heading names the group of check buttons for screen readers.
        ag_gtk_accessible_set_labelled_by(opaque(group), heading)
        Widgets.append(content, group)
        Widgets.append(
            content,
            Widgets.label(
                Localization.tr(
                    "Comma and period make charts play slower or faster; the chart says the new length, and Audiograph remembers it."
                ), wrap: true, xalign: 0))
        appendWording(to: content, feedback: feedback)
        appendReference(to: content, feedback: feedback)
        Widgets.append(content, Widgets.closeButton(closing: window))
        gtk_window_set_child(gcast(window), content)
        Signal.connect(gpointerOf(window), "destroy", onClosed)
        // The focus starts on the first setting, so Orca says what this window is for.
        DialogFocus.present(window) { if let firstCheck { gtk_widget_grab_focus(firstCheck) } }
    }

    /// "Reference level": radio buttons for none, the mean, the median, zero and a typed value, with the
    /// value's entry; a choice applies at once (the line is drawn, the tone heard) and is remembered.
    private static func appendReference(to content: UnsafeMutablePointer<GtkWidget>, feedback: PointFeedback) {
        let heading = Widgets.label(Localization.tr("Reference level, drawn as a line and heard as a quiet tone"), xalign: 0)
        Widgets.append(content, heading)
        let group = Widgets.box(vertical: true, spacing: 6)
        let choices: [(ReferenceLevel?, String)] = [
            (nil, Localization.tr("_No reference level")), (.mean, Localization.tr("The _mean")),
            (.median, Localization.tr("The me_dian")), (.zero, Localization.tr("_Zero"))
        ]
        var radios: [(ReferenceLevel?, UnsafeMutablePointer<GtkWidget>)] = []
        for (level, label) in choices {
            let radio = Widgets.checkButton(label)
            if let first = radios.first?.1 { gtk_check_button_set_group(gcast(radio), gcast(first)) }
            gtk_check_button_set_active(gcast(radio), feedback.reference == level ? 1 : 0)
            Widgets.append(group, radio)
            radios.append((level, radio))
        }
        let row = Widgets.box(vertical: false, spacing: 6)
        let typed = Widgets.checkButton(Localization.tr("T_his value:"))
        gtk_check_button_set_group(gcast(typed), gcast(radios[0].1))
        let entry = gtk_entry_new()!
        if let value = feedback.typedReference {
            gtk_editable_set_text(gcast(entry), ValueFormatter(usesGrouping: false).exact(value))
        }
        if case .value = feedback.reference { gtk_check_button_set_active(gcast(typed), 1) }
        // The entry is named by its radio button, and says what it takes.
        ag_gtk_accessible_set_labelled_by(opaque(entry), typed)
        ag_gtk_accessible_set_description(opaque(entry), Localization.tr("A number in the units of the y axis"))
        Widgets.append(row, typed)
        Widgets.append(row, entry)
        Widgets.append(group, row)
        ag_gtk_accessible_set_labelled_by(opaque(group), heading)
        Widgets.append(content, group)
        let changed: @MainActor () -> Void = { [weak feedback] in
            guard let feedback else { return }
            if gtk_check_button_get_active(gcast(typed)) != 0 {
                let text = String(cString: gtk_editable_get_text(gcast(entry)))
                guard case .value(let value)? = ReferenceLevel(argument: text) else { return }
                if feedback.reference != .value(value) { feedback.setReference(.value(value)) }
            } else if let chosen = radios.first(where: { gtk_check_button_get_active(gcast($0.1)) != 0 }),
                feedback.reference != chosen.0
            {
                feedback.setReference(chosen.0)
            }
        }
        for (_, radio) in radios { Signal.connect(gpointerOf(radio), "toggled", changed) }
        Signal.connect(gpointerOf(typed), "toggled", changed)
        Signal.connect(gpointerOf(entry), "changed", changed)
    }

    /// "What is said at each point": a check button per part and one for the value first; any change makes
    /// the custom set the verbosity in use, remembered in settings.json.
    private static func appendWording(to content: UnsafeMutablePointer<GtkWidget>, feedback: PointFeedback) {
        let heading = Widgets.label(Localization.tr("What is said at each point (the Custom verbosity)"), xalign: 0)
        Widgets.append(content, heading)
        let group = Widgets.box(vertical: true, spacing: 6)
        let labels: [(PointWording.Part, String)] = [
            (.value, Localization.tr("The _value")), (.x, Localization.tr("The _x value and label")),
            (.unit, Localization.tr("The _unit")),
            (.series, Localization.tr("The _series name")), (.position, Localization.tr("The p_osition, “point 1 of 59”")),
            (.trend, Localization.tr("The tr_end from the point before: rising, falling or level"))
        ]
        var checks: [(PointWording.Part, UnsafeMutablePointer<GtkWidget>)] = []
        for (part, label) in labels {
            let check = Widgets.checkButton(label)
            gtk_check_button_set_active(gcast(check), feedback.custom.has(part) ? 1 : 0)
            Widgets.append(group, check)
            checks.append((part, check))
        }
        let valueFirst = Widgets.checkButton(Localization.tr("Say the value _before the x value"))
        gtk_check_button_set_active(gcast(valueFirst), feedback.custom.order == .valueFirst ? 1 : 0)
        Widgets.append(group, valueFirst)
        ag_gtk_accessible_set_labelled_by(opaque(group), heading)
        Widgets.append(content, group)
        Widgets.append(
            content,
            Widgets.label(
                Localization.tr(
                    "In a chart, V steps through Minimal, Standard, Detailed and Custom; T and P turn the point tones and the point speech off and on."
                ),
                wrap: true, xalign: 0))
        let changed: @MainActor () -> Void = { [weak feedback] in
            let parts = Set(checks.filter { gtk_check_button_get_active(gcast($0.1)) != 0 }.map(\.0))
            let order: PointWording.Order = gtk_check_button_get_active(gcast(valueFirst)) != 0 ? .valueFirst : .xFirst
            feedback?.setCustom(PointWording(parts: parts, order: order))
        }
        for (_, check) in checks { Signal.connect(gpointerOf(check), "toggled", changed) }
        Signal.connect(gpointerOf(valueFirst), "toggled", changed)
    }
}
