/// The reading shared by Binance and Binance.US, which speak one protocol on different hosts
/// (reference `exchange-feeds-more.md` §2.1): the combined stream with `<symbol>@bookTicker`
/// (bid and ask on every change, no time) and `<symbol>@ticker` (last, its size, the 24-hour
/// figures and the event time, once a second).
///
/// Each subscribe names one pair and carries its index + 1 as `id`, so the bare acknowledgement
/// `{"result":null,"id":N}` names the pair it answers. Binance acknowledges a stream for a
/// symbol it does not list the same way and then sends nothing for it (it has no "not listed"
/// answer), so such a pair only stays without quotes.
///
/// The two streams are halves of one quote, merged per pair as Bitstamp's book and trades are: a
/// book frame keeps the last price of the ticker before it, and carries no time of its own.
struct BinanceReader: Sendable {
    let exchange: Exchange
    let pairs: [TradingPair]
    private let tables: BinanceTables
    /// The merged quote of each pair, by index.
    private var quotes: [ExchangeQuote]

    init(exchange: Exchange, pairs: [TradingPair]) {
        self.exchange = exchange
        self.pairs = pairs
        tables = BinanceTables(pairs: pairs)
        quotes = pairs.map { ExchangeQuote(exchange: exchange, pair: $0) }
    }

    /// `btcusdt`: stream names spell symbols in lower case (the payload's `s` in upper case).
    static func symbol(for pair: TradingPair) -> String {
        (pair.base + pair.quote).lowercased()
    }

    /// `{"method":"SUBSCRIBE","params":["btcusdt@bookTicker","btcusdt@ticker"],"id":1}` per pair.
    static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.enumerated().map { index, pair in
            let symbol = symbol(for: pair)
            return #"{"method":"SUBSCRIBE","params":[""# + symbol + #"@bookTicker",""# + symbol + #"@ticker"],"id":"# + String(index + 1) + "}"
        }
    }

    mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        var scan = BinanceScan()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan)
        } catch {
            return events.append(.malformed)
        }
        events.append(classify(scan))
    }

    /// The event of a well-formed message.
    private mutating func classify(_ scan: BinanceScan) -> ExchangeEvent {
        switch scan.kind {
        case .ticker:
            guard scan.hasSymbol else { return .malformed }
            guard let pair = scan.pair else { return .ignored }
            let time = scan.eventTime.map { Double($0 / 1000) + Double($0 % 1000) / 1000 }
            // The ticker is a full record: it replaces the merged quote.
            quotes[pair] = ExchangeQuote(
                exchange: exchange, pair: pairs[pair], bid: scan.bid, bidSize: scan.bidSize, ask: scan.ask, askSize: scan.askSize,
                last: scan.last, lastSize: scan.lastSize, exchangeTime: time
            ).with(day: DayFigures(open: scan.open, high: scan.high, low: scan.low, volume: scan.volume))
            return .quote(quotes[pair])
        case .serverShutdown:
            // Sent before a planned close: a new socket now rather than a drop later.
            return .reconnect(.requested)
        case .other:
            return .ignored
        case nil:
            break
        }
        if scan.hasUpdateID {
            // `@bookTicker`: no `e`, no time; the bid and ask with their sizes.
            guard scan.hasSymbol else { return .malformed }
            guard let pair = scan.pair else { return .ignored }
            var quote = quotes[pair]
            quote.bid = scan.bid
            quote.bidSize = scan.bidSize
            quote.ask = scan.ask
            quote.askSize = scan.askSize
            quote.exchangeTime = nil
            quotes[pair] = quote
            return .quote(quote)
        }
        if let code = scan.code {
            return .error(message: scan.message ?? "error \(code)")
        }
        if scan.hasResult {
            guard let id = scan.id, id >= 1, id <= Int64(pairs.count) else { return .ignored }
            return .subscribed(pairs[Int(id - 1)])
        }
        return .malformed
    }
}
