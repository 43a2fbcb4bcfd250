// SPDX-License-Identifier: GPL-3.0-or-later
// csv-package-bench --package swiftcsv|swiftcsv-enumerate|csvswift|baseline FILE.csv
// Parses FILE (header + numeric columns) into one [Double] per column with the
// chosen package and prints: package, rows, columns, seconds, VmHWM MiB, checksum.
// Run one package per process so VmHWM (peak RSS) belongs to that package alone.
import CSV
import Foundation
import SwiftCSV

func peakRSSMiB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kb = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
        return kb / 1024
    }
    return 0
}

/// Appends one row's fields to the columns (NaN when a field is not a number).
@inline(__always)
func append<S: StringProtocol>(_ row: [S], to columns: inout [[Double]]) {
    if columns.isEmpty { columns = Array(repeating: [], count: row.count) }
    for i in 0..<min(row.count, columns.count) {
        columns[i].append(Double(row[i]) ?? .nan)
    }
}

/// SwiftCSV, idiomatic: load the file into a String, parse every row into [[String]].
func swiftCSV(_ url: URL) throws -> [[Double]] {
    let csv = try EnumeratedCSV(url: url, delimiter: .comma, loadColumns: false)
    var columns: [[Double]] = Array(repeating: [], count: csv.header.count)
    for i in columns.indices { columns[i].reserveCapacity(csv.rows.count) }
    for row in csv.rows { append(row, to: &columns) }
    return columns
}

/// SwiftCSV, row callback: still loads the whole file as one String, but parses
/// only the header up front and hands rows to a closure (no [[String]] kept).
func swiftCSVEnumerate(_ url: URL) throws -> [[Double]] {
    let text = try String(contentsOf: url, encoding: .utf8)
    let csv = try EnumeratedCSV(string: text, delimiter: .comma, loadColumns: false, rowLimit: 0)
    var columns: [[Double]] = []
    try csv.enumerateAsArray(startAt: 1, rowLimit: nil) { row in append(row, to: &columns) }
    return columns
}

/// CSV.swift: streams from an InputStream in 64 KiB chunks, one row per next().
func csvSwift(_ url: URL) throws -> [[Double]] {
    guard let stream = InputStream(url: url) else { throw CocoaError(.fileReadNoSuchFile) }
    let reader = try CSVReader(stream: stream, hasHeaderRow: true)
    var columns: [[Double]] = Array(repeating: [], count: reader.headerRow?.count ?? 0)
    while let row = reader.next() { append(row, to: &columns) }
    // On Linux, 2.5.2 ends every file with error == .cannotReadFile: at EOF
    // InputStream.hasBytesAvailable stays true until a read returns 0, and the
    // 1-byte read that gets 0 throws. Report it, but keep the parsed rows.
    if let error = reader.error {
        FileHandle.standardError.write(Data("csvswift: reader.error = \(error) at end of file\n".utf8))
    }
    return columns
}

/// Lower bound, not a CSV parser: read 1 MiB chunks, split on ',' and '\n' bytes
/// (no quotes, no CR), strtod each field. Shows what a minimal streaming reader costs.
func baseline(_ url: URL) throws -> [[Double]] {
    guard let file = fopen(url.path, "r") else { throw CocoaError(.fileReadNoSuchFile) }
    defer { fclose(file) }
    var columns: [[Double]] = []
    var field: [CChar] = []
    var column = 0, headerDone = false, ncols = 1
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    func endField() {
        if headerDone {
            field.append(0)
            let value = field.withUnsafeBufferPointer { p -> Double in
                var end: UnsafeMutablePointer<CChar>?
                let v = strtod(p.baseAddress!, &end)
                return end == UnsafeMutablePointer(mutating: p.baseAddress! + p.count - 1) ? v : .nan
            }
            if column < columns.count { columns[column].append(value) }
        }
        field.removeAll(keepingCapacity: true)
    }
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n == 0 { break }
        for i in 0..<n {
            let b = buffer[i]
            if b == UInt8(ascii: ",") {
                if !headerDone { ncols += 1 }
                endField(); column += 1
            } else if b == UInt8(ascii: "\n") {
                endField()
                if !headerDone { headerDone = true; columns = Array(repeating: [], count: ncols) }
                column = 0
            } else {
                field.append(CChar(bitPattern: b))
            }
        }
    }
    if !field.isEmpty { endField() }
    return columns
}

let args = CommandLine.arguments
guard args.count == 4, args[1] == "--package" else {
    FileHandle.standardError.write(Data("usage: csv-package-bench --package swiftcsv|swiftcsv-enumerate|csvswift|baseline FILE.csv\n".utf8))
    exit(64)
}
let parsers: [String: (URL) throws -> [[Double]]] = [
    "swiftcsv": swiftCSV, "swiftcsv-enumerate": swiftCSVEnumerate,
    "csvswift": csvSwift, "baseline": baseline,
]
guard let parse = parsers[args[2]] else {
    FileHandle.standardError.write(Data("unknown package \(args[2])\n".utf8))
    exit(64)
}
let start = ContinuousClock.now
let columns = try parse(URL(fileURLWithPath: args[3]))
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let checksum = columns.reduce(0.0) { $0 + $1.reduce(0, +) }
print(args[2], columns.first?.count ?? 0, columns.count, String(format: "%.3f", seconds),
      String(format: "%.1f", peakRSSMiB()), String(format: "%.6g", checksum))
