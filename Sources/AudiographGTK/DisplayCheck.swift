// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk

/// Whether the viewer can reach a graphical display, checked before GTK would stop the process with
/// only "Gtk-WARNING: cannot open display".
public enum DisplayCheck {
    /// A sentence for a person when no display can be opened; nil when one can (or when the arguments
    /// only ask for help, which needs no display).
    @MainActor
    public static func problem(arguments: [String] = CommandLine.arguments) -> String? {
        let helpOnly = arguments.dropFirst().contains { $0 == "-h" || $0 == "--help" || $0.hasPrefix("--help-") }
        if helpOnly || gtk_init_check() != 0 { return nil }
        return Localization.tr(
            "No graphical display could be opened. Run Audiograph inside a desktop session (Wayland or X11), or use audiograph-cli in a terminal."
        )
    }
}
