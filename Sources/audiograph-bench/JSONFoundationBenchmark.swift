// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// `audiograph-bench read-json-foundation FILE [--repeat R]`: what Foundation's own parser costs on the JSON
/// Audiograph reads with `JSONStreamParser`: the whole file into memory, `JSONSerialization` over it, then one
/// column of numbers or text per key of an array of records, as a table needs. Prints the median seconds and
/// MiB/s (bench/json-vs-peers.sh runs it beside `audiograph-bench read`, pandas, polars and DuckDB).
func runJSONFoundationBenchmark() -> Int32 {
    let args = CommandLine.arguments
    guard args.count >= 3, let repeats = Int(option("--repeat", "3")), repeats > 0 else {
        FileHandle.standardError.write(Data("usage: audiograph-bench read-json-foundation FILE [--repeat R]\n".utf8))
        return 64
    }
    let path = args[2]
    var times: [Double] = []
    var rows = 0
    for _ in 0..<repeats {
        var failed = false
        times.append(
            seconds {
                guard let data = FileManager.default.contents(atPath: path),
                    let records = (try? JSONSerialization.jsonObject(with: data)) as? [[String: Any]]
                else {
                    failed = true
                    return
                }
                var numbers: [String: [Double]] = [:]
                var texts: [String: [String]] = [:]
                for record in records {
                    for (key, value) in record {
                        if let number = value as? NSNumber {
                            numbers[key, default: []].append(number.doubleValue)
                        } else {
                            texts[key, default: []].append("\(value)")
                        }
                    }
                }
                rows = records.count
            })
        if failed {
            FileHandle.standardError.write(Data("read-json-foundation: \(path) is not an array of records\n".utf8))
            return 65
        }
    }
    let median = median(times)
    let bytes = Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)??.int64Value ?? 0)
    print(
        String(
            format: "read-json-foundation %@: %d rows, median of %d: %.3f s, %.0f MiB/s",
            (path as NSString).lastPathComponent, rows, repeats, median, bytes / 1_048_576 / median))
    return 0
}
