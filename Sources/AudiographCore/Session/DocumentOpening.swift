// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Opens a window's table as a chart, on the calling (worker) thread: a file with the readers given (the viewer
/// adds the spreadsheet reader), a held table, or standard input read whole and then held.
public struct DocumentOpening: Sendable {
    /// A chart, its navigator (made on the worker: a pass over the points, or a sort), and where its table now
    /// is: standard input, once read, is held.
    public struct Opened: Sendable {
        public var document: ChartDocument
        public var navigator: ChartNavigator
        public var source: TableSource
    }

    /// Readers for file formats beyond CSV, TSV and JSON.
    public var readers: [any TableFileReader]

    public init(readers: [any TableFileReader] = []) {
        self.readers = readers
    }

    /// The document of `source` with `settings` (over the sidecar's, or instead of them when `readingSidecar` is
    /// false; `remembered` choices apply when nothing else chooses), reporting progress as it reads.
    public func open(
        _ source: TableSource, settings: ChartSettings, readingSidecar: Bool, remembered: ColumnSetChoices?,
        progress report: @escaping (ImportProgress) -> Void, cancellation: CancellationFlag
    ) throws -> Opened {
        let document: ChartDocument
        var shown = source
        switch source {
        case .file(let path):
            document = try ChartDocument.open(
                path: path, overrides: settings, readingSidecar: readingSidecar,
                readers: readers, remembered: remembered, progress: report,
                cancellation: cancellation)
        case .held(let table):
            document = try table.open(settings: settings, progress: report, cancellation: cancellation)
        case .standardInput:
            // The pipe's length is unknown: progress says how much has arrived.
            let data = try StandardInput.readAll(
                progress: { report(ImportProgress(bytesRead: $0, totalBytes: 0, rows: 0)) },
                cancellation: cancellation)
            let table = HeldTable(name: StandardInput.name, data: data)
            document = try table.open(settings: settings, progress: report, cancellation: cancellation)
            shown = .held(table)
        }
        return Opened(document: document, navigator: ChartNavigator(chart: document.chart), source: shown)
    }
}
