// SPDX-License-Identifier: GPL-3.0-or-later
import AudiographCore
import Foundation

// audiograph-bench: measures the sonification pipeline on synthetic data and prints numbers (not a test).
//
//     audiograph-bench sonify [--points N] [--duration S] [--repeat R] [--kind line|scatter]
//     audiograph-bench draw [--points N] [--width PX] [--height PX] [--repeat R]
//     audiograph-bench follow [--rows N] [--batch B] [--repeat R]
//     audiograph-bench read FILE [--threads N] [--repeat R]
//     audiograph-bench read-json-foundation FILE [--repeat R]
//     audiograph-bench compare-readers [--max-bytes N] [--piece-bytes N] FILE|FOLDER...
//     audiograph-bench table [--points N] [--repeat R]
//
// Builds an N-point series in memory (a noisy wave with a trend, the same every run), then times the score
// (Sonifier), the synthesis (Synthesizer, including normalization and limiter) and the WAV encoding, and
// prints the median of R runs and the real-time factor (audio seconds / render seconds). `draw` times building
// the whole chart scene (layout, decimated line, cursor) for the same series (DrawBenchmark.swift); `follow`
// times reading rows appended to a growing file (FollowBenchmark.swift); `read` times CSVReader alone
// (ReadBenchmark.swift); `table` times the data table's rows and sort (TableBenchmark.swift); `compare-readers` is a check, not a
// measurement: the parallel CSV reader against the one-thread reader (ReaderComparison.swift).

/// The value after `flag` in the arguments, or `fallback`.
func option(_ flag: String, _ fallback: String) -> String {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: flag), i + 1 < args.count else { return fallback }
    return args[i + 1]
}

if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "draw" { exit(runDrawBenchmark()) }
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "follow" { exit(runFollowBenchmark()) }
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "compare-readers" { exit(runReaderComparison()) }
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "read" { exit(runReadBenchmark()) }
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "read-json-foundation" { exit(runJSONFoundationBenchmark()) }
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "table" { exit(runTableBenchmark()) }

guard CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "sonify",
    let points = Int(option("--points", "1000000")), points > 0,
    let duration = Double(option("--duration", "10")), duration > 0,
    let repeats = Int(option("--repeat", "5")), repeats > 0,
    let kind = ChartKind(rawValue: option("--kind", "line"))
else {
    FileHandle.standardError.write(
        Data(
            "usage: audiograph-bench sonify [--points N] [--duration S] [--repeat R] [--kind line|scatter]\n       audiograph-bench draw [--points N] [--width PX] [--height PX] [--repeat R]\n       audiograph-bench follow [--rows N] [--batch B] [--repeat R]\n"
                .utf8))
    exit(64)
}

/// The benchmark series: a slow wave, a trend and deterministic noise (a linear congruential generator).
func makeChart(points: Int, kind: ChartKind) -> ChartDescriptor {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var xs = [Double](repeating: 0, count: points), ys = [Double](repeating: 0, count: points)
    for i in 0..<points {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = Double(state >> 11) / Double(1 << 53) - 0.5
        xs[i] = Double(i)
        ys[i] = 50 + 20 * sin(Double(i) / Double(points) * 12) + 10 * Double(i) / Double(points) + 4 * noise
    }
    let format = ValueFormatter()
    let xRange = 0...Double(points - 1)
    let yRange = ys.min()!...ys.max()!
    return ChartDescriptor(
        title: "Benchmark", kind: kind,
        xAxis: .numeric(NumericAxis(title: "x", range: xRange, gridlines: Gridlines.linear(xRange), formatter: format)),
        yAxis: NumericAxis(title: "y", range: yRange, gridlines: Gridlines.linear(yRange), formatter: format),
        series: [DataSeries(name: "y", isContinuous: kind == .line, x: xs, y: ys)])
}

/// Seconds taken by `body`.
func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let chart = makeChart(points: points, kind: kind)
var settings = SonificationSettings()
settings.maximumDuration = duration
let sonifier = Sonifier(chart: chart, settings: settings)
let synthesizer = Synthesizer()
_ = synthesizer.render(sonifier.score(.single(0)))  // warm up: builds the wavetables once

var scoreTimes: [Double] = [], synthTimes: [Double] = [], wavTimes: [Double] = []
var audioSeconds = 0.0, toneCount = 0, breakpoints = 0
for _ in 0..<repeats {
    var score = Score(duration: 0)
    scoreTimes.append(seconds { score = sonifier.score(.single(0)) })
    var buffer = AudioBuffer(silentFrames: 0)
    synthTimes.append(seconds { buffer = synthesizer.render(score) })
    var bytes = 0
    wavTimes.append(seconds { bytes = WAVFile.encode(buffer).count })
    precondition(bytes > 44)
    audioSeconds = buffer.duration
    toneCount = score.tones.count
    breakpoints = score.tones.reduce(0) { $0 + $1.path.count }
}
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let render = median(scoreTimes) + median(synthTimes)
print(
    "points=\(points) kind=\(kind.rawValue) audio_seconds=\(String(format: "%.2f", audioSeconds)) tones=\(toneCount) breakpoints=\(breakpoints)"
)
print(
    String(
        format: "score_ms=%.2f synthesis_ms=%.2f render_ms=%.2f wav_encode_ms=%.2f realtime_factor=%.0f peak_rss_mib=%.0f",
        median(scoreTimes) * 1000, median(synthTimes) * 1000, render * 1000, median(wavTimes) * 1000,
        audioSeconds / render, Double(usage.ru_maxrss) / 1024))
