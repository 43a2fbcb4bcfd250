// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// `audiograph-bench table [--points N] [--repeat R]`: times what opening and sorting the data table (Ctrl+T)
/// costs on the main loop and on its worker for an N-point series: building the `DataTable` (its rows in x
/// order), finding the cursor's row, and sorting by the values; prints the median of R runs in ms and the
/// peak resident memory. The GtkColumnView itself binds only the rows on screen, whatever N.
func runTableBenchmark() -> Int32 {
    guard let points = Int(option("--points", "10000000")), points > 0,
        let repeats = Int(option("--repeat", "3")), repeats > 0
    else {
        FileHandle.standardError.write(Data("usage: audiograph-bench table [--points N] [--repeat R]\n".utf8))
        return 64
    }
    let chart = makeChart(points: points, kind: .line)
    func median(_ work: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            work()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[times.count / 2]
    }
    var table = DataTable(chart: chart, series: 0)
    let build = median { table = DataTable(chart: chart, series: 0) }
    var row: Int?
    let find = median { row = table.row(ofPoint: points * 3 / 4) }
    var sorted: DataTable?
    let sort = median { sorted = table.sorted(by: 1, ascending: true) }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(
        String(
            format:
                "table of %d rows: build %.0f ms, cursor's row %.0f ms (row %d), sort by value %.0f ms (first %@); peak RSS %.0f MiB",
            points, build, find, row ?? -1, sort, sorted?.text(row: 0, column: 1) ?? "-", Double(usage.ru_maxrss) / 1024))
    return 0
}
