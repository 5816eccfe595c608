import Foundation

extension CoinGeckoClient {
    /// The coin `id`'s candles from `/ohlc` over `range`: CoinGecko picks the width (30 minutes,
    /// 4 hours or 4 days), so `interval` is not asked for; the series says which it got. No volume.
    /// Reused for the width's period, an hour at most. `max` is its 365 days, and says so.
    public func candles(id: String, currency: String, range: ChartRange, interval: SeriesInterval) async throws -> Fetched<CandleSeries>? {
        let (days, width) = CoinGeckoOHLCResponse.request(for: range)
        let endpoint = CoinGeckoEndpoint.ohlc(id: id, currency: currency, days: days)
        return try await fetch(endpoint, lifetime: TimeInterval(min(width.seconds, 3600))) {
            CandleSeries(
                candles: try CoinGeckoOHLCResponse.decode($0, interval: width), interval: width, source: "CoinGecko",
                limit: range == .max ? "CoinGecko's public API gives \(Self.keylessHistoryDays) days" : nil)
        }
    }
}
