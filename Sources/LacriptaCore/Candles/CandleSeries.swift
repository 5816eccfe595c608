import Foundation

/// A coin's candles over a chart range, with what the chart must say about them: which market
/// gave them and how wide each one is.
public struct CandleSeries: Sendable, Equatable {
    /// The candles, oldest first; a period nothing traded in has none (Coinbase leaves gaps).
    public var candles: [Candle]
    /// Each candle's width.
    public var interval: SeriesInterval
    /// Who gave them: "Kraken", "Coinbase", "CoinGecko", "CryptoCompare".
    public var source: String
    /// The market as the source names it ("XBT/USD", "BTC-USD"); nil for an aggregate.
    public var market: String?
    /// Where the source's candles stop when the whole history was asked for and it gives less
    /// ("Kraken gives its latest 720 candles"); nil otherwise.
    public var limit: String?

    /// Creates a series.
    public init(candles: [Candle], interval: SeriesInterval, source: String, market: String? = nil, limit: String? = nil) {
        self.candles = candles
        self.interval = interval
        self.source = source
        self.market = market
        self.limit = limit
    }

    /// Whether any candle carries a volume (CoinGecko's `/ohlc` carries none).
    public var hasVolume: Bool { candles.contains { $0.volume != nil } }

    /// The series with only the candles that start at or after `start` (the range asked for out
    /// of a source's fixed count of bars).
    public func since(_ start: Date) -> CandleSeries {
        var trimmed = self
        trimmed.candles = candles.filter { $0.time >= start }
        return trimmed
    }
}
