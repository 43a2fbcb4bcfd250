// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// `audiograph-bench follow`: writes an N-row CSV (minute, temperature) into a temporary folder, opens it
/// with `FollowedFile`, then R times appends B rows and polls, keeping the previous document alive as the
/// viewer does while it shows it. Prints the open time, the median poll that found rows (read, parse,
/// append, `ChartDocument.rebuilt`), the median poll that found nothing, and the bytes the polls read.
func runFollowBenchmark() -> Int32 {
    guard let rows = Int(option("--rows", "1000000")), rows > 1,
        let batch = Int(option("--batch", "10")), batch > 0,
        let repeats = Int(option("--repeat", "20")), repeats > 0
    else {
        FileHandle.standardError.write(Data("usage: audiograph-bench follow [--rows N] [--batch B] [--repeat R]\n".utf8))
        return 64
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audiograph-bench-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("log.csv").path
    func lines(_ range: Range<Int>) -> Data {
        Data(range.map { "\($0),\(Double($0 % 1000) / 10)\n" }.joined().utf8)
    }
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var text = Data("minute,temperature\n".utf8)
        text.append(lines(0..<rows))
        try text.write(to: URL(fileURLWithPath: path))
        var followed: FollowedFile?
        let openTime = seconds { followed = try? FollowedFile.open(path: path) }
        guard let followed else { throw ImportError.unreadable(path: path, reason: "open failed") }
        var previous = followed.document
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        var found: [Double] = [], idle: [Double] = []
        var next = rows
        for _ in 0..<repeats {
            try handle.seekToEnd()
            try handle.write(contentsOf: lines(next..<(next + batch)))
            next += batch
            var update: FollowUpdate?
            found.append(seconds { update = followed.poll() })
            precondition(update?.change == .appended(rows: batch, warnings: []))
            previous = update!.document
            idle.append(seconds { _ = followed.poll() })
        }
        try handle.close()
        print("rows=\(rows) batch=\(batch) repeat=\(repeats) points=\(previous.chart.series[0].count)")
        print(
            String(
                format: "open_ms=%.1f poll_with_rows_ms=%.2f poll_nothing_new_ms=%.3f appended_bytes_read=%lld",
                openTime * 1000, median(found) * 1000, median(idle) * 1000, followed.appendedBytesRead))
        return 0
    } catch {
        FileHandle.standardError.write(Data("audiograph-bench follow: \(error)\n".utf8))
        return 74
    }
}
