// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographSpreadsheet
import Foundation

/// Opens a table (a file, a held table, or standard input) as a `ChartDocument` off the main loop (a
/// `BackgroundJob`), reporting progress and the result on the GLib main loop. One loader per load; `cancel()`
/// stops the read between chunks.
@MainActor
final class DocumentLoader {
    /// A chart, its navigator (made here on the worker: a pass over the points, or a sort), and where its table
    /// now is: standard input, once read, is held.
    typealias Loaded = (document: ChartDocument, navigator: ChartNavigator, source: TableSource)

    let source: TableSource
    /// Settings over the sidecar's, or instead of them when `readingSidecar` is false.
    let settings: ChartSettings
    let readingSidecar: Bool
    /// Charts chosen for tables of the same columns, used when nothing else chooses (`ColumnSetChoices`).
    let remembered: ColumnSetChoices?
    private var job: BackgroundJob?

    init(source: TableSource, settings: ChartSettings = ChartSettings(), readingSidecar: Bool = true,
         remembered: ColumnSetChoices? = nil) {
        self.source = source
        self.settings = settings
        self.readingSidecar = readingSidecar
        self.remembered = remembered
    }

    /// Starts reading. `progress` and `completion` run on the main thread; `completion` runs once, unless
    /// the load was cancelled first.
    func start(progress: @escaping @MainActor @Sendable (ImportProgress) -> Void,
               completion: @escaping @MainActor @Sendable (Result<Loaded, any Error>) -> Void) {
        let source = source, settings = settings, readingSidecar = readingSidecar, remembered = remembered
        job = BackgroundJob(name: "audiograph-load", work: { cancellation -> Result<Loaded, any Error>? in
            let report: (ImportProgress) -> Void = { value in
                MainLoop.post { if !cancellation.isCancelled { progress(value) } }
            }
            return Result { () throws -> Loaded in
                let opened = try Self.open(source, settings: settings, readingSidecar: readingSidecar, remembered: remembered,
                                           progress: report, cancellation: cancellation)
                return (opened.document, ChartNavigator(chart: opened.document.chart), opened.source)
            }
        }, done: { [weak self] result in
            self?.job = nil
            completion(result)
        })
    }

    /// The document of `source`, read on the calling (worker) thread, and where its table now is.
    private nonisolated static func open(_ source: TableSource, settings: ChartSettings, readingSidecar: Bool,
                                         remembered: ColumnSetChoices?, progress report: @escaping (ImportProgress) -> Void,
                                         cancellation: CancellationFlag) throws -> (document: ChartDocument, source: TableSource) {
        switch source {
        case .file(let path):
            let document = try ChartDocument.open(path: path, overrides: settings, readingSidecar: readingSidecar,
                                                  readers: [SpreadsheetReader()], remembered: remembered, progress: report,
                                                  cancellation: cancellation)
            return (document, source)
        case .held(let table):
            return (try table.open(settings: settings, progress: report, cancellation: cancellation), source)
        case .standardInput:
            // The pipe's length is unknown: progress says how much has arrived.
            let data = try StandardInput.readAll(progress: { report(ImportProgress(bytesRead: $0, totalBytes: 0, rows: 0)) },
                                                 cancellation: cancellation)
            let table = HeldTable(name: StandardInput.name, data: data)
            return (try table.open(settings: settings, progress: report, cancellation: cancellation), .held(table))
        }
    }

    /// Asks the reader to stop; neither progress nor the completion is heard after this.
    func cancel() { job?.cancel() }
}
