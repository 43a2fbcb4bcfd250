// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographALSA
import AudiographCore
import Foundation

/// `play --follow FILE`: plays the chart once, as `play` does, then watches the file for rows another
/// program appends, plays each new point's tone and says on standard error what arrived, until SIGINT,
/// SIGTERM or `--follow-seconds` ends it (exit status 0).
///
/// The file is looked at every `pollInterval` seconds (`FollowedFile.poll`, which reads only the new
/// lines). New points sound as in the viewer (`Sonifier.newPointsScore`: their point tones one after
/// another); at most `Sonifier.newPointsHeard` wait while others play, the newest kept, so a fast logger is
/// heard by its latest points. Announcements are paced by `NewPointsAnnouncer`: one line a second at most. A file
/// cut short or replaced is read again from the start and said; a file that disappears is said once and
/// waited for.
struct FollowPlayback {
    let chart: ChartOptions
    let sound: SoundOptions
    let device: String
    /// Stop after this many seconds of following; nil: until a signal.
    let seconds: Double?

    /// Seconds between looks at the file.
    static let pollInterval = 0.25

    func run(on player: ALSAPlayer) throws {
        let stop = StopRequest { player.stop() }
        let followed = try FailureReporting.run {
            try FollowedFile.open(path: chart.file, overrides: chart.settings, options: chart.readOptions)
        }
        var document = followed.document
        var series = try seriesIndex(in: document.chart, named: nil)
        let scored = try SoundRendering.score(of: document, chart: chart, sound: sound)
        say(Localization.tr("Playing on \"%@\": %@", device, scored.account))
        player.play(Synthesizer().render(scored.score))
        player.waitUntilFinished()
        try checkDevice(player)
        if stop.isRequested { return }
        say(Localization.tr("Following %@: each new row plays as a tone; Ctrl+C stops.", chart.file))

        let deadline = seconds.map { Date(timeIntervalSinceNow: $0) }
        var announcer = NewPointsAnnouncer()
        var waitingPoints: [Int] = []
        while !stop.wait(seconds: Self.pollInterval) {
            if let deadline, Date() >= deadline { break }
            let update = followed.poll()
            switch update.change {
            case .nothingNew:
                break
            case .appended(_, let warnings):
                warnings.forEach(say)
                let growth = SeriesGrowth(from: document.chart, to: update.document.chart, series: series)
                if let found = growth.series {
                    // Waiting indices are of the old chart: kept only while old points keep their places.
                    if found != series || !growth.keepsOldIndices { waitingPoints = [] }
                    series = found
                    waitingPoints = Array((waitingPoints + growth.newPoints).suffix(Sonifier.newPointsHeard))
                    announcer.note(growth.newPoints, ofSeries: found, in: update.document.chart)
                }
            case .reloaded(let reason, let warnings):
                say(reason.message(file: chart.file))
                warnings.forEach(say)
                announcer.discard()
                waitingPoints = []
                series = try seriesIndex(in: update.document.chart, named: document.chart.series[series].name)
            case .unavailable(let message):
                say(message)
            }
            document = update.document
            if let sentence = announcer.announcement() { say(sentence) }
            if !waitingPoints.isEmpty && player.state == .idle {
                try checkDevice(player)
                let sonifier = Sonifier(chart: update.document.chart, settings: sound.settings)
                player.play(Synthesizer().render(sonifier.newPointsScore(series: series, points: waitingPoints)))
                waitingPoints = []
            }
        }
        player.stop()
    }

    /// The series to follow: the one named `previous` when the chart still has it, else the one `--series`
    /// chooses (the first by default).
    private func seriesIndex(in chart: ChartDescriptor, named previous: String?) throws -> Int {
        if let previous, let index = chart.series.firstIndex(where: { $0.name == previous }) { return index }
        switch try sound.selection(in: chart) {
        case .single(let s): return s
        case .all: return 0  // refused by Play.validate; the first series
        }
    }

    /// Exits with status 74 and the device's message when the last sound failed.
    private func checkDevice(_ player: ALSAPlayer) throws {
        if let failure = player.lastFailure {
            throw FailureReporting.fail(failure.message, status: FailureReporting.soundFailed)
        }
    }

    /// Writes one line on standard error.
    private func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
