// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackageDescription

/// GTK's version as pkg-config reports it (for example [4, 18, 6]), or [] where pkg-config or GTK is missing.
/// The viewer uses newer GTK calls where the installed GTK has them (see docs/decisions.md, "GTK versions").
func installedGTKVersion() -> [Int] {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--modversion", "gtk4"]
    let output = Pipe()
    pkgConfig.standardOutput = output
    pkgConfig.standardError = FileHandle.nullDevice
    guard (try? pkgConfig.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    pkgConfig.waitUntilExit()
    guard pkgConfig.terminationStatus == 0 else { return [] }
    return text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").compactMap { Int($0) }
}

/// One compilation condition per GTK 4 minor release the viewer has a switch for: GTK_4_10 (GtkFileDialog),
/// GTK_4_12 (gtk_css_provider_load_from_string, GTK_ALIGN_BASELINE_FILL), set when the installed GTK is at
/// least that version. GTK 4.8 (Debian 12) gets none and keeps the older calls.
let gtkConditions: [SwiftSetting] = {
    let version = installedGTKVersion()
    guard version.count >= 2, version[0] == 4 else { return [] }
    return [10, 12].filter { version[1] >= $0 }.map { .define("GTK_4_\($0)") }
}()

let package = Package(
    name: "Audiograph",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AudiographCore", targets: ["AudiographCore"]),
        .library(name: "AudiographALSA", targets: ["AudiographALSA"]),
        .library(name: "AudiographSpreadsheet", targets: ["AudiographSpreadsheet"]),
        .library(name: "AudiographGTK", targets: ["AudiographGTK"]),
        .executable(name: "audiograph", targets: ["audiograph"]),
        .executable(name: "audiograph-cli", targets: ["audiograph-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
    ],
    targets: [
        // Platform-independent core: chart model, CSV import, analysis, wording. Foundation only.
        .target(name: "AudiographCore"),
        // Reads .xlsx and .ods workbooks into the core's Table: ZIPFoundation for the zip container, FoundationXML
        // for the parts. Kept out of the core so the core stays Foundation only.
        .target(name: "AudiographSpreadsheet", dependencies: [
            "AudiographCore", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        // alsa-lib's C API as a Swift module (headers and -lasound through pkg-config).
        .systemLibrary(
            name: "CAlsa",
            pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]
        ),
        // The few ALSA helpers Swift cannot express (a variadic error handler); ag_alsa_ prefix.
        .target(name: "CAlsaShim", dependencies: ["CAlsa"]),
        // Plays the core's AudioBuffers on a Linux sound device through ALSA, from its own thread.
        .target(name: "AudiographALSA", dependencies: ["AudiographCore", "CAlsa", "CAlsaShim"]),
        // GTK 4's C API (with GLib, GIO, cairo and Pango) as a Swift module, through pkg-config.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // The few GTK helpers Swift cannot express (variadic functions, macros); ag_gtk_ prefix.
        .target(name: "CGtkShim", dependencies: ["CGtk"]),
        // The desktop viewer: application, windows, start page, loading, chart painting, View settings.
        // A library so tests can drive it; the `audiograph` executable only runs it.
        .target(name: "AudiographGTK", dependencies: ["AudiographCore", "AudiographALSA", "AudiographSpreadsheet",
                                                     "CGtk", "CGtkShim"],
                swiftSettings: gtkConditions),
        // Thin GUI executable: `audiograph [FILE...]`.
        .executableTarget(name: "audiograph", dependencies: ["AudiographCore", "AudiographGTK"]),
        // What `audiograph-cli describe` prints, as text or JSON, from the core's document and analysis; beside
        // its users (the CLI, its fuzzer and the tests of what it prints), not in the core.
        .target(name: "AudiographReport", dependencies: ["AudiographCore"]),
        // Thin command-line front end over the core.
        .executableTarget(
            name: "audiograph-cli",
            dependencies: [
                "AudiographCore",
                "AudiographReport",
                "AudiographALSA",
                "AudiographSpreadsheet",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmark of the sonification pipeline on synthetic data (prints numbers; see bench/README.md).
        .executableTarget(name: "audiograph-bench", dependencies: ["AudiographCore", "AudiographSpreadsheet"]),
        // What the test targets share: temporary folders, the repository's files, waiting on a condition.
        // Foundation only (no XCTest), so it builds with everything else.
        .target(name: "AudiographTestSupport", path: "Tests/AudiographTestSupport"),
        // Unit tests of the core; fixtures are read by path (Repository), not bundled.
        .testTarget(
            name: "AudiographCoreTests",
            dependencies: ["AudiographCore", "AudiographReport", "AudiographTestSupport"],
            exclude: ["Fixtures"]
        ),
        // The ALSA player: real alsa-lib into a file sink (ALSA_CONFIG_PATH), and a paced fake device.
        .testTarget(
            name: "AudiographALSATests",
            dependencies: ["AudiographALSA", "AudiographCore", "AudiographTestSupport"]
        ),
        // The viewer's pure logic (settings file, action table); the GUI itself is tested by Tests/gui.
        .testTarget(
            name: "AudiographGTKTests",
            dependencies: ["AudiographGTK", "AudiographALSA", "CGtk", "AudiographTestSupport"]
        ),
        // The workbook readers' parts: cell references, number formats, Excel's dates, finding the table, safe XML.
        .testTarget(
            name: "AudiographSpreadsheetTests",
            dependencies: ["AudiographSpreadsheet", "AudiographCore", "AudiographTestSupport"]
        ),
        // End-to-end tests that run the built audiograph-cli binary on real files.
        .testTarget(
            name: "AudiographCLITests",
            dependencies: ["AudiographCore", "AudiographSpreadsheet", "audiograph-cli", "AudiographTestSupport"],
            exclude: ["Golden", "Malformed"]
        ),
    ]
)

// The libFuzzer target exists only when asked for (Tests/fuzz/run-fuzz.sh sets AUDIOGRAPH_FUZZ=1): it has no
// main of its own, libFuzzer's -sanitize=fuzzer provides it, so an ordinary build could not link it.
if ProcessInfo.processInfo.environment["AUDIOGRAPH_FUZZ"] == "1" {
    package.products.append(.executable(name: "audiograph-fuzz", targets: ["audiograph-fuzz"]))
    package.targets.append(.executableTarget(name: "audiograph-fuzz",
                                             dependencies: ["AudiographCore", "AudiographReport", "AudiographSpreadsheet"],
                                             swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
