// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographALSA
import AudiographCore
import Foundation

/// `audiograph-cli play FILE`: plays the chart's audio graph on an ALSA sound device, then exits.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: Localization.tr("Play a table's audio graph (CSV, TSV, JSON, .xlsx or .ods) on the sound device."),
        discussion: Localization.tr(
            "The same sound `render` writes, played through ALSA (48 kHz, 16-bit stereo). Standard output stays empty; one line on standard error says what is playing. Exit status: 0 done, 64 bad usage, 65 the file's data can't be charted, 66 the file can't be read, 69 no sound device could be opened, 74 the sound device failed while playing."
        )
            + " "
            + Localization.tr(
                "With --follow the chart plays once, then the file is watched for rows another program appends: each new point of the series plays as a tone, and standard error says what arrived, at most once a second (\"12 new points, latest 4.2\"). A file cut short or replaced is read again from the start; a file that disappears is waited for. Ctrl+C (or SIGTERM, or --follow-seconds) ends it with status 0."
            )
    )

    @OptionGroup var chart: ChartOptions
    @OptionGroup var sound: SoundOptions

    @Option(help: ArgumentHelp(Localization.tr("ALSA device to play on, e.g. default or plughw:1,0 (aplay -L lists them).")))
    var device = "default"

    @Flag(
        help: ArgumentHelp(
            Localization.tr(
                "After playing, keep watching the file and play each row appended to it (a logger's or a sensor's), until Ctrl+C."
            )))
    var follow = false

    @Option(
        name: .customLong("follow-seconds"),
        help: ArgumentHelp(Localization.tr("With --follow: stop after this many seconds of watching.")))
    var followSeconds: Double?

    func validate() throws {
        if followSeconds != nil && !follow { throw ValidationError(Localization.tr("--follow-seconds needs --follow.")) }
        if let seconds = followSeconds, !(seconds > 0) {
            throw ValidationError(Localization.tr("--follow-seconds must be a number of seconds above 0."))
        }
        if follow && (sound.all || chart.from != nil || chart.to != nil) {
            throw ValidationError(
                Localization.tr("--follow plays one series of the whole file: leave out --all, --from and --to."))
        }
    }

    func run() throws {
        // A workbook cannot be followed, whatever the device.
        if follow { try FailureReporting.run { try TableFiles.checkFollowable(path: chart.file) } }
        // The device first: without one there is nothing to render for.
        let player = try FailureReporting.run { try ALSAPlayer(device: device) }
        if follow {
            try FollowPlayback(chart: chart, sound: sound, device: device, seconds: followSeconds).run(on: player)
            return
        }
        let (buffer, account) = try SoundRendering.render(chart: chart, sound: sound)
        FileHandle.standardError.write(Data((Localization.tr("Playing on \"%@\": %@", device, account) + "\n").utf8))
        player.play(buffer)
        player.waitUntilFinished()
        if let failure = player.lastFailure {
            throw FailureReporting.fail(failure.message, status: FailureReporting.soundFailed)
        }
    }
}
