// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim

/// What a screen reader sees of a chart: one group named after the chart, holding a list per series whose
/// items are the keyboard cursor's elements (points, or intervals of a long series), each placed over what
/// is drawn for it.
///
/// GTK 4.8 has no accessible objects other than widgets, so every element is a small empty widget (a drawing
/// area that draws nothing; a GtkBox would pass focus to children it does not have) on a GtkFixed laid over
/// the drawing. It has no text, only a name: Orca 48 speaks a list item's text instead of its name
/// (docs/decisions.md, "Braille"). Only the current element is focusable (a roving tab stop), so the chart
/// is one Tab stop and arrows move inside it. Roles follow what Orca 43 speaks (handbook): a LIST says its
/// name and "List with N items" on entry, then each LIST_ITEM's name.
///
/// Ownership: `group` belongs to the widget tree (the overlay holds it); the series lists and elements belong
/// to their parents. This object keeps borrowed pointers, replaced on every `rebuild`.
@MainActor
final class ChartElementLayer {
    /// The chart's group, laid over the drawing area.
    let group: UnsafeMutablePointer<GtkWidget>
    private var lists: [UnsafeMutablePointer<GtkWidget>] = []
    private var items: [[UnsafeMutablePointer<GtkWidget>]] = []
    private var focusable: (series: Int, element: Int)?
    /// The name each series' list was last given (set again only when it changes).
    private var listNames: [String] = []
    /// Where the focus waits while point speech is off (`holdFocusWithoutSpeech`); not focusable otherwise.
    /// Beside the group, not in it: a list item in the group made Orca 43 stop saying the chart's name on entry.
    let speechOff: UnsafeMutablePointer<GtkWidget>

    init() {
        group = ag_gtk_widget_new_with_role(gtk_fixed_get_type(), GTK_ACCESSIBLE_ROLE_GROUP)
        // Clicks go to the drawing area below; the layer is for the keyboard and screen readers.
        gtk_widget_set_can_target(group, 0)
        speechOff = ag_gtk_widget_new_with_role(gtk_drawing_area_get_type(), GTK_ACCESSIBLE_ROLE_LIST_ITEM)!
        gtk_widget_add_css_class(speechOff, "ag-chart-element")
        gtk_widget_set_focusable(speechOff, 0)
        gtk_widget_set_size_request(speechOff, 1, 1)
        gtk_widget_set_halign(speechOff, GTK_ALIGN_START)
        gtk_widget_set_valign(speechOff, GTK_ALIGN_START)
        gtk_widget_set_can_target(speechOff, 0)
        ag_gtk_accessible_set_label(opaque(speechOff), Localization.tr("Point speech is off; press P to hear the points again"))
        Self.installStyle()
    }

    /// Replaces the elements with those of `navigator`'s chart, named in `wording` (and for `comparison`);
    /// nothing is focusable until `setCurrent`.
    func rebuild(_ navigator: ChartNavigator?, wording: PointWording, comparison: SeriesComparison?) {
        for list in lists { gtk_fixed_remove(gcast(group), list) }
        lists = []
        listNames = []
        items = []
        focusable = nil
        guard let navigator else { return }
        for elements in navigator.elements {
            let list = ag_gtk_widget_new_with_role(gtk_fixed_get_type(), GTK_ACCESSIBLE_ROLE_LIST)!
            gtk_fixed_put(gcast(group), list, 0, 0)
            lists.append(list)
            listNames.append("")
            items.append((0..<elements.count).map { _ in Self.newItem(in: list) })
        }
        rename(navigator, wording: wording, comparison: comparison)
    }

    /// A new element in `list`: an empty drawing area with the list-item role, not focusable.
    private static func newItem(in list: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let item = ag_gtk_widget_new_with_role(gtk_drawing_area_get_type(), GTK_ACCESSIBLE_ROLE_LIST_ITEM)!
        gtk_widget_add_css_class(item, "ag-chart-element")
        gtk_widget_set_focusable(item, 0)
        gtk_fixed_put(gcast(list), item, 0, 0)
        return item
    }

    /// Fits the elements to `navigator`'s chart after its file grew: each series' list keeps its element
    /// widgets (the focused one stays focused, so Orca does not speak it again), adds what the series now
    /// has more of, and all are renamed. A different number of series rebuilds everything.
    func refit(_ navigator: ChartNavigator, wording: PointWording, comparison: SeriesComparison?) {
        guard lists.count == navigator.elements.count else {
            return rebuild(navigator, wording: wording, comparison: comparison)
        }
        for elements in navigator.elements where lists.indices.contains(elements.series) {
            let list = lists[elements.series]
            while items[elements.series].count < elements.count { items[elements.series].append(Self.newItem(in: list)) }
            while items[elements.series].count > elements.count, let last = items[elements.series].last {
                if let f = focusable, f.series == elements.series, f.element == items[elements.series].count - 1 {
                    focusable = nil
                }
                gtk_fixed_remove(gcast(list), last)
                items[elements.series].removeLast()
            }
        }
        rename(navigator, wording: wording, comparison: comparison)
    }

    /// Names every element in `wording` (in place: the focus stays where it is); the compared series'
    /// elements say both series' values and their difference, then their position when `wording` has it.
    func rename(_ navigator: ChartNavigator, wording: PointWording, comparison: SeriesComparison?) {
        let names = ElementNames(chart: navigator.chart, wording: wording)
        for elements in navigator.elements where items.indices.contains(elements.series) {
            // The series' list: its name, with its position and number of points among several.
            let listName =
                navigator.chart.series.count == 1
                ? navigator.chart.series[elements.series].name : names.seriesName(elements.series)
            if listNames[elements.series] != listName {
                listNames[elements.series] = listName
                ag_gtk_accessible_set_label(opaque(lists[elements.series]), listName)
            }
            for (e, item) in items[elements.series].enumerated() {
                ag_gtk_accessible_set_label(opaque(item), names.name(e, of: elements, comparison: comparison))
            }
        }
    }

    /// Puts the focus on the "point speech is off" element, once: Orca says its name, which tells where the
    /// focus is and how to hear the points again (Where Am I says it too, never a point the person has
    /// left). It is the chart's tab stop until `setCurrent` moves the focus back to a point.
    func holdFocusWithoutSpeech() {
        guard !holdsFocusWithoutSpeech else { return }
        gtk_widget_set_focusable(speechOff, 1)
        gtk_widget_grab_focus(speechOff)
        if let f = focusable, items.indices.contains(f.series), items[f.series].indices.contains(f.element) {
            gtk_widget_set_focusable(items[f.series][f.element], 0)
        }
    }

    /// Whether the "point speech is off" element has the focus.
    var holdsFocusWithoutSpeech: Bool { gtk_widget_has_focus(speechOff) != 0 }

    /// Places every element over its frame (scene pixels, the drawing area's coordinates) and sizes the
    /// series lists to the whole chart.
    func place(_ frames: [[SceneRect]], width: Double, height: Double) {
        for (s, row) in items.enumerated() {
            gtk_widget_set_size_request(lists[s], Int32(width), Int32(height))
            guard frames.indices.contains(s) else { continue }
            for (e, item) in row.enumerated() where frames[s].indices.contains(e) {
                let f = frames[s][e]
                gtk_widget_set_size_request(item, Int32(max(1, f.width.rounded())), Int32(max(1, f.height.rounded())))
                gtk_fixed_move(gcast(lists[s]), item, f.x.rounded(), f.y.rounded())
            }
        }
    }

    /// Makes `element` of `series` the one focusable element, and gives it the focus when `focus` is true
    /// or the chart already had it (so Orca speaks the new element).
    func setCurrent(series: Int, element: Int, focus: Bool) {
        guard items.indices.contains(series), items[series].indices.contains(element) else { return }
        let next = items[series][element]
        let old = focusable.flatMap { f in
            items.indices.contains(f.series) && items[f.series].indices.contains(f.element)
                ? items[f.series][f.element] : nil
        }
        let hadFocus = old.map { gtk_widget_has_focus($0) != 0 } ?? false
        gtk_widget_set_focusable(next, 1)
        if focus || hadFocus { gtk_widget_grab_focus(next) }
        if let old, old != next { gtk_widget_set_focusable(old, 0) }
        if gtk_widget_has_focus(speechOff) != 0 { gtk_widget_grab_focus(next) }
        gtk_widget_set_focusable(speechOff, 0)
        focusable = (series, element)
    }

    /// Gives the keyboard focus to the current element; false when the chart has none.
    @discardableResult
    func grabFocus() -> Bool {
        guard let f = focusable else { return false }
        return gtk_widget_grab_focus(items[f.series][f.element]) != 0
    }

    /// Names the group after the chart and what is selected ("…, point 44 of 59 selected").
    /// The group's name as last set ("Birth rate by year, line chart, point 1 of 59 selected").
    private(set) var groupName: String?

    func setGroupName(_ name: String) {
        groupName = name
        ag_gtk_accessible_set_label(opaque(group), name)
    }

    /// The chart draws its own cursor; GTK's focus outline round the tiny element widgets would only clutter it.
    private static func installStyle() {
        Widgets.addStyle(".ag-chart-element { outline: none; }")  // l10n: not shown
    }
}
