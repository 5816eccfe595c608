import Foundation

extension CryptoCompareClient {
    /// 90 days of two-hour bars: `limit` 1,080 gives 1,081 bars, the last the hour now.
    static let quarterBars = 90 * 12
    /// Prices of the coin keyed `id` (its ticker) over `range`, one request each (reference
    /// §3, §4.4): a day from `histominute` five minutes to a bar (288 bars), a week and 30 days
    /// hourly from `histohour` (168 and 720 bars), 90 days from `histohour` two hours to a bar
    /// (1,080 bars: hourly would be 2,160, past the 2,000 one request gives), 365 days from
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
        case .week, .month:
            endpoint = .bars(.hour, symbol: ticker, currency: currency, limit: range.nominalDays * 24)
            interval = .hour
        case .quarter:
            endpoint = .bars(.hour, symbol: ticker, currency: currency, limit: Self.quarterBars, aggregate: 2)
            interval = .twoHours
        case .year:
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
