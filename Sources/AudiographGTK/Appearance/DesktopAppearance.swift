// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CGtkShim
import Foundation

/// What the desktop asks for: dark style, high contrast, fewer animations. Read from GtkSettings, the
/// GTK_THEME variable and GNOME's a11y GSettings, and watched for changes. Also switches the windows to
/// GTK's high-contrast theme for Increase Contrast (`setHighContrastWindows`).
@MainActor
final class DesktopAppearance {
    private(set) var prefersDark = false
    private(set) var highContrast = false
    private(set) var reduceMotion = false
    /// GTK's high-contrast theme as this application set it on GtkSettings, light or dark; nil while the
    /// windows follow the desktop's theme.
    private var ownTheme: OwnTheme?
    private enum OwnTheme { case light, dark }
    /// The desktop's theme name and dark preference, read while `ownTheme` was nil (GtkSettings then
    /// reports ours).
    private var desktopTheme = ""
    private var desktopPrefersDark = false
    /// True while `setHighContrastWindows` changes GtkSettings.
    private var changingTheme = false
    /// Whether the desktop's theme (or GTK_THEME) is already one of GTK's high-contrast themes.
    private var themeIsHighContrast = false

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

    /// Draws every window with GTK's built-in high-contrast theme (`on`), dark in dark style; or with the
    /// desktop's theme again (`off`, or when the desktop's theme is already high contrast). Set on the
    /// display's GtkSettings for this process only: "HighContrast", with gtk-application-prefer-dark-theme
    /// for its dark variant (GTK 4.8 does not know the name HighContrastInverse; 4.18 reads both the same
    /// way); resetting the properties hands them back to the desktop. A theme forced with GTK_THEME wins over
    /// both, as GTK reads that first.
    func setHighContrastWindows(_ on: Bool) {
        let wanted: OwnTheme? = on && !themeIsHighContrast ? (prefersDark ? .dark : .light) : nil
        guard wanted != ownTheme, let settings = gtk_settings_get_default() else { return }
        let previous = ownTheme
        ownTheme = wanted
        // GTK notifies of each change at once: `read` keeps the desktop's values until ours are all set.
        changingTheme = true
        let object = gpointerOf(settings)
        if wanted == .dark {
            ag_gtk_object_set_boolean(object, "gtk-application-prefer-dark-theme", 1)
        } else if previous == .dark {
            gtk_settings_reset_property(settings, "gtk-application-prefer-dark-theme")
        }
        if wanted != nil {
            ag_gtk_object_set_string(object, "gtk-theme-name", "HighContrast")
        } else {
            gtk_settings_reset_property(settings, "gtk-theme-name")
        }
        changingTheme = false
        if wanted == nil { refresh() }
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
            if ownTheme == nil && !changingTheme {
                desktopTheme = takeGString(ag_gtk_object_get_string(gpointerOf(settings), "gtk-theme-name")) ?? ""
                desktopPrefersDark = ag_gtk_object_get_boolean(gpointerOf(settings), "gtk-application-prefer-dark-theme") != 0
            }
            theme = desktopTheme
            preferDark = desktopPrefersDark
            animations = ag_gtk_object_get_boolean(gpointerOf(settings), "gtk-enable-animations") != 0
        }
        // GTK_THEME ("Adwaita:dark", "HighContrast") overrides the theme setting for this process.
        if let forced = ProcessInfo.processInfo.environment["GTK_THEME"], !forced.isEmpty { theme = forced }
        let themeName = theme.split(separator: ":").first.map(String.init) ?? theme
        let lowered = theme.lowercased()
        prefersDark = preferDark || lowered.hasSuffix("-dark") || lowered.hasSuffix(":dark") || themeName == "HighContrastInverse"
        themeIsHighContrast = themeName == "HighContrast" || themeName == "HighContrastInverse"
        var contrast = themeIsHighContrast
        if let a11ySettings, g_settings_get_boolean(a11ySettings, "high-contrast") != 0 { contrast = true }
        highContrast = contrast
        reduceMotion = !animations
    }
}
