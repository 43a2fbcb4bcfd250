// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Which series of a chart to play.
public enum SeriesSelection: Sendable, Equatable {
    /// One series alone (the focused one): the default, because one line is easiest to follow by ear.
    case single(Int)
    /// Every series, combined as `SonificationSettings.arrangement` says.
    case all
}

/// Turns a chart into a score: x → time, y → pitch, extra number → note length, category → timbre.
public struct Sonifier: Sendable {
    public var chart: ChartDescriptor
    public var settings: SonificationSettings
    /// The pitch mapping of the chart's own y scale.
    public let pitch: PitchMapping
    /// Each series' pitch mapping: its own scale's when it has one, so every scale spans the whole pitch range.
    public let seriesPitch: [PitchMapping]

    /// Linear amplitude of one tone before loudness normalization.
    static let toneGain = 0.5
    /// Fraction of its slot a discrete note fills when no length axis says otherwise.
    static let defaultNoteFraction = 0.7
    /// Shortest and longest fraction of its slot a note fills along the note-length axis.
    static let noteFractionRange: ClosedRange<Double> = 0.2...0.95
    /// Widest stereo position used when series play together (0 = centre, 1 = hard left/right).
    static let stereoSpread = 0.7

    public init(chart: ChartDescriptor, settings: SonificationSettings = SonificationSettings()) {
        self.chart = chart
        self.settings = settings
        self.pitch = PitchMapping(axis: chart.yAxis, settings: settings)
        let shared = pitch
        self.seriesPitch = chart.series.map { series in
            if let own = series.ownYAxis { return PitchMapping(axis: own, settings: settings) }
            // Grouped bars' total is above the chart's scale: heard over its own range, like a scale of its own.
            if series.isTotal, chart.kind == .groupedBar, let top = series.y.filter(\.isFinite).max() {
                var axis = chart.yAxis
                axis.range = min(0, axis.range.lowerBound)...max(top, axis.range.upperBound)
                return PitchMapping(axis: axis, settings: settings)
            }
            return shared
        }
    }

    /// The pitch mapping series `s` is heard with.
    func pitch(forSeries s: Int) -> PitchMapping { seriesPitch.indices.contains(s) ? seriesPitch[s] : pitch }

    /// The score of the selected series.
    public func score(_ selection: SeriesSelection) -> Score {
        let indices: [Int]
        switch selection {
        case .single(let s): indices = chart.series.indices.contains(s) ? [s] : []
        case .all: indices = chart.series.indices.filter { !chart.series[$0].isTotal }  // the layers, not their sum
        }
        guard !indices.isEmpty else { return Score(duration: 0) }
        let xRange = sharedXRange(indices)
        var score = Score(duration: 0)
        if indices.count == 1 || settings.arrangement == .together {
            let longest = indices.map { chart.series[$0].count }.max() ?? 0
            let duration = playDuration(pointCount: longest)
            let gain = Self.toneGain / Double(indices.count).squareRoot()
            for (position, s) in indices.enumerated() {
                let pan =
                    indices.count == 1
                    ? 0
                    : -Self.stereoSpread + 2 * Self.stereoSpread * Double(position) / Double(indices.count - 1)
                let layout = layout(series: s, offset: 0, duration: duration, xRange: xRange)
                score.layouts.append(layout)
                let played = tones(series: s, layout: layout, pan: pan, gain: gain)
                score.tones += played
                addReference(series: s, layout: layout, tones: played, pan: pan, to: &score)
            }
            score.duration = duration
            score.ticks = ticks(layout: score.layouts[0])
        } else {
            // Many series one after another would make hours of sound: the whole is kept within the longest
            // duration the settings accept, shortening every series and pause alike.
            var durations = indices.map { playDuration(pointCount: chart.series[$0].count) }
            var gap = settings.sequentialGap
            let total = durations.reduce(0, +) + gap * Double(indices.count - 1)
            let limit = SonificationSettings.durationRange.upperBound
            if total > limit {
                durations = durations.map { $0 * limit / total }
                gap *= limit / total
            }
            var offset = 0.0
            for (k, s) in indices.enumerated() {
                let layout = layout(series: s, offset: offset, duration: durations[k], xRange: xRange)
                score.layouts.append(layout)
                let played = tones(series: s, layout: layout, pan: 0, gain: Self.toneGain)
                score.tones += played
                addReference(series: s, layout: layout, tones: played, pan: 0, to: &score)
                score.ticks += ticks(layout: layout)
                offset += durations[k] + gap
            }
            score.duration = offset - gap
        }
        return score
    }

    /// A box on its own, for scrubbing to it: its figure (lower whisker, Q1, median, Q3, upper whisker) in
    /// `boxFigureDuration` seconds.
    public func boxScore(series s: Int, index: Int) -> Score {
        guard chart.series.indices.contains(s), let box = chart.series[s].boxes?[index] else { return Score(duration: 0) }
        return Score(
            duration: Self.boxFigureDuration,
            tones: boxFigure(
                box, series: s, point: index, start: 0, length: Self.boxFigureDuration, pan: 0,
                gain: Self.toneGain))
    }

    /// A candle on its own, for scrubbing to it: its glide inside its bracket, `candleDuration` seconds.
    public func candleScore(series s: Int, index: Int) -> Score {
        guard chart.series.indices.contains(s), let candle = chart.series[s].candles?[index] else { return Score(duration: 0) }
        return Score(
            duration: Self.candleDuration,
            tones: candleTones(
                candle, series: s, point: index, start: 0, length: Self.candleDuration, pan: 0,
                gain: Self.toneGain))
    }

    /// One value of series `s` as a short note of the point-tone length (a part of a box, as Up and Down
    /// reach it); silent when the value has no pitch.
    public func valueScore(series s: Int, value: Double, point: Int) -> Score {
        let length = settings.pointToneDuration
        var score = Score(duration: length)
        guard chart.series.indices.contains(s), let f = pitch(forSeries: s).frequency(of: value) else { return score }
        score.tones = [
            Tone(
                series: s, timbre: Timbre.palette[s % Timbre.palette.count], pan: 0, gain: Self.toneGain,
                path: [PitchPoint(time: 0, frequency: f), PitchPoint(time: length, frequency: f)],
                attack: 0.008, release: 0.04, points: point...point)
        ]
        return score
    }

    /// A single point on its own, for scrubbing: same pitch mapping and timbre, a short fixed length.
    /// A missing value gives a silent score of the same length. When the listener moved here from the
    /// point at `previous`, a tick at the start marks any x gridline crossed on the way, and a crossing
    /// mark any crossing of the settings' reference level (`stepCrossing`).
    public func pointScore(series s: Int, index: Int, from previous: Int? = nil) -> Score {
        let pitch = pitch(forSeries: s)
        let length = settings.pointToneDuration
        var score = Score(duration: length)
        guard chart.series.indices.contains(s), chart.series[s].y.indices.contains(index) else { return score }
        if let previous, chart.series[s].x.indices.contains(previous),
            let crossed = gridlineCrossed(from: chart.series[s].x[previous], to: chart.series[s].x[index])
        {
            score.ticks = [Tick(time: 0.004, value: crossed)]
        }
        if let previous, let direction = stepCrossing(series: s, from: previous, to: index) {
            score.crossings = [CrossingMark(series: s, time: 0, direction: direction, pan: 0)]
        }
        guard let f = pitch.frequency(of: chart.series[s].y[index]) else { return score }
        let series = chart.series[s]
        score.tones = [
            Tone(
                series: s, timbre: timbre(series: s, point: index, in: series), pan: 0, gain: Self.toneGain,
                path: [PitchPoint(time: 0, frequency: f), PitchPoint(time: length, frequency: f)],
                attack: 0.008, release: 0.04, points: index...index)
        ]
        return score
    }

    /// An interval of a long series on its own, for scrubbing by interval: its values in x order as one glide
    /// of the point-tone length, so the listener hears the interval's shape. When the listener moved here from
    /// x = `previousX`, a tick at the start marks any x gridline crossed on the way. Silent when every value
    /// is missing.
    public func intervalScore(series s: Int, points: PointOrder.SubSequence, fromX previousX: Double? = nil) -> Score {
        let pitch = pitch(forSeries: s)
        let length = settings.pointToneDuration
        var score = Score(duration: length)
        guard chart.series.indices.contains(s), let first = points.first else { return score }
        let series = chart.series[s]
        if let previousX, let crossed = gridlineCrossed(from: previousX, to: series.x[first]) {
            score.ticks = [Tick(time: 0.004, value: crossed)]
        }
        // At most this many pitch points, evenly spread over the interval.
        let steps = min(points.count, 24)
        var path: [PitchPoint] = []
        for k in 0..<steps {
            let i = points[points.startIndex + k * points.count / steps]
            guard let f = pitch.frequency(of: series.y[i]) else { continue }
            path.append(PitchPoint(time: steps == 1 ? 0 : length * Double(k) / Double(steps - 1), frequency: f))
        }
        guard let last = path.last else { return score }
        if path.count == 1 || last.time < length { path.append(PitchPoint(time: length, frequency: last.frequency)) }
        if path[0].time > 0 { path.insert(PitchPoint(time: 0, frequency: path[0].frequency), at: 0) }
        let lo = points.min()!, hi = points.max()!
        score.tones = [
            Tone(
                series: s, timbre: timbre(series: s, point: first, in: series), pan: 0, gain: Self.toneGain,
                path: path, attack: 0.008, release: 0.04, points: lo...hi)
        ]
        return score
    }

    /// The edge cue: two short low knocks, below every data pitch, played when a move would leave the series.
    public func edgeScore() -> Score {
        let f = settings.lowestFrequency * 0.75, note = 0.06
        let knocks = [0.0, 0.09].map { start in
            Tone(
                series: 0, timbre: .hollow, pan: 0, gain: Self.toneGain,
                path: [PitchPoint(time: start, frequency: f), PitchPoint(time: start + note, frequency: f)],
                attack: 0.004, release: 0.03, points: 0...0)
        }
        return Score(duration: 0.09 + note, tones: knocks)
    }

    /// Length of a series of `pointCount` points: about one second per point, at most the maximum, in seconds.
    public func playDuration(pointCount: Int) -> Double {
        min(settings.maximumDuration, max(1, Double(pointCount)) * settings.secondsPerPoint)
    }

    // MARK: - Layout

    /// The x range covering every selected series, so the same x sounds at the same moment in each.
    private func sharedXRange(_ indices: [Int]) -> ClosedRange<Double> {
        if case .categorical(let axis) = chart.xAxis {
            return 0...Double(max(0, axis.categories.count - 1))
        }
        var lo = Double.infinity, hi = -Double.infinity
        for s in indices {
            for x in chart.series[s].x where x.isFinite { lo = min(lo, x); hi = max(hi, x) }
        }
        return lo <= hi ? lo...hi : 0...0
    }

    private func layout(series s: Int, offset: Double, duration: Double, xRange: ClosedRange<Double>) -> SeriesLayout {
        let count = max(1, chart.series[s].count)
        var slot = duration / Double(count)
        var intervals: Int? = nil
        if slot < settings.shortestNote {
            let n = max(1, Int((duration / settings.intervalDuration).rounded(.down)))
            intervals = n
            slot = duration / Double(n)
        }
        var logX = false
        if case .numeric(let axis) = chart.xAxis, axis.scale != .linear, xRange.lowerBound > 0 { logX = true }
        return SeriesLayout(
            series: s, offset: offset, duration: duration, slot: slot, xRange: xRange,
            logarithmicX: logX, intervalCount: intervals)
    }

    // MARK: - Tones

    private func tones(series s: Int, layout: SeriesLayout, pan: Double, gain: Double) -> [Tone] {
        let pitch = pitch(forSeries: s)
        let series = chart.series[s]
        guard series.count > 0 else { return [] }
        if let boxes = series.boxes { return boxFigures(boxes, series: s, layout: layout, pan: pan, gain: gain) }
        if let candles = series.candles, layout.intervalCount == nil {
            return candles.indices.flatMap { i in
                candleTones(
                    candles[i], series: s, point: i, start: layout.time(ofX: series.x[i]) - layout.slot * 0.35,
                    length: layout.slot * 0.7, pan: pan, gain: gain)
            }
        }
        if layout.intervalCount != nil {
            let extremes = IntervalExtremes(series: series, layout: layout, logarithmicY: pitch.scale != .linear)
            return series.isContinuous
                ? gatheredLine(series: s, layout: layout, extremes: extremes, pan: pan, gain: gain)
                : gatheredNotes(series: s, layout: layout, extremes: extremes, pan: pan, gain: gain)
        }
        return series.isContinuous
            ? line(series: s, layout: layout, pan: pan, gain: gain)
            : notes(series: s, layout: layout, pan: pan, gain: gain)
    }

    /// A continuous series as gliding tones, one per unbroken run of values; a missing value breaks the line.
    private func line(series s: Int, layout: SeriesLayout, pan: Double, gain: Double) -> [Tone] {
        let pitch = pitch(forSeries: s)
        let series = chart.series[s]
        var tones: [Tone] = []
        var path: [PitchPoint] = []
        var first = 0, last = 0
        let half = layout.slot / 2
        func finish() {
            guard let end = path.last else { return }
            path.append(PitchPoint(time: end.time + half, frequency: end.frequency))
            tones.append(lineTone(series: s, path: path, pan: pan, gain: gain, points: first...last))
            path = []
        }
        for i in XOrder.indices(of: series) {
            guard let f = pitch.frequency(of: series.y[i]) else { finish(); continue }
            let t = layout.time(ofX: series.x[i])
            if path.isEmpty {
                path.append(PitchPoint(time: t - half, frequency: f))
                first = i
            }
            path.append(PitchPoint(time: t, frequency: f))
            last = i
        }
        finish()
        return tones
    }

    /// A continuous series with more points than the time allows: each interval glides through its extremes
    /// in the order they occur; an interval holding only missing values breaks the line.
    private func gatheredLine(
        series s: Int, layout: SeriesLayout, extremes: IntervalExtremes, pan: Double,
        gain: Double
    ) -> [Tone] {
        let pitch = pitch(forSeries: s)
        let series = chart.series[s]
        var tones: [Tone] = []
        var path: [PitchPoint] = []
        var first = Int.max, last = Int.min
        let w = layout.slot
        var runEnd = 0.0
        func finish() {
            guard let end = path.last else { return }
            path.append(PitchPoint(time: runEnd, frequency: end.frequency))
            tones.append(lineTone(series: s, path: path, pan: pan, gain: gain, points: first...last))
            path = []; first = Int.max; last = Int.min
        }
        for b in 0..<extremes.count {
            let start = layout.offset + Double(b) * w
            let order = extremes.extremesInOrder(b, x: series.x)
            if order.isEmpty {
                if extremes.hasMissing[b] { finish() }
                continue
            }
            let times = order.count == 1 ? [start + w / 2] : [start + w / 4, start + 3 * w / 4]
            for (k, i) in order.enumerated() {
                let f = pitch.frequency(of: series.y[i]) ?? pitch.lowestFrequency
                if path.isEmpty { path.append(PitchPoint(time: start, frequency: f)) }
                path.append(PitchPoint(time: times[k], frequency: f))
                first = min(first, i); last = max(last, i)
            }
            runEnd = start + w
        }
        finish()
        return tones
    }

    /// A discrete series as one note per point, centred on its point's time; the note-length axis sets its
    /// length. Crowded notes are shortened or moved apart (`NoteSpacing`) so every point is its own note.
    private func notes(series s: Int, layout: SeriesLayout, pan: Double, gain: Double) -> [Tone] {
        let pitch = pitch(forSeries: s)
        let series = chart.series[s]
        var heard: [(point: Int, frequency: Double)] = []
        heard.reserveCapacity(series.count)
        for i in XOrder.indices(of: series) {
            if let f = pitch.frequency(of: series.y[i]) { heard.append((i, f)) }
        }
        let placed = NoteSpacing.place(
            centres: heard.map { layout.time(ofX: series.x[$0.point]) },
            lengths: heard.map { layout.slot * noteFraction(point: $0.point, in: series) },
            within: layout.offset...(layout.offset + layout.duration), slot: layout.slot)
        return zip(heard, placed).map { note, place in
            noteTone(
                series: s, timbre: timbre(series: s, point: note.point, in: series),
                path: [
                    PitchPoint(time: place.start, frequency: note.frequency),
                    PitchPoint(time: place.start + place.length, frequency: note.frequency)
                ],
                pan: pan, gain: gain, points: note.point...note.point)
        }
    }

    /// A discrete series with more points than the time allows: one note per interval that glides quickly from
    /// one extreme to the other, in the order they occur.
    private func gatheredNotes(
        series s: Int, layout: SeriesLayout, extremes: IntervalExtremes, pan: Double,
        gain: Double
    ) -> [Tone] {
        let pitch = pitch(forSeries: s)
        let series = chart.series[s]
        var tones: [Tone] = []
        let w = layout.slot, length = w * 0.8
        for b in 0..<extremes.count {
            let order = extremes.extremesInOrder(b, x: series.x)
            guard let firstPoint = order.first else { continue }
            let start = layout.offset + Double(b) * w + (w - length) / 2
            let fa = pitch.frequency(of: series.y[firstPoint]) ?? pitch.lowestFrequency
            let fb = order.count > 1 ? (pitch.frequency(of: series.y[order[1]]) ?? fa) : fa
            let path = [
                PitchPoint(time: start, frequency: fa), PitchPoint(time: start + 0.3 * length, frequency: fa),
                PitchPoint(time: start + 0.7 * length, frequency: fb), PitchPoint(time: start + length, frequency: fb)
            ]
            tones.append(
                noteTone(
                    series: s, timbre: timbre(series: s, point: firstPoint, in: series), path: path,
                    pan: pan, gain: gain, points: min(order[0], order.last!)...max(order[0], order.last!)))
        }
        return tones
    }

    /// How long a candle sounds when scrubbed to, in seconds.
    static let candleDuration = 0.45
    /// Loudness of a candle's high and low bracket against its glide.
    static let bracketGain = 0.18
    /// Timbres of rising and falling candles: pure and reedy, far apart in colour.
    static let risingTimbre = Timbre.palette[0], fallingTimbre = Timbre.palette[5]

    /// A candle: a tone gliding from its open to its close (pure when it rose, reedy when it fell) between two
    /// quiet steady tones at its high and its low, all from `start` for `length` seconds.
    private func candleTones(
        _ candle: Candle, series s: Int, point: Int, start: Double, length: Double, pan: Double,
        gain: Double
    ) -> [Tone] {
        let pitch = pitch(forSeries: s)
        guard let open = pitch.frequency(of: candle.open), let close = pitch.frequency(of: candle.close) else { return [] }
        let timbre = candle.isRising ? Self.risingTimbre : Self.fallingTimbre
        var tones = [
            noteTone(
                series: s, timbre: timbre,
                path: [
                    PitchPoint(time: start, frequency: open), PitchPoint(time: start + length * 0.15, frequency: open),
                    PitchPoint(time: start + length * 0.85, frequency: close),
                    PitchPoint(time: start + length, frequency: close)
                ],
                pan: pan, gain: gain, points: point...point)
        ]
        for edge in [candle.high, candle.low] {
            guard let f = pitch.frequency(of: edge) else { continue }
            tones.append(
                noteTone(
                    series: s, timbre: .soft,
                    path: [
                        PitchPoint(time: start, frequency: f),
                        PitchPoint(time: start + length, frequency: f)
                    ],
                    pan: pan, gain: gain * Self.bracketGain, points: point...point))
        }
        return tones
    }

    /// How long a box's figure lasts when scrubbed to, in seconds.
    static let boxFigureDuration = 0.6

    /// Each box as a short figure of five notes in its slot, rising through lower whisker, Q1, median, Q3 and
    /// upper whisker: the spread is heard as the width of the figure, the centre as its middle note.
    private func boxFigures(
        _ boxes: [BoxStatistics], series s: Int, layout: SeriesLayout, pan: Double,
        gain: Double
    ) -> [Tone] {
        let length = layout.slot * 0.8
        return boxes.indices.flatMap { i in
            boxFigure(
                boxes[i], series: s, point: i, start: layout.time(ofX: chart.series[s].x[i]) - length / 2,
                length: length, pan: pan, gain: gain)
        }
    }

    /// The five notes of one box from `start`, `length` seconds in all, each note ending before the next.
    private func boxFigure(
        _ box: BoxStatistics, series s: Int, point: Int, start: Double, length: Double, pan: Double,
        gain: Double
    ) -> [Tone] {
        let pitch = pitch(forSeries: s)
        let values = [box.lowerWhisker, box.q1, box.median, box.q3, box.upperWhisker]
        let step = length / Double(values.count)
        let note = max(NoteSpacing.minimumLength, step - NoteSpacing.gap)
        return values.enumerated().compactMap { k, value in
            guard let f = pitch.frequency(of: value) else { return nil }
            let t = start + Double(k) * step
            return noteTone(
                series: s, timbre: Timbre.palette[s % Timbre.palette.count],
                path: [PitchPoint(time: t, frequency: f), PitchPoint(time: t + min(note, step * 0.85), frequency: f)],
                pan: pan, gain: gain, points: point...point)
        }
    }

    private func lineTone(series s: Int, path: [PitchPoint], pan: Double, gain: Double, points: ClosedRange<Int>) -> Tone {
        let length = (path.last?.time ?? 0) - (path.first?.time ?? 0)
        return Tone(
            series: s, timbre: Timbre.palette[s % Timbre.palette.count], pan: pan, gain: gain, path: path,
            attack: min(0.02, length / 4), release: min(0.05, length / 3), points: points)
    }

    private func noteTone(
        series s: Int, timbre: Timbre, path: [PitchPoint], pan: Double, gain: Double,
        points: ClosedRange<Int>
    ) -> Tone {
        let length = (path.last?.time ?? 0) - (path.first?.time ?? 0)
        return Tone(
            series: s, timbre: timbre, pan: pan, gain: gain, path: path,
            attack: min(0.008, length / 4), release: min(0.04, length / 3), points: points)
    }

    // MARK: - Extra axes and gridlines

    /// The timbre of a point: its category's on a categorical extra axis, else its series'.
    func timbre(series s: Int, point: Int, in series: DataSeries) -> Timbre {
        for column in series.additional {
            if case .categorical(let codes) = column, codes[point] >= 0 {
                return Timbre.palette[Int(codes[point]) % Timbre.palette.count]
            }
        }
        return Timbre.palette[s % Timbre.palette.count]
    }

    /// The fraction of its slot a note fills: longer for larger values on the numeric extra axis.
    private func noteFraction(point: Int, in series: DataSeries) -> Double {
        for (k, column) in series.additional.enumerated() {
            guard case .numeric(let values) = column, chart.additionalAxes.indices.contains(k),
                case .numeric(let axis) = chart.additionalAxes[k]
            else { continue }
            let v = values[point]
            guard v.isFinite else { return Self.defaultNoteFraction }
            let span = axis.range.upperBound - axis.range.lowerBound
            let u = span > 0 ? min(1, max(0, (v - axis.range.lowerBound) / span)) : 0.5
            return Self.noteFractionRange.lowerBound + u * (Self.noteFractionRange.upperBound - Self.noteFractionRange.lowerBound)
        }
        return Self.defaultNoteFraction
    }

    /// The x axis's gridlines in data units (numeric and date axes; a categorical axis has none).
    private var xGridlines: [Double] {
        switch chart.xAxis {
        case .numeric(let axis): return axis.gridlines
        case .date(let axis): return axis.gridlines
        case .categorical: return []
        }
    }

    /// The x gridline passed when moving from `a` to `b` (the one nearest `b`), or nil when none lies
    /// between them: a gridline at `b` counts, one at `a` was already heard.
    func gridlineCrossed(from a: Double, to b: Double) -> Double? {
        guard settings.playsGridlineTicks, a != b else { return nil }
        let passed = xGridlines.filter { a < b ? ($0 > a && $0 <= b) : ($0 < a && $0 >= b) }
        return a < b ? passed.last : passed.first
    }

    /// A tick wherever playback crosses one of the x axis's gridlines (numeric and date axes).
    private func ticks(layout: SeriesLayout) -> [Tick] {
        guard settings.playsGridlineTicks, layout.xRange.upperBound > layout.xRange.lowerBound else { return [] }
        return xGridlines.filter { layout.xRange.contains($0) }.map { Tick(time: layout.time(ofX: $0), value: $0) }
    }
}
