// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographSpreadsheet
import Foundation

/// Opens a CSV file or workbook as a `ChartDocument` off the main loop (a `BackgroundJob`), reporting progress
/// and the result on the GLib main loop. One loader per load; `cancel()` stops the read between chunks.
@MainActor
final class DocumentLoader {
    let path: String
    /// Settings over the sidecar's, or instead of them when `readingSidecar` is false.
    let settings: ChartSettings
    let readingSidecar: Bool
    private var job: BackgroundJob?

    init(path: String, settings: ChartSettings = ChartSettings(), readingSidecar: Bool = true) {
        self.path = path
        self.settings = settings
        self.readingSidecar = readingSidecar
    }

    /// Starts reading. `progress` and `completion` run on the main thread; `completion` runs once, unless
    /// the load was cancelled first.
    func start(progress: @escaping @MainActor @Sendable (ImportProgress) -> Void,
               completion: @escaping @MainActor @Sendable (Result<ChartDocument, any Error>) -> Void) {
        let path = path, settings = settings, readingSidecar = readingSidecar
        job = BackgroundJob(name: "audiograph-load", work: { cancellation -> Result<ChartDocument, any Error>? in
            Result {
                try ChartDocument.open(path: path, overrides: settings, readingSidecar: readingSidecar,
                                       readers: [SpreadsheetReader()],
                                       progress: { value in
                                           MainLoop.post { if !cancellation.isCancelled { progress(value) } }
                                       },
                                       cancellation: cancellation)
            }
        }, done: { [weak self] result in
            self?.job = nil
            completion(result)
        })
    }

    /// Asks the reader to stop; neither progress nor the completion is heard after this.
    func cancel() { job?.cancel() }
}
