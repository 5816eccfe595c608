/// An exchange whose public WebSocket feed the simulator serves, each on its own port with the
/// path of the real feed (reference `exchange-feeds.md` §1A, §2, §3, §4).
///
/// The simulator's own enum: it must not import the client's `Exchange` (LacriptaCore), so the
/// two can disagree and a test catches it.
public enum SimulatedExchange: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Coinbase Exchange `ws-feed`: `ticker` and `heartbeat`, prices as strings.
    case coinbase
    /// Kraken spot v2: `ticker` with `event_trigger`, prices as JSON numbers.
    case kraken
    /// Bitstamp v2: `order_book_*` and `live_trades_*`, book prices as strings.
    case bitstamp
    /// Bitfinex v2: `ticker` channel arrays, JSON numbers.
    case bitfinex
    /// Binance spot's combined stream: `@bookTicker` and `@ticker`, prices as padded strings.
    case binance
    /// Binance.US: Binance's protocol with USD pairs.
    case binanceus
    /// OKX v5 public: `bbo-tbt` and `tickers`, prices as strings.
    case okx
    /// Gemini's current socket: `bookTicker` with nanosecond times, prices as padded strings.
    case gemini
    /// CEX.IO Spot Trading's public socket: 20-level books with per-pair `seqId`s, `get_ticker`.
    case cex

    /// The name as people write it, e.g. `Coinbase`.
    public var name: String {
        switch self {
        case .coinbase: "Coinbase"
        case .kraken: "Kraken"
        case .bitstamp: "Bitstamp"
        case .bitfinex: "Bitfinex"
        case .binance: "Binance"
        case .binanceus: "Binance.US"
        case .okx: "OKX"
        case .gemini: "Gemini"
        case .cex: "CEX.IO"
        }
    }

    public var description: String { name }

    /// The request path of the real feed: `/` for `wss://ws-feed.exchange.coinbase.com` and
    /// `wss://ws.bitstamp.net`, `/v2` for Kraken, `/ws/2` for Bitfinex.
    public var path: String {
        switch self {
        case .coinbase, .bitstamp, .gemini: "/"
        case .kraken: "/v2"
        case .bitfinex: "/ws/2"
        case .binance, .binanceus: "/stream"
        case .okx: "/ws/v5/public"
        case .cex: "/api/spot/ws-public"
        }
    }

    /// The exchange's spelling of `pair`: `BTC-USD`, `BTC/USD`, `btcusd`, `tBTCUSD` (`tDOGE:USD`
    /// when a code is not three letters long).
    public func symbol(for pair: ExchangePair) -> String {
        switch self {
        case .coinbase: "\(pair.base)-\(pair.quote)"
        case .kraken: "\(pair.base)/\(pair.quote)"
        case .bitstamp: (pair.base + pair.quote).lowercased()
        case .bitfinex: "t" + Self.bitfinexPair(pair)
        case .binance, .binanceus, .gemini: (pair.base + pair.quote).lowercased()
        case .okx, .cex: "\(pair.base)-\(pair.quote)"
        }
    }

    /// Bitfinex's `pair` field: `BTCUSD`, or `DOGE:USD` for codes that are not three letters.
    static func bitfinexPair(_ pair: ExchangePair) -> String {
        pair.base.utf8.count == 3 && pair.quote.utf8.count == 3 ? pair.base + pair.quote : "\(pair.base):\(pair.quote)"
    }

    /// The argument spelling (`coinbase`), or nil.
    init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
