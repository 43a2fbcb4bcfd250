// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import XCTest

/// Every palette colour measured against its background, in light, dark and increased contrast.
final class ChartPaletteTests: XCTestCase {
    static var appearances: [ChartAppearance] {
        [(false, false), (false, true), (true, false), (true, true)].map { dark, high in
            var a = ChartAppearance()
            a.dark = dark
            a.increaseContrast = high
            return a
        }
    }

    func testBackgrounds() {
        XCTAssertEqual(ChartPalette(appearance: ChartAppearance()).background, RGBA(hex: 0xFFFFFF))
        var dark = ChartAppearance()
        dark.dark = true
        XCTAssertEqual(ChartPalette(appearance: dark).background, RGBA(hex: 0x1E1E1E))
    }

    func testEveryColourMeetsItsContrast() {
        for appearance in Self.appearances {
            let p = ChartPalette(appearance: appearance)
            let high = appearance.increaseContrast
            let marks = high ? 7.0 : 3, text = high ? 7.0 : 4.5
            func ratio(_ c: RGBA) -> Double { Contrast.ratio(c, p.background) }
            XCTAssertEqual(p.markContrast, marks)
            XCTAssertGreaterThanOrEqual(ratio(p.text), text)
            XCTAssertGreaterThanOrEqual(ratio(p.secondaryText), text)
            XCTAssertGreaterThanOrEqual(ratio(p.axis), high ? 7 : 3)
            XCTAssertGreaterThanOrEqual(ratio(p.cursor), 7)
            XCTAssertLessThan(ratio(p.gridline), ratio(p.axis))
            XCTAssertGreaterThan(ratio(p.gridline), 1.15)
            if high { XCTAssertGreaterThanOrEqual(ratio(p.gridline), 3, "every line is at least 3:1 in increase contrast") }
            XCTAssertEqual(p.series.count, 8)
            for color in p.series {
                XCTAssertGreaterThanOrEqual(ratio(color), marks, "\(color) \(appearance)")
                XCTAssertEqual(color.alpha, 1)
            }
            var closest = Double.infinity
            for i in p.series.indices {
                for j in p.series.indices where j > i {
                    closest = min(closest, PerceptualColor.distance(p.series[i], p.series[j]))
                }
            }
            XCTAssertGreaterThanOrEqual(closest, ChartPalette.minimumSeriesDistance, "series colours must stay distinct")
            print(
                String(
                    format: "palette dark=%@ increased=%@ text=%.2f secondary=%.2f axis=%.2f grid=%.2f series=%@",
                    "\(appearance.dark)", "\(high)", ratio(p.text), ratio(p.secondaryText), ratio(p.axis),
                    ratio(p.gridline), p.series.map { String(format: "%.2f", ratio($0)) }.joined(separator: ","))
                    + " closest=\(closest) "
                    + p.series.map { String(format: "#%02X%02X%02X", Int($0.red * 255), Int($0.green * 255), Int($0.blue * 255)) }
                    .joined(separator: ","))
        }
    }

    func testColoursAlreadyStrongEnoughAreLeftAlone() {
        // Okabe–Ito blue is 5.19:1 on white, vermillion 3.87:1, reddish purple 3.06:1: unchanged at 3:1.
        let p = ChartPalette(appearance: ChartAppearance())
        XCTAssertEqual(p.series[0], RGBA(hex: 0x0072B2))
        XCTAssertEqual(p.series[1], RGBA(hex: 0xD55E00))
        XCTAssertEqual(p.series[2], RGBA(hex: 0xCC79A7))
        XCTAssertEqual(p.series[6], RGBA(hex: 0x000000))
    }

    /// The Okabe–Ito names of the palette's colours, in palette order.
    static var names: [String] {
        let byHex: [UInt32: String] = [
            0x0072B2: "blue", 0xD55E00: "vermillion", 0x56B4E9: "sky blue",
            0x009E73: "bluish green", 0xE69F00: "orange", 0xCC79A7: "reddish purple",
            0xF0E442: "yellow", 0x000000: "black"
        ]
        return ChartPalette.okabeIto.map { c in
            byHex[
                UInt32((c.red * 255).rounded()) << 16 | UInt32((c.green * 255).rounded()) << 8
                    | UInt32((c.blue * 255).rounded())] ?? "?"
        }
    }

    func testTheFirstFiveStayApartForEveryColourVision() {
        // The first five colours are what a small chart or the categories of a scatter plot use (cars.csv has
        // five countries). Before, blue and sky blue were both among them (the same hue, only 0.13 apart) and
        // vermillion and the darkened orange were 0.007 apart for a protanope on white.
        XCTAssertEqual(Set(Self.names).count, 8)
        XCTAssertFalse(
            Self.names.prefix(5).contains("blue") && Self.names.prefix(5).contains("sky blue"),
            "blue and sky blue differ only in lightness: \(Self.names)")
        for appearance in Self.appearances {
            let first = Array(ChartPalette(appearance: appearance).series.prefix(5))
            var closest: [String: Double] = [:]
            for i in first.indices {
                for j in first.indices where j > i {
                    closest["normal", default: .infinity] = min(
                        closest["normal", default: .infinity],
                        PerceptualColor.distance(first[i], first[j]))
                    for deficiency in ColorVisionDeficiency.allCases {
                        let d = PerceptualColor.distance(
                            PerceptualColor.simulated(first[i], deficiency),
                            PerceptualColor.simulated(first[j], deficiency))
                        closest[deficiency.rawValue, default: .infinity] = min(
                            closest[deficiency.rawValue, default: .infinity], d)
                    }
                }
            }
            XCTAssertGreaterThanOrEqual(closest["normal"]!, 0.1, "\(appearance)")
            for deficiency in ColorVisionDeficiency.allCases {
                XCTAssertGreaterThanOrEqual(closest[deficiency.rawValue]!, 0.05, "\(deficiency) \(appearance)")
            }
            print(
                String(format: "first five dark=%@ increased=%@ ", "\(appearance.dark)", "\(appearance.increaseContrast)")
                    + closest.sorted { $0.key < $1.key }.map { String(format: "%@=%.3f", $0.key, $0.value) }.joined(
                        separator: " "))
            // Every pair of the whole palette stays apart for every kind of colour vision.
            let all = ChartPalette(appearance: appearance).series
            for i in all.indices {
                for j in all.indices where j > i {
                    XCTAssertTrue(ChartPalette.distinct(all[i], all[j]), "\(i) \(j) \(appearance)")
                }
            }
        }
    }

    func testColouredSeriesReachTextContrastOnDark() {
        // Okabe–Ito blue is only 3.21:1 on #1E1E1E: lightened to 4.5:1 like the text.
        var dark = ChartAppearance()
        dark.dark = true
        let p = ChartPalette(appearance: dark)
        for (base, color) in zip(ChartPalette.okabeIto, p.series) {
            let lab = PerceptualColor.oklab(base)
            guard hypot(lab.a, lab.b) > 0.05 else { continue }  // black stays a dim grey at 3:1
            XCTAssertGreaterThanOrEqual(Contrast.ratio(color, p.background), ChartPalette.darkSeriesContrast, "\(color)")
        }
        XCTAssertGreaterThanOrEqual(Contrast.ratio(p.series[0], p.background), 4.5)
    }

    func testSimulatedColourVision() {
        for deficiency in ColorVisionDeficiency.allCases {
            XCTAssertEqual(PerceptualColor.simulated(RGBA(hex: 0xFFFFFF), deficiency), RGBA(hex: 0xFFFFFF))
            XCTAssertEqual(PerceptualColor.simulated(RGBA(hex: 0x000000), deficiency), RGBA(hex: 0x000000))
        }
        // Red and green are far apart normally, close without red or green cones, still apart without blue ones.
        let red = RGBA(hex: 0xD55E00), green = RGBA(hex: 0x009E73)
        func apart(_ d: ColorVisionDeficiency) -> Double {
            PerceptualColor.distance(PerceptualColor.simulated(red, d), PerceptualColor.simulated(green, d))
        }
        let normal = PerceptualColor.distance(red, green)
        XCTAssertLessThan(apart(.protanopia), normal * 0.6)
        XCTAssertLessThan(apart(.deuteranopia), normal * 0.6)
        XCTAssertGreaterThan(apart(.tritanopia), normal * 0.6)
    }

    func testAdjustingKeepsTheHue() {
        for appearance in Self.appearances {
            let p = ChartPalette(appearance: appearance)
            for (original, adjusted) in zip(ChartPalette.okabeIto, p.series) {
                let a = PerceptualColor.oklab(original), b = PerceptualColor.oklab(adjusted)
                guard hypot(a.a, a.b) > 0.05, hypot(b.a, b.b) > 0.02 else { continue }  // greys have no hue
                var difference = abs(atan2(a.b, a.a) - atan2(b.b, b.a)) * 180 / .pi
                if difference > 180 { difference = 360 - difference }
                XCTAssertLessThan(difference, 12, "\(original) → \(adjusted) \(appearance)")
            }
        }
    }

    func testOrderAvoidsRedNextToGreenAndBlueNextToYellow() {
        let names = Self.names
        let reds: Set = ["vermillion", "reddish purple"], greens: Set = ["bluish green"]
        let blues: Set = ["blue", "sky blue"], yellows: Set = ["yellow", "orange"]
        for i in names.indices {
            let pair: Set = [names[i], names[(i + 1) % names.count]]
            XCTAssertFalse(!pair.isDisjoint(with: reds) && !pair.isDisjoint(with: greens), "\(pair)")
            XCTAssertFalse(!pair.isDisjoint(with: blues) && !pair.isDisjoint(with: yellows), "\(pair)")
        }
        XCTAssertEqual(ChartPalette.okabeIto.map { PerceptualColor.rounded($0) }, ChartPalette.okabeIto)
    }

    func testEnsuringDarkensOnLightAndLightensOnDark() {
        let orange = RGBA(hex: 0xE69F00)
        let onWhite = PerceptualColor.ensuring(orange, contrast: 3, against: RGBA(hex: 0xFFFFFF))
        XCTAssertGreaterThanOrEqual(Contrast.ratio(onWhite, RGBA(hex: 0xFFFFFF)), 3)
        XCTAssertLessThan(Contrast.ratio(onWhite, RGBA(hex: 0xFFFFFF)), 3.15, "no darker than needed")
        XCTAssertLessThan(PerceptualColor.oklab(onWhite).l, PerceptualColor.oklab(orange).l)
        let blue = RGBA(hex: 0x0072B2), dark = RGBA(hex: 0x1E1E1E)
        let onDark = PerceptualColor.ensuring(blue, contrast: 7, against: dark)
        XCTAssertGreaterThanOrEqual(Contrast.ratio(onDark, dark), 7)
        XCTAssertGreaterThan(PerceptualColor.oklab(onDark).l, PerceptualColor.oklab(blue).l)
    }

    func testOklabRoundTrip() {
        for color in ChartPalette.okabeIto + [RGBA(hex: 0xFFFFFF), RGBA(hex: 0x123456)] {
            let lab = PerceptualColor.oklab(color)
            let back = PerceptualColor.rgb(l: lab.l, a: lab.a, b: lab.b)!
            XCTAssertEqual(back.red, color.red, accuracy: 1e-6)
            XCTAssertEqual(back.green, color.green, accuracy: 1e-6)
            XCTAssertEqual(back.blue, color.blue, accuracy: 1e-6)
        }
        XCTAssertEqual(PerceptualColor.oklab(RGBA(hex: 0xFFFFFF)).l, 1, accuracy: 1e-4)
    }
}
