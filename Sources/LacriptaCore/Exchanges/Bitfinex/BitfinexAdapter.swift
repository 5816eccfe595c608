/// Bitfinex public WebSocket v2: the `ticker` channel, one subscription per pair.
///
/// Data frames carry only the channel id the `subscribed` ack assigned, so the adapter keeps the
/// map from id to pair for this socket. Ticker arrays are read from the front (flags append
/// fields at the end); they carry no last-trade size and no time. `info` events steer the
/// connection: 20051 asks for a reconnect, 20060 and 20061 bracket maintenance, after which
/// every channel must be subscribed again.
public struct BitfinexAdapter: ExchangeAdapter {
    public static let exchange = Exchange.bitfinex
    /// `{"event":"ping"}`, answered by `pong` (a `.heartbeat`).
    public static let keepaliveMessage: String? = #"{"event":"ping"}"#

    public let pairs: [TradingPair]
    private let tables: BitfinexTables
    /// Channel ids assigned on this socket, with their pair index, in ack order.
    private var channels: [(id: Int64, pair: Int)] = []

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = BitfinexTables(symbols: pairs.map(Self.symbol(for:)))
    }

    /// `tBTCUSD`; `tDOGE:USD` when a code is not three characters long; Tether is `UST`.
    public static func symbol(for pair: TradingPair) -> String {
        let base = code(pair.base)
        let quote = code(pair.quote)
        return base.utf8.count == 3 && quote.utf8.count == 3 ? "t\(base)\(quote)" : "t\(base):\(quote)"
    }

    /// Bitfinex's spelling of a currency code.
    private static func code(_ code: String) -> String {
        code == "USDT" ? "UST" : code
    }

    /// `{"event":"subscribe","channel":"ticker","symbol":"tBTCUSD"}` per pair.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.map { #"{"event":"subscribe","channel":"ticker","symbol":""# + symbol(for: $0) + #""}"# }
    }

    /// The text that ends the subscription of channel `id`.
    static func unsubscribeMessage(channel id: Int64) -> String {
        #"{"event":"unsubscribe","chanId":"# + String(id) + "}"
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        var scan = BitfinexScan()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan)
        } catch {
            return events.append(.malformed)
        }
        if let id = scan.channelID {
            events.append(channelEvent(id: id, payload: scan.payload))
        } else {
            apply(scan, into: &events)
        }
    }

    /// The pair index of channel `id`, if it is one of this socket's tickers.
    private func pair(ofChannel id: Int64) -> Int? {
        for channel in channels where channel.id == id { return channel.pair }
        return nil
    }

    /// The event of a channel array.
    private func channelEvent(id: Int64, payload: BitfinexScan.Payload) -> ExchangeEvent {
        switch payload {
        case .heartbeat:
            // Liveness of the socket, even for a channel this adapter did not subscribe.
            return .heartbeat
        case .ticker(let bid, let bidSize, let ask, let askSize, let last):
            guard let pair = pair(ofChannel: id) else { return .ignored }
            return .quote(ExchangeQuote(exchange: .bitfinex, pair: pairs[pair], bid: bid, bidSize: bidSize, ask: ask, askSize: askSize, last: last))
        case .other:
            return .ignored
        }
    }

    /// The events of an event object, updating the channel map.
    private mutating func apply(_ scan: BitfinexScan, into events: inout [ExchangeEvent]) {
        guard let event = scan.event else { return events.append(.malformed) }
        switch event {
        case .info:
            info(scan, into: &events)
        case .subscribed:
            guard scan.isTicker, let id = scan.chanID, let symbol = scan.symbol, let pair = tables.symbols.value(symbol) else {
                return events.append(.ignored)
            }
            channels.removeAll { $0.id == id }
            channels.append((id, pair))
            events.append(.subscribed(pairs[pair]))
        case .unsubscribed:
            if let id = scan.chanID { channels.removeAll { $0.id == id } }
            events.append(.ignored)
        case .error:
            let message = scan.message ?? ""
            if scan.code == BitfinexCode.invalidSymbol {
                let symbol = scan.symbol ?? ""
                events.append(.notListed(pair: tables.symbols.value(symbol).map { pairs[$0] }, symbol: symbol, message: message))
            } else {
                events.append(.error(message: message))
            }
        case .pong:
            events.append(.heartbeat)
        case .other:
            events.append(.ignored)
        }
    }

    /// `info`: the greeting (whose `platform.status` 0 means maintenance) or a code.
    private func info(_ scan: BitfinexScan, into events: inout [ExchangeEvent]) {
        switch scan.code {
        case BitfinexCode.reconnect?:
            events.append(.reconnect(.requested))
        case BitfinexCode.maintenanceStarted?:
            events.append(.maintenance(.started))
        case BitfinexCode.maintenanceEnded?:
            // Bitfinex advises unsubscribing and subscribing every channel again; the old ids
            // stay mapped until their `unsubscribed` arrives, the new ones come with new acks.
            events.append(.maintenance(.ended))
            for channel in channels { events.append(.send(Self.unsubscribeMessage(channel: channel.id))) }
            for text in subscribeMessages { events.append(.send(text)) }
        default:
            events.append(scan.platformStatus == 0 ? .maintenance(.started) : .ignored)
        }
    }
}
