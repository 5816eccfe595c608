/// Which pairs the simulated exchanges list.
///
/// Six coins in USD and three in EUR, all priced from the recorded toplist, and two in USDT
/// priced as in USD. Each exchange lists the quote currencies it really quotes in: the first
/// four USD and EUR, Binance USDT and EUR (no USD), Binance.US USD and USDT. Two are left out on
/// purpose, so a client meets a pair one exchange does not list without any fault switched on:
/// Bitstamp lists no DOGE (it acknowledges `order_book_dogeusd` and then stays silent, as the
/// real one does for unknown symbols) and Bitfinex no SOL in EUR (it answers `symbol: invalid`).
public enum ExchangeListing {
    /// Every pair some exchange lists, in a fixed order.
    public static let pairs: [ExchangePair] = [
        ("BTC", "USD"), ("ETH", "USD"), ("SOL", "USD"), ("XRP", "USD"), ("DOGE", "USD"), ("LTC", "USD"), ("BTC", "EUR"), ("ETH", "EUR"),
        ("SOL", "EUR"), ("BTC", "USDT"), ("ETH", "USDT"),
    ].map { ExchangePair(known: $0.0, $0.1) }

    /// The pairs deliberately missing from one exchange.
    public static let naturallyUnlisted: [(exchange: SimulatedExchange, pair: ExchangePair)] = [
        (.bitstamp, ExchangePair(known: "DOGE", "USD")), (.bitfinex, ExchangePair(known: "SOL", "EUR")),
    ]

    /// Whether `exchange` lists `pair` (before faults).
    public static func lists(_ pair: ExchangePair, on exchange: SimulatedExchange) -> Bool {
        pairs.contains(pair) && quoteCurrencies(of: exchange).contains(pair.quote)
            && !naturallyUnlisted.contains { $0.exchange == exchange && $0.pair == pair }
    }

    /// The quote currencies `exchange` lists pairs in.
    public static func quoteCurrencies(of exchange: SimulatedExchange) -> Set<String> {
        switch exchange {
        case .coinbase, .kraken, .bitstamp, .bitfinex: ["USD", "EUR"]
        case .binance: ["USDT", "EUR"]
        case .binanceus: ["USD", "USDT"]
        case .okx: ["USDT"]
        case .gemini: ["USD"]
        case .cex: ["USD", "EUR", "USDT"]
        }
    }

    /// The quote currency a test or demo asks `exchange` for in place of USD: USDT where there is
    /// no USD.
    public static func dollar(on exchange: SimulatedExchange) -> String {
        quoteCurrencies(of: exchange).contains("USD") ? "USD" : "USDT"
    }

    /// The pair `exchange` spells `symbol`, among all pairs in the listing (listed there or not).
    static func pair(forSymbol symbol: String, on exchange: SimulatedExchange) -> ExchangePair? {
        pairs.first { exchange.symbol(for: $0) == symbol }
    }
}
