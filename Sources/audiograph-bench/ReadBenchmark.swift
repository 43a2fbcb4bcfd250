// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographSpreadsheet
import Foundation

/// `audiograph-bench read FILE [--threads N] [--repeat R]`: reads FILE (CSV, .xlsx or .ods) into a table R times
/// (the reader only: no chart, no analysis) with N pieces at once (default every core; 1 is the one-thread loop) and prints the
/// median seconds, MiB/s and rows per second.
func runReadBenchmark() -> Int32 {
    let args = CommandLine.arguments
    guard args.count >= 3, let threads = Int(option("--threads", "\(ProcessInfo.processInfo.activeProcessorCount)")),
        threads > 0, let repeats = Int(option("--repeat", "3")), repeats > 0
    else {
        FileHandle.standardError.write(Data("usage: audiograph-bench read FILE [--threads N] [--repeat R]\n".utf8))
        return 64
    }
    let path = args[2]
    var options = CSVReadOptions()
    options.parallelism = threads
    var times: [Double] = []
    var rows = 0
    for _ in 0..<repeats {
        var result: Result<Table, Error>?
        times.append(
            seconds {
                result = Result {
                    try TableFiles.read(
                        path: path, sheet: nil, options: options, readers: [SpreadsheetReader()],
                        progress: nil, cancellation: nil)
                }
            })
        switch result {
        case .success(let table): rows = table.rowCount
        case .failure(let error):
            FileHandle.standardError.write(Data("\((error as? ImportError)?.message ?? "\(error)")\n".utf8))
            return 65
        case nil: return 70
        }
    }
    let median = median(times)
    let bytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value ?? 0)
    print(
        String(
            format: "read %@: %d rows, %d thread(s), median of %d: %.3f s, %.0f MiB/s, %.1f M rows/s",
            (path as NSString).lastPathComponent, rows, threads, repeats, median,
            bytes / 1_048_576 / median, Double(rows) / 1e6 / median))
    return 0
}
