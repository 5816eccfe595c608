extension MarketDataSource {
    /// The default: daily closes over the range (`max` as 365 days), from `history(id:)`. The
    /// two services override it with their finer series; a source with only daily closes (a test
    /// double, a future source) still draws every range.
    public func priceSeries(id: String, currency: String, range: ChartRange) async throws -> Fetched<PriceSeries> {
        try await history(id: id, currency: currency, days: range.nominalDays).map {
            PriceSeries(history: $0, interval: .day, range: range)
        }
    }
}
