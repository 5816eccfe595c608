import LacriptaWebSocket

/// Live prices for the screens: the one seam between markets and everything that shows or
/// watches a live price (`live`'s table and lines, the full-screen view's rows, live detail and
/// alerts, `alert watch`).
///
/// One implementation per kind of market: CryptoCompare's streamer (`PriceFeed`, with a key) and
/// exchanges' public tickers (`ExchangePrices`, Coinbase, else Kraken, without one). A screen says
/// which pairs it wants with `follow` (the first call connects; later calls replace the set, as a
/// scrolling list does), reads `eventBatches` (prices, connection states and refusals, in order of
/// arrival, one batch per hand-over), and ends with `stop`, which closes the connections normally
/// and finishes the stream. A screen stops its prices before it stops reading them, so the
/// market sees a normal close rather than a reader that went away.
///
/// The events are still the streamer's vocabulary (`PriceFeedEvent`): exchanges' quotes arrive
/// merged into `PriceChange`s keyed by their exchange. `compare`, which needs each exchange's
/// book (sizes, exact decimal text), reads `ExchangeFeed`s directly.
public protocol LivePrices: AnyObject, Sendable {
    /// What the prices are, for messages: "the streamer", "Coinbase, else Kraken".
    var sourceName: String { get }
    /// Everything reported, batch by batch, in order. Finishes after `stop()`, or throws the
    /// failure that ended the prices (a refused key, no market reachable). One consumer.
    var eventBatches: BatchStream<[PriceFeedEvent]> { get }
    /// Follows exactly `subscriptions` from now on: connects on the first non-empty set, and
    /// changes what is followed (only the difference, where the market allows) afterwards.
    func follow(_ subscriptions: [Subscription]) async
    /// Closes the connections normally and finishes `eventBatches`.
    func stop() async
}
