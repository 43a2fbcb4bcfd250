// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// WCAG 2.x relative luminance and contrast ratio, with translucent colours composited first.
public enum Contrast {
    /// Relative luminance of an opaque sRGB colour, 0 (black) … 1 (white); alpha is ignored.
    public static func relativeLuminance(_ color: RGBA) -> Double {
        0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// Contrast ratio of `foreground` against `background`, 1…21; `foreground` is composited over
    /// `background` by its alpha, and a translucent `background` over white.
    public static func ratio(_ foreground: RGBA, _ background: RGBA) -> Double {
        let back = composite(background, over: RGBA(red: 1, green: 1, blue: 1))
        let front = composite(foreground, over: back)
        let a = relativeLuminance(front), b = relativeLuminance(back)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// `color` painted over an opaque `background` (source-over in sRGB, as cairo does); the result is opaque.
    public static func composite(_ color: RGBA, over background: RGBA) -> RGBA {
        let a = max(0, min(1, color.alpha))
        return RGBA(
            red: color.red * a + background.red * (1 - a),
            green: color.green * a + background.green * (1 - a),
            blue: color.blue * a + background.blue * (1 - a))
    }

    /// An sRGB component 0…1 as linear light 0…1 (the WCAG 2.x formula, threshold 0.04045).
    static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
