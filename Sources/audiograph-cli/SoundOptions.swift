// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import AudiographCore
import AudiographSpreadsheet
import Foundation

/// The flags `render` and `play` share: which series, how long, which pitches, which reference level.
struct SoundOptions: ParsableArguments {
    @Option(help: ArgumentHelp(Localization.tr("Series to play (its name or 1-based number). Default: the first series.")))
    var series: String?

    @Flag(help: ArgumentHelp(Localization.tr("Play every series instead of one.")))
    var all = false

    @Option(help: ArgumentHelp(Localization.tr("With --all: together (each series its own timbre and side) or sequential.")))
    var arrangement: SeriesArrangement = .together

    @Option(help: ArgumentHelp(Localization.tr("Longest the audio graph may last, in seconds (about 1 s per point below that).")))
    var duration: Double = 10

    @Option(name: .customLong("min-hz"), help: ArgumentHelp(Localization.tr("Pitch of the lowest value, in hertz.")))
    var minHz: Double = 220

    @Option(name: .customLong("max-hz"), help: ArgumentHelp(Localization.tr("Pitch of the highest value, in hertz.")))
    var maxHz: Double = 1760

    @Flag(name: .customLong("no-ticks"), help: ArgumentHelp(Localization.tr("Leave out the quiet ticks at x gridlines.")))
    var noTicks = false

    // Unconditional, so a negative level ("--reference -5") is a value, not an unknown flag.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            Localization.tr(
                "Hear the data against a level: mean, median, zero or a number in the y axis's units. A quiet steady tone sounds at its pitch and a short two-note mark where the data crosses it."
            )))
    var reference: String?

    func validate() throws {
        if all && series != nil { throw ValidationError(Localization.tr("Choose either --series or --all, not both.")) }
        if let reference, ReferenceLevel(argument: reference) == nil {
            throw ValidationError(
                Localization.tr(
                    "--reference takes mean, median, zero or a number in the y axis's units, e.g. --reference mean or --reference 200; \"%@\" is none of these.",
                    reference))
        }
        if let problem = settings.problem { throw ValidationError(problem) }
    }

    /// The sonification settings these flags ask for.
    var settings: SonificationSettings {
        var s = SonificationSettings()
        s.maximumDuration = duration
        s.lowestFrequency = minHz
        s.highestFrequency = maxHz
        s.arrangement = arrangement
        s.playsGridlineTicks = !noTicks
        s.referenceLevel = reference.flatMap(ReferenceLevel.init(argument:))
        return s
    }

    /// Which series of `chart` to play (by name, ignoring case, by the file's header or by number); names the
    /// available series when `--series` matches none.
    func selection(in chart: ChartDescriptor) throws -> SeriesSelection {
        if all { return .all }
        guard let wanted = series else { return .single(0) }
        let names = chart.series.map(\.name)
        if let exact = names.firstIndex(of: wanted) { return .single(exact) }
        if let folded = names.firstIndex(where: { $0.caseInsensitiveCompare(wanted) == .orderedSame }) {
            return .single(folded)
        }
        // A header as written in the file ("Dry (mm)") names the series of its title, as the chart flags take it.
        let title = HeaderParsing.titleAndUnit(wanted).title
        if title != wanted, let headed = names.firstIndex(where: { $0.caseInsensitiveCompare(title) == .orderedSame }) {
            return .single(headed)
        }
        if let number = Int(wanted), names.indices.contains(number - 1) { return .single(number - 1) }
        let list = Localization.list(names.map { "\"\($0)\"" })
        throw ValidationError(Localization.tr("No series is called \"%@\". This chart has %@.", wanted, list))
    }
}

extension SeriesArrangement: ExpressibleByArgument {}

/// Turns a file and sound flags into a score or rendered audio, shared by `render` and `play`.
enum SoundRendering {
    /// The score of `chart`'s file, its series' names (indexed like the chart's series) and a one-line
    /// account of what it holds.
    static func score(chart options: ChartOptions, sound: SoundOptions) throws
        -> (score: Score, seriesNames: [String], account: String)
    {
        let document = try options.openDocument()
        return try score(of: document, chart: options, sound: sound)
    }

    /// The score of an opened `document` as `options` and `sound` ask, as `score(chart:sound:)` gives it.
    static func score(of document: ChartDocument, chart options: ChartOptions, sound: SoundOptions) throws
        -> (score: Score, seriesNames: [String], account: String)
    {
        let part = try options.part(of: document.chart, refitting: false)
        let chart = part?.chart ?? document.chart
        let selection = try sound.selection(in: chart)
        var settings = sound.settings
        var levelsFrom = chart
        if let part {
            // A part plays at the whole chart's pace: 16 of 59 points in 16/59 of its time; one series' mean
            // or median level is the whole series' (several series keep each part's own).
            var single: Int?
            if case .single(let s) = selection { single = s }
            settings = part.pacedSettings(settings, whole: document.chart, series: single)
            if single != nil { levelsFrom = document.chart }
        }
        let score = Sonifier(chart: chart, settings: settings).score(selection)
        let names: String
        switch selection {
        case .single(let s): names = chart.series[s].name
        case .all: names = Localization.list(score.layouts.map { chart.series[$0.series].name })  // a total is not played
        }
        let seconds = String(format: "%.1f", score.duration)
        guard let level = sound.settings.referenceLevel else {
            return (score, chart.series.map(\.name), Localization.tr("%@: %@, %@ s", chart.title, names, seconds))
        }
        let reference = level.account(series: score.layouts.map(\.series), of: levelsFrom)
        return (score, chart.series.map(\.name), Localization.tr("%@: %@, %@ s, %@", chart.title, names, seconds, reference))
    }

    /// The rendered audio graph of `chart`'s file, and a one-line account of what it holds.
    static func render(chart options: ChartOptions, sound: SoundOptions) throws -> (buffer: AudioBuffer, account: String) {
        let (score, _, account) = try score(chart: options, sound: sound)
        return (Synthesizer().render(score), account)
    }
}
