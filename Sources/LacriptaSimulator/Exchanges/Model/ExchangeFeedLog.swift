import Foundation

/// One text message a client sent to a simulated exchange.
public struct ExchangeClientMessage: Sendable, Equatable {
    /// The socket's id (1, 2, … per simulator, in connect order).
    public let connection: Int
    /// The text as received.
    public let text: String
}

/// A quote as one simulated exchange sent it: every figure is the exact decimal text on the wire,
/// nil when the message did not carry it (Kraken and Bitfinex send no last-trade size, Bitfinex
/// no time, Coinbase's first ticker no trade fields, Bitstamp no last before its first trade).
/// For Bitstamp it merges the latest book (bid, ask) and trade (last) frames, as a client does.
public struct ExchangeSentQuote: Sendable, Equatable {
    public let exchange: SimulatedExchange
    public let pair: ExchangePair
    public var bid: String?
    public var bidSize: String?
    public var ask: String?
    public var askSize: String?
    public var last: String?
    public var lastSize: String?
    /// The exchange's time stamp sent with it, in Unix seconds (microsecond precision); nil when
    /// none was sent.
    public var time: Double?
}

/// What the simulated exchanges received and sent, for tests; bounded so a long demo does not grow.
struct ExchangeFeedLog: Sendable {
    /// Kept at least per exchange (client messages) and per exchange and pair (quotes); the
    /// oldest are dropped in halves once twice as many piled up, so a 200-a-second run does not
    /// shift the whole list on every quote.
    static let limit = 10_000

    private(set) var clientMessages: [SimulatedExchange: [ExchangeClientMessage]] = [:]
    private(set) var quotes: [SimulatedExchange: [ExchangePair: [ExchangeSentQuote]]] = [:]

    mutating func received(_ text: String, on exchange: SimulatedExchange, connection: Int) {
        clientMessages[exchange, default: []].append(ExchangeClientMessage(connection: connection, text: text))
        if clientMessages[exchange]?.count ?? 0 > 2 * Self.limit { clientMessages[exchange]?.removeFirst(Self.limit) }
    }

    mutating func sent(_ quote: ExchangeSentQuote) {
        quotes[quote.exchange, default: [:]][quote.pair, default: []].append(quote)
        if quotes[quote.exchange]?[quote.pair]?.count ?? 0 > 2 * Self.limit { quotes[quote.exchange]?[quote.pair]?.removeFirst(Self.limit) }
    }

    func lastQuote(_ exchange: SimulatedExchange, _ pair: ExchangePair) -> ExchangeSentQuote? {
        quotes[exchange]?[pair]?.last
    }
}
