extension MarketDataSource {
    /// The default: no candles of its own (a source that has only closes); the chain then says
    /// no source had candles for the coin.
    public func candles(id: String, currency: String, range: ChartRange, interval: SeriesInterval) async throws -> Fetched<CandleSeries>? {
        nil
    }
}
