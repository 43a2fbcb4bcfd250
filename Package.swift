// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Audiograph",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AudiographCore", targets: ["AudiographCore"]),
        .executable(name: "audiograph-cli", targets: ["audiograph-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Platform-independent core: chart model, CSV import, analysis, wording. Foundation only.
        .target(name: "AudiographCore"),
        // Thin command-line front end over the core.
        .executableTarget(
            name: "audiograph-cli",
            dependencies: [
                "AudiographCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmark of the sonification pipeline on synthetic data (prints numbers; see bench/README.md).
        .executableTarget(name: "audiograph-bench", dependencies: ["AudiographCore"]),
        // Unit tests of the core; fixtures are read by path (#filePath), not bundled.
        .testTarget(
            name: "AudiographCoreTests",
            dependencies: ["AudiographCore"],
            exclude: ["Fixtures"]
        ),
        // End-to-end tests that run the built audiograph-cli binary on real files.
        .testTarget(
            name: "AudiographCLITests",
            dependencies: ["AudiographCore", "audiograph-cli"],
            exclude: ["Golden", "Malformed"]
        ),
    ]
)
