import Foundation

extension CryptoCompareClient {
    /// Prices of the coin keyed `id` (its ticker) over `range`: a day from `histominute` five
    /// minutes to a bar (288 bars), a week from `histohour` (168 bars), the daily ranges from
    /// `histoday` as `history(id:)` asks for them, and `max` from `histoday?allData=true`: every
    /// day since the coin's first trade.
    ///
    /// An answer is reused for its spacing's period, up to an hour (the last bar is "now").
    public func priceSeries(id: String, currency: String, range: ChartRange) async throws -> Fetched<PriceSeries> {
        let ticker = id.trimmingCharacters(in: .whitespaces).uppercased()
        let endpoint: Endpoint
        let interval: SeriesInterval
        switch range {
        case .day:
            endpoint = .bars(.minute, symbol: ticker, currency: currency, limit: 288, aggregate: 5)
            interval = .fiveMinutes
        case .week:
            endpoint = .bars(.hour, symbol: ticker, currency: currency, limit: 168)
            interval = .hour
        case .month, .quarter, .year:
            return try await history(id: ticker, currency: currency, days: range.nominalDays).map {
                PriceSeries(history: $0, interval: .day, range: range)
            }
        case .max:
            endpoint = .bars(.day, symbol: ticker, currency: currency, limit: Self.maximumHistoryDays, allData: true)
            interval = .day
        }
        let decode = { (body: Data) throws -> PriceSeries in
            PriceSeries(history: try HistoBarsResponse.closes(body), interval: interval, range: range)
        }
        let lifetime = TimeInterval(min(interval.seconds, 3600))
        let fetched: Fetched<PriceSeries>
        if let fresh = fetcher.fresh(endpoint, lifetime: lifetime, decode: decode) {
            fetched = fresh
        } else {
            fetched = try await fetch(endpoint, decode: decode)
        }
        if fetched.value.history.points.isEmpty { throw LacriptaError.unknownSymbol(ticker, detail: "CryptoCompare has no history for it") }
        return fetched
    }
}
