/// Why a chart could not be drawn.
public enum ChartError: Error, Sendable, Equatable {
    /// A value that is not a finite number (NaN, ±infinity): a chart of it would be a lie, so it
    /// is refused rather than skipped. `series` and `index` say where (0-based).
    case nonFiniteValue(series: Int, index: Int)
    /// No series has a single value to draw.
    case noValues
    /// The space given cannot hold the axes and one row and a few columns of plot; the minimum
    /// size for these labels is given.
    case tooSmall(minimumColumns: Int, minimumRows: Int)
}
