// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CGtkShim
import Foundation

/// What the desktop asks for: dark style, high contrast, fewer animations. Read from GtkSettings, the
/// GTK_THEME variable and GNOME's a11y GSettings, and watched for changes.
@MainActor
final class DesktopAppearance {
    private(set) var prefersDark = false
    private(set) var highContrast = false
    private(set) var reduceMotion = false

    /// Called after any of the values above changed.
    var onChange: (() -> Void)?

    /// GNOME's org.gnome.desktop.a11y.interface settings when that schema is installed; owned here (one
    /// reference from g_settings_new_full), kept for the application's lifetime and unreffed in `close`.
    private var a11ySettings: UnsafeMutablePointer<GSettings>?

    init() {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.a11y.interface", 1) {
            if g_settings_schema_has_key(schema, "high-contrast") != 0 {
                a11ySettings = g_settings_new_full(schema, nil, nil)
            }
            g_settings_schema_unref(schema)
        }
        if let a11ySettings {
            Signal.connectWithPointer(gpointerOf(a11ySettings), "changed::high-contrast") { [weak self] _ in self?.refresh() }
        }
        if let settings = gtk_settings_get_default() {
            for property in ["gtk-application-prefer-dark-theme", "gtk-theme-name", "gtk-enable-animations"] {
                Signal.connectWithPointer(gpointerOf(settings), "notify::\(property)") { [weak self] _ in self?.refresh() }
            }
        }
        read()
    }

    /// Drops the GSettings reference (at application shutdown).
    func close() {
        if let a11ySettings { g_object_unref(gpointerOf(a11ySettings)) }
        a11ySettings = nil
    }

    private func refresh() {
        let before = (prefersDark, highContrast, reduceMotion)
        read()
        if before != (prefersDark, highContrast, reduceMotion) { onChange?() }
    }

    private func read() {
        var theme = ""
        var preferDark = false
        var animations = true
        if let settings = gtk_settings_get_default() {
            theme = takeGString(ag_gtk_object_get_string(gpointerOf(settings), "gtk-theme-name")) ?? ""
            preferDark = ag_gtk_object_get_boolean(gpointerOf(settings), "gtk-application-prefer-dark-theme") != 0
            animations = ag_gtk_object_get_boolean(gpointerOf(settings), "gtk-enable-animations") != 0
        }
        // GTK_THEME ("Adwaita:dark", "HighContrast") overrides the theme setting for this process.
        if let forced = ProcessInfo.processInfo.environment["GTK_THEME"], !forced.isEmpty { theme = forced }
        let themeName = theme.split(separator: ":").first.map(String.init) ?? theme
        let lowered = theme.lowercased()
        prefersDark = preferDark || lowered.hasSuffix("-dark") || lowered.hasSuffix(":dark") || themeName == "HighContrastInverse"
        var contrast = themeName == "HighContrast" || themeName == "HighContrastInverse"
        if let a11ySettings, g_settings_get_boolean(a11ySettings, "high-contrast") != 0 { contrast = true }
        highContrast = contrast
        reduceMotion = !animations
    }
}
