/// The protocol side of one exchange's feed for one connection: how to spell a pair, what to send
/// after connecting, and what each inbound text message means.
///
/// An adapter does no I/O. A driver runs it like this:
/// 1. connect to the exchange's URL (`Exchange.defaultURL` unless configured);
/// 2. create the adapter with the pairs to follow and send each of `subscribeMessages` as a text
///    frame (Coinbase closes a socket that sends nothing within 5 s);
/// 3. hand every inbound text message to `receive` and act on the events: show quotes, `send`
///    what it asks, open a new connection on `reconnect` (with a fresh adapter: channel ids and
///    merged quotes belong to one socket), count `malformed`.
///
/// Adapters are values; the per-connection state they keep (Bitfinex channel ids, Bitstamp's
/// book and trade halves of a quote) changes only in `receive`, and only for well-formed
/// messages: a malformed one leaves the state as it was.
public protocol ExchangeAdapter: Sendable {
    /// The exchange this adapter speaks to.
    static var exchange: Exchange { get }

    /// The exchange's spelling of `pair` in subscribe messages and data frames.
    static func symbol(for pair: TradingPair) -> String

    /// The text frames to send after connecting, one subscription each, in order.
    static func subscribeMessages(for pairs: [TradingPair]) -> [String]

    /// An optional application-level ping the client may send when the socket is quiet; its
    /// answer arrives as `.heartbeat`. Nil when the exchange has none.
    static var keepaliveMessage: String? { get }

    /// How long one connection may serve before the driver opens a new one, subscribed again
    /// (Binance cuts every connection at 24 hours); nil: for as long as it lasts.
    static var sessionLifetime: Duration? { get }

    /// How often the driver sends `timedMessages(tick:pairs:)` on a connection, whatever arrives;
    /// nil: never. For an exchange that wants client messages on a clock rather than after a
    /// silence (CEX.IO closes a socket whose client says nothing for 10 s, and its `last` is only
    /// had by asking).
    static var timerPeriod: Duration? { get }

    /// The texts to send at the `tick`th period of a connection (1, 2, …). Static and pure, so the
    /// driver's timer needs nothing of the adapter, which the connection's thread owns.
    static func timedMessages(tick: Int, pairs: [TradingPair]) -> [String]

    /// An adapter for one connection following `pairs`.
    init(pairs: [TradingPair])

    /// The pairs this connection follows.
    var pairs: [TradingPair] { get }

    /// Classifies one inbound text message, appending one or more events to `events`.
    mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent])
}

extension ExchangeAdapter {
    /// Most exchanges keep a connection for as long as it lasts.
    public static var sessionLifetime: Duration? { nil }

    /// Most exchanges need nothing on a clock.
    public static var timerPeriod: Duration? { nil }

    /// Nothing, for an exchange without a timer.
    public static func timedMessages(tick: Int, pairs: [TradingPair]) -> [String] { [] }

    /// The text frames to send after connecting for this adapter's pairs.
    public var subscribeMessages: [String] { Self.subscribeMessages(for: pairs) }

    /// Classifies one inbound text message held in a `String`.
    public mutating func receive(_ message: String) -> [ExchangeEvent] {
        var events: [ExchangeEvent] = []
        var message = message
        message.withUTF8 { receive(UnsafeRawBufferPointer($0), into: &events) }
        return events
    }

    /// Classifies one inbound text message held in bytes.
    public mutating func receive(_ message: some Collection<UInt8>) -> [ExchangeEvent] {
        var events: [ExchangeEvent] = []
        let bytes = Array(message)
        bytes.withUnsafeBytes { receive($0, into: &events) }
        return events
    }
}

extension Exchange {
    /// The adapter type of this exchange.
    public var adapterType: any ExchangeAdapter.Type {
        switch self {
        case .coinbase: CoinbaseAdapter.self
        case .kraken: KrakenAdapter.self
        case .bitstamp: BitstampAdapter.self
        case .bitfinex: BitfinexAdapter.self
        case .binance: BinanceAdapter.self
        case .binanceus: BinanceUSAdapter.self
        case .okx: OKXAdapter.self
        case .gemini: GeminiAdapter.self
        case .cex: CEXAdapter.self
        }
    }

    /// A fresh adapter of this exchange for one connection following `pairs`.
    public func adapter(for pairs: [TradingPair]) -> any ExchangeAdapter {
        adapterType.init(pairs: pairs)
    }

    /// This exchange's spelling of `pair`.
    public func symbol(for pair: TradingPair) -> String {
        adapterType.symbol(for: pair)
    }
}
