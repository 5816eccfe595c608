import Foundation

extension CryptoCompareClient {
    /// The coin's candles from the histo endpoints: `histominute` aggregated for 5 and 15 minutes
    /// (kept for 7 days), `histohour` for 1 and 4 hours, `histoday` for days; as many bars as
    /// the range holds, up to the 2000 one request gives (`max`: every day, `allData`).
    public func candles(id: String, currency: String, range: ChartRange, interval: SeriesInterval) async throws -> Fetched<CandleSeries>? {
        let ticker = id.trimmingCharacters(in: .whitespaces).uppercased()
        let width: HistoWidth = interval < .hour ? .minute : interval < .day ? .hour : .day
        let aggregate = max(1, interval.seconds / width.interval.seconds)
        let span = (range.days ?? Self.maximumHistoryDays) * 86_400
        let limit = min(max(span / interval.seconds, 1), Self.maximumHistoryDays)
        let endpoint = Endpoint.bars(width, symbol: ticker, currency: currency, limit: limit, aggregate: aggregate, allData: range == .max)
        let decode = { (body: Data) throws -> CandleSeries in
            CandleSeries(candles: try HistoBarsResponse.decode(body), interval: interval, source: "CryptoCompare")
        }
        if let fresh = fetcher.fresh(endpoint, lifetime: TimeInterval(min(interval.seconds, 3600)), decode: decode) { return fresh }
        return try await fetch(endpoint, decode: decode)
    }
}
