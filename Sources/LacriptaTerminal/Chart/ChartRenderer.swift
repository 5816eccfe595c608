import Foundation

/// Draws one or more price series as lines of styled text: a pure function of the series, the
/// space and the mode, with no I/O, so a command prints its lines and a full-screen view places
/// them (and redraws them on resize).
///
/// The drawing, top to bottom: a legend when there are several series; the plot with prices on
/// its y-axis (the top row labelled with the highest value drawn, the bottom row with the lowest,
/// a few rows between); the x-axis, where `▲` and `▼` stand under the highest and lowest points; the
/// first and last dates; and a line naming the high and the low with their dates. Everything that
/// carries meaning is a character, so the chart reads without colour; colour only adds the trend.
public struct ChartRenderer: Sendable {
    /// Braille or blocks.
    public var mode: ChartMode
    /// Formats the y-axis labels and the high and low ("$3,412.50", "0.00001234 BTC").
    public var priceFormatter: PriceFormatter
    /// Formats the x-axis dates and those of the high and low.
    public var dateLabel: @Sendable (Date) -> String
    /// Whether to mark the highest and lowest points (on the x-axis and in a line of text).
    public var marksExtremes: Bool
    /// The times shown; nil for every series' whole span. A fixed window that moves with the
    /// clock makes a chart that scrolls as time passes; points outside it are clipped.
    public var timeRange: ClosedRange<Date>?
    /// What the line under the x-axis says: the first and last dates (`dateLabel`), or hours or
    /// dates under their own columns.
    public var timeAxis: TimeAxis

    /// Creates a renderer.
    public init(
        mode: ChartMode, priceFormatter: PriceFormatter, dateLabel: @escaping @Sendable (Date) -> String = UTCDateFormatter.date,
        marksExtremes: Bool = true, timeRange: ClosedRange<Date>? = nil, timeAxis: TimeAxis = .ends
    ) {
        self.mode = mode
        self.priceFormatter = priceFormatter
        self.dateLabel = dateLabel
        self.marksExtremes = marksExtremes
        self.timeRange = timeRange
        self.timeAxis = timeAxis
    }

    /// The fewest plot rows and columns worth drawing.
    static let minimumPlotRows = 2
    static let minimumPlotColumns = 8

    /// The lines of the chart, exactly `rows` of them and none wider than `columns` cells.
    ///
    /// Throws `nonFiniteValue` for a NaN or infinite value anywhere (never drawn as a cliff),
    /// `noValues` when no series has a value in the time range, and `tooSmall` when the axes and
    /// labels leave no room for a plot.
    public func render(_ series: [ChartSeries], columns: Int, rows: Int) throws(ChartError) -> [StyledText] {
        let lines = try ChartLayout(renderer: self, series: series, columns: columns, rows: rows)
        return lines.render()
    }
}
