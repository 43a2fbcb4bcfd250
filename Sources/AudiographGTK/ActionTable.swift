// SPDX-License-Identifier: GPL-3.0-or-later
/// Where an action appears in the menu bar.
public enum MenuSection: String, Sendable, CaseIterable {
    case file, view, chart, go, help

    /// The menu's title, with its mnemonic.
    public var title: String {
        switch self {
        case .file: return tr("_File")
        case .view: return tr("_View")
        case .chart: return tr("_Chart")
        case .go: return tr("_Go")
        case .help: return tr("_Help")
        }
    }
}

/// One command of the viewer: the single place its name, label, shortcuts and menu are written down.
public struct ActionEntry: Sendable, Equatable {
    /// What a toggle's state means; plain commands have none.
    public enum Kind: Sendable, Equatable { case command, toggle }
    /// Who reads the keys. Global keys are registered with GTK and work anywhere in the window; chart keys
    /// (plain letters, arrows, Space) are read by the focused chart only, so text fields and buttons keep
    /// them, and the menus show them without registering them.
    public enum Keys: Sendable, Equatable { case global, chart }

    /// Detailed action name as GTK uses it: "app.open" (application-wide) or "win.close" (per window).
    public var name: String
    /// Menu label with its mnemonic ("_Open…").
    public var label: String
    /// GTK accelerator strings ("<Control>o"); the first is the one menus show.
    public var accelerators: [String]
    public var section: MenuSection
    /// Menu group inside the section; a separator goes between groups.
    public var group: Int
    public var kind: Kind
    public var keys: Keys = .global

    public init(name: String, label: String, accelerators: [String], section: MenuSection, group: Int,
                kind: Kind = .command, keys: Keys = .global) {
        self.name = name; self.label = label; self.accelerators = accelerators; self.section = section
        self.group = group; self.kind = kind; self.keys = keys
    }

    /// The label without mnemonic underline or ellipsis, for the Keyboard Shortcuts window.
    public var plainLabel: String {
        Widgets.withoutMnemonic(label).replacingOccurrences(of: "…", with: "")
    }

    /// The name without its "app."/"win." scope, as the action is registered.
    public var shortName: String { String(name.split(separator: ".", maxSplits: 1).last ?? "") }
    /// "app" or "win".
    public var scope: String { String(name.split(separator: ".", maxSplits: 1).first ?? "") }
}

/// Every command of the viewer, in menu order. This table drives the accelerators
/// (gtk_application_set_accels_for_action) and the chart's own keys, the menu bar and the Keyboard
/// Shortcuts window, so they cannot drift apart. Handlers are bound by name in `AudiographApplication`.
public enum ActionTable {
    public static let entries: [ActionEntry] = [
        ActionEntry(name: "app.open", label: tr("_Open…"), accelerators: ["<Control>o"], section: .file, group: 0),
        ActionEntry(name: "win.export", label: tr("_Export Audio Graph…"), accelerators: ["<Control>e"],
                    section: .file, group: 0),
        ActionEntry(name: "app.preferences", label: tr("_Preferences"), accelerators: ["<Control>comma"],
                    section: .file, group: 1),
        ActionEntry(name: "win.close", label: tr("_Close Window"), accelerators: ["<Control>w"], section: .file, group: 2),
        ActionEntry(name: "app.quit", label: tr("_Quit"), accelerators: ["<Control>q"], section: .file, group: 2),
        ActionEntry(name: "app.increase-contrast", label: tr("Increase _Contrast"), accelerators: [],
                    section: .view, group: 0, kind: .toggle),
        ActionEntry(name: "app.reduce-transparency", label: tr("Reduce _Transparency"), accelerators: [],
                    section: .view, group: 0, kind: .toggle),
        ActionEntry(name: "app.differentiate-without-color", label: tr("Differentiate Without Colo_r"),
                    accelerators: [], section: .view, group: 0, kind: .toggle),
        ActionEntry(name: "win.fullscreen", label: tr("_Full Screen"), accelerators: ["F11"], section: .view, group: 1),
        ActionEntry(name: "win.play", label: tr("_Play or Pause"), accelerators: ["space"], section: .chart, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.play-all", label: tr("Play _All Series"), accelerators: ["<Shift>space"],
                    section: .chart, group: 0, keys: .chart),
        ActionEntry(name: "win.stop", label: tr("_Stop"), accelerators: ["Escape"], section: .chart, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.slower", label: tr("_Slower"), accelerators: ["comma"], section: .chart, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.faster", label: tr("_Faster"), accelerators: ["period"], section: .chart, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.details", label: tr("Chart _Details…"), accelerators: ["d"], section: .chart, group: 1,
                    keys: .chart),
        ActionEntry(name: "win.speak-summary", label: tr("Speak S_ummary"), accelerators: ["s"], section: .chart,
                    group: 1, keys: .chart),
        ActionEntry(name: "win.speak-x-axis", label: tr("Speak _X Axis"), accelerators: ["x"], section: .chart,
                    group: 1, keys: .chart),
        ActionEntry(name: "win.speak-y-axis", label: tr("Speak _Y Axis"), accelerators: ["y"], section: .chart,
                    group: 1, keys: .chart),
        ActionEntry(name: "win.choose-columns", label: tr("Choose _Columns…"), accelerators: ["<Control>k"],
                    section: .chart, group: 2),
        ActionEntry(name: "win.other-charts", label: tr("_Other Charts…"), accelerators: ["<Control>j"],
                    section: .chart, group: 2),
        ActionEntry(name: "win.previous-point", label: tr("_Previous Point"), accelerators: ["Left"], section: .go,
                    group: 0, keys: .chart),
        ActionEntry(name: "win.next-point", label: tr("_Next Point"), accelerators: ["Right"], section: .go, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.first-point", label: tr("_First Point"), accelerators: ["Home"], section: .go, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.last-point", label: tr("_Last Point"), accelerators: ["End"], section: .go, group: 0,
                    keys: .chart),
        ActionEntry(name: "win.back-tenth", label: tr("_Back a Tenth"), accelerators: ["<Control>Left"], section: .go,
                    group: 0, keys: .chart),
        ActionEntry(name: "win.forward-tenth", label: tr("F_orward a Tenth"), accelerators: ["<Control>Right"],
                    section: .go, group: 0, keys: .chart),
        ActionEntry(name: "win.minimum", label: tr("_Minimum"), accelerators: ["bracketleft"], section: .go, group: 1,
                    keys: .chart),
        ActionEntry(name: "win.maximum", label: tr("Ma_ximum"), accelerators: ["bracketright"], section: .go, group: 1,
                    keys: .chart),
        ActionEntry(name: "win.next-interest", label: tr("Next Point of _Interest"), accelerators: ["n"], section: .go,
                    group: 1, keys: .chart),
        ActionEntry(name: "win.previous-interest", label: tr("Previous Point of Intere_st"), accelerators: ["<Shift>n"],
                    section: .go, group: 1, keys: .chart),
        ActionEntry(name: "win.previous-series", label: tr("Previous S_eries"), accelerators: ["Page_Up"],
                    section: .go, group: 2, keys: .chart),
        ActionEntry(name: "win.next-series", label: tr("Next Se_ries"), accelerators: ["Page_Down"], section: .go,
                    group: 2, keys: .chart),
        ActionEntry(name: "app.shortcuts", label: tr("_Keyboard Shortcuts"), accelerators: ["<Control>question", "F1"],
                    section: .help, group: 0),
    ]

    /// The actions a focused chart performs, the ones `ChartView` handles.
    public static var chartActions: [ActionEntry] {
        entries.filter { $0.section == .chart || $0.section == .go }.filter { $0.name != "win.choose-columns" && $0.name != "win.other-charts" }
    }

    /// The entry named `name` ("app.open").
    public static func entry(_ name: String) -> ActionEntry? { entries.first { $0.name == name } }
}
