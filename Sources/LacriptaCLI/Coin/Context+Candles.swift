import LacriptaCore

extension Context {
    /// Kraken's and Coinbase's public candles, at the configured REST bases, through the same
    /// transport and cache as every other request.
    var exchangeCandles: ExchangeCandlesClient {
        ExchangeCandlesClient(
            configuration: configuration, transport: transport, cache: ResponseCache(directory: configuration.cacheDirectory), now: now)
    }
}
