// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographALSA
import AudiographCore
import Foundation

/// `audiograph-cli play FILE`: plays the chart's audio graph on an ALSA sound device, then exits.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: Localization.tr("Play a CSV file's audio graph on the sound device."),
        discussion: Localization.tr(
            "The same sound `render` writes, played through ALSA (48 kHz, 16-bit stereo). Standard output stays empty; one line on standard error says what is playing. Exit status: 0 done, 64 bad usage, 65 the file's data can't be charted, 66 the file can't be read, 69 no sound device could be opened, 74 the sound device failed while playing.")
    )

    @OptionGroup var chart: ChartOptions
    @OptionGroup var sound: SoundOptions

    @Option(help: ArgumentHelp(Localization.tr("ALSA device to play on, e.g. default or plughw:1,0 (aplay -L lists them).")))
    var device = "default"

    func run() throws {
        // The device first: without one there is nothing to render for.
        let player = try FailureReporting.run { try ALSAPlayer(device: device) }
        let (buffer, account) = try SoundRendering.render(chart: chart, sound: sound)
        FileHandle.standardError.write(Data((Localization.tr("Playing on \"%@\": %@", device, account) + "\n").utf8))
        player.play(buffer)
        player.waitUntilFinished()
        if let failure = player.lastFailure {
            throw FailureReporting.fail(failure.message, status: FailureReporting.soundFailed)
        }
    }
}
