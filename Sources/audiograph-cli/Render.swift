// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

extension AudioGraphFileFormat: ExpressibleByArgument {}

/// `audiograph-cli render FILE -o out.wav`: writes the chart's audio graph to a WAV or MIDI file.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: Localization.tr(
            "Write a table's audio graph (CSV, TSV, JSON, .xlsx or .ods) to a WAV file (48 kHz, 16-bit stereo) or a MIDI file."),
        discussion: Localization.tr(
            "x becomes time, y becomes pitch (220–1760 Hz by default), a --size column note length and a --category column timbre. A MIDI file (--format midi, or an output ending in .mid or .midi) holds the notes instead of the sound: a track and an instrument per series, pitch bends for glides, gridlines as percussion. --output - writes to standard output, for a pipe (render data.csv -o - | aplay), and the line saying what was written goes to standard error; a link is followed and stays a link; a FIFO or a device is written in place. Exit status: 0 done, 64 bad usage, 65 the file's data can't be charted, 66 the file can't be read, 73 the output file can't be written."
        )
    )

    @OptionGroup var chart: ChartOptions
    @OptionGroup var sound: SoundOptions

    @Option(
        name: [.short, .customLong("output")],
        help: ArgumentHelp(
            Localization.tr(
                "The WAV or MIDI file to write (replaced if it exists; a link is followed), or - for standard output.")))
    var output: String

    @Option(
        help: ArgumentHelp(
            Localization.tr("File format: wav or midi. Default: midi for an output ending in .mid or .midi, else wav.")))
    var format: AudioGraphFileFormat?

    func validate() throws {
        // By device and inode: the same file through a link, a hard link or another spelling of its path.
        if chart.file != "-", OutputFile.isSameFile(chart.file, output) {
            throw ValidationError(
                Localization.tr("The output would replace the data file %@. Choose another name, e.g. -o out.wav.", chart.file))
        }
    }

    func run() throws {
        let account: String
        let written: OutputTarget
        do {
            written = try OutputFile.target(of: output)
            if written == .standardOutput, isatty(STDOUT_FILENO) == 1 {
                throw FailureReporting.fail(
                    Localization.tr(
                        "Standard output is a terminal, which cannot play a sound file. Send it to a program (--output - | aplay) or name a file (--output out.wav)."
                    ), status: FailureReporting.badUsage)
            }
            switch format ?? AudioGraphFileFormat.guess(from: output) {
            case .wav:
                let rendered = try SoundRendering.render(chart: chart, sound: sound)
                try WAVFile.write(rendered.buffer, to: output)
                account = rendered.account
            case .midi:
                let scored = try SoundRendering.score(chart: chart, sound: sound)
                try MIDIFile.write(scored.score, trackNames: scored.seriesNames, to: output)
                account = scored.account
            }
        } catch let error as WAVWriteError {
            throw FailureReporting.fail(error.description, status: FailureReporting.cannotWriteOutput)
        } catch let error as FileWriteError {
            throw FailureReporting.fail(
                WAVWriteError(path: output, reason: error.reason).description,
                status: FailureReporting.cannotWriteOutput)
        }
        if written == .standardOutput {
            // Standard output holds the sound; what was done goes where messages go.
            FileHandle.standardError.write(
                Data((Localization.tr("Wrote the sound to standard output (%@).", account) + "\n").utf8))
        } else {
            print(Localization.tr("Wrote %@ (%@).", output, account))
        }
    }
}
