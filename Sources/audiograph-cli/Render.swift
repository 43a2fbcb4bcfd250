// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import Foundation

/// `audiograph-cli render FILE -o out.wav`: writes the chart's audio graph to a WAV file.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: Localization.tr("Write a CSV file's audio graph to a WAV file (48 kHz, 16-bit stereo)."),
        discussion: Localization.tr(
            "x becomes time, y becomes pitch (220–1760 Hz by default), a --size column note length and a --category column timbre. Exit status: 0 done, 64 bad usage, 65 the file's data can't be charted, 66 the file can't be read, 73 the WAV file can't be written.")
    )

    @OptionGroup var chart: ChartOptions
    @OptionGroup var sound: SoundOptions

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(Localization.tr("The WAV file to write (replaced if it exists).")))
    var output: String

    func validate() throws {
        let input = URL(fileURLWithPath: chart.file).standardizedFileURL.resolvingSymlinksInPath()
        let target = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        if input.path == target.path {
            throw ValidationError(Localization.tr("The output would replace the data file %@. Choose another name, e.g. -o out.wav.", chart.file))
        }
    }

    func run() throws {
        let (buffer, account) = try SoundRendering.render(chart: chart, sound: sound)
        do {
            try WAVFile.write(buffer, to: output)
        } catch let error as WAVWriteError {
            throw FailureReporting.fail(error.description, status: FailureReporting.cannotWriteOutput)
        }
        print(Localization.tr("Wrote %@ (%@).", output, account))
    }
}
