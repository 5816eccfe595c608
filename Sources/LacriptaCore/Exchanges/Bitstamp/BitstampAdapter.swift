/// Bitstamp WebSocket v2. It has no ticker: the best bid and ask come from `order_book_<pair>`
/// (a full top-100 picture per change, never a delta) and the last trade from
/// `live_trades_<pair>`, so this adapter keeps one quote per pair and merges both halves in.
///
/// The book sends nothing on subscribe (the first frame may take seconds on a quiet pair), and
/// an unknown lower-case symbol is acknowledged and then stays silent: neither is visible here,
/// only as time without data (`ExchangeComparison`). The server's WebSocket pings (every 54 s)
/// are the client's to answer; `bts:heartbeat` is optional.
public struct BitstampAdapter: ExchangeAdapter {
    public static let exchange = Exchange.bitstamp
    /// `{"event":"bts:heartbeat"}`, answered with `bts:heartbeat` status `success` (a `.heartbeat`).
    public static let keepaliveMessage: String? = #"{"event":"bts:heartbeat"}"#

    /// The channel name of a pair's book, before the symbol.
    static let bookChannelPrefix = "order_book_"
    /// The channel name of a pair's trades, before the symbol.
    static let tradesChannelPrefix = "live_trades_"

    public let pairs: [TradingPair]
    private let tables: BitstampTables
    /// The merged quote of each pair, by index: book and trade halves.
    private var quotes: [ExchangeQuote]

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = BitstampTables(symbols: pairs.map(Self.symbol(for:)))
        quotes = pairs.map { ExchangeQuote(exchange: .bitstamp, pair: $0) }
    }

    /// `btcusd`.
    public static func symbol(for pair: TradingPair) -> String {
        (pair.base + pair.quote).lowercased()
    }

    /// `{"event":"bts:subscribe","data":{"channel":"order_book_btcusd"}}` and the same for
    /// `live_trades_btcusd`, per pair: one channel per frame keeps every frame far below the
    /// 512 bytes Bitstamp accepts (a longer one closes the socket with 1009).
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.flatMap { pair in
            [bookChannelPrefix, tradesChannelPrefix].map { prefix in
                #"{"event":"bts:subscribe","data":{"channel":""# + prefix + symbol(for: pair) + #""}}"#
            }
        }
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        var scan = BitstampScan()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan)
        } catch {
            return events.append(.malformed)
        }
        events.append(apply(scan))
    }

    /// The event of a well-formed message, merging a book or trade into its pair's quote.
    private mutating func apply(_ scan: BitstampScan) -> ExchangeEvent {
        guard let event = scan.event else { return .malformed }
        switch event {
        case .data:
            guard let channel = scan.channel, channel.kind == .book else { return .ignored }
            quotes[channel.pair].bid = scan.bid
            quotes[channel.pair].bidSize = scan.bidSize
            quotes[channel.pair].ask = scan.ask
            quotes[channel.pair].askSize = scan.askSize
            quotes[channel.pair].exchangeTime = scan.time
            return .quote(quotes[channel.pair])
        case .trade:
            guard let channel = scan.channel, channel.kind == .trades else { return .ignored }
            // The `_str` twins keep the digits; the bare numbers were seen as 0.0016429999999999999.
            guard let price = scan.priceText ?? scan.price else { return .malformed }
            quotes[channel.pair].last = price
            quotes[channel.pair].lastSize = scan.amountText ?? scan.amount
            quotes[channel.pair].exchangeTime = scan.time
            return .quote(quotes[channel.pair])
        case .subscriptionSucceeded:
            guard let channel = scan.channel else { return .ignored }
            return .subscribed(pairs[channel.pair])
        case .requestReconnect:
            return .reconnect(.requested)
        case .error:
            return .error(message: scan.message ?? "")
        case .heartbeat:
            return .heartbeat
        case .other:
            return .ignored
        }
    }
}
