// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The three dichromacies, for checking that colours stay apart without full colour vision.
public enum ColorVisionDeficiency: String, Sendable, CaseIterable {
    /// No long-wavelength (red) cones.
    case protanopia
    /// No medium-wavelength (green) cones.
    case deuteranopia
    /// No short-wavelength (blue) cones.
    case tritanopia
}

/// Colour arithmetic in Oklab (Björn Ottosson, 2020): lightening and darkening that keep the hue a person sees.
public enum PerceptualColor {
    /// Oklab lightness 0…1, and the a/b (green–red, blue–yellow) coordinates of an sRGB colour.
    public static func oklab(_ color: RGBA) -> (l: Double, a: Double, b: Double) {
        let r = Contrast.linear(color.red), g = Contrast.linear(color.green), b = Contrast.linear(color.blue)
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (
            0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
            1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
            0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
        )
    }

    /// The sRGB colour of Oklab coordinates, or nil when it lies outside the sRGB gamut.
    public static func rgb(l: Double, a: Double, b: Double, alpha: Double = 1) -> RGBA? {
        let l3 = cube(l + 0.3963377774 * a + 0.2158037573 * b)
        let m3 = cube(l - 0.1055613458 * a - 0.0638541728 * b)
        let s3 = cube(l - 0.0894841775 * a - 1.2914855480 * b)
        let linear = [
            4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
            -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
            -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3
        ]
        let tolerance = 1e-7
        guard linear.allSatisfy({ $0 >= -tolerance && $0 <= 1 + tolerance }) else { return nil }
        let encoded = linear.map { encode(max(0, min(1, $0))) }
        return RGBA(red: encoded[0], green: encoded[1], blue: encoded[2], alpha: alpha)
    }

    /// `color` with Oklab lightness `lightness` (0…1) and the same hue, its chroma reduced only as far as
    /// needed to stay inside sRGB.
    public static func withLightness(_ color: RGBA, _ lightness: Double) -> RGBA {
        let lab = oklab(color)
        if let exact = rgb(l: lightness, a: lab.a, b: lab.b, alpha: color.alpha) { return exact }
        var low = 0.0, high = 1.0  // fraction of the original chroma
        for _ in 0..<30 {
            let mid = (low + high) / 2
            if rgb(l: lightness, a: lab.a * mid, b: lab.b * mid) != nil { low = mid } else { high = mid }
        }
        return rgb(l: lightness, a: lab.a * low, b: lab.b * low, alpha: color.alpha)
            ?? RGBA(red: lightness, green: lightness, blue: lightness, alpha: color.alpha)
    }

    /// The colour nearest to `color` in Oklab lightness (same hue) whose contrast against the opaque
    /// `background` is at least `minimum` (1…21), rounded to 8 bits per channel; darkened on light
    /// backgrounds and lightened on dark ones. Unchanged (but rounded) when it already has enough.
    public static func ensuring(_ color: RGBA, contrast minimum: Double, against background: RGBA) -> RGBA {
        let opaque = RGBA(red: color.red, green: color.green, blue: color.blue)
        if Contrast.ratio(rounded(opaque), background) >= minimum { return rounded(opaque) }
        let towardsBlack =
            Contrast.ratio(RGBA(red: 0, green: 0, blue: 0), background)
            >= Contrast.ratio(RGBA(red: 1, green: 1, blue: 1), background)
        let start = oklab(opaque).l, end = towardsBlack ? 0.0 : 1.0
        // Contrast grows as lightness moves away from the background: find the smallest move that is enough,
        // with a little to spare so 8-bit rounding cannot push it under.
        func candidate(_ t: Double) -> RGBA { rounded(withLightness(opaque, start + (end - start) * t)) }
        var low = 0.0, high = 1.0
        for _ in 0..<40 {
            let mid = (low + high) / 2
            if Contrast.ratio(candidate(mid), background) >= minimum + 0.02 { high = mid } else { low = mid }
        }
        var t = high
        while Contrast.ratio(candidate(t), background) < minimum && t < 1 { t = min(1, t + 0.002) }
        return candidate(t)
    }

    /// Euclidean distance of two colours in Oklab (0 for equal colours, about 0.02 just noticeable, 1 black–white).
    public static func distance(_ first: RGBA, _ second: RGBA) -> Double {
        let a = oklab(first), b = oklab(second)
        return ((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b)).squareRoot()
    }

    /// `color` as seen with `deficiency` at full severity (Machado, Oliveira and Fernandes 2009, applied to
    /// linear light), rounded to 8 bits per channel.
    public static func simulated(_ color: RGBA, _ deficiency: ColorVisionDeficiency) -> RGBA {
        let m: [Double]
        switch deficiency {
        case .protanopia: m = [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998]
        case .deuteranopia: m = [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881]
        case .tritanopia: m = [1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.303900]
        }
        let r = Contrast.linear(color.red), g = Contrast.linear(color.green), b = Contrast.linear(color.blue)
        func channel(_ row: Int) -> Double {
            encode(max(0, min(1, m[3 * row] * r + m[3 * row + 1] * g + m[3 * row + 2] * b)))
        }
        return rounded(RGBA(red: channel(0), green: channel(1), blue: channel(2), alpha: color.alpha))
    }

    /// `color` rounded to the nearest 8-bit value per channel, as a painter stores it.
    public static func rounded(_ color: RGBA) -> RGBA {
        RGBA(
            red: (color.red * 255).rounded() / 255, green: (color.green * 255).rounded() / 255,
            blue: (color.blue * 255).rounded() / 255, alpha: color.alpha)
    }

    private static func cube(_ x: Double) -> Double { x * x * x }

    /// A linear-light component 0…1 as sRGB 0…1.
    private static func encode(_ c: Double) -> Double {
        c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
}
