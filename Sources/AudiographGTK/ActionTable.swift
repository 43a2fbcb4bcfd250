/// Where an action appears in the menu bar.
public enum MenuSection: String, Sendable, CaseIterable {
    case file, view, chart, help

    /// The menu's title, with its mnemonic.
    public var title: String {
        switch self {
        case .file: return tr("_File")
        case .view: return tr("_View")
        case .chart: return tr("_Chart")
        case .help: return tr("_Help")
        }
    }
}

/// One command of the viewer: the single place its name, label, shortcuts and menu are written down.
public struct ActionEntry: Sendable, Equatable {
    /// What a toggle's state means; plain commands have none.
    public enum Kind: Sendable, Equatable { case command, toggle }

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

    /// The name without its "app."/"win." scope, as the action is registered.
    public var shortName: String { String(name.split(separator: ".", maxSplits: 1).last ?? "") }
    /// "app" or "win".
    public var scope: String { String(name.split(separator: ".", maxSplits: 1).first ?? "") }
}

/// Every command of the viewer, in menu order. This table drives the accelerators
/// (gtk_application_set_accels_for_action), the menu bar and, later, the Keyboard Shortcuts window,
/// so they cannot drift apart. Handlers are bound by name in `AudiographApplication`.
public enum ActionTable {
    public static let entries: [ActionEntry] = [
        ActionEntry(name: "app.open", label: tr("_Open…"), accelerators: ["<Control>o"],
                    section: .file, group: 0, kind: .command),
        ActionEntry(name: "win.close", label: tr("_Close Window"), accelerators: ["<Control>w"],
                    section: .file, group: 1, kind: .command),
        ActionEntry(name: "app.quit", label: tr("_Quit"), accelerators: ["<Control>q"],
                    section: .file, group: 1, kind: .command),
        ActionEntry(name: "app.increase-contrast", label: tr("Increase _Contrast"), accelerators: [],
                    section: .view, group: 0, kind: .toggle),
        ActionEntry(name: "app.reduce-transparency", label: tr("Reduce _Transparency"), accelerators: [],
                    section: .view, group: 0, kind: .toggle),
        ActionEntry(name: "app.differentiate-without-color", label: tr("Differentiate Without Colo_r"),
                    accelerators: [], section: .view, group: 0, kind: .toggle),
        ActionEntry(name: "win.choose-columns", label: tr("Choose _Columns…"), accelerators: ["<Control>k"],
                    section: .chart, group: 0, kind: .command),
    ]

    /// The entry named `name` ("app.open").
    public static func entry(_ name: String) -> ActionEntry? { entries.first { $0.name == name } }
}
