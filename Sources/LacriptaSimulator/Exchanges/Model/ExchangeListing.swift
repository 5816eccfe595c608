/// Which pairs the simulated exchanges list.
///
/// Six coins in USD and three in EUR, all priced from the recorded toplist. Two are left out on
/// purpose, so a client meets a pair one exchange does not list without any fault switched on:
/// Bitstamp lists no DOGE (it acknowledges `order_book_dogeusd` and then stays silent, as the
/// real one does for unknown symbols) and Bitfinex no SOL in EUR (it answers `symbol: invalid`).
public enum ExchangeListing {
    /// Every pair some exchange lists, in a fixed order.
    public static let pairs: [ExchangePair] = [
        ("BTC", "USD"), ("ETH", "USD"), ("SOL", "USD"), ("XRP", "USD"), ("DOGE", "USD"), ("LTC", "USD"), ("BTC", "EUR"), ("ETH", "EUR"),
        ("SOL", "EUR"),
    ].map { ExchangePair(known: $0.0, $0.1) }

    /// The pairs deliberately missing from one exchange.
    public static let naturallyUnlisted: [(exchange: SimulatedExchange, pair: ExchangePair)] = [
        (.bitstamp, ExchangePair(known: "DOGE", "USD")), (.bitfinex, ExchangePair(known: "SOL", "EUR")),
    ]

    /// Whether `exchange` lists `pair` (before faults).
    public static func lists(_ pair: ExchangePair, on exchange: SimulatedExchange) -> Bool {
        pairs.contains(pair) && !naturallyUnlisted.contains { $0.exchange == exchange && $0.pair == pair }
    }

    /// The pair `exchange` spells `symbol`, among all pairs in the listing (listed there or not).
    static func pair(forSymbol symbol: String, on exchange: SimulatedExchange) -> ExchangePair? {
        pairs.first { exchange.symbol(for: $0) == symbol }
    }
}
