// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographReport
import AudiographSpreadsheet
import Foundation

/// libFuzzer entry point: one input is the bytes of a CSV file, and also of a workbook (a zip) or the XML of
/// one (see `WorkbookSkeleton.workbooks(around:)`). It is read, charted, analysed and described,
/// as `audiograph-cli describe` would; every failure must be a clean `ImportError`, never a crash, a hang or
/// a runaway allocation (libFuzzer's -timeout and -rss_limit_mb catch those), and the parallel reader must read it
/// exactly as the one-thread reader does. Built only for fuzzing:
/// Tests/fuzz/run-fuzz.sh (swift build -Xswiftc -sanitize=fuzzer,address).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let data = Data(bytes: start, count: count)
    // Small limits, so inputs the fuzzer can reach also reach every limit's error path.
    var options = CSVReadOptions()
    options.limits.maxFieldBytes = 4_096
    options.limits.maxRecordBytes = 16_384
    options.limits.maxColumns = 64
    options.limits.maxRows = 10_000
    options.chunkBytes = 257  // odd and small: records and UTF-8 sequences straddle chunk boundaries
    assertParallelReadIsTheSame(data, options: options)
    for name in ["fuzz.csv", "fuzz.tsv"] {
        do {
            let document = try ChartDocument.open(data: data, name: name, options: options)
            _ = DescribeReport(document: document).text()
            _ = Sonifier(chart: document.chart).score(.all)
        } catch is ImportError {
            // A clean, explained refusal: what a person gets for a bad file.
        } catch {
            fatalError("not an ImportError: \(error)")
        }
    }
    for (name, workbook) in WorkbookSkeleton.workbooks(around: data) {
        do {
            _ = try SpreadsheetReader().read(data: workbook, name: name, options: options)
        } catch is ImportError {
        } catch {
            fatalError("workbook: not an ImportError: \(error)")
        }
    }
    return 0
}

/// Stops the fuzzer when the parallel reader (pieces of 1 to 64 bytes, chosen by the input) reads `data`
/// differently from the one-thread reader: another table, another error or an error only one of them gives.
private func assertParallelReadIsTheSame(_ data: Data, options: CSVReadOptions) {
    var one = options
    one.parallelism = 1
    var parallel = options
    parallel.parallelism = 2
    parallel.pieceBytes = 1 + Int(data.first ?? 0) % 64
    let expected = Result { try CSVReader.read(data: data, name: "fuzz.csv", options: one) }
    let actual = Result { try CSVReader.read(data: data, name: "fuzz.csv", options: parallel) }
    switch (expected, actual) {
    case let (.success(a), .success(b)):
        if let difference = TableComparison.firstDifference(a, b) { fatalError("parallel read differs: \(difference)") }
    case let (.failure(a), .failure(b)):
        if (a as? ImportError) != (b as? ImportError) { fatalError("parallel read fails differently: \(a) and \(b)") }
    default:
        fatalError("only one read failed: \(expected) and \(actual)")
    }
}

/// libFuzzer's driver (in the runtime -sanitize=fuzzer links), called from our own entry point.
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The program's entry point. SwiftPM links an executable's `main` to `<module>_main`, so libFuzzer's own
/// `main` is never used; this one hands the command line to libFuzzer's driver instead.
@_cdecl("audiograph_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { start, length in fuzzOneInput(start, length) }
}
