import Foundation

/// Draws candles as lines of styled text: a pure function of the candles, the space and the mode.
///
/// Each candle is one column: a wick (`│`) from its low to its high and a body from its open to its
/// close, hollow (`║`) when it closed higher and filled (`█`) when lower, a flat one `━`; green up
/// and red down, so the shapes alone tell up from down without colour. Without UTF-8 (blocks mode)
/// the same in ASCII: `|`, `O`, `#`, `-`. Below the plot, optional volume bars in eighths of a
/// cell; then the x-axis, the times under it (`TimeAxisLabels`) and the high and low.
public struct CandleChartRenderer: Sendable {
    /// Box drawing and block glyphs, or ASCII.
    public var mode: ChartMode
    /// Formats the price axis and the high and low.
    public var priceFormatter: PriceFormatter
    /// Each candle's width in seconds (how candles are placed in time).
    public var interval: TimeInterval
    /// Whether to draw volume bars under the candles (where any candle has a volume).
    public var showsVolume: Bool
    /// Hours or dates under the plot.
    public var timeAxis: TimeAxis

    /// Creates a renderer.
    public init(mode: ChartMode, priceFormatter: PriceFormatter, interval: TimeInterval, showsVolume: Bool = false, timeAxis: TimeAxis = .dates) {
        self.mode = mode
        self.priceFormatter = priceFormatter
        self.interval = interval
        self.showsVolume = showsVolume
        self.timeAxis = timeAxis
    }

    /// The glyphs of one mode.
    struct Glyphs {
        var wick, up, down, flat, axis, tick, corner, rule, high, low: String
        var volume: [String]
    }

    var glyphs: Glyphs {
        switch mode {
        case .braille:
            Glyphs(
                wick: "│", up: "║", down: "█", flat: "━", axis: "│", tick: "┤", corner: "└", rule: "─", high: "▲", low: "▼",
                volume: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"])
        case .blocks:
            Glyphs(
                wick: "|", up: "O", down: "#", flat: "-", axis: "|", tick: "+", corner: "+", rule: "-", high: "^", low: "v",
                volume: [".", ".", ":", ":", "|", "|", "|", "|"])
        }
    }

    /// The fewest plot rows and columns worth drawing.
    static let minimumPlotRows = 2
    static let minimumPlotColumns = 8

    /// The rows of volume bars for a chart `rows` tall: a fifth, at least two.
    static func volumeRows(_ rows: Int) -> Int { max(2, rows / 5) }

    /// The lines of the chart, exactly `rows` of them and none wider than `columns` cells.
    ///
    /// Throws `nonFiniteValue` for a price that is not a finite number, `noValues` without
    /// candles, and `tooSmall` when the labels leave no room for a plot.
    public func render(_ candles: [ChartCandle], columns: Int, rows: Int) throws(ChartError) -> [StyledText] {
        if let bad = candles.firstIndex(where: { ![$0.open, $0.high, $0.low, $0.close].allSatisfy(\.isFinite) }) {
            throw .nonFiniteValue(series: 0, index: bad)
        }
        guard let high = candles.map(\.high).max(), let low = candles.map(\.low).min() else { throw .noValues }
        let volumes = showsVolume && candles.contains { $0.volume != nil }
        let volumeRows = volumes ? Self.volumeRows(rows) : 0
        let chrome = 3 + volumeRows
        let plotRows = rows - chrome
        let labels = Self.labels(low: low, high: high, plotRows: max(plotRows, 1), formatter: priceFormatter)
        let gutter = (labels.values.map(DisplayWidth.width(of:)).max() ?? 0) + 2
        let plotColumns = columns - gutter
        guard plotRows >= Self.minimumPlotRows, plotColumns >= Self.minimumPlotColumns else {
            throw .tooSmall(minimumColumns: gutter + Self.minimumPlotColumns, minimumRows: chrome + Self.minimumPlotRows)
        }
        let layout = CandleColumns(candles: candles, interval: interval, columns: plotColumns)
        var lines = plot(layout, low: low, high: high, rows: plotRows, labels: labels, gutter: gutter)
        if volumes { lines += volumeBars(layout, rows: volumeRows, gutter: gutter) }
        lines.append(xAxis(width: plotColumns, gutter: gutter))
        lines.append(timeLabels(candles, width: layout.cells.count, gutter: gutter))
        lines.append(extremes(high: high, low: low, gutter: gutter, columns: columns))
        return lines
    }

    /// The plot row (0 at the top) of `value` between `low` and `high`; a flat chart's middle.
    static func row(_ value: Double, low: Double, high: Double, rows: Int) -> Int {
        guard high > low else { return (rows - 1) / 2 }
        let fraction = min(max((high / 2 - value / 2) / (high / 2 - low / 2), 0), 1)
        return Int((fraction * Double(rows - 1)).rounded())
    }

    /// Price labels by row: the high at the top, the low at the bottom, every third row between.
    static func labels(low: Double, high: Double, plotRows: Int, formatter: PriceFormatter) -> [Int: String] {
        guard high > low else { return [(plotRows - 1) / 2: formatter.string(low)] }
        var labels = [0: formatter.string(high)]
        for row in stride(from: 3, to: plotRows - 2, by: 3) {
            let fraction = Double(row) / Double(plotRows - 1)
            labels[row] = formatter.string(high * (1 - fraction) + low * fraction)
        }
        labels[plotRows - 1] = formatter.string(low)
        return labels
    }

    private func style(_ candle: ChartCandle) -> TextStyle {
        TextStyle(foreground: candle.isUp ? .up : .down)
    }

    /// Where one column's candle reaches, in plot rows: its wick and its body, top and bottom.
    struct Extent {
        var top, bottom, bodyTop, bodyBottom: Int
        var body: String
        var style: TextStyle
    }

    /// The extent of `candle` on a plot of `rows` rows from `low` to `high`.
    private func extent(_ candle: ChartCandle, low: Double, high: Double, rows: Int) -> Extent {
        let body = candle.open == candle.close ? glyphs.flat : candle.isUp ? glyphs.up : glyphs.down
        return Extent(
            top: Self.row(candle.high, low: low, high: high, rows: rows), bottom: Self.row(candle.low, low: low, high: high, rows: rows),
            bodyTop: Self.row(max(candle.open, candle.close), low: low, high: high, rows: rows),
            bodyBottom: Self.row(min(candle.open, candle.close), low: low, high: high, rows: rows), body: body, style: style(candle))
    }

    private func gutterText(_ label: String?, width: Int) -> StyledText {
        let text = label ?? ""
        let line = StyledText(String(repeating: " ", count: width - 2 - DisplayWidth.width(of: text)) + text + " ", style: .secondary)
        return line + StyledText(label == nil ? glyphs.axis : glyphs.tick, style: .secondary)
    }

    /// The plot rows. Each column's extent is worked out once, and a run of cells in one style
    /// (blank, or one candle colour) becomes one segment.
    private func plot(_ layout: CandleColumns, low: Double, high: Double, rows: Int, labels: [Int: String], gutter: Int) -> [StyledText] {
        let extents = layout.cells.map { $0.map { extent($0, low: low, high: high, rows: rows) } }
        return (0..<rows).map { row in
            var line = gutterText(labels[row], width: gutter)
            let cells = extents.map { extent -> (String, TextStyle) in
                guard let extent, (extent.top...extent.bottom).contains(row) else { return (" ", TextStyle()) }
                return ((extent.bodyTop...extent.bodyBottom).contains(row) ? extent.body : glyphs.wick, extent.style)
            }
            Self.append(cells, to: &line)
            return line.trimmingTrailingSpaces()
        }
    }

    /// Volume bars, each column's height its volume over the largest, in eighths of a cell.
    private func volumeBars(_ layout: CandleColumns, rows: Int, gutter: Int) -> [StyledText] {
        let largest = layout.cells.compactMap { $0?.volume }.max() ?? 0
        let label = largest > 0 ? CompactNumberFormatter().string(largest) : nil
        return (0..<rows).map { row in
            var line = gutterText(row == 0 ? label : nil, width: gutter)
            let fromBottom = rows - 1 - row
            var cells: [(String, TextStyle)] = []
            for cell in layout.cells {
                guard let candle = cell, let volume = candle.volume, largest > 0 else {
                    cells.append((" ", TextStyle()))
                    continue
                }
                let eighths = Int((volume / largest * Double(rows * 8)).rounded()) - fromBottom * 8
                if eighths <= 0 {
                    // The smallest volume still shows as a sliver on the bottom row.
                    cells.append(fromBottom == 0 && volume > 0 ? (glyphs.volume[0], style(candle)) : (" ", TextStyle()))
                } else {
                    cells.append((glyphs.volume[min(eighths, 8) - 1], style(candle)))
                }
            }
            Self.append(cells, to: &line)
            return line.trimmingTrailingSpaces()
        }
    }

    /// Appends `cells`, a run of cells in one style as one segment.
    private static func append(_ cells: [(String, TextStyle)], to line: inout StyledText) {
        var run = ""
        var runStyle = TextStyle()
        for (glyph, style) in cells {
            if style != runStyle, !run.isEmpty {
                line.append(run, style: runStyle)
                run = ""
            }
            runStyle = style
            run += glyph
        }
        if !run.isEmpty { line.append(run, style: runStyle) }
    }

    private func xAxis(width: Int, gutter: Int) -> StyledText {
        StyledText(String(repeating: " ", count: gutter - 1) + glyphs.corner + String(repeating: glyphs.rule, count: width), style: .secondary)
    }

    private func timeLabels(_ candles: [ChartCandle], width: Int, gutter: Int) -> StyledText {
        guard let first = candles.map(\.time).min(), let last = candles.map(\.time).max(), width > 1 else { return StyledText() }
        let text = TimeAxisLabels.line(axis: timeAxis, start: first, end: last, columns: width)
        return StyledText(String(repeating: " ", count: gutter) + text, style: .secondary)
    }

    /// "▲ high $3,412.50  ▼ low $2,980.10", or the prices alone when the words do not fit.
    private func extremes(high: Double, low: Double, gutter: Int, columns: Int) -> StyledText {
        for (highText, lowText) in [
            ("high \(priceFormatter.string(high))", "low \(priceFormatter.string(low))"),
            (priceFormatter.string(high), priceFormatter.string(low)),
        ] {
            for indent in [gutter, 0] {
                var line = StyledText(String(repeating: " ", count: indent))
                line.append(glyphs.high + " ", style: TextStyle(foreground: .up, bold: true))
                line.append(highText + "  ")
                line.append(glyphs.low + " ", style: TextStyle(foreground: .down, bold: true))
                line.append(lowText)
                if line.displayWidth <= columns { return line }
            }
        }
        return StyledText()
    }
}
