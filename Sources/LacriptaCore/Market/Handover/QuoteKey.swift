/// Where a quote comes from: CryptoCompare's index (CCCAGG, what the streamer serves by default)
/// or one exchange's own book and trades.
public enum Market: Hashable, Sendable {
    /// CryptoCompare's aggregate index of many exchanges.
    case index
    /// One exchange's public feed.
    case exchange(Exchange)
}

/// What a quote is the latest of: one pair on one market. A newer quote with the same key
/// replaces an older one still waiting for a screen (`QuoteHandover`).
public struct QuoteKey: Hashable, Sendable {
    /// The market.
    public var market: Market
    /// The pair.
    public var pair: TradingPair

    /// The key of `pair` on `market`.
    public init(market: Market, pair: TradingPair) {
        self.market = market
        self.pair = pair
    }
}
