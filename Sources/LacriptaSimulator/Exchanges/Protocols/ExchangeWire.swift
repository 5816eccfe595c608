import Foundation

/// One exchange's wire format, server side: what goes out on connect, how a client message is
/// answered, and how an update of a pair looks on that exchange. Each conformer writes its own
/// JSON from the reference's recorded frames; none shares code with the client's adapters.
protocol ExchangeWire {
    /// Messages sent right after the upgrade (Kraken's `status`, Bitfinex's `info`).
    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String]

    /// The answers to one client text message, in order; subscribes and unsubscribes `session`
    /// (and sends the snapshot of a new pair, logging it).
    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String]

    /// The messages of one update of `book` for a socket following its pair.
    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String]

    /// The quote a client reads from `book`'s update (`snapshot`: the one sent on subscribe).
    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote

    /// The "please reconnect" notice; nil when the exchange documents none (Coinbase).
    static var maintenanceNotice: String? { get }
}

extension SimulatedExchange {
    /// The wire format of this exchange.
    var wire: any ExchangeWire.Type {
        switch self {
        case .coinbase: CoinbaseWire.self
        case .kraken: KrakenWire.self
        case .bitstamp: BitstampWire.self
        case .bitfinex: BitfinexWire.self
        case .binance, .binanceus: BinanceWire.self
        case .okx: OKXWire.self
        case .gemini: GeminiWire.self
        case .cex: CEXWire.self
        }
    }
}

extension JSONValue {
    /// An object whose members keep the literal's order.
    static func fields(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { Member($0.key, $0.value) })
    }

    /// A JSON number written exactly as `text`.
    static func raw(_ text: String) -> JSONValue { .number(text) }

    /// A JSON number from an integer.
    static func integer(_ value: Int64) -> JSONValue { .number(String(value)) }

    /// An array of strings.
    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
}
