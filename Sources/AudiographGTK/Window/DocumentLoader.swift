// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import AudiographSpreadsheet
import Foundation

/// Opens a CSV file or workbook as a `ChartDocument` on a background thread, reporting progress and the result on
/// the GLib main loop. One loader per load; `cancel()` stops the read between chunks.
final class DocumentLoader: Sendable {
    let path: String
    /// Settings over the sidecar's, or instead of them when `readingSidecar` is false.
    let settings: ChartSettings
    let readingSidecar: Bool
    private let cancellation = CancellationFlag()

    init(path: String, settings: ChartSettings = ChartSettings(), readingSidecar: Bool = true) {
        self.path = path
        self.settings = settings
        self.readingSidecar = readingSidecar
    }

    /// Starts reading. `progress` and `completion` run on the main thread; `completion` runs exactly once.
    func start(progress: @escaping @MainActor @Sendable (ImportProgress) -> Void,
               completion: @escaping @MainActor @Sendable (Result<ChartDocument, any Error>) -> Void) {
        let path = path, settings = settings, readingSidecar = readingSidecar
        let cancellation = cancellation
        let thread = Thread {
            let result = Result {
                try ChartDocument.open(path: path, overrides: settings, readingSidecar: readingSidecar,
                                       readers: [SpreadsheetReader()],
                                       progress: { value in MainLoop.post { progress(value) } },
                                       cancellation: cancellation)
            }
            MainLoop.post { completion(result) }
        }
        thread.name = "audiograph-load"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Asks the reader to stop; the completion then reports `ImportError.cancelled`.
    func cancel() { cancellation.cancel() }
}
