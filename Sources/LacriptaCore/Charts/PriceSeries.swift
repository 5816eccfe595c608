import Foundation

/// One coin's prices over a chart range at the spacing its source gives: what `coin --days`
/// draws, with what a footer must say about it.
public struct PriceSeries: Sendable, Equatable {
    /// The prices, oldest first; the last one is the latest price.
    public var history: PriceHistory
    /// The spacing of the points (five minutes, an hour, a day).
    public var interval: SeriesInterval
    /// The range asked for.
    public var range: ChartRange
    /// Where the source's history stops when the range asked for more than it gives (`max`):
    /// "CoinGecko gives 365 days without a paid plan"; nil otherwise.
    public var limit: String?

    /// Creates a series.
    public init(history: PriceHistory, interval: SeriesInterval, range: ChartRange, limit: String? = nil) {
        self.history = history
        self.interval = interval
        self.range = range
        self.limit = limit
    }
}
