// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import CGtk
import CGtkShim
import Foundation

/// Ctrl+E's and Ctrl+Shift+E's work and its row beside the chart's buttons: renders the whole audio graph and saves
/// it as a WAV or MIDI file on a worker thread, showing "Saving births.wav…", a progress bar and Cancel while it runs.
///
/// The main loop never waits for the render or the write (seconds, with fsync, on a slow disk). Cancel, or
/// closing the window, stops the export between steps or blocks of the file: the WAV writer's temporary
/// file is removed and nothing is renamed into place (unless the last block was already written). Ownership: `widget` belongs to the chart page once appended;
/// the other widgets belong to it.
@MainActor
final class ExportRow {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let bar: UnsafeMutablePointer<GtkWidget>
    private let cancelButton: UnsafeMutablePointer<GtkWidget>
    private var job: BackgroundJob?
    /// Says what happened ("Saved the audio graph to …"), through the chart.
    private let announce: @MainActor (String) -> Void

    /// The three steps' share of the bar: the score, the samples, the file.
    private nonisolated static let scoreDone = 0.1, renderDone = 0.7

    init(announce: @escaping @MainActor (String) -> Void) {
        self.announce = announce
        widget = Widgets.box(vertical: false, spacing: 8)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_margin_start(widget, 8)
        label = Widgets.label("", xalign: 0)
        Widgets.append(widget, label)
        bar = gtk_progress_bar_new()
        gtk_widget_set_hexpand(bar, 1)
        gtk_widget_set_valign(bar, GTK_ALIGN_CENTER)
        ag_gtk_accessible_set_labelled_by(opaque(bar), label)
        Widgets.append(widget, bar)
        cancelButton = Widgets.button(Localization.tr("_Cancel Export"))
        Widgets.append(widget, cancelButton)
        gtk_widget_set_visible(widget, 0)
        Signal.connect(gpointerOf(cancelButton), "clicked") { [weak self] in self?.cancel(saying: true) }
    }

    /// Whether an export is under way.
    var isRunning: Bool { job != nil }

    /// Renders `chart` with `settings` (every series, as Shift+Space plays it) and writes it to `target` as
    /// `format`; `failed` hears the sentence to show when the file can't be written.
    func start(
        chart: ChartDescriptor, settings: SonificationSettings, format: AudioGraphFileFormat, target: String,
        sparing dataFile: String?, failed: @escaping @MainActor (String) -> Void
    ) {
        cancel(saying: false)
        let fileName = (target as NSString).lastPathComponent
        gtk_label_set_text(gcast(label), Localization.tr("Saving %@…", fileName))
        gtk_progress_bar_set_fraction(gcast(bar), 0)
        gtk_widget_set_visible(widget, 1)
        announce(Localization.tr("Saving the audio graph to %@…", fileName))
        Trace.mark("export-start")
        job = BackgroundJob(
            name: "audiograph-export",
            work: { [weak self] cancellation -> Result<String, ExportFailure>? in
                let step = { (fraction: Double) in MainLoop.post { self?.progressed(fraction, cancellation) } }
                DiagnosticDelay.wait(milliseconds: DiagnosticDelay.exportMilliseconds, cancellation: cancellation)
                let score = Sonifier(chart: chart, settings: settings).score(.all)
                guard !cancellation.isCancelled else { return nil }
                step(Self.scoreDone)
                do {
                    switch format {
                    case .wav:
                        let buffer = Synthesizer().render(score)
                        guard !cancellation.isCancelled else { return nil }
                        step(Self.renderDone)
                        try WAVFile.write(buffer, to: target, sparing: dataFile, cancellation: cancellation)
                    case .midi:
                        // Notes, not sound: nothing to synthesize.
                        try MIDIFile.write(
                            score, trackNames: chart.series.map(\.name), to: target, sparing: dataFile,
                            cancellation: cancellation)
                    }
                } catch is WAVWriteCancelled {
                    return nil
                } catch {
                    // The reason alone: the write error's own sentence names the file and says what to do again.
                    let reason = (error as? WAVWriteError)?.reason ?? String(describing: error)
                    return .failure(
                        ExportFailure(
                            message: Localization.tr(
                                "Couldn't save the audio graph to %@: %@. Choose another folder.", target, reason)))
                }
                return .success(target)
            },
            done: { [weak self] result in
                self?.finished(result, failed: failed)
            })
    }

    /// Stops the export under way, if any; with `saying`, Orca hears that it was cancelled.
    func cancel(saying: Bool) {
        guard let job else { return }
        job.cancel()
        self.job = nil
        gtk_widget_set_visible(widget, 0)
        if saying { announce(Localization.tr("Export cancelled")) }
    }

    private func progressed(_ fraction: Double, _ cancellation: CancellationFlag) {
        guard job?.cancellation === cancellation else { return }
        gtk_progress_bar_set_fraction(gcast(bar), fraction)
    }

    private func finished(_ result: Result<String, ExportFailure>, failed: @MainActor (String) -> Void) {
        job = nil
        gtk_widget_set_visible(widget, 0)
        Trace.mark("export-end")
        switch result {
        case .success(let target): announce(Localization.tr("Saved the audio graph to %@", target))
        case .failure(let failure): failed(failure.message)
        }
    }

    /// Why an export failed, as the sentence to show.
    private struct ExportFailure: Error, Sendable {
        var message: String
    }
}
