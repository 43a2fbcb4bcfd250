import AudiographReport
import AudiographTestSupport
import Foundation
import XCTest

// SPDX-License-Identifier: GPL-3.0-or-later
@testable import AudiographCore

/// Replays the fuzzer's seed corpus and every input it ever found a problem with (Tests/fuzz) through the
/// same steps as the fuzz target: each file is charted, described and sonified, or refused with an
/// `ImportError` whose message names the file. So a fixed finding stays fixed without running the fuzzer.
final class FuzzRegressionTests: XCTestCase {
    private var fuzzFolder: URL { Repository.url("Tests/fuzz") }

    func testEveryCorpusAndRegressionFileIsChartedOrRefusedCleanly() throws {
        var options = CSVReadOptions()
        options.limits.maxFieldBytes = 4_096
        options.limits.maxRecordBytes = 16_384
        options.limits.maxColumns = 64
        options.limits.maxRows = 10_000
        options.chunkBytes = 257
        var seen = 0, charted = 0
        for sub in ["corpus", "regressions"] {
            let folder = fuzzFolder.appendingPathComponent(sub)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where !name.hasPrefix(".") && name != "README.md" {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                seen += 1
                do {
                    let document = try ChartDocument.open(data: data, name: "fuzz.csv", options: options)
                    XCTAssertFalse(DescribeReport(document: document).text().isEmpty, name)
                    _ = Sonifier(chart: document.chart).score(.all)
                    charted += 1
                } catch let error as ImportError {
                    XCTAssertTrue(error.message.contains("fuzz.csv"), "\(sub)/\(name): \(error.message)")
                }
            }
        }
        XCTAssertGreaterThan(seen, 20, "the corpus is there")
        XCTAssertGreaterThan(charted, 10, "most seeds are charts")
    }
}
