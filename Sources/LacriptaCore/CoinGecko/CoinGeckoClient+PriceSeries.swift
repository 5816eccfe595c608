import Foundation

extension CoinGeckoClient {
    /// The most history the public API gives (keyless reference §1.7: more is a 401, error 10012,
    /// with or without a demo key).
    static let keylessHistoryDays = 365

    /// Prices of the coin `id` over `range` at CoinGecko's automatic spacing (keyless reference
    /// §4.1): `market_chart` without `interval` gives five-minute points for a day and hourly ones
    /// from 2 to 90 days, so a day, a week, 30 and 90 days are each one request at the finest
    /// spacing the public API has. 365 days are daily closes, the request `history(id:)` makes
    /// (CoinGecko gives nothing finer beyond 90 days). `max` is 365 days of daily closes, with a
    /// `limit` saying so: the public API refuses more.
    ///
    /// An answer is reused for its spacing's period (five minutes, then up to an hour: the last
    /// point is "now", and an hour-old "now" is as stale as a chart may be).
    public func priceSeries(id: String, currency: String, range: ChartRange) async throws -> Fetched<PriceSeries> {
        switch range {
        case .day, .week, .month, .quarter:
            let days = range.nominalDays
            let interval: SeriesInterval = range == .day ? .fiveMinutes : .hour
            let endpoint = CoinGeckoEndpoint.priceChart(id: id, currency: currency, days: days)
            return try await fetch(endpoint, lifetime: TimeInterval(interval.seconds)) {
                PriceSeries(history: try CoinGeckoMarketChartResponse.decode($0), interval: interval, range: range)
            }
        case .year:
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
