import LacriptaCore

/// The exchange adapters: each input line is one text message from the exchange's feed.
enum ExchangeFuzz {
    /// The pairs an adapter follows: the recorded sessions' pairs, so their messages are matched.
    static let pairs = [
        "BTC/USD", "ETH/USD", "LTC/BTC", "ETH/BTC", "BTCF0/USTF0", "XRP/EUR", "BNB/USDT", "BNB/BTC", "BTC/USDT", "ETH/USDT", "COW/USD",
    ]
    .compactMap { TradingPair($0) }

    /// Feeds every line to one adapter, as a connection would.
    static func run<Adapter: ExchangeAdapter>(_ type: Adapter.Type, _ input: [UInt8]) {
        var adapter = Adapter(pairs: pairs)
        var events: [ExchangeEvent] = []
        for line in FuzzInput.lines(input) {
            events.removeAll(keepingCapacity: true)
            Array(line).withUnsafeBytes { adapter.receive($0, into: &events) }
        }
    }
}
