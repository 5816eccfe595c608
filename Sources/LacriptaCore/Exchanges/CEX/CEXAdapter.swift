import Foundation

/// CEX.IO Spot Trading's public socket (`wss://trade.cex.io/api/spot/ws-public`,
/// `exchange-feeds-more.md` §1.2), which streams no ticker and no best bid and ask: only each
/// pair's 20-level book.
///
/// - `order_book_subscribe` per pair; the 20-level snapshot is its acknowledgement. Then
///   `order_book_increment`s carry the pair's next `seqId`: a gap or a lower `seqId` (the server
///   restarted inside) resubscribes that pair alone (unsubscribe, subscribe; its increments are
///   ignored until the new snapshot). Levels arrive unsorted, a size of zero deletes one, and a
///   side may be empty. The best bid and ask are the book's (`OrderBook`, kept best first).
/// - `last` comes from `get_ticker` on the same socket: once after subscribing and then every
///   30 s (CEX.IO allows 100 requests a minute per address, pings included). CEX.IO's `last` is
///   an "indicative" price that moves with the book; `lastTradePrice`, when sent, is preferred.
/// - CEX.IO closes a socket whose client says nothing for 10 s, so `{"e":"ping"}` goes out every
///   5 s whatever arrives (`timerPeriod`); its `pong` is a heartbeat. Every request carries an
///   `oid` (a malformed request closes the whole socket); its leading number names the pair.
/// - `{"e":"disconnected"}` comes before the server closes: a new connection is opened.
///   "…is on maintenance" refusals do the same, after the backoff.
/// - Book frames carry no time: a quote has no exchange time and is stamped on arrival;
///   increments come at most once a second per pair, so a quote may be up to a second old.
public struct CEXAdapter: ExchangeAdapter {
    public static let exchange = Exchange.cex
    /// The application ping; the timer sends it anyway, so this only matters to a driver without one.
    public static let keepaliveMessage: String? = #"{"e":"ping"}"#
    /// A client message at least every 10 s: a ping every 5 s.
    public static let timerPeriod: Duration? = .seconds(5)
    /// `get_ticker` every sixth period: every 30 s.
    static let tickerEvery = 6

    public let pairs: [TradingPair]
    private let tables: CEXTables
    private var books: [OrderBook]
    /// The `seqId` of each pair's latest frame; nil before its snapshot (and after a gap).
    private var sequences: [Int64?]
    private var lasts: [QuoteNumber?]
    /// Resubscriptions so far, for their oids.
    private var resubscriptions = 0
    private var figures = CEXTables.Figures()

    public init(pairs: [TradingPair]) {
        self.pairs = pairs
        tables = CEXTables(pairs: pairs)
        books = Array(repeating: OrderBook(), count: pairs.count)
        sequences = Array(repeating: nil, count: pairs.count)
        lasts = Array(repeating: nil, count: pairs.count)
    }

    /// `BTC-USD`: upper case with a hyphen (`btc-usd` and `BTC/USD` are refused on the socket).
    public static func symbol(for pair: TradingPair) -> String {
        "\(pair.base)-\(pair.quote)"
    }

    /// `{"e":"order_book_subscribe","oid":"1_0_order_book_subscribe","data":{"pair":"BTC-USD"}}` per
    /// pair, then one `get_ticker` for all of them, so `last` is there from the start.
    public static func subscribeMessages(for pairs: [TradingPair]) -> [String] {
        pairs.indices.map { subscribe(pairs, $0, serial: 0) } + [tickerRequest(pairs, oid: "0_0_get_ticker")]
    }

    /// A ping every period; every sixth, `get_ticker` too.
    public static func timedMessages(tick: Int, pairs: [TradingPair]) -> [String] {
        let ping = #"{"e":"ping"}"#
        guard tick % tickerEvery == 0, !pairs.isEmpty else { return [ping] }
        return [ping, tickerRequest(pairs, oid: "0_\(tick)_get_ticker")]
    }

    /// The subscribe of pair `index`; `serial` keeps a resubscription's oid apart.
    static func subscribe(_ pairs: [TradingPair], _ index: Int, serial: Int) -> String {
        #"{"e":"order_book_subscribe","oid":""# + "\(index + 1)_\(serial)_order_book_subscribe" + #"","data":{"pair":""# + symbol(for: pairs[index])
            + #""}}"#
    }

    /// The unsubscribe of pair `index`.
    static func unsubscribe(_ pairs: [TradingPair], _ index: Int, serial: Int) -> String {
        #"{"e":"order_book_unsubscribe","oid":""# + "\(index + 1)_\(serial)_order_book_unsubscribe" + #"","data":{"pair":""#
            + symbol(for: pairs[index]) + #""}}"#
    }

    /// `{"e":"get_ticker","oid":…,"data":{"pairs":["BTC-USD"]}}` (the reference builds it from the
    /// envelope; not confirmed verbatim).
    static func tickerRequest(_ pairs: [TradingPair], oid: String) -> String {
        #"{"e":"get_ticker","oid":""# + oid + #"","data":{"pairs":["# + pairs.map { "\"\(symbol(for: $0))\"" }.joined(separator: ",") + "]}}"
    }

    public mutating func receive(_ message: UnsafeRawBufferPointer, into events: inout [ExchangeEvent]) {
        var scan = CEXScan()
        figures.removeAll()
        guard var cursor = JSONCursor(message) else { return events.append(.malformed) }
        do {
            try tables.scan(&cursor, into: &scan, figures: &figures)
        } catch {
            return events.append(.malformed)
        }
        guard let event = scan.event else { return events.append(.malformed) }
        switch event {
        case .connected: events.append(.ignored)
        case .pong: events.append(.heartbeat)
        case .disconnected: events.append(.reconnect(.requested))
        case .subscribe: snapshot(scan, oid: oidPair(scan, cursor), into: &events)
        case .increment: increment(scan, into: &events)
        case .ticker:
            if let error = scan.error { return events.append(.error(message: error)) }
            if figures.lasts.isEmpty { return events.append(.ignored) }
            for (pair, last) in figures.lasts {
                lasts[pair] = last
                events.append(.quote(quote(pair)))
            }
        case .unsubscribe, .other:
            events.append(scan.error.map { .error(message: $0) } ?? .ignored)
        }
    }

    /// The pair an `oid` names by its leading number (`1_…` is the first pair), if any.
    private func oidPair(_ scan: CEXScan, _ cursor: JSONCursor) -> Int? {
        guard let span = scan.oid else { return nil }
        var number = 0
        for index in span {
            let digit = cursor.base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            number = number &* 10 &+ Int(digit)
            if number > pairs.count { return nil }
        }
        return (1...max(1, pairs.count)).contains(number) && !pairs.isEmpty ? number - 1 : nil
    }

    /// A subscribe's answer: the snapshot that acknowledges it, or its refusal.
    private mutating func snapshot(_ scan: CEXScan, oid: Int?, into events: inout [ExchangeEvent]) {
        if let error = scan.error { return events.append(refusal(error, pair: oid)) }
        guard scan.dataRead, scan.hasPair, let sequence = scan.sequence else { return events.append(.malformed) }
        guard let pair = scan.pair else { return events.append(.ignored) }
        books[pair] = OrderBook(bids: figures.bids, asks: figures.asks)
        sequences[pair] = sequence
        events.append(.subscribed(pairs[pair]))
        events.append(.quote(quote(pair)))
    }

    /// An increment: applied when it is the pair's next `seqId`; otherwise the pair is
    /// resubscribed, and its increments ignored until the new snapshot.
    private mutating func increment(_ scan: CEXScan, into events: inout [ExchangeEvent]) {
        guard scan.dataRead, scan.hasPair, let sequence = scan.sequence, scan.hasBids || scan.hasAsks else { return events.append(.malformed) }
        guard let pair = scan.pair, let previous = sequences[pair] else { return events.append(.ignored) }
        guard sequence == previous &+ 1 else {
            sequences[pair] = nil
            books[pair] = OrderBook()
            resubscriptions += 1
            events.append(.send(Self.unsubscribe(pairs, pair, serial: resubscriptions)))
            events.append(.send(Self.subscribe(pairs, pair, serial: resubscriptions)))
            return
        }
        sequences[pair] = sequence
        books[pair].apply(bids: figures.bids, asks: figures.asks)
        events.append(.quote(quote(pair)))
    }

    /// A refused subscribe: "Currency pair NOPE-USD is not supported" is "not listed"; a
    /// maintenance notice asks for a new connection later; anything else is an error.
    private func refusal(_ message: String, pair oidPair: Int?) -> ExchangeEvent {
        if message.hasSuffix(" is not supported") {
            let words = message.split(separator: " ")
            let symbol = words.count >= 4 ? String(words[words.count - 4]) : ""
            let pair = tables.symbols.value(symbol) ?? oidPair
            return .notListed(pair: pair.map { pairs[$0] }, symbol: symbol, message: message)
        }
        if message.contains("maintenance") { return .reconnect(.maintenance) }
        return .error(message: message)
    }

    /// The pair's quote: the book's best bid and ask with their sizes, and the last price polled.
    private func quote(_ pair: Int) -> ExchangeQuote {
        let book = books[pair]
        let bid = book.bestBid
        let ask = book.bestAsk
        return ExchangeQuote(
            exchange: .cex, pair: pairs[pair], bid: bid?.price, bidSize: bid?.size, ask: ask?.price, askSize: ask?.size, last: lasts[pair])
    }
}
