/// What the line under a chart's x-axis says about time.
public enum TimeAxis: Sendable, Hashable {
    /// The first and last dates at the plot's edges (every chart before intraday ranges).
    case ends
    /// Hours of the day ("06:00", "12:00") under their columns: a day's chart.
    case hours
    /// Dates ("11-24", or "2026-03" and "2026" over longer spans) under their columns.
    case dates
}
