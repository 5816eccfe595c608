/// Shares one REST port between the simulated services by path prefix: CoinGecko under
/// `/coingecko` (its own paths below, `/coingecko/api/v3/…`), the news feeds under `/feeds`, and
/// CryptoCompare's min-api, which owns the root, everything else.
///
/// Prefixes keep one port, one port file and one `make sim` line for all of them, and none of
/// min-api's paths starts with either.
struct SimulatorRouter: Sendable {
    /// Where CoinGecko's host root is mounted.
    static let coinGeckoMount = "/coingecko"

    let cryptoCompare: CryptoCompareREST
    let coinGecko: CoinGeckoREST
    let feeds: NewsFeedServer
    /// Kraken's and Coinbase's REST candles, under `/kraken` and `/coinbase`.
    var candles = ExchangeCandlesREST()

    /// Hands `request` to the service its path belongs to.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        if let inner = request.removingPathPrefix(Self.coinGeckoMount) { return coinGecko.handle(inner) }
        if request.path.hasPrefix(NewsFeedServer.mount + "/") { return feeds.handle(request) }
        if let inner = request.removingPathPrefix(ExchangeCandlesREST.krakenMount) { return candles.kraken(inner) }
        if let inner = request.removingPathPrefix(ExchangeCandlesREST.coinbaseMount) { return candles.coinbase(inner) }
        return cryptoCompare.handle(request)
    }
}

extension HTTPRequest {
    /// The request with `prefix` taken off the front of its target, when the path is `prefix`
    /// itself or continues with `/` after it; nil otherwise (`/coingeckoX` is not under `/coingecko`).
    func removingPathPrefix(_ prefix: String) -> HTTPRequest? {
        let path = self.path
        guard path == prefix || path.hasPrefix(prefix + "/") else { return nil }
        var inner = self
        inner.target = String(target.dropFirst(prefix.count))
        if inner.target.isEmpty || inner.target.first == "?" { inner.target = "/" + inner.target }
        return inner
    }
}
