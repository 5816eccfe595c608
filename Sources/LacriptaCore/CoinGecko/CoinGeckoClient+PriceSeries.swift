import Foundation

extension CoinGeckoClient {
    /// The most history the public API gives (keyless reference §1.7: more is a 401, error 10012,
    /// with or without a demo key).
    static let keylessHistoryDays = 365

    /// Prices of the coin `id` over `range` at CoinGecko's automatic spacing: `market_chart`
    /// without `interval` gives five-minute points for a day and hourly ones up to 90 days. The
    /// daily ranges (30, 90, 365 days) stay on the daily request `history(id:)` makes, so the
    /// full-screen detail and `coin` share one cached answer and one call of the few a minute.
    /// `max` is 365 days of daily closes, with a `limit` saying so: the public API refuses more.
    ///
    /// An answer is reused for its spacing's period (five minutes, then up to an hour: the last
    /// point is "now", and an hour-old "now" is as stale as a chart may be).
    public func priceSeries(id: String, currency: String, range: ChartRange) async throws -> Fetched<PriceSeries> {
        switch range {
        case .day, .week:
            let days = range.nominalDays
            let interval: SeriesInterval = range == .day ? .fiveMinutes : .hour
            let endpoint = CoinGeckoEndpoint.priceChart(id: id, currency: currency, days: days)
            return try await fetch(endpoint, lifetime: TimeInterval(interval.seconds)) {
                PriceSeries(history: try CoinGeckoMarketChartResponse.decode($0), interval: interval, range: range)
            }
        case .month, .quarter, .year:
            return try await history(id: id, currency: currency, days: range.nominalDays).map {
                PriceSeries(history: $0, interval: .day, range: range)
            }
        case .max:
            return try await history(id: id, currency: currency, days: Self.keylessHistoryDays).map {
                PriceSeries(
                    history: $0, interval: .day, range: range,
                    limit: "CoinGecko's public API gives \(Self.keylessHistoryDays) days; older history needs a CryptoCompare key")
            }
        }
    }
}
