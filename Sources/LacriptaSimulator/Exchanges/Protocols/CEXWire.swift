import Foundation

/// CEX.IO Spot Trading's public socket (`exchange-feeds-more.md` §1.2): `{"e":"connected"}` on
/// connect; `order_book_subscribe` answered by the pair's 20-level snapshot (its ack), then an
/// `order_book_increment` per update with the pair's next `seqId`, only the levels that changed,
/// unsorted, a size of zero deleting a level; `get_ticker` answered with `bestBid`, `bestAsk` and
/// the "indicative" `last` (equal to the best ask, as AO saw on the wire); `ping` answered with
/// `pong`. A request without `oid`, text that is not JSON or an unknown `e` gets
/// `{"e":"disconnected"}` and the socket closes with 1000; an unknown pair only an error. Book
/// frames carry no time. The `gap` fault skips a `seqId` now and then.
enum CEXWire: ExchangeWire {
    /// The levels one socket was last sent for a pair, to send the next increment as changes.
    struct Levels: Sendable {
        var bids: [(price: DecimalText, size: DecimalText)]
        var asks: [(price: DecimalText, size: DecimalText)]
    }

    /// The server's only word before it closes.
    static let maintenanceNotice: String? = #"{"e":"disconnected"}"#
    /// Levels a side.
    static let depth = 20

    static func greeting(session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        [#"{"e":"connected"}"#]
    }

    static func answer(_ text: String, session: inout ExchangeSession, state: inout ExchangeFeedState) -> [String] {
        guard let request = try? JSONParser.parse(text), request.objectMembers != nil else { return disconnect(&session) }
        let event = request["e"]?.stringValue ?? ""
        if event == "ping" { return [#"{"e":"pong"}"#] }
        guard let oid = request["oid"]?.stringValue else { return disconnect(&session) }
        switch event {
        case "order_book_subscribe":
            let symbol = request["data"]?["pair"]?.stringValue ?? ""
            guard let pair = ExchangeListing.pair(forSymbol: symbol, on: .cex), state.isListed(pair, on: .cex), let book = state.book(pair, on: .cex)
            else {
                return [reply(event, oid: oid, data: .fields(["error": .string("Currency pair \(symbol) is not supported")]), ok: false)]
            }
            session.follow(pair)
            state.log.sent(sentQuote(book, snapshot: true, now: state.now))
            return [snapshot(book, oid: oid, session: &session)]
        case "order_book_unsubscribe":
            let symbol = request["data"]?["pair"]?.stringValue ?? ""
            if let pair = ExchangeListing.pair(forSymbol: symbol, on: .cex) {
                session.pairs.removeAll { $0 == pair }
                session.sentLevels[pair] = nil
            }
            return [reply(event, oid: oid, data: .fields(["pair": .string(symbol)]), ok: true)]
        case "get_ticker":
            var entries: [JSONValue.Member] = []
            for symbol in request["data"]?["pairs"]?.arrayElements?.compactMap(\.stringValue) ?? [] {
                guard let pair = ExchangeListing.pair(forSymbol: symbol, on: .cex), state.isListed(pair, on: .cex),
                    var book = state.book(pair, on: .cex)
                else { continue }
                book.polledLast = book.ask
                state.books[.cex]?[pair] = book
                if session.follows(pair) { state.log.sent(sentQuote(book, snapshot: false, now: state.now)) }
                entries.append(.init(symbol, ticker(book)))
            }
            return [reply(event, oid: oid, data: .object(entries), ok: true)]
        default:
            return [reply(event, oid: oid, data: .fields(["error": .string("Unsupported message type \(event)")]), ok: false)]
                + disconnect(&session)
        }
    }

    static func update(_ book: ExchangeBook, session: inout ExchangeSession, now: Date) -> [String] {
        guard let sent = session.sentLevels[book.pair], let sequence = session.bookSequences[book.pair] else { return [] }
        let levels = Levels(bids: book.depth(bids: true, count: depth), asks: book.depth(bids: false, count: depth))
        let bids = changes(from: sent.bids, to: levels.bids)
        let asks = changes(from: sent.asks, to: levels.asks)
        guard !bids.isEmpty || !asks.isEmpty else { return [] }
        // The `gap` fault: one `seqId` is never sent, so the client must resubscribe.
        let next = sequence + (session.skipsNextSequence ? 2 : 1)
        session.skipsNextSequence = false
        session.bookSequences[book.pair] = next
        session.sentLevels[book.pair] = levels
        let data = JSONValue.fields([
            "seqId": .integer(next), "pair": .string(SimulatedExchange.cex.symbol(for: book.pair)), "bids": .array(bids), "asks": .array(asks),
        ])
        return [JSONValue.fields(["e": .string("order_book_increment"), "data": data, "ok": .string("ok")]).serializedString()]
    }

    /// The client's quote: the book's touch and the last `get_ticker` answer's `last`; no time.
    static func sentQuote(_ book: ExchangeBook, snapshot: Bool, now: Date) -> ExchangeSentQuote {
        ExchangeSentQuote(
            exchange: .cex, pair: book.pair, bid: book.bid.shortText, bidSize: book.bidSize.text, ask: book.ask.shortText,
            askSize: book.askSize.text, last: book.polledLast?.shortText, lastSize: nil, time: nil)
    }

    /// The snapshot that acknowledges a subscribe: 20 levels a side, best first, and the pair's
    /// current `seqId` (kept across resubscriptions, as the server's is).
    private static func snapshot(_ book: ExchangeBook, oid: String, session: inout ExchangeSession) -> String {
        let sequence = session.bookSequences[book.pair] ?? 8_676_229 + Int64(session.random.next() % 1_000_000)
        let levels = Levels(bids: book.depth(bids: true, count: depth), asks: book.depth(bids: false, count: depth))
        session.bookSequences[book.pair] = sequence
        session.sentLevels[book.pair] = levels
        let data = JSONValue.fields([
            "seqId": .integer(sequence), "pair": .string(SimulatedExchange.cex.symbol(for: book.pair)),
            "bids": .array(levels.bids.map(level)), "asks": .array(levels.asks.map(level)),
        ])
        return reply("order_book_subscribe", oid: oid, data: data, ok: true)
    }

    /// The levels that differ between two pictures of a side: new or resized levels, and a size
    /// of zero for each price that left; in no particular order (CEX.IO sends them unsorted), here
    /// the removals after the rest, last first.
    private static func changes(
        from old: [(price: DecimalText, size: DecimalText)], to new: [(price: DecimalText, size: DecimalText)]
    ) -> [JSONValue] {
        var changed: [JSONValue] = []
        for entry in new.reversed() where !old.contains(where: { $0.price == entry.price && $0.size == entry.size }) {
            changed.append(level(entry))
        }
        for entry in old where !new.contains(where: { $0.price == entry.price }) {
            changed.append(level((entry.price, DecimalText(units: 0, decimals: entry.size.decimals))))
        }
        return changed
    }

    /// `["86875.1","3.40529629"]`: the price without trailing zeros, the size with 8 decimals.
    private static func level(_ entry: (price: DecimalText, size: DecimalText)) -> JSONValue {
        .array([.string(entry.price.shortText), .string(entry.size.text)])
    }

    /// One pair's `get_ticker` entry.
    private static func ticker(_ book: ExchangeBook) -> JSONValue {
        let volumeUSD = DecimalText(book.volume.value * book.last.value, decimals: 2)
        return .fields([
            "bestBid": .string(book.bid.shortText), "bestAsk": .string(book.ask.shortText), "last": .string(book.ask.shortText),
            "volume": .string(book.volume.text), "volumeUSD": .string(volumeUSD.text), "priceChangePercentage": .string(book.change.percent.text),
        ])
    }

    /// `{"e":…,"oid":…,"data":…}` with `"ok":"ok"` on success (refusals carry none).
    private static func reply(_ event: String, oid: String, data: JSONValue, ok: Bool) -> String {
        var members: [JSONValue.Member] = [.init("e", .string(event)), .init("oid", .string(oid)), .init("data", data)]
        if ok { members.append(.init("ok", .string("ok"))) }
        return JSONValue.object(members).serializedString()
    }

    /// `{"e":"disconnected"}`, after which the socket closes (1000).
    private static func disconnect(_ session: inout ExchangeSession) -> [String] {
        session.closesAfterReplies = true
        return [#"{"e":"disconnected"}"#]
    }
}
