// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A chart cut down to the points whose x lies in a span: the part of it a person selected, to play,
/// describe or zoom to (`audiograph-cli --from --to`, the viewer's selections).
extension ChartDescriptor {
    /// Whether a part of this chart can be cut out along x: every kind but the histogram, whose mean, median
    /// and spread come from values the chart no longer holds (a part of its bins would be described wrongly).
    public var canRestrictX: Bool { kind != .histogram }

    /// The chart with only the points whose x lies in `span` (x axis units: numbers, seconds since the epoch,
    /// or category indices), every series cut alike; nil when no point lies there or the kind cannot be cut.
    ///
    /// A categorical x axis keeps only the categories in the span, so the part starts at its first one. With
    /// `refitting` the axes fit the part, as a zoomed chart is drawn and described; without, the y scales stay
    /// the whole chart's, so the part is heard at the same pitches as in the whole.
    public func restricted(toX span: ClosedRange<Double>, refitting: Bool) -> ChartDescriptor? {
        guard canRestrictX else { return nil }
        var part = self
        var kept = 0
        part.series = series.map { s in
            let indices = s.x.indices.filter { s.x[$0].isFinite && span.contains(s.x[$0]) }
            kept += indices.count
            return s.keeping(indices)
        }
        guard kept > 0 else { return nil }
        var low = Double.infinity, high = -Double.infinity
        for s in part.series { for x in s.x { low = Swift.min(low, x); high = Swift.max(high, x) } }
        switch xAxis {
        case .categorical(var axis):
            let first = Int(low), last = Int(high)
            guard first >= 0, last < axis.categories.count else { return nil }
            axis.categories = Array(axis.categories[first...last])
            part.xAxis = .categorical(axis)
            for s in part.series.indices { part.series[s].x = part.series[s].x.map { $0 - Double(first) } }
        case .numeric(var axis) where refitting:
            let whole =
                axis.gridlines.allSatisfy { $0 == $0.rounded() }
                && part.series.allSatisfy {
                    $0.x.allSatisfy { $0 == $0.rounded() }
                }
            axis.range = low...high
            axis.gridlines = Gridlines.linear(low...high, wholeNumbers: whole)
            part.xAxis = .numeric(axis)
        case .date(let axis) where refitting:
            part.xAxis = .date(
                DateAxis(
                    title: axis.title, range: low...high, precision: axis.precision, writtenPrecision: axis.writtenPrecision,
                    utcOffsetSeconds: axis.utcOffsetSeconds))
        case .numeric, .date:
            break
        }
        if refitting { part.refitYAxes() }
        part.summary = nil
        return part
    }

    /// Fits every y scale to the values its series now hold (boxes' outliers and candles' highs and lows too);
    /// stacks still stand on zero.
    private mutating func refitYAxes() {
        let groups = scaleGroups
        for (g, members) in groups.enumerated() {
            var low = Double.infinity, high = -Double.infinity
            for s in members {
                for v in series[s].heardValues where v.isFinite { low = Swift.min(low, v); high = Swift.max(high, v) }
            }
            guard low <= high else { continue }
            if kind.isStacked { low = Swift.min(0, low) }
            var axis = g == 0 && members.allSatisfy({ series[$0].ownYAxis == nil }) ? yAxis : yAxis(ofSeries: members[0])
            if axis.scale != .linear && low <= 0 { continue }  // a log scale cannot reach zero: leave it whole
            axis.range = low...high
            axis.gridlines = axis.scale == .linear ? Gridlines.linear(low...high) : Gridlines.log10(low...high)
            if series[members[0]].ownYAxis == nil { yAxis = axis } else { for s in members { series[s].ownYAxis = axis } }
        }
    }
}

extension DataSeries {
    /// This series with only the points at `indices` (ascending), every column cut alike.
    public func keeping(_ indices: [Int]) -> DataSeries {
        var part = DataSeries(
            name: name, isContinuous: isContinuous, x: indices.map { x[$0] }, y: indices.map { y[$0] },
            additional: additional.map { column in
                switch column {
                case .numeric(let v): return .numeric(indices.map { v[$0] })
                case .categorical(let v): return .categorical(indices.map { v[$0] })
                }
            },
            labels: labels.map { l in indices.map { l[$0] } },
            sourceLines: sourceLines.count == count ? indices.map { sourceLines[$0] } : [])
        part.ownYAxis = ownYAxis
        part.fractionDigits = fractionDigits
        part.counts = counts.map { c in indices.map { c[$0] } }
        part.boxes = boxes.map { b in indices.map { b[$0] } }
        part.candles = candles.map { c in indices.map { c[$0] } }
        part.isTotal = isTotal
        return part
    }

    /// Every value the series shows on its y scale: its values, and its boxes' and candles' extremes.
    var heardValues: [Double] {
        var values = y
        for box in boxes ?? [] { values += [box.lowerWhisker, box.upperWhisker] + box.outliers }
        for candle in candles ?? [] { values += [candle.low, candle.high] }
        return values
    }
}
