// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore

/// Where an action appears in the menu bar.
public enum MenuSection: String, Sendable, CaseIterable {
    case file, edit, view, chart, go, help

    /// The menu's title, with its mnemonic.
    public var title: String {
        switch self {
        case .file: return Localization.tr("_File")
        case .edit: return Localization.tr("_Edit")
        case .view: return Localization.tr("_View")
        case .chart: return Localization.tr("_Chart")
        case .go: return Localization.tr("_Go")
        case .help: return Localization.tr("_Help")
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

    /// Which command this is.
    public var id: ActionID
    /// Menu label with its mnemonic ("_Open…").
    public var label: String
    /// GTK accelerator strings ("<Control>o"); the first is the one menus show.
    public var accelerators: [String]
    public var section: MenuSection
    /// Menu group inside the section; a separator goes between groups.
    public var group: Int
    /// A toggle for the View menu's switches, a plain command otherwise.
    public var kind: Kind {
        if case .toggle = id { return .toggle }
        return .command
    }
    /// Global for every command but the chart's own keys.
    public var keys: Keys {
        if case .chart = id { return .chart }
        return .global
    }

    public init(_ id: ActionID, label: String, accelerators: [String], section: MenuSection, group: Int) {
        self.id = id; self.label = label; self.accelerators = accelerators; self.section = section
        self.group = group
    }

    /// Detailed action name as GTK uses it: "app.open" (application-wide) or "win.close" (per window).
    public var name: String { id.name }

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
/// Shortcuts window, so they cannot drift apart. Each `ActionID` has exactly one entry here (a test checks).
public enum ActionTable {
    public static let entries: [ActionEntry] = [
        ActionEntry(.app(.open), label: Localization.tr("_Open…"), accelerators: ["<Control>o"], section: .file, group: 0),
        ActionEntry(
            .window(.saveTable), label: Localization.tr("_Save Table As…"), accelerators: ["<Control>s", "<Control><Shift>s"],
            section: .file, group: 0),
        ActionEntry(
            .window(.export), label: Localization.tr("_Export Audio Graph…"), accelerators: ["<Control>e"],
            section: .file, group: 0),
        ActionEntry(
            .window(.exportMIDI), label: Localization.tr("Export as _MIDI…"), accelerators: ["<Control><Shift>e"],
            section: .file, group: 0),
        ActionEntry(
            .app(.preferences), label: Localization.tr("_Preferences"), accelerators: ["<Control>comma"],
            section: .file, group: 1),
        ActionEntry(
            .window(.close), label: Localization.tr("_Close Window"), accelerators: ["<Control>w"], section: .file, group: 2),
        ActionEntry(.app(.quit), label: Localization.tr("_Quit"), accelerators: ["<Control>q"], section: .file, group: 2),
        ActionEntry(
            .chart(.copyPoint), label: Localization.tr("_Copy Point"), accelerators: ["<Control>c"], section: .edit, group: 0),
        ActionEntry(
            .chart(.copySummary), label: Localization.tr("Copy _Summary or Range"), accelerators: ["<Control><Shift>c"],
            section: .edit, group: 0),
        ActionEntry(
            .app(.pasteTable), label: Localization.tr("_Paste Table"), accelerators: ["<Control>v"], section: .edit, group: 1),
        ActionEntry(
            .toggle(.increaseContrast), label: Localization.tr("Increase _Contrast"), accelerators: [],
            section: .view, group: 0),
        ActionEntry(
            .toggle(.reduceTransparency), label: Localization.tr("Reduce _Transparency"), accelerators: [],
            section: .view, group: 0),
        ActionEntry(
            .toggle(.differentiateWithoutColor), label: Localization.tr("Differentiate Without Colo_r"),
            accelerators: [], section: .view, group: 0),
        ActionEntry(
            .window(.dataTable), label: Localization.tr("_Data Table…"), accelerators: ["<Control>t"], section: .view, group: 1),
        ActionEntry(
            .window(.fullscreen), label: Localization.tr("_Full Screen"), accelerators: ["F11"], section: .view, group: 1),
        ActionEntry(
            .window(.followFile), label: Localization.tr("Fo_llow File"), accelerators: ["<Control><Shift>f"], section: .view,
            group: 1),
        ActionEntry(
            .app(.chartLarger), label: Localization.tr("Lar_ger Chart"),
            accelerators: ["<Control>plus", "<Control>equal", "<Control>KP_Add"], section: .view, group: 2),
        ActionEntry(
            .app(.chartSmaller), label: Localization.tr("S_maller Chart"),
            accelerators: ["<Control>minus", "<Control>KP_Subtract"],
            section: .view, group: 2),
        ActionEntry(
            .app(.chartNormalSize), label: Localization.tr("Normal Chart S_ize"), accelerators: ["<Control>0", "<Control>KP_0"],
            section: .view, group: 2),
        ActionEntry(
            .chart(.zoomIn), label: Localization.tr("_Zoom to the Selected Range"), accelerators: ["z"], section: .view, group: 3),
        ActionEntry(
            .chart(.zoomOut), label: Localization.tr("Zoom _Out to the Whole Chart"), accelerators: ["<Shift>z"], section: .view,
            group: 3),
        ActionEntry(.chart(.play), label: Localization.tr("_Play or Pause"), accelerators: ["space"], section: .chart, group: 0),
        ActionEntry(
            .chart(.playAll), label: Localization.tr("Play _All Series"), accelerators: ["<Shift>space"],
            section: .chart, group: 0),
        ActionEntry(
            .chart(.playToHere), label: Localization.tr("Play from the Start to _Here"), accelerators: ["h"], section: .chart,
            group: 0),
        ActionEntry(
            .chart(.playFromHere), label: Localization.tr("Play fro_m Here to the End"), accelerators: ["<Shift>h"],
            section: .chart, group: 0),
        ActionEntry(
            .chart(.playRange), label: Localization.tr("Play the Selected _Range"), accelerators: ["r"], section: .chart,
            group: 0),
        ActionEntry(.chart(.stop), label: Localization.tr("_Stop"), accelerators: ["Escape"], section: .chart, group: 0),
        ActionEntry(.chart(.slower), label: Localization.tr("_Slower"), accelerators: ["comma"], section: .chart, group: 0),
        ActionEntry(.chart(.faster), label: Localization.tr("_Faster"), accelerators: ["period"], section: .chart, group: 0),
        ActionEntry(.chart(.details), label: Localization.tr("Chart _Details…"), accelerators: ["d"], section: .chart, group: 1),
        ActionEntry(
            .chart(.speakSummary), label: Localization.tr("Speak S_ummary"), accelerators: ["s"], section: .chart,
            group: 1),
        ActionEntry(
            .chart(.speakXAxis), label: Localization.tr("Speak _X Axis"), accelerators: ["x"], section: .chart,
            group: 1),
        ActionEntry(
            .chart(.speakYAxis), label: Localization.tr("Speak _Y Axis"), accelerators: ["y"], section: .chart,
            group: 1),
        ActionEntry(
            .chart(.describeRange), label: Localization.tr("Describe the Selected Ra_nge"), accelerators: ["<Shift>s"],
            section: .chart, group: 1),
        ActionEntry(.chart(.braille), label: Localization.tr("_Braille Lines…"), accelerators: ["b"], section: .chart, group: 1),
        ActionEntry(
            .chart(.compare), label: Localization.tr("Compare _With Another Series"), accelerators: ["c"], section: .chart,
            group: 1),
        ActionEntry(
            .chart(.comparisonSound), label: Localization.tr("Next Way of Comparin_g"), accelerators: ["<Shift>c"],
            section: .chart, group: 1),
        ActionEntry(
            .chart(.referenceLevel), label: Localization.tr("Next Reference _Level"), accelerators: ["l"], section: .chart,
            group: 1),
        ActionEntry(
            .chart(.verbosity), label: Localization.tr("Next _Verbosity"), accelerators: ["v"], section: .chart, group: 2),
        ActionEntry(
            .chart(.pointTones), label: Localization.tr("Point _Tones On or Off"), accelerators: ["t"], section: .chart,
            group: 2),
        ActionEntry(
            .chart(.pointSpeech), label: Localization.tr("Point Sp_eech On or Off"), accelerators: ["p"], section: .chart,
            group: 2),
        ActionEntry(
            .window(.chooseColumns), label: Localization.tr("Choose _Columns…"), accelerators: ["<Control>k"],
            section: .chart, group: 3),
        ActionEntry(
            .window(.otherCharts), label: Localization.tr("_Other Charts…"), accelerators: ["<Control>j"],
            section: .chart, group: 3),
        ActionEntry(
            .window(.chooseSheet), label: Localization.tr("Choose S_heet"), accelerators: ["<Alt>s"], section: .chart,
            group: 3),
        ActionEntry(
            .chart(.previousPoint), label: Localization.tr("_Previous Point"), accelerators: ["Left"], section: .go,
            group: 0),
        ActionEntry(.chart(.nextPoint), label: Localization.tr("_Next Point"), accelerators: ["Right"], section: .go, group: 0),
        ActionEntry(.chart(.firstPoint), label: Localization.tr("_First Point"), accelerators: ["Home"], section: .go, group: 0),
        ActionEntry(.chart(.lastPoint), label: Localization.tr("_Last Point"), accelerators: ["End"], section: .go, group: 0),
        ActionEntry(
            .chart(.backTenth), label: Localization.tr("_Back a Tenth"), accelerators: ["<Control>Left"], section: .go,
            group: 0),
        ActionEntry(
            .chart(.forwardTenth), label: Localization.tr("F_orward a Tenth"), accelerators: ["<Control>Right"],
            section: .go, group: 0),
        ActionEntry(.chart(.minimum), label: Localization.tr("_Minimum"), accelerators: ["bracketleft"], section: .go, group: 1),
        ActionEntry(.chart(.maximum), label: Localization.tr("Ma_ximum"), accelerators: ["bracketright"], section: .go, group: 1),
        ActionEntry(
            .chart(.nextInterest), label: Localization.tr("Next Point of _Interest"), accelerators: ["n"], section: .go,
            group: 1),
        ActionEntry(
            .chart(.previousInterest), label: Localization.tr("Previous Point of Intere_st"), accelerators: ["<Shift>n"],
            section: .go, group: 1),
        ActionEntry(
            .chart(.previousSeries), label: Localization.tr("Previous S_eries"), accelerators: ["Page_Up"],
            section: .go, group: 2),
        ActionEntry(
            .chart(.nextSeries), label: Localization.tr("Next Se_ries"), accelerators: ["Page_Down"], section: .go,
            group: 2),
        ActionEntry(
            .chart(.stepUp), label: Localization.tr("Step _Up"), accelerators: ["Up"],
            section: .go, group: 3),
        ActionEntry(
            .chart(.stepDown), label: Localization.tr("Step _Down"), accelerators: ["Down"],
            section: .go, group: 3),
        ActionEntry(.window(.goTo), label: Localization.tr("_Go To…"), accelerators: ["<Control>g"], section: .go, group: 4),
        ActionEntry(
            .window(.findValue), label: Localization.tr("Find V_alue…"), accelerators: ["<Control>f"], section: .go, group: 4),
        ActionEntry(.chart(.findNext), label: Localization.tr("Find Next Matc_h"), accelerators: ["F3"], section: .go, group: 4),
        ActionEntry(
            .chart(.findPrevious), label: Localization.tr("Find Previous Mat_ch"), accelerators: ["<Shift>F3"], section: .go,
            group: 4),
        ActionEntry(
            .chart(.markRange), label: Localization.tr("Mar_k the Start of a Range"), accelerators: ["m"], section: .go,
            group: 5),
        ActionEntry(
            .chart(.extendBack), label: Localization.tr("Select to the Pre_vious Point"), accelerators: ["<Shift>Left"],
            section: .go, group: 5),
        ActionEntry(
            .chart(.extendForward), label: Localization.tr("Select to the Next Poin_t"), accelerators: ["<Shift>Right"],
            section: .go, group: 5),
        ActionEntry(
            .app(.shortcuts), label: Localization.tr("_Keyboard Shortcuts"), accelerators: ["<Control>question", "F1"],
            section: .help, group: 0)
    ]

    /// The actions a focused chart performs, the ones `ChartView` handles.
    public static var chartActions: [ActionEntry] {
        entries.filter { if case .chart = $0.id { return true } else { return false } }
    }

    /// The entry of `id`.
    public static func entry(_ id: ActionID) -> ActionEntry? { entries.first { $0.id == id } }
}
