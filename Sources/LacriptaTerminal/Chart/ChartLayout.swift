import Foundation

/// A value at a place in a series: the high or the low.
struct ChartExtreme {
    /// Which series it belongs to.
    var series: Int
    /// When and how much.
    var time: Date
    var value: Double
}

/// One chart being drawn: the series sorted and checked, the ranges, the label gutter and the
/// plot size; then `render` produces the lines.
struct ChartLayout {
    let renderer: ChartRenderer
    let series: [ChartSeries]
    let columns: Int
    let rows: Int
    /// Points of each series, in time order, inside the time range: what the ranges, the high
    /// and the low are taken from.
    let visible: [[ChartPoint]]
    /// The same with the nearest point on each side of the time range, so a line to a point that
    /// scrolled out of view leaves the plot at its slope instead of stopping short.
    let drawn: [[ChartPoint]]
    let scale: ChartScale
    let high: ChartExtreme
    let low: ChartExtreme
    /// The y-axis labels by plot row.
    let labels: [Int: String]
    /// Cells left of the plot: the widest label, a space and the axis.
    let gutterWidth: Int
    /// The plot's size in cells.
    let plotColumns: Int
    let plotRows: Int

    /// Rows taken by everything but the plot.
    static func chromeRows(seriesCount: Int, marksExtremes: Bool) -> Int {
        2 + (seriesCount > 1 ? 1 : 0) + (marksExtremes ? 1 : 0)
    }

    /// Checks and measures `series` for a chart of `columns` × `rows` cells.
    init(renderer: ChartRenderer, series: [ChartSeries], columns: Int, rows: Int) throws(ChartError) {
        self.renderer = renderer
        self.series = series
        self.columns = columns
        self.rows = rows
        var visible: [[ChartPoint]] = []
        var drawn: [[ChartPoint]] = []
        for (seriesIndex, line) in series.enumerated() {
            if let bad = line.points.firstIndex(where: { !($0.value?.isFinite ?? true) }) {
                throw .nonFiniteValue(series: seriesIndex, index: bad)
            }
            let sorted = line.points.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
            guard let range = renderer.timeRange else {
                visible.append(sorted)
                drawn.append(sorted)
                continue
            }
            let first = sorted.firstIndex { $0.time >= range.lowerBound } ?? sorted.endIndex
            let end = sorted[first...].firstIndex { $0.time > range.upperBound } ?? sorted.endIndex
            visible.append(Array(sorted[first..<end]))
            drawn.append(Array(sorted[max(first - 1, 0)..<min(end + 1, sorted.endIndex)]))
        }
        self.visible = visible
        self.drawn = drawn
        var high: ChartExtreme?
        var low: ChartExtreme?
        for (index, points) in visible.enumerated() {
            for point in points {
                guard let value = point.value else { continue }
                if value > high?.value ?? -.infinity { high = ChartExtreme(series: index, time: point.time, value: value) }
                if value < low?.value ?? .infinity { low = ChartExtreme(series: index, time: point.time, value: value) }
            }
        }
        guard let high, let low else { throw .noValues }
        self.high = high
        self.low = low
        let times = visible.flatMap { $0.map(\.time.timeIntervalSince1970) }
        let start = renderer.timeRange?.lowerBound.timeIntervalSince1970 ?? times.min() ?? 0
        let end = renderer.timeRange?.upperBound.timeIntervalSince1970 ?? times.max() ?? 0
        let chrome = Self.chromeRows(seriesCount: series.count, marksExtremes: renderer.marksExtremes)
        plotRows = rows - chrome
        // Labels first: their width decides how wide the plot can be.
        let heightInDots = max(plotRows, 1) * renderer.mode.dotsPerRow
        let labelScale = ChartScale(low: low.value, high: high.value, start: start, end: end, width: 1, height: heightInDots)
        labels = Self.labels(scale: labelScale, plotRows: max(plotRows, 1), mode: renderer.mode, formatter: renderer.priceFormatter)
        let labelWidth = labels.values.map(DisplayWidth.width(of:)).max() ?? 0
        gutterWidth = labelWidth + 2
        plotColumns = columns - gutterWidth
        guard plotRows >= ChartRenderer.minimumPlotRows, plotColumns >= ChartRenderer.minimumPlotColumns else {
            throw .tooSmall(minimumColumns: gutterWidth + ChartRenderer.minimumPlotColumns, minimumRows: chrome + ChartRenderer.minimumPlotRows)
        }
        scale = ChartScale(
            low: low.value, high: high.value, start: start, end: end, width: plotColumns * renderer.mode.dotsPerColumn, height: heightInDots)
    }

    /// The y-axis labels by plot row: the top row the highest value, the bottom row the lowest,
    /// every third row between with the value at its middle; a label that reads the same as the
    /// one above is left out (tiny ranges), and a flat series is labelled once, on its row.
    static func labels(scale: ChartScale, plotRows: Int, mode: ChartMode, formatter: PriceFormatter) -> [Int: String] {
        let perRow = mode.dotsPerRow
        guard scale.high > scale.low else { return [scale.y(scale.low) / perRow: formatter.string(scale.low)] }
        var labels: [Int: String] = [0: formatter.string(scale.high)]
        var previous = labels[0]
        for row in stride(from: 3, to: plotRows - 2, by: 3) {
            let text = formatter.string(scale.value(atDotRow: Double(row * perRow) + Double(perRow - 1) / 2))
            if text != previous { labels[row] = text }
            previous = text
        }
        let bottom = formatter.string(scale.low)
        if bottom != previous || plotRows == 1 { labels[plotRows - 1] = bottom }
        return labels
    }
}
