// SPDX-License-Identifier: GPL-3.0-or-later
import CGtk
import CGtkShim
import Foundation

/// What the desktop asks for: dark style, high contrast, fewer animations, larger text. Read from GtkSettings, the
/// GTK_THEME variable and GNOME's a11y GSettings, and watched for changes. Also switches the windows to
/// GTK's high-contrast theme for Increase Contrast (`setHighContrastWindows`).
@MainActor
final class DesktopAppearance {
    private(set) var prefersDark = false
    private(set) var highContrast = false
    private(set) var reduceMotion = false
    /// The desktop's text scaling as a factor (1 normal; GNOME's Large Text 1.25): GtkSettings' gtk-xft-dpi
    /// over 96 dots per inch, times the interface font's size over 10 points when it is larger. GNOME sets the
    /// first from its text-scaling-factor and the second from its font setting, through XSETTINGS on X11 and
    /// the settings portal on Wayland, so GTK's own text and the chart's grow together.
    private(set) var textScale = 1.0
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
            let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.a11y.interface", 1)
        {
            if g_settings_schema_has_key(schema, "high-contrast") != 0 {
                a11ySettings = g_settings_new_full(schema, nil, nil)
            }
            g_settings_schema_unref(schema)
        }
        if let a11ySettings {
            Signal.connectWithPointer(gpointerOf(a11ySettings), "changed::high-contrast") { [weak self] _ in self?.refresh() }
        }
        if let settings = gtk_settings_get_default() {
            for property in [
                "gtk-application-prefer-dark-theme", "gtk-theme-name", "gtk-enable-animations",
                "gtk-xft-dpi", "gtk-font-name"
            ] {
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

    /// The text scale that gtk-xft-dpi `xftDPI` (1024ths of a dot per inch; -1 or 0 for the default) asks
    /// for: 96 dots per inch is 1.
    nonisolated static func textScale(xftDPI: Int32) -> Double {
        xftDPI > 0 ? Double(xftDPI) / 1024 / 96 : 1
    }

    /// How much larger than GTK's own default (10 points) the interface font `fontName` is ("Cantarell 15"
    /// is 1.5; "Sans 14px" is 10.5 points, 1.05); 1 for a smaller or sizeless one, so the chart's text never
    /// shrinks below its normal size.
    nonisolated static func fontScale(_ fontName: String) -> Double {
        guard let description = pango_font_description_from_string(fontName) else { return 1 }
        defer { pango_font_description_free(description) }
        var points = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        if pango_font_description_get_size_is_absolute(description) != 0 { points *= 0.75 }
        return max(1, points / 10)
    }

    private func refresh() {
        let before = (prefersDark, highContrast, reduceMotion, textScale)
        read()
        if before != (prefersDark, highContrast, reduceMotion, textScale) { onChange?() }
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
            let fontName = takeGString(ag_gtk_object_get_string(gpointerOf(settings), "gtk-font-name")) ?? ""
            textScale =
                Self.textScale(xftDPI: ag_gtk_object_get_int(gpointerOf(settings), "gtk-xft-dpi"))
                * Self.fontScale(fontName)
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
