// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Lays out and draws a whole chart as a `ChartScene`: title, legend, axes with gridlines and tick labels,
/// the marks of every series and the focus cursor, all inside the given size and with no two labels overlapping.
public enum ChartSceneBuilder {
    /// Series with at most this many points get a pixel position per point in `ChartScene.pointPositions`.
    public static let maximumPlacedPoints = 5_000
    /// Line series with at most this many points get a marker at every point.
    public static let maximumMarkedPoints = 60

    /// The scene of `chart` at `size` pixels for `appearance`, with a cursor at `focus` when given; labels are
    /// measured with `measure` (Pango in the app, an estimate in tests). Given the cursor's `elements`, the
    /// scene also says where each is drawn (`ChartScene.elementFrames`).
    public static func build(
        chart: ChartDescriptor, size: SceneSize, appearance: ChartAppearance = ChartAppearance(),
        focus: ChartFocus? = nil, measure: any TextMeasuring = EstimatedTextMeasure(),
        elements: [SeriesElements] = []
    ) -> ChartScene {
        prepare(chart: chart, size: size, appearance: appearance, measure: measure).scene(focus: focus, elements: elements)
    }

    /// Everything of the scene but the cursor: layout, axes, labels and marks, which take a pass over every
    /// point. `ChartSceneBase.scene(focus:)` then adds a cursor without that pass, so moving the cursor
    /// over a 10-million-point chart costs as much as over a small one.
    public static func prepare(
        chart: ChartDescriptor, size: SceneSize, appearance: ChartAppearance = ChartAppearance(),
        measure: any TextMeasuring = EstimatedTextMeasure()
    ) -> ChartSceneBase {
        let style = ChartStyle(appearance: appearance)
        let layouts = ScalePanels.panels(of: chart, size: size)
        // Stacked panels share one x axis: lay each out, then again with the widest left and right margins.
        var left = 0.0, right = 0.0
        if layouts.count > 1 {
            for panel in layouts {
                var draft = SceneDraft(chart: panel.chart, size: panel.size, style: style, measure: measure)
                draft.isPanel = true
                draft.layOut()
                left = max(left, draft.plot.x)
                right = max(right, panel.size.width - draft.plot.x - draft.plot.width)
            }
        }
        let panels = layouts.map { panel -> ScalePanels.Drawn in
            var draft = SceneDraft(chart: panel.chart, size: panel.size, style: style, measure: measure)
            draft.isPanel = layouts.count > 1
            draft.plotLeftAtLeast = left
            draft.rightMarginAtLeast = right
            draft.layOut()
            draft.drawGridAndAxes()
            draft.drawMarks()
            draft.drawReferenceLines()
            draft.drawEndLabels()
            return ScalePanels.Drawn(draft: draft, members: panel.members, top: panel.top)
        }
        return ChartSceneBase(size: size, seriesCount: chart.series.count, panels: panels)
    }
}

/// A chart laid out and drawn at one size, without its cursor (see `ChartSceneBuilder.prepare`).
public struct ChartSceneBase: Sendable {
    /// The size it was laid out for.
    public let size: SceneSize
    let seriesCount: Int
    /// One panel per y scale, top to bottom (a single panel for most charts).
    let panels: [ScalePanels.Drawn]

    /// The whole scene with a cursor at `focus` when given; with the cursor's `elements`, also where each is
    /// drawn (`ChartScene.elementFrames`, a pass over the points again).
    public func scene(focus: ChartFocus?, elements: [SeriesElements] = []) -> ChartScene {
        if panels.count == 1, let only = panels.first {
            var draft = only.draft
            if let focus { draft.drawCursor(focus) }
            var scene = draft.scene()
            scene.elementFrames = elements.map { draft.frames(of: $0) }
            return scene
        }
        var items: [SceneItem] = []
        var positions = [[ScenePoint?]](repeating: [], count: seriesCount)
        var frames = [[SceneRect]](repeating: [], count: elements.count)
        var plotArea: SceneRect?
        for panel in panels {
            var draft = panel.draft
            if let focus, let local = panel.members.firstIndex(of: focus.series) {
                draft.drawCursor(
                    ChartFocus(
                        series: local, index: focus.index, band: focus.band, value: focus.value,
                        selection: focus.selection))
            }
            let scene = draft.scene()
            items += scene.items.map { $0.moved(down: panel.top) }
            plotArea = plotArea ?? scene.plotArea.moved(down: panel.top)
            for (local, global) in panel.members.enumerated() where scene.pointPositions.indices.contains(local) {
                positions[global] = scene.pointPositions[local].map { $0.map { ScenePoint(x: $0.x, y: $0.y + panel.top) } }
            }
            for (e, element) in elements.enumerated() {
                guard let local = panel.members.firstIndex(of: element.series) else { continue }
                frames[e] = draft.frames(of: element.renumbered(local)).map { $0.moved(down: panel.top) }
            }
        }
        let background = panels[0].draft.palette.background
        return ChartScene(
            width: size.width, height: size.height, background: background, items: items,
            plotArea: plotArea ?? SceneRect(x: 0, y: 0, width: 1, height: 1),
            pointPositions: positions, elementFrames: frames)
    }
}

/// Priority of a label when labels compete for room: lower numbers are kept first.
enum LabelPriority: Int, Comparable {
    case title, axisTitle, legend, endLabel, yTick, xTick
    static func < (a: LabelPriority, b: LabelPriority) -> Bool { a.rawValue < b.rawValue }
}

/// The scene under construction: layout results and items by layer.
struct SceneDraft: Sendable {
    let chart: ChartDescriptor
    let size: SceneSize
    let style: ChartStyle
    let measure: any TextMeasuring
    var palette: ChartPalette { style.palette }

    /// Outer padding in pixels.
    let pad = 10.0
    /// Tick mark length in pixels.
    let tickLength = 5.0

    var xScale: ChartScale
    var yScale: ChartScale
    var plot = SceneRect(x: 0, y: 0, width: 1, height: 1)
    var xMap = AxisMapping(range: 0...1, startPixel: 0, endPixel: 1)
    var yMap = AxisMapping(range: 0...1, startPixel: 1, endPixel: 0)

    // Layers, painted in this order.
    var grid: [SceneItem] = []
    var axes: [SceneItem] = []
    var marks: [SceneItem] = []
    var overlays: [SceneItem] = []
    var labels: [(item: SceneItem, priority: LabelPriority)] = []
    var cursor: [SceneItem] = []
    var pointPositions: [[ScenePoint?]]

    /// True for one panel of a chart with several scales: its lines are labelled even when it holds one.
    var isPanel = false
    /// Panels stacked on one x axis line their plots up: the left edge and right margin, in pixels, they share.
    var plotLeftAtLeast = 0.0
    var rightMarginAtLeast = 0.0

    // Layout decisions kept for drawing.
    var legend: LegendLayout?
    var endLabelNames: [String] = []
    var yTickTexts: [String] = []
    var xTicks: [(position: Double, labelX: Double, lines: [String])] = []
    /// Width in pixels taken by the bars of one x value (all series side by side).
    var barGroupWidth = 0.0
    /// For stacked charts, where each point of each series starts: the sum of the series below it at its x
    /// (`LayerTotals.stackBases`); empty otherwise.
    var stackBases: [[Double]] = []
    /// For charts with a total layer, each layer's point index by x, to find the bars a total spans.
    var layerIndexByX: [[Double: Int]] = []

    init(chart: ChartDescriptor, size: SceneSize, style: ChartStyle, measure: any TextMeasuring) {
        self.chart = chart
        self.size = size
        self.style = style
        self.measure = measure
        xScale = ChartScale.x(chart.xAxis, kind: chart.kind)
        yScale =
            chart.kind == .heatmap
            ? Self.heatmapRowScale(rows: chart.series.count)
            : ChartScale.value(chart.yAxis, includeZero: chart.kind.drawsBars || chart.kind.isArea)
        pointPositions = Array(repeating: [], count: chart.series.count)
        if chart.kind.drawsBars, chart.kind != .histogram, !isCategorical, !xScale.logarithmic, let gap = smallestXGap {
            // Bars on a number or date axis are centred on their x: half a gap more each side keeps the first
            // and last bars inside the plot (a histogram's bars span its bins, which the axis already holds).
            xScale.range = (xScale.range.lowerBound - gap / 2)...(xScale.range.upperBound + gap / 2)
        }
    }

    /// The smallest distance between two different x values of the chart's series (among their first
    /// `maximumPlacedPoints`), in x units; nil with fewer than two.
    var smallestXGap: Double? {
        let xs = Set(chart.series.flatMap { $0.x.prefix(ChartSceneBuilder.maximumPlacedPoints) }.filter(\.isFinite)).sorted()
        return zip(xs, xs.dropFirst()).map { $1 - $0 }.min()
    }

    var labelHeight: Double { style.labelSize * SceneText.lineHeight }
    var isCategorical: Bool { if case .categorical = chart.xAxis { return true } else { return false } }
    var drawsEndLabels: Bool {
        style.differentiateWithoutColor && chart.kind == .line && (chart.series.count >= 2 || isPanel)
    }

    /// Pixels kept free inside the plot edges so that markers do not sit on the axes: half the largest
    /// marker and a little, 0 for bars and for unmarked lines.
    var markInset: Double {
        switch chart.kind {
        case .bar, .histogram, .groupedBar, .stackedBar, .heatmap: return 0
        case .candlestick: return 22  // half the widest candle (40 px) and a little
        case .box: return style.markerSize / 2 + 3
        case .scatter: return (sizeAxis != nil ? style.sizeRange.upperBound : style.markerSize) / 2 + 3
        case .line, .area, .stackedArea:
            let marked =
                style.differentiateWithoutColor
                || chart.series.contains { $0.count <= ChartSceneBuilder.maximumMarkedPoints }
            return marked ? style.markerSize / 2 + 3 : 0
        }
    }

    /// Decides the plot area: title and legend on top, y labels and title on the left, end labels on the
    /// right, x labels and title below.
    mutating func layOut() {
        let width = size.width, height = size.height
        // Title.
        let titleHeight = style.titleSize * SceneText.lineHeight
        let title = SceneText.truncated(
            chart.title, toWidth: width - 2 * pad, size: style.titleSize, bold: true,
            measure: measure)
        addLabel(
            .text(
                title, at: ScenePoint(x: pad, y: pad), anchor: .topLeft, size: style.titleSize, bold: true,
                color: palette.text, rotation: 0), .title)
        var top = pad + titleHeight + 6
        // Legend.
        let entries = legendEntries()
        if !entries.isEmpty {
            let layout = LegendLayout(
                entries: entries, origin: ScenePoint(x: pad, y: top), maxWidth: width - 2 * pad,
                maxRows: 3, style: style, measure: measure)
            legend = layout
            for item in layout.textItems { addLabel(item, .legend) }
            top += layout.height + 6
        }
        let plotTop = top + labelHeight / 2 + 2

        // Left: y axis title (rotated) and y tick labels.
        yTickTexts =
            chart.kind == .heatmap
            ? yScale.gridlines.map(heatmapRowName(at:))
            : TickLabels.numeric(yScale.gridlines, formatter: chart.yAxis.formatter, logarithmic: yScale.logarithmic)
        let yLabelWidth = yTickTexts.map { measure.width(of: $0, size: style.labelSize, bold: false) }.max() ?? 0
        let axisTitleHeight = style.axisTitleSize * SceneText.lineHeight
        let left = pad + axisTitleHeight + 6 + min(yLabelWidth, width * 0.3) + 4 + tickLength

        // Right: end labels with differentiate without colour, else room for a centred last x label.
        var right = pad + 8
        if drawsEndLabels {
            let cap = width * 0.3 - (8 + style.markerSize + 4 + pad)
            endLabelNames = chart.series.map {
                SceneText.truncated($0.name, toWidth: max(0, cap), size: style.labelSize, measure: measure)
            }
            let widest = endLabelNames.map { measure.width(of: $0, size: style.labelSize, bold: false) }.max() ?? 0
            right = pad + 8 + style.markerSize + 4 + widest
        }
        let plotLeft = max(left, plotLeftAtLeast), plotRight = max(plotLeft + 20, width - max(right, rightMarginAtLeast))
        // Date gridlines for the room there is: about one per 110 pixels (at least 4 wanted, as many as twice
        // that allowed), so a few months of daily data get weekly lines rather than two month starts.
        if case .date = chart.xAxis, xScale.range.upperBound > xScale.range.lowerBound {
            let lines = DateGridlines.lines(xScale.range, target: Self.dateGridlineTarget(plotWidth: plotRight - plotLeft))
            if lines.count >= 2 { xScale.gridlines = lines }
        }
        let inset = min(markInset, (plotRight - plotLeft) / 4)
        xMap = AxisMapping(
            range: xScale.range, startPixel: plotLeft + inset, endPixel: plotRight - inset,
            logarithmic: xScale.logarithmic)

        // Bottom: x tick labels (category names may take two lines) and the x axis title.
        let xLineCount = layOutXTicks(plotLeft: plotLeft, plotRight: plotRight)
        let bottom = pad + axisTitleHeight + 6 + Double(xLineCount) * labelHeight + 4 + tickLength
        let plotBottom = max(plotTop + 20, height - bottom)
        plot = SceneRect(x: plotLeft, y: plotTop, width: plotRight - plotLeft, height: plotBottom - plotTop)
        let yInset = chart.kind.drawsBars ? 0 : min(markInset, (plotBottom - plotTop) / 4)
        yMap = AxisMapping(
            range: yScale.range, startPixel: plotBottom - yInset, endPixel: plotTop + yInset,
            logarithmic: yScale.logarithmic)
        if chart.kind.drawsBars || chart.kind == .box || chart.kind == .candlestick { barGroupWidth = measureBarGroupWidth() }
        if chart.kind.isStacked { stackBases = LayerTotals.stackBases(chart.series) }
        if chart.kind.hasTotalLayer {
            layerIndexByX = chart.series.map { s in
                s.isTotal ? [:] : Dictionary(s.x.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            }
        }
    }

    /// How many date gridlines to aim for across a plot `plotWidth` pixels wide: one per 110 pixels, at least 4.
    static func dateGridlineTarget(plotWidth: Double) -> Int {
        max(4, Int((plotWidth / 110).rounded()))
    }

    /// Chooses the x tick labels (thinned so they do not overlap) and returns how many text lines they take.
    mutating func layOutXTicks(plotLeft: Double, plotRight: Double) -> Int {
        let positions = xScale.gridlines.map { xMap.pixel($0) }
        switch chart.xAxis {
        case .categorical(let axis):
            guard !axis.categories.isEmpty else { return 1 }
            let band = (plotRight - plotLeft) / Double(axis.categories.count)
            // Show every k-th category when bands are too narrow for even a few letters.
            let minimum = measure.width(of: "Abc…", size: style.labelSize, bold: false) + 6
            let step = max(1, Int((minimum / max(band, 0.01)).rounded(.up)))
            let room = band * Double(step) - 6
            var lineCount = 1
            for i in stride(from: 0, to: axis.categories.count, by: step) {
                let lines = SceneText.wrapped(
                    axis.categories[i], toWidth: room, maxLines: 2, size: style.labelSize,
                    measure: measure)
                lineCount = max(lineCount, lines.count)
                xTicks.append((positions[i], positions[i], lines))
            }
            return lineCount
        case .numeric(let axis):
            let texts = TickLabels.numeric(xScale.gridlines, formatter: axis.formatter, logarithmic: xScale.logarithmic)
            xTicks = thinnedXTicks(positions: positions, texts: texts)
            return 1
        case .date(let axis):
            let texts =
                axis.precision == .timeOfDay
                ? xScale.gridlines.map(DateParsing.clockText)
                : TickLabels.dates(xScale.gridlines, utcOffsetSeconds: axis.utcOffsetSeconds)
            xTicks = thinnedXTicks(positions: positions, texts: texts, maximum: Self.maximumDateLabels)
            return 1
        }
    }

    /// At most this many date labels: twelve monthly gridlines are labelled every other month.
    static let maximumDateLabels = 9

    /// One-line x labels at `positions`, every k-th kept so that none overlap and at most `maximum` remain.
    func thinnedXTicks(
        positions: [Double], texts: [String],
        maximum: Int = .max
    ) -> [(position: Double, labelX: Double, lines: [String])] {
        let boxes = zip(positions, texts).map { x, text in
            clampedBox(
                SceneText.bounds(
                    width: measure.width(of: text, size: style.labelSize, bold: false),
                    size: style.labelSize, at: ScenePoint(x: x, y: 0), anchor: .top))
        }
        return TickLabels.thinned(boxes, gap: 8, maximum: maximum)
            .map { (positions[$0], boxes[$0].x + boxes[$0].width / 2, [texts[$0]]) }
    }

    /// `box` moved sideways as little as needed to lie inside the scene's padding.
    func clampedBox(_ box: SceneRect) -> SceneRect {
        var b = box
        if b.x + b.width > size.width - pad / 2 { b.x = size.width - pad / 2 - b.width }
        if b.x < pad / 2 { b.x = pad / 2 }
        return b
    }

    /// Gridlines, axis lines, ticks, tick labels and axis titles.
    mutating func drawGridAndAxes() {
        let left = plot.x, right = plot.x + plot.width, top = plot.y, bottom = plot.y + plot.height
        // Horizontal gridlines at the y gridlines, snapped to the pixel grid so 1-pixel lines stay crisp
        // (none between a heatmap's rows of cells).
        for value in yScale.gridlines where chart.kind != .heatmap {
            let y = crisp(yMap.pixel(value), width: style.gridWidth)
            grid.append(
                .polyline(
                    [ScenePoint(x: left, y: y), ScenePoint(x: right, y: y)], color: palette.gridline,
                    width: style.gridWidth, dash: []))
        }
        // Vertical gridlines, except between bars.
        if !(isCategorical && (chart.kind.drawsBars || chart.kind == .box || chart.kind == .heatmap)) {
            for value in xScale.gridlines {
                let x = crisp(xMap.pixel(value), width: style.gridWidth)
                grid.append(
                    .polyline(
                        [ScenePoint(x: x, y: top), ScenePoint(x: x, y: bottom)], color: palette.gridline,
                        width: style.gridWidth, dash: []))
            }
        }
        // Axis lines and ticks.
        let axisY = crisp(bottom, width: style.axisWidth), axisX = crisp(left, width: style.axisWidth)
        axes.append(
            .polyline(
                [ScenePoint(x: left - tickLength, y: axisY), ScenePoint(x: right, y: axisY)],
                color: palette.axis, width: style.axisWidth, dash: []))
        axes.append(
            .polyline(
                [ScenePoint(x: axisX, y: top), ScenePoint(x: axisX, y: bottom + tickLength)],
                color: palette.axis, width: style.axisWidth, dash: []))
        if chart.kind.drawsBars, !yScale.logarithmic, yScale.range.lowerBound < 0, yScale.range.upperBound > 0 {
            let zero = crisp(yMap.pixel(0), width: style.axisWidth)
            axes.append(
                .polyline(
                    [ScenePoint(x: left, y: zero), ScenePoint(x: right, y: zero)], color: palette.axis,
                    width: style.axisWidth, dash: []))
        }
        // y ticks and labels, thinned by height.
        let yBoxes = zip(yScale.gridlines, yTickTexts).map { value, text in
            SceneText.bounds(
                width: measure.width(of: text, size: style.labelSize, bold: false), size: style.labelSize,
                at: ScenePoint(x: left - tickLength - 4, y: yMap.pixel(value)), anchor: .right)
        }
        for i in TickLabels.thinned(yBoxes, gap: 2) {
            let y = yMap.pixel(yScale.gridlines[i])
            axes.append(
                .polyline(
                    [
                        ScenePoint(x: left - tickLength, y: crisp(y, width: style.axisWidth)),
                        ScenePoint(x: left, y: crisp(y, width: style.axisWidth))
                    ],
                    color: palette.axis, width: style.axisWidth, dash: []))
            let text = SceneText.truncated(
                yTickTexts[i], toWidth: left - tickLength - 4 - pad, size: style.labelSize,
                measure: measure)
            addLabel(
                .text(
                    text, at: ScenePoint(x: left - tickLength - 4, y: y), anchor: .right, size: style.labelSize,
                    bold: false, color: palette.secondaryText, rotation: 0), .yTick)
        }
        // x ticks and labels.
        for tick in xTicks {
            let x = crisp(tick.position, width: style.axisWidth)
            axes.append(
                .polyline(
                    [ScenePoint(x: x, y: bottom), ScenePoint(x: x, y: bottom + tickLength)],
                    color: palette.axis, width: style.axisWidth, dash: []))
            for (line, text) in tick.lines.enumerated() {
                addLabel(
                    .text(
                        text, at: ScenePoint(x: tick.labelX, y: bottom + tickLength + 4 + Double(line) * labelHeight),
                        anchor: .top, size: style.labelSize, bold: false, color: palette.secondaryText,
                        rotation: 0), .xTick)
            }
        }
        // Axis titles with units.
        let xTitle = SceneText.truncated(
            Self.axisTitle(chart.xAxis), toWidth: size.width - 2 * pad,
            size: style.axisTitleSize, measure: measure)
        let xTitleWidth = measure.width(of: xTitle, size: style.axisTitleSize, bold: false)
        let xCentre = min(max(left + plot.width / 2, pad + xTitleWidth / 2), size.width - pad - xTitleWidth / 2)
        addLabel(
            .text(
                xTitle, at: ScenePoint(x: xCentre, y: size.height - pad), anchor: .bottom,
                size: style.axisTitleSize, bold: false, color: palette.text, rotation: 0), .axisTitle)
        // A heatmap's rows name themselves; its value's title heads the colour legend's values instead.
        let yTitle =
            chart.kind == .heatmap
            ? ""
            : SceneText.truncated(
                Self.axisTitle(chart.yAxis), toWidth: plot.height,
                size: style.axisTitleSize, measure: measure)
        let axisTitleHeight = style.axisTitleSize * SceneText.lineHeight
        addLabel(
            .text(
                yTitle, at: ScenePoint(x: pad + axisTitleHeight / 2, y: top + plot.height / 2), anchor: .center,
                size: style.axisTitleSize, bold: false, color: palette.text, rotation: -Double.pi / 2),
            .axisTitle)
    }

    /// "Birth rate (births per 10,000 people)": an axis title with its unit.
    static func axisTitle(_ axis: NumericAxis) -> String {
        guard let unit = axis.unit, !unit.isEmpty else { return axis.title }
        return Localization.tr("%@ (%@)", axis.title, unit)
    }

    static func axisTitle(_ axis: XAxis) -> String {
        if case .numeric(let a) = axis { return axisTitle(a) }
        return axis.title
    }

    /// `value` moved to the centre of a pixel row or column when a line of `width` would straddle two.
    func crisp(_ value: Double, width: Double) -> Double {
        let odd = Int(width.rounded()) % 2 == 1
        return odd ? value.rounded(.down) + 0.5 : value.rounded()
    }

    mutating func addLabel(_ item: SceneItem, _ priority: LabelPriority) {
        if case .text(let string, _, _, _, _, _, _) = item, string.isEmpty { return }
        labels.append((item, priority))
    }

    /// The finished scene: labels that would leave the scene or overlap a more important one are dropped.
    func scene() -> ChartScene {
        let bounds = SceneRect(x: 0, y: 0, width: size.width, height: size.height)
        var kept: [SceneItem] = [], boxes: [SceneRect] = []
        let ordered = labels.enumerated().sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
        for (_, label) in ordered {
            guard let box = label.item.textBounds(measure: measure), bounds.contains(box),
                !boxes.contains(where: { $0.intersects(box) })
            else { continue }
            kept.append(label.item)
            boxes.append(box)
        }
        var items = grid + axes + marks + overlays + kept
        if let legend { items += legend.swatchItems }
        items += cursor
        return ChartScene(
            width: size.width, height: size.height, background: palette.background, items: items,
            plotArea: plot, pointPositions: pointPositions)
    }
}
