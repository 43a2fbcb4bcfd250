// swift-tools-version:6.0
// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark only (not part of Audiograph): how fast and how big are existing CSV
// packages at turning a numeric CSV into [Double] columns? See bench/README.md.
import PackageDescription

let package = Package(
    name: "csv-package-bench",
    dependencies: [
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "csv-package-bench",
            dependencies: [
                .product(name: "SwiftCSV", package: "SwiftCSV"),
                .product(name: "CSV", package: "CSV.swift"),
            ]
        ),
    ]
)
