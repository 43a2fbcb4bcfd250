// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// The start page: what Audiograph is, Open, recent files, then the examples. Rebuilt each time it is
/// shown, so the recent files are current; they come first so a returning user finds them without scrolling.
@MainActor
enum StartPage {
    /// The page and its Open button (which takes the keyboard focus when the page is shown).
    static func make(examples: [URL], recent: [String], open: @escaping @MainActor (String) -> Void)
        -> (page: UnsafeMutablePointer<GtkWidget>, openButton: UnsafeMutablePointer<GtkWidget>)
    {
        let (scroller, content) = Widgets.page()
        Widgets.append(content, Widgets.label(Localization.tr("Audiograph"), classes: ["title-1"]))
        Widgets.append(
            content,
            Widgets.label(
                Localization.tr("See and hear charts of CSV files. Open a file, drop one on this window, or try an example."),
                wrap: true))
        let openButton = Widgets.button(Localization.tr("_Open…"), action: ActionID.app(.open).name, suggested: true)
        gtk_widget_set_halign(openButton, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(openButton, 6)
        Widgets.append(content, openButton)
        if !recent.isEmpty {
            Widgets.append(content, section(Localization.tr("Recent Files")))
            for path in recent {
                let folder = (path as NSString).deletingLastPathComponent
                Widgets.append(
                    content,
                    Widgets.twoLineButton(
                        title: (path as NSString).lastPathComponent, detail: abbreviateHome(folder)
                    ) { open(path) })
            }
        }
        if !examples.isEmpty {
            Widgets.append(content, section(Localization.tr("Examples")))
            for url in examples {
                Widgets.append(
                    content,
                    Widgets.twoLineButton(
                        title: humanTitle(url.path), detail: url.lastPathComponent
                    ) { open(url.path) })
            }
        }
        return (scroller, openButton)
    }

    private static func section(_ title: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = Widgets.label(title, classes: ["heading"], xalign: 0)
        gtk_widget_set_margin_top(label, 18)
        return label
    }

    private static func humanTitle(_ path: String) -> String {
        ChartDocument.humanTitle(forFile: path)
    }

    /// "/home/ana/Data" → "~/Data".
    static func abbreviateHome(_ folder: String) -> String {
        let home = NSHomeDirectory()
        if folder == home { return "~" }
        if folder.hasPrefix(home + "/") { return "~" + folder.dropFirst(home.count) }
        return folder
    }
}

/// The page shown while a file loads slowly: what is loading, a progress bar, how much is read and Cancel.
@MainActor
final class LoadingPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private let bar: UnsafeMutablePointer<GtkWidget>
    /// "12 MB of 200 MB" under the bar: the bar's own text is drawn at 40 % opacity (2.2:1), so it stays hidden.
    private let amount: UnsafeMutablePointer<GtkWidget>
    private let cancelButton: UnsafeMutablePointer<GtkWidget>

    init(cancel: @escaping @MainActor () -> Void) {
        let (scroller, content) = Widgets.page(width: 420)
        widget = scroller
        title = Widgets.label("", classes: ["title-2"], wrap: true)
        Widgets.append(content, title)
        bar = gtk_progress_bar_new()
        // Orca names the bar after the title ("Opening births.csv…") instead of "GtkProgressBar".
        ag_gtk_accessible_set_labelled_by(opaque(bar), title)
        Widgets.append(content, bar)
        amount = Widgets.label("", classes: ["caption"])
        Widgets.append(content, amount)
        cancelButton = Widgets.button(Localization.tr("_Cancel"))
        gtk_widget_set_halign(cancelButton, GTK_ALIGN_CENTER)
        Signal.connect(gpointerOf(cancelButton), "clicked", cancel)
        Widgets.append(content, cancelButton)
    }

    /// Moves keyboard focus to Cancel, so Enter or Space stops the load.
    func focusCancel() { gtk_widget_grab_focus(cancelButton) }

    /// Starts showing `fileName` at 0 %.
    func reset(fileName: String) {
        let opening = Localization.tr("Opening %@…", fileName)
        gtk_label_set_text(gcast(title), opening)
        // Focus lands on Cancel while a slow file loads: its description says what Cancel would stop.
        ag_gtk_accessible_set_description(opaque(cancelButton), opening)
        update(fraction: 0, bytesRead: 0, totalBytes: 0)
    }

    /// Shows how far the read has got ("12 MB of 200 MB"); from a pipe, whose length is unknown until it ends,
    /// how much has arrived ("12 MB read"), the bar pulsing.
    func update(fraction: Double, bytesRead: Int64, totalBytes: Int64) {
        let text: String
        if totalBytes > 0 {
            gtk_progress_bar_set_fraction(gcast(bar), fraction)
            text = Localization.tr("%@ of %@", ByteCount.text(bytesRead), ByteCount.text(totalBytes))
        } else if bytesRead > 0 {
            gtk_progress_bar_pulse(gcast(bar))
            text = Localization.tr("%@ read", ByteCount.text(bytesRead))
        } else {
            gtk_progress_bar_set_fraction(gcast(bar), 0)
            text = ""
        }
        gtk_progress_bar_set_text(gcast(bar), text)
        gtk_label_set_text(gcast(amount), text)
        gtk_widget_set_visible(amount, text.isEmpty ? 0 : 1)
    }
}

/// The page shown when a file can't be opened, or is waited for: which file, why and what to do, and a way on.
@MainActor
final class ErrorPage {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let heading: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    let openButton: UnsafeMutablePointer<GtkWidget>

    init(showStart: @escaping @MainActor () -> Void) {
        let (scroller, content) = Widgets.page()
        widget = scroller
        heading = Widgets.label("", classes: ["title-2"], wrap: true)
        message = Widgets.label("", wrap: true)
        Widgets.append(content, heading)
        Widgets.append(content, message)
        let buttons = Widgets.box(vertical: false, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(buttons, 12)
        openButton = Widgets.button(Localization.tr("_Open Another…"), action: ActionID.app(.open).name, suggested: true)
        Widgets.append(buttons, openButton)
        let startButton = Widgets.button(Localization.tr("_Start Page"))
        Signal.connect(gpointerOf(startButton), "clicked", showStart)
        Widgets.append(buttons, startButton)
        Widgets.append(content, buttons)
    }

    /// Shows `headingText` ("Can't open births.csv", "Waiting for rows in sensor.csv") and the sentence saying why.
    func show(heading headingText: String, message text: String) {
        gtk_label_set_text(gcast(heading), headingText)
        gtk_label_set_text(gcast(message), text)
        // The focus lands on Open Another…, and a screen reader speaks only what has the focus: its
        // description carries the heading and the reason, read after the button's name.
        ag_gtk_accessible_set_description(opaque(openButton), Localization.sentences([Localization.sentence(headingText), text]))
    }
}
