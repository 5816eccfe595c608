/// Kraken spot WebSocket v2: the `ticker` channel with `event_trigger:"bbo"`, so that a quote
/// moves when the best bid or offer price does and not only on trades.
///
/// v2 spells Bitcoin `BTC` and Dogecoin `DOGE`, and refuses the v1/REST names `XBT` and `XDG`
/// ("Currency pair not supported XBT/EUR"), so a pair given in Kraken's old spelling is
/// translated, never passed through. The ticker carries no last-trade size, and `timestamp` is
/// absent from some frames. `heartbeat` comes about once a second when nothing else does.
public struct KrakenAdapter: ExchangeAdapter {
    public static let exchange = Exchange.kraken
    /// `{"method":"ping"}`, answered by a `pong` response (a `.heartbeat`).
    public static let keepaliveMessage: String? = #"{"method":"ping"}"#

    public let pairs: [TradingPair]
    private let tables: KrakenTables

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = KrakenTables(pairs: pairs)
    }

    /// `BTC/USD`; Kraken's legacy codes become v2's (`XBT/USD` is `BTC/USD`).
    public static func symbol(for pair: TradingPair) -> String {
        "\(code(pair.base))/\(code(pair.quote))"
    }

    /// The v2 spelling of a currency code.
    private static func code(_ code: String) -> String {
        switch code {
        case "XBT": "BTC"
        case "XDG": "DOGE"
        default: code
        }
    }

    /// `{"method":"subscribe","params":{"channel":"ticker","symbol":["BTC/USD"],"event_trigger":"bbo","snapshot":true},"req_id":1}`
    /// per pair, `req_id` counting from 1, so that each answer names what it answers.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.enumerated().map { index, pair in
            #"{"method":"subscribe","params":{"channel":"ticker","symbol":[""# + symbol(for: pair)
                + #""],"event_trigger":"bbo","snapshot":true},"req_id":"# + String(index + 1) + "}"
        }
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        let start = events.count
        var scan = KrakenScan()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan, events: &events)
        } catch {
            events.removeSubrange(start...)
            return events.append(.malformed)
        }
        if events.count == start { classify(scan, into: &events) }
    }

    /// The event of a well-formed message that brought no quote.
    private func classify(_ scan: KrakenScan, into events: inout [ExchangeEvent]) {
        if let channel = scan.channel {
            switch channel {
            case .ticker: events.append(scan.dataRead ? .ignored : .malformed)
            case .heartbeat: events.append(.heartbeat)
            case .status: events.append(scan.maintenance ? .reconnect(.maintenance) : .ignored)
            case .other: events.append(.ignored)
            }
            return
        }
        guard let method = scan.method else { return events.append(.malformed) }
        if method == .pong { return events.append(.heartbeat) }
        guard let success = scan.success else { return events.append(.ignored) }
        if success {
            guard method == .subscribe, let symbol = scan.resultSymbol, let pair = tables.symbols.value(symbol) else {
                return events.append(.ignored)
            }
            return events.append(.subscribed(pairs[pair]))
        }
        let message = scan.error ?? ""
        // The refusal of an unknown (or v1-spelled) pair; "Subscription Not Found" and rate
        // errors are other errors.
        if message.hasPrefix("Currency pair not supported") {
            let symbol = scan.symbol ?? ""
            events.append(.notListed(pair: tables.symbols.value(symbol).map { pairs[$0] }, symbol: symbol, message: message))
        } else {
            events.append(.error(message: message))
        }
    }
}
